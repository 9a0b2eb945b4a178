"""FOUNDATIONS' fast core: the levels as bitboards and lists, for playouts and search
(docs/rules.md section 2).

With `lean` 0 each legal move, in the order `FoundationsState.legal_moves` lists
them, is equally likely at every turn of a playout; with probability `lean` the mover
keeps to its shortest allowed piece instead (the rule of thumb that keeps every longer
piece playable).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Self, cast

from ..bitboard import (
    ALL_CELLS,
    BIT_TO_CELL,
    S_CELLS,
    S_MASK,
    S_VAL,
    fit_kinds,
    mask_cells,
    shape_id,
)
from ..common import FULL_HAND, LENGTHS, hand_value
from ..moves import PASS, Move, Place
from .core import FastCore

if TYPE_CHECKING:
    from ..foundations import FoundationsState
    from ..state import GameState

#: Bit distance from a piece's first end to its last, per kind (length - 3) * 2 + v.
_SPAN = [(k // 2 + 2) * (11 if k & 1 else 1) for k in range(10)]
#: The same in cells.
_FAR = [(k // 2 + 2) * (10 if k & 1 else 1) for k in range(10)]

#: What may be placed: (how many, kind, anchors as a level-1 bitboard, or 0 and the
#: anchors as cells on a higher level).
Option = tuple[int, int, int, list[int] | None]


class FoundationsCore(FastCore):
    """A position as mutable lists, index level - 1 for the per-level ones."""

    __slots__ = (
        "turn", "passes", "occ", "own", "where", "values", "hands", "level", "least", "numbered",
    )  # fmt: skip

    def __init__(self) -> None:
        self.turn = 0
        self.passes = 0  # passes in a row
        self.occ = [0]  # cells covered on that level
        self.own = [[0, 0]]  # (Dark's, Light's) cells on that level
        self.where: list[dict[int, int]] = [{}]  # cell -> piece number
        self.values = [[0, 0]]  # (Dark's, Light's) value on that level (the tie-break)
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.level = [1, 1]  # the level each side builds on
        self.least = [0, 0]  # each side's shortest length allowed on its level
        self.numbered = 0  # pieces numbered so far (numbers only tell pieces apart)

    @classmethod
    def of(cls, state: GameState) -> Self:
        s = cast("FoundationsState", state)  # its fields are read directly, as the rules' own
        core = cls.__new__(cls)
        core.turn, core.passes, core.numbered = s._turn, s._passes, 0
        core.occ, core.own, core.where, core.values = [0], [[0, 0]], [{}], [[0, 0]]
        core.hands = [list(s._hands[0]), list(s._hands[1])]
        core.level, core.least = list(s._level), list(s._min_len)
        for owner, sid, lv in s._pieces:
            core._put(owner, sid, lv)
        return core

    def copy(self) -> Self:
        new = type(self)()
        new.turn, new.passes, new.numbered = self.turn, self.passes, self.numbered
        new.occ = list(self.occ)
        new.own = [list(pair) for pair in self.own]
        new.where = [dict(cells) for cells in self.where]
        new.values = [list(pair) for pair in self.values]
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.level, new.least = list(self.level), list(self.least)
        return new

    def _grow(self, lv: int) -> None:
        while len(self.occ) < lv:
            self.occ.append(0)
            self.own.append([0, 0])
            self.where.append({})
            self.values.append([0, 0])

    def _put(self, me: int, sid: int, lv: int) -> None:
        """Put piece `sid` of side `me` on level `lv` (the board only: not the hand)."""
        occ = self.occ
        if len(occ) < lv:
            self._grow(lv)
        mask = S_MASK[sid]
        occ[lv - 1] |= mask
        self.own[lv - 1][me] |= mask
        self.values[lv - 1][me] += S_VAL[sid]
        here, number = self.where[lv - 1], self.numbered
        for cell in S_CELLS[sid]:
            here[cell] = number
        self.numbered = number + 1

    # ----- the interface ------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.passes >= 2 else self.turn

    @property
    def scores(self) -> tuple[int, int]:
        """Value left in hand (docs/rules.md 2.7: lower is better)."""
        return hand_value(tuple(self.hands[0])), hand_value(tuple(self.hands[1]))

    def legal_moves(self) -> list[Move]:
        if self.passes >= 2:
            return []
        lv, options = self.options(self.turn, False)
        moves: list[Move] = []
        for _count, k, mask, anchors in options:
            length, direction = k // 2 + 3, "hv"[k & 1]
            cells = mask_cells(mask) if anchors is None else anchors
            moves.extend(Place(length, direction, a, lv) for a in cells)
        return moves or [PASS]

    def play(self, move: Move) -> None:
        me = self.turn
        self.turn = 1 - me
        if not isinstance(move, Place):
            self.passes += 1
            return
        self.passes = 0
        self._put(me, shape_id(move.length, move.direction, move.cell), move.level)
        self.hands[me][move.length - 3] -= 1
        self.level[me] = move.level
        self.least[me] = move.length

    def outcome(self) -> float:
        """1 if Dark wins, 0 if Light does, 0.5 for a draw (docs/rules.md 2.7)."""
        dark, light = self.scores
        if dark != light:
            return 1.0 if dark < light else 0.0
        for d, lt in reversed(self.values):
            if d != lt:
                return 1.0 if d < lt else 0.0
        return 0.5

    # ----- moves ----------------------------------------------------------------

    def options(self, me: int, thumb: bool) -> tuple[int, list[Option]]:
        """The level `me` must place on and what fits there, in engine order
        (docs/rules.md 2.3-2.5); with `thumb`, only the shortest length that fits."""
        occ, hand, level = self.occ, self.hands[me], self.level[me]
        options: list[Option] = []
        for up in (0, 1):
            lv = level + up
            low = 0 if up else self.least[me]
            covered = 0
            for mask in occ[lv - 1 :]:
                covered |= mask
            fits = fit_kinds(ALL_CELLS & ~covered)
            if lv > 1:
                support = self.own[lv - 2][me]
                below = self.where[lv - 2]
            for i, length in enumerate(LENGTHS):
                if not hand[i] or length < low:
                    continue
                for k in (2 * i, 2 * i + 1):
                    mask = fits[k]
                    if lv == 1:
                        if mask:
                            options.append((mask.bit_count(), k, mask, None))
                        continue
                    # both ends on the mover's own pieces, two different ones (2.3)
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
                return lv, options
        return level, options

    def playout(self, rng: random.Random, lean: float = 0.0, record: bool = False) -> list[str]:
        rand = rng.random
        moves: list[str] = []
        options_of, put = self.options, self._put
        hands, level, least = self.hands, self.level, self.least
        stuck = [False, False]  # a player who passed never places again
        leaning = lean != 0.0
        passes = self.passes
        turn = self.turn
        while passes < 2:
            me = turn
            turn = 1 - me
            # the rule of thumb this move: only the shortest length that fits is looked at
            thumb = leaning and rand() < lean
            options: list[Option] = []
            if not stuck[me]:
                lv, options = options_of(me, thumb)
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
            put(me, k * 100 + anchor, lv)
            hands[me][k >> 1] -= 1
            level[me] = lv
            least[me] = k // 2 + 3
            if record:
                at = f"@{lv}" if lv > 1 else ""
                moves.append(f"{k // 2 + 3}{'hv'[k & 1]}{anchor:02d}{at}")
        self.turn, self.passes = turn, passes
        return moves
