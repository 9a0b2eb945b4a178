"""ISAAC's playouts: whole games on an `IsaacCore`'s lists, as fast as Python allows.

The same rules as the core's own moves (docs/rules.md section 1), with the loop's state
held in local variables and written back at the end: this is what a Monte Carlo
search and the benchmark spend their time in. Each legal move, as
`IsaacState.legal_moves` lists them, is equally likely at every turn when `lean` is 0
(a statistical test holds it to that); with probability `lean` a move is the rule of
thumb instead (see `IsaacCore.playout`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..bitboard import (
    BIT_TO_CELL,
    CELL_LINES,
    CELL_MASK,
    S_ANCHOR,
    S_LEN,
    S_LINE,
    S_LINES,
    S_MASK,
    S_VAL,
    fit_kinds,
)
from ..isaac_scoring import OVER, PLACEMENT

if TYPE_CHECKING:
    from .isaac import IsaacCore

# (length, mask, line, value) per shape id: one lookup where a removal needs four.
_INFO = list(zip(S_LEN, S_MASK, S_LINE, S_VAL, strict=True))


def _busiest(fits: tuple[int, ...], kinds: list[int], counts: list[int]) -> tuple[int, int]:
    """(bit, kind) of the longest piece that fits, on the line most pieces touch."""
    k = max(k for k in kinds if fits[k])
    best_bit, best = -1, -1
    for kind in (k & ~1, k | 1):
        if kind not in kinds:
            continue
        mask = fits[kind]
        while mask:
            b = (mask & -mask).bit_length() - 1
            mask &= mask - 1
            n = counts[S_LINE[kind * 100 + BIT_TO_CELL[b]]]
            if n > best:
                best_bit, best, k = b, n, kind
    return best_bit, k


def _pick(
    fits: tuple[int, ...], kinds: list[int], sizes: list[int], total: int, rand: Callable[[], float]
) -> tuple[int, int]:
    """(bit, kind) of a uniformly random legal placement."""
    pick = int(rand() * total)
    for i, c in enumerate(sizes):  # noqa: B007 (i and c are used after the break)
        if pick < c:
            break
        pick -= c
    k = kinds[i]
    mask = fits[k]
    # the pick-th set bit of mask, by rejection when the bits are dense (any set bit
    # is as likely as any other either way)
    low = (mask & -mask).bit_length() - 1
    span = mask.bit_length() - low
    if span <= 2 * c:
        while True:
            b = low + int(rand() * span)
            if (mask >> b) & 1:
                return b, k
    for _ in range(pick):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1, k


def run(core: IsaacCore, rng: random.Random, lean: float, record: bool) -> list[str]:
    """Play `core` out in place (see `IsaacCore.playout`); its moves when `record`."""
    rand = rng.random
    moves: list[str] = []
    empty, hands, owned, counts = core.empty, core.hands, core.owned, core.counts
    done, first, turn = core.done, core.first_passer, core.turn

    # ----- placement (docs/rules.md 1.1) -----
    if core.phase == PLACEMENT:
        active = [[k for k in range(10) if hand[k >> 1]] for hand in hands]  # kinds in hand
        while True:
            if done[turn]:
                turn = 1 - turn
                continue
            fits = fit_kinds(empty)
            kinds = active[turn]
            sizes = [fits[k].bit_count() for k in kinds]
            total = sum(sizes)
            if not total:
                done[turn] = True
                if record:
                    moves.append("pass")
                if first < 0:
                    first = turn
                if done[1 - turn]:
                    turn = first
                    done[0] = done[1] = False  # from here on: who is out of the scoring
                    break
                turn = 1 - turn
                continue
            if lean and rand() < lean:
                b, k = _busiest(fits, kinds, counts)
            else:
                b, k = _pick(fits, kinds, sizes, total, rand)
            sid = k * 100 + BIT_TO_CELL[b]
            empty &= ~S_MASK[sid]
            hand = hands[turn]
            hand[k >> 1] -= 1
            if not hand[k >> 1]:
                kinds.remove(k)
                kinds.remove(k ^ 1)
            owned[turn].append(sid)
            for line in S_LINES[sid]:
                counts[line] += 1
            if record:
                moves.append(f"{k // 2 + 3}{'hv'[k & 1]}{S_ANCHOR[sid]:02d}")
            if not done[1 - turn]:
                turn = 1 - turn

    # ----- scoring (docs/rules.md 1.3) -----
    scores, min_len, out = core.scores, core.min_len, done
    # pieces shorter than a side's last removal can never be removed again: not looked at
    # (`owned`, `empty` are left as scoring found them: a playout's result is the
    # scores, and keeping them costs a few percent of a whole game)
    pool = [[s for s in owned[me] if S_LEN[s] >= min_len[me]] for me in (0, 1)]
    while not (out[0] and out[1]) and scores[0] < 100 and scores[1] < 100:
        me = turn
        p = scores[me]
        dark_cell = scores[0]
        light_cell = 99 - scores[1]
        mult = [1] * 20
        r0, c0 = CELL_LINES[dark_cell]
        r1, c1 = CELL_LINES[light_cell]
        mult[r0] = 2
        mult[c0] = 2
        mult[r1] *= 2
        mult[c1] *= 2
        blocked = CELL_MASK[dark_cell] | CELL_MASK[light_cell]
        forbidden = 99 - scores[1 - me]
        cap = 100 - p  # points at or past this leave the track: one target
        below = p <= forbidden
        options = []
        total = 0
        for sid in pool[me]:
            length, mask, line, value = _INFO[sid]
            if mask & blocked:
                continue
            points = value * (counts[line] - 1) * mult[line]
            if points >= cap:
                n = cap + 1 - below
            else:
                n = points + 1 - (below and forbidden <= p + points)
            total += n
            options.append((n, sid, points))
        if not total:
            out[me] = True
            if record:
                moves.append("pass")
            turn = 1 - me
            continue
        if lean and rand() < lean:
            n, sid, points = max((o for o in options if o[0]), key=lambda o: o[2])
            target = p + points
            if target < 100 and target == forbidden:
                target -= 1
        else:
            pick = int(rand() * total)
            for n, sid, points in options:  # noqa: B007 (used after the break)
                if pick < n:
                    break
                pick -= n
            # the pick-th legal target in p, p+1, ..., skipping `forbidden`, then p + points
            target = p + pick
            if p <= forbidden <= target:
                target += 1
            if target > 99:
                target = p + points
        mine = pool[me]
        mine.remove(sid)
        for line in S_LINES[sid]:
            counts[line] -= 1
        length = S_LEN[sid]
        if length > min_len[me]:
            min_len[me] = length
            pool[me] = [s for s in mine if S_LEN[s] >= length]
        scores[me] = target
        if record:
            moves.append(f"x{S_ANCHOR[sid]:02d}-{target}")
        if not out[1 - me]:
            turn = 1 - me
    core.phase, core.turn, core.empty, core.first_passer = OVER, turn, empty, first
    return moves
