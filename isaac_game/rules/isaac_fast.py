"""ISAAC's fastest internal path: whole random games on mutable locals.

Random playouts (the benchmark, Monte Carlo players) need many thousands of whole
games a second, more than immutable states allow. This module replays RULES.md
section 1 on plain ints and lists, with the same tables as `isaac.py`; a test plays
its games back through the public API to prove the two agree move for move.
"""

from __future__ import annotations

import random

from .bitboard import ALL_CELLS, BIT_TO_CELL, CELL_LINES, SHAPES
from .common import FULL_HAND

# Flat per-shape tables: attribute lookups on named tuples cost too much here.
_LEN = [s.length if s else 0 for s in SHAPES]
_VAL = [s.value if s else 0 for s in SHAPES]
_MASK = [s.mask if s else 0 for s in SHAPES]
_LINE = [s.line if s else 0 for s in SHAPES]
_LINES = [s.lines if s else () for s in SHAPES]
_ANCHOR = [s.anchor if s else 0 for s in SHAPES]
_INFO = list(zip(_LEN, _MASK, _LINE, _VAL, strict=True))
_CELL_MASK = [1 << ((x // 10) * 11 + x % 10) for x in range(100)]


def _fits(e: int) -> tuple[int, ...]:
    """Anchor masks, indexed (length - 3) * 2 + (0 for h, 1 for v)."""
    h2 = e & (e >> 1)
    h4 = h2 & (h2 >> 2)
    v2 = e & (e >> 11)
    v4 = v2 & (v2 >> 22)
    h3 = h2 & (e >> 2)
    v3 = v2 & (e >> 22)
    return (
        h3,
        v3,
        h4,
        v4,
        h4 & (e >> 4),
        v4 & (e >> 44),
        h4 & (h2 >> 4),
        v4 & (v2 >> 44),
        h4 & (h3 >> 4),
        v4 & (v3 >> 44),
    )


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal ISAAC game: (dark score, light score, moves).

    Each legal move (as `IsaacState.legal_moves` lists them) is equally likely at
    every turn. `moves` is filled only when `record` is true.
    """
    rand = rng.random
    moves: list[str] = []
    empty = ALL_CELLS
    hands = [list(FULL_HAND), list(FULL_HAND)]
    owned: list[list[int]] = [[], []]
    counts = [0] * 20
    passed = [False, False]
    active = [list(range(10)), list(range(10))]  # shape kinds still in hand
    first = -1
    turn = 0

    # ----- placement (RULES.md 1.1) -----
    while True:
        if passed[turn]:
            turn = 1 - turn
            continue
        fits = _fits(empty)
        kinds = active[turn]
        sizes = [fits[k].bit_count() for k in kinds]
        total = sum(sizes)
        if not total:
            passed[turn] = True
            if record:
                moves.append("pass")
            if first < 0:
                first = turn
            if passed[1 - turn]:
                break
            turn = 1 - turn
            continue
        pick = int(rand() * total)
        for i, c in enumerate(sizes):  # noqa: B007 (i and c are used after the break)
            if pick < c:
                break
            pick -= c
        k = kinds[i]
        mask = fits[k]
        # the pick-th set bit of mask, by rejection when the bits are dense
        low = (mask & -mask).bit_length() - 1
        span = mask.bit_length() - low
        if span <= 2 * c:
            while True:
                b = low + int(rand() * span)
                if (mask >> b) & 1:
                    break
        else:
            for _ in range(pick):
                mask &= mask - 1
            b = (mask & -mask).bit_length() - 1
        sid = k * 100 + BIT_TO_CELL[b]
        empty &= ~_MASK[sid]
        hand = hands[turn]
        hand[k >> 1] -= 1
        if not hand[k >> 1]:
            kinds.remove(k)
            kinds.remove(k ^ 1)
        owned[turn].append(sid)
        for line in _LINES[sid]:
            counts[line] += 1
        if record:
            moves.append(f"{k // 2 + 3}{'hv'[k & 1]}{_ANCHOR[sid]:02d}")
        if not passed[1 - turn]:
            turn = 1 - turn

    # ----- scoring (RULES.md 1.3) -----
    scores = [0, 0]
    min_len = [0, 0]
    out = [False, False]
    turn = first
    while True:
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
        blocked = _CELL_MASK[dark_cell] | _CELL_MASK[light_cell]
        forbidden = 99 - scores[1 - me]
        cap = 100 - p  # points at or past this leave the track: one target
        below = p <= forbidden
        options = []
        total = 0
        for sid in owned[me]:
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
            if out[1 - me]:
                break
            turn = 1 - me
            continue
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
        mine = owned[me]
        mine.remove(sid)
        for line in _LINES[sid]:
            counts[line] -= 1
        length = _LEN[sid]
        if length > min_len[me]:
            # shorter pieces can never be removed again: stop looking at them
            min_len[me] = length
            owned[me] = [s for s in mine if _LEN[s] >= length]
        scores[me] = target
        if record:
            moves.append(f"x{_ANCHOR[sid]:02d}-{target}")
        if target >= 100:
            break
        if not out[1 - me]:
            turn = 1 - me
    return scores[0], scores[1], moves
