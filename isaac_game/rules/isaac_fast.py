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
from .isaac import IsaacState
from .isaac_queries import PLACEMENT
from .isaac_scoring import decide_winner

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


class _Sim:
    """A position as mutable locals (the fields of `IsaacState`)."""

    __slots__ = (
        "scoring", "turn", "empty", "hands", "owned", "counts", "passed", "first",
        "scores", "min_len", "out",
    )  # fmt: skip

    def __init__(self) -> None:
        self.scoring = False
        self.turn = 0
        self.empty = ALL_CELLS
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.owned: list[list[int]] = [[], []]
        self.counts = [0] * 20
        self.passed = [False, False]
        self.first = -1
        self.scores = [0, 0]
        self.min_len = [0, 0]
        self.out = [False, False]

    @classmethod
    def of(cls, state: IsaacState) -> _Sim:
        sim = cls()
        sim.scoring = state._phase != PLACEMENT
        sim.turn, sim.empty = state._turn, state._empty
        sim.hands = [list(state._hands[0]), list(state._hands[1])]
        sim.owned = [list(state._owned[0]), list(state._owned[1])]
        sim.counts = list(state._counts)
        sim.passed = list(state._passed)
        sim.first = -1 if state._first_passer is None else state._first_passer
        sim.scores, sim.min_len = list(state._scores), list(state._min_len)
        sim.out = list(state._out)
        return sim


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
            n = counts[_LINE[kind * 100 + BIT_TO_CELL[b]]]
            if n > best:
                best_bit, best, k = b, n, kind
    return best_bit, k


def _pick(
    fits: tuple[int, ...], kinds: list[int], sizes: list[int], total: int, rand
) -> tuple[int, int]:
    """(bit, kind) of a uniformly random legal placement."""
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
                return b, k
    for _ in range(pick):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1, k


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal ISAAC game: (dark score, light score, moves).

    Each legal move (as `IsaacState.legal_moves` lists them) is equally likely at
    every turn. `moves` is filled only when `record` is true.
    """
    sim = _Sim()
    moves = _run(sim, rng, 0.0, record)
    return sim.scores[0], sim.scores[1], moves


def playout(state: IsaacState, rng: random.Random, greedy: float = 0.0) -> float:
    """Play `state` out at random: 1 if Dark wins, 0 if Light does (ISAAC has no draws).

    With `greedy=p`, each move is, with probability `p`, the plain rule of thumb: the
    longest piece that fits, on the line most pieces touch; the removal worth the most
    points now, counter moved all the way."""
    sim = _Sim.of(state)
    _run(sim, rng, greedy, False)
    hands = (tuple(sim.hands[0]), tuple(sim.hands[1]))
    return 1.0 if decide_winner((sim.scores[0], sim.scores[1]), hands)[0].index == 0 else 0.0


def _run(sim: _Sim, rng: random.Random, greedy: float, record: bool) -> list[str]:
    rand = rng.random
    moves: list[str] = []
    empty, hands, owned, counts = sim.empty, sim.hands, sim.owned, sim.counts
    passed, first, turn = sim.passed, sim.first, sim.turn
    active = [[k for k in range(10) if hand[k >> 1]] for hand in hands]  # kinds in hand

    # ----- placement (RULES.md 1.1) -----
    while not sim.scoring:
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
                sim.scoring = True
                turn = first
                break
            turn = 1 - turn
            continue
        if greedy and rand() < greedy:
            b, k = _busiest(fits, kinds, counts)
        else:
            b, k = _pick(fits, kinds, sizes, total, rand)
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
    scores, min_len, out = sim.scores, sim.min_len, sim.out
    for me in (0, 1):  # pieces shorter than the last removal can never be removed again
        owned[me] = [s for s in owned[me] if _LEN[s] >= min_len[me]]
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
            turn = 1 - me
            continue
        if greedy and rand() < greedy:
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
        if not out[1 - me]:
            turn = 1 - me
    return moves
