"""HARI's fastest internal path: whole random games on mutable locals.

The same rules as `hari.py` (RULES.md section 3) on plain ints and lists; a test
plays these games back through the public API to prove they agree. `random_game`
starts from the empty board, `playout` from any position (the search's Monte Carlo
playouts). With `sensible=0` each legal action, in the order `HariState.legal_moves`
lists them, is equally likely; with `sensible=p` the mover, with probability `p`,
places its shortest piece that fits without sliding (or, if none fits, discards its
shortest): the rule of thumb that keeps the longer pieces playable.
"""

from __future__ import annotations

import random

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES
from .common import FULL_HAND, VALUE
from .hari import HariState
from .isaac_fast import _fits

_MASK = [s.mask if s else 0 for s in SHAPES]
_VAL = [s.value if s else 0 for s in SHAPES]
_BIT = [(x // 10) * 11 + x % 10 for x in range(100)]


def _slides(empty: int, sid: int) -> list[tuple[int, int | None]]:
    """(sign, distance or None for off the board), in `HariState` order."""
    k, anchor = divmod(sid, 100)
    length = k // 2 + 3
    r, c = divmod(anchor, 10)
    pos, step = (r, 10) if k & 1 else (c, 1)
    base = anchor - pos * step
    low = 0
    while low < pos and empty >> _BIT[base + (pos - low - 1) * step] & 1:
        low += 1
    high = 0
    end = pos + length
    while end + high < 10 and empty >> _BIT[base + (end + high) * step] & 1:
        high += 1
    out: list[tuple[int, int | None]] = [(-1, None)] if low == pos else []
    out += [(-1, d) for d in range(low, 0, -1)]
    out += [(1, d) for d in range(1, high + 1)]
    if end + high == 10:
        out.append((1, None))
    return out


class _Sim:
    """A position as mutable locals."""

    __slots__ = ("turn", "passes", "empty", "hands", "owned", "least", "slid", "slid_value")

    def __init__(self) -> None:
        self.turn = 0
        self.passes = 0
        self.empty = ALL_CELLS
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.owned: list[list[int]] = [[], []]
        self.least = [0, 0]
        self.slid: list[int] = []
        self.slid_value = 0

    @classmethod
    def of(cls, state: HariState) -> _Sim:
        sim = cls()
        sim.turn, sim.passes, sim.empty = state._turn, state._passes, state._empty
        sim.hands = [list(state._hands[0]), list(state._hands[1])]
        sim.owned = [list(state._owned[0]), list(state._owned[1])]
        sim.least = list(state._min_len)
        sim.slid, sim.slid_value = list(state._slid), state._slid_value
        return sim

    def scores(self) -> tuple[int, int]:
        return sum(_VAL[s] for s in self.owned[0]), sum(_VAL[s] for s in self.owned[1])


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal HARI game: (dark value, light value, moves)."""
    sim = _Sim()
    moves = _run(sim, rng, 0.0, record)
    return *sim.scores(), moves


def playout(state: HariState, rng: random.Random, sensible: float = 0.0) -> float:
    """Play `state` out at random: 1 if Dark wins, 0 if Light does, 0.5 for a draw."""
    sim = _Sim.of(state)
    _run(sim, rng, sensible, False)
    dark, light = sim.scores()
    return 1.0 if dark > light else 0.0 if dark < light else 0.5


def _run(sim: _Sim, rng: random.Random, sensible: float, record: bool) -> list[str]:
    rand = rng.random
    moves: list[str] = []
    empty, hands, owned, least = sim.empty, sim.hands, sim.owned, sim.least
    passes, turn, slid, slid_value = sim.passes, sim.turn, sim.slid, sim.slid_value
    while passes < 2:
        me = turn
        hand = hands[me]
        lengths = [n for n in range(least[me] or 3, 8) if hand[n - 3] and VALUE[n] >= slid_value]
        if not lengths:
            passes += 1
            turn = 1 - me
            if record:
                moves.append("pass")
            continue
        fits = _fits(empty)
        options: list[tuple[int, int, object]] = []  # (count, kind, detail)
        for n in lengths:
            k = (n - 3) * 2
            if fits[k]:
                options.append((fits[k].bit_count(), k, fits[k]))
            if fits[k + 1]:
                options.append((fits[k + 1].bit_count(), k + 1, fits[k + 1]))
        if sensible and rand() < sensible:
            if options:
                first = options[0][1] >> 1
                options = [o for o in options if o[1] >> 1 == first]
            else:
                options = [(1, -lengths[0], None)]
        else:
            for n in lengths:
                options.append((1, -n, None))
            room = VALUE[lengths[-1]] - slid_value
            for sid in sorted(owned[me], key=lambda s: s % 100):
                if _VAL[sid] <= room and sid not in slid:
                    slides = _slides(empty, sid)
                    if slides:
                        options.append((len(slides), -10 - sid, slides))
        total = sum(o[0] for o in options)
        pick = int(rand() * total)
        for option in options:
            if pick < option[0]:
                break
            pick -= option[0]
        _, kind, detail = option
        if kind >= 0:  # place
            mask = detail
            for _ in range(pick):
                mask &= mask - 1  # type: ignore[operator]
            anchor = BIT_TO_CELL[(mask & -mask).bit_length() - 1]  # type: ignore[operator]
            sid = kind * 100 + anchor
            n = kind // 2 + 3
            empty &= ~_MASK[sid]
            owned[me].append(sid)
            if record:
                moves.append(f"{n}{'hv'[kind & 1]}{anchor:02d}")
        elif kind > -10:  # discard
            n = -kind
            if record:
                moves.append(f"d{n}")
        else:  # slide: the turn goes on
            sid = -10 - kind
            sign, distance = detail[pick]  # type: ignore[index]
            anchor = sid % 100
            mine = owned[me]
            at = mine.index(sid)
            empty |= _MASK[sid]
            slid_value += _VAL[sid]
            if distance is None:
                del mine[at]
            else:
                moved = sid + sign * distance * (10 if (sid // 100) & 1 else 1)
                mine[at] = moved
                empty &= ~_MASK[moved]
                slid.append(moved)
            if record:
                moves.append(f"s{anchor:02d}{'+' if sign > 0 else '-'}{distance or 'x'}")
            continue
        hand[n - 3] -= 1
        least[me] = n
        passes = 0
        slid = []
        slid_value = 0
        turn = 1 - me
    sim.empty, sim.passes, sim.turn, sim.slid, sim.slid_value = (
        empty,
        passes,
        turn,
        slid,
        slid_value,
    )
    return moves
