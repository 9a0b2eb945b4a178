"""FOUNDATIONS' fastest internal path: whole random games on mutable locals.

The same rules as `foundations.py` (RULES.md section 2) on plain ints, lists and
dicts; a test plays these games back through the public API to prove they agree.
`random_game` starts from the empty board, `playout` from any position (the search's
Monte Carlo playouts). With `shortest=0` each legal move, in the order
`FoundationsState.legal_moves` lists them, is equally likely at every turn; with
`shortest=p` the mover keeps to its shortest allowed piece with probability `p`
(the rule of thumb that keeps every longer piece playable).
"""

from __future__ import annotations

import random

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES
from .common import FULL_HAND, LENGTHS, hand_value
from .foundations import FoundationsState
from .isaac_fast import _fits

_MASK = [s.mask if s else 0 for s in SHAPES]
_CELLS = [s.cells if s else () for s in SHAPES]
_VAL = [s.value if s else 0 for s in SHAPES]
#: Bit distance from a piece's first end to its last, per kind (length - 3) * 2 + v.
_SPAN = [(k // 2 + 2) * (11 if k & 1 else 1) for k in range(10)]
_FAR = [(k // 2 + 2) * (10 if k & 1 else 1) for k in range(10)]


class _Sim:
    """A position as mutable lists, index level - 1 for the per-level ones."""

    __slots__ = ("turn", "passes", "occ", "own", "where", "values", "hands", "level", "least")

    def __init__(self) -> None:
        self.turn = 0
        self.passes = 0
        self.occ = [0]  # cells covered on that level
        self.own = [[0, 0]]  # (Dark's, Light's) cells on that level
        self.where: list[dict[int, int]] = [{}]  # cell -> piece number
        self.values = [[0, 0]]  # (Dark's, Light's) value on that level (the tie-break)
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.level = [1, 1]
        self.least = [0, 0]

    @classmethod
    def of(cls, state: FoundationsState) -> _Sim:
        sim = cls()
        sim.turn, sim.passes = state._turn, state._passes
        sim.hands = [list(state._hands[0]), list(state._hands[1])]
        sim.level, sim.least = list(state._level), list(state._min_len)
        for number, (owner, sid, lv) in enumerate(state._pieces):
            sim.grow(lv)
            sim.occ[lv - 1] |= _MASK[sid]
            sim.own[lv - 1][owner] |= _MASK[sid]
            sim.values[lv - 1][owner] += _VAL[sid]
            for cell in _CELLS[sid]:
                sim.where[lv - 1][cell] = number
        return sim

    def grow(self, lv: int) -> None:
        while len(self.occ) < lv:
            self.occ.append(0)
            self.own.append([0, 0])
            self.where.append({})
            self.values.append([0, 0])

    def outcome(self) -> float:
        """1 if Dark wins, 0 if Light does, 0.5 for a draw (RULES.md 2.7)."""
        dark, light = hand_value(tuple(self.hands[0])), hand_value(tuple(self.hands[1]))
        if dark != light:
            return 1.0 if dark < light else 0.0
        for d, lt in reversed(self.values):
            if d != lt:
                return 1.0 if d < lt else 0.0
        return 0.5


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal FOUNDATIONS game: (dark hand, light hand, moves)."""
    sim = _Sim()
    moves = _run(sim, rng, 0.0, record)
    return hand_value(tuple(sim.hands[0])), hand_value(tuple(sim.hands[1])), moves


def playout(state: FoundationsState, rng: random.Random, shortest: float = 0.0) -> float:
    """Play `state` out at random: 1 if Dark wins, 0 if Light does, 0.5 for a draw."""
    sim = _Sim.of(state)
    _run(sim, rng, shortest, False)
    return sim.outcome()


def _run(sim: _Sim, rng: random.Random, shortest: float, record: bool) -> list[str]:
    rand = rng.random
    moves: list[str] = []
    occ, own, where, hands, level, least = (
        sim.occ,
        sim.own,
        sim.where,
        sim.hands,
        sim.level,
        sim.least,
    )
    stuck = [False, False]  # a player who passed never places again
    pieces = 1000  # piece numbers are only told apart: past the position's own ones
    passes = sim.passes
    turn = sim.turn
    while passes < 2:
        me = turn
        turn = 1 - me
        options: list[tuple[int, int, int, list[int] | None]] = []
        # the rule of thumb this move: only the shortest length that fits is looked at
        thumb = shortest and rand() < shortest
        if not stuck[me]:
            hand = hands[me]
            for up in (0, 1):
                lv = level[me] + up
                low = 0 if up else least[me]
                covered = 0
                for mask in occ[lv - 1 :]:
                    covered |= mask
                fits = _fits(ALL_CELLS & ~covered)
                if lv > 1:
                    support = own[lv - 2][me]
                    below = where[lv - 2]
                for i, length in enumerate(LENGTHS):
                    if not hand[i] or length < low:
                        continue
                    for k in (2 * i, 2 * i + 1):
                        mask = fits[k]
                        if lv == 1:
                            if mask:
                                options.append((mask.bit_count(), k, mask, None))
                            continue
                        mask &= support & (support >> _SPAN[k])
                        found = []
                        far = _FAR[k]
                        while mask:
                            b = (mask & -mask).bit_length() - 1
                            mask &= mask - 1
                            a = BIT_TO_CELL[b]
                            if below[a] != below[a + far]:
                                found.append(a)
                        if found:
                            options.append((len(found), k, 0, found))
                    if thumb and options:
                        break
                if options:
                    break
        if not options:
            stuck[me] = True
            passes += 1
            if record:
                moves.append("pass")
            continue
        passes = 0
        total = sum(o[0] for o in options)
        pick = int(rand() * total)
        for option in options:
            if pick < option[0]:
                break
            pick -= option[0]
        _, k, mask, anchors = option
        if anchors is None:
            for _ in range(pick):
                mask &= mask - 1
            anchor = BIT_TO_CELL[(mask & -mask).bit_length() - 1]
        else:
            anchor = anchors[pick]
        sid = k * 100 + anchor
        sim.grow(lv)
        m = _MASK[sid]
        occ[lv - 1] |= m
        own[lv - 1][me] |= m
        sim.values[lv - 1][me] += _VAL[sid]
        here = where[lv - 1]
        for cell in _CELLS[sid]:
            here[cell] = pieces
        pieces += 1
        hands[me][k >> 1] -= 1
        level[me] = lv
        least[me] = k // 2 + 3
        if record:
            at = f"@{lv}" if lv > 1 else ""
            moves.append(f"{k // 2 + 3}{'hv'[k & 1]}{anchor:02d}{at}")
    sim.turn, sim.passes = turn, passes
    return moves
