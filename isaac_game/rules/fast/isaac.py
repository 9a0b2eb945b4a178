"""ISAAC's fast core: the position as plain lists and a bitboard, for playouts and for
the computer players' searches (docs/rules.md section 1).

The computer levels judge placements, look ahead and search removals on this one
class (`IsaacCore`), in shape ids from the bitboard tables; the playouts run on it
too (`isaac_playout`). Its moves go back to a match as `Move` values.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Self, cast

from ..bitboard import (
    ALL_CELLS,
    BIT_TO_CELL,
    CELL_COL,
    CELL_MASK,
    CELL_ROW,
    S_ANCHOR,
    S_CELLS,
    S_DIR,
    S_LEN,
    S_LINE,
    S_LINES,
    S_MASK,
    S_VAL,
    fit_kinds,
    shape_id,
)
from ..common import FULL_HAND, Player
from ..isaac_scoring import (
    OVER,
    PLACEMENT,
    SCORING,
    WINNING_SCORE,
    counter_cell_of,
    decide_winner,
    target_scores,
)
from ..moves import PASS, Move, Place, Remove
from .core import FastCore
from .isaac_playout import run

if TYPE_CHECKING:
    from ..isaac import IsaacState
    from ..state import GameState


class IsaacCore(FastCore):
    """Everything that decides the rest of an ISAAC game, as plain lists."""

    __slots__ = (
        "phase", "turn", "owned", "hands", "counts", "empty", "scores", "min_len",
        "done", "first_passer",
    )  # fmt: skip

    phase: str  # "placement", "scoring" or "over"
    turn: int  # 0 Dark, 1 Light
    owned: list[list[int]]  # shape ids on the board, per side, in placing order
    hands: list[list[int]]  # counts per length 3..7, per side
    counts: list[int]  # pieces with a cell on each line (rows 0-9, columns 10-19)
    empty: int  # bitboard of the empty cells
    scores: list[int]  # where each counter stands on the track
    min_len: list[int]  # length of each side's last removal (0 before any)
    done: list[bool]  # has passed in this phase: placement, places no more; scoring, is out
    first_passer: int  # -1 until someone passes in the placement phase

    def __init__(self) -> None:
        """The starting position (`start`); `of` and `copy` fill in another."""
        self.phase = PLACEMENT
        self.turn = 0
        self.owned = [[], []]
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.counts = [0] * 20
        self.empty = ALL_CELLS
        self.scores = [0, 0]
        self.min_len = [0, 0]
        self.done = [False, False]
        self.first_passer = -1

    @classmethod
    def of(cls, state: GameState) -> Self:
        s = cast("IsaacState", state)  # its fields are read directly, as the rules' own
        core = cls.__new__(cls)
        core.phase = phase = s._phase
        core.turn = 0 if phase == OVER else s._turn
        core.owned = [list(s._owned[0]), list(s._owned[1])]
        core.hands = [list(s._hands[0]), list(s._hands[1])]
        core.counts = list(s._counts)
        core.empty = s._empty
        core.scores = list(s._scores)
        core.min_len = list(s._min_len)
        core.done = list(s._passed if phase == PLACEMENT else s._out)
        core.first_passer = -1 if s._first_passer is None else s._first_passer
        return core

    def copy(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.phase, new.turn, new.empty = self.phase, self.turn, self.empty
        new.owned = [list(self.owned[0]), list(self.owned[1])]
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.counts = list(self.counts)
        new.scores = list(self.scores)
        new.min_len = list(self.min_len)
        new.done = list(self.done)
        new.first_passer = self.first_passer
        return new

    # ----- the interface ------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def legal_moves(self) -> list[Move]:
        if self.phase == OVER:
            return []
        moves: list[Move] = []
        if self.phase == PLACEMENT:
            moves = [self.place_move(sid) for sid in self.placements()]
        else:
            me = self.turn
            start, forbidden = self.scores[me], self.forbidden(me)
            for sid in sorted(self.removable(me), key=S_ANCHOR.__getitem__):
                for target in target_scores(start, self.points(sid), forbidden):
                    moves.append(Remove(S_ANCHOR[sid], target))
        return moves or [PASS]

    def play(self, move: Move) -> None:
        if isinstance(move, Place):
            self.place(shape_id(move.length, move.direction, move.cell))
        elif isinstance(move, Remove):
            sid = next(s for s in self.owned[self.turn] if move.cell in S_CELLS[s])
            self.remove(sid, move.target)
        elif self.phase == PLACEMENT:
            self.pass_placement()
        else:
            self.pass_scoring()

    def outcome(self) -> float:
        hands = (tuple(self.hands[0]), tuple(self.hands[1]))
        winner, _why = decide_winner((self.scores[0], self.scores[1]), hands)
        return 1.0 if winner is Player.DARK else 0.0  # ISAAC has no draws

    def playout(self, rng: random.Random, lean: float = 0.0, record: bool = False) -> list[str]:
        """The rule of thumb that `lean` plays: the longest piece that fits, on the line
        most pieces touch; the removal worth the most points now, counter moved all
        the way. With `lean` 0 each legal move is equally likely at every turn."""
        return run(self, rng, lean, record)

    @staticmethod
    def place_move(sid: int) -> Move:
        return Place(S_LEN[sid], S_DIR[sid], S_ANCHOR[sid])

    @staticmethod
    def remove_move(sid: int, target: int) -> Move:
        return Remove(S_ANCHOR[sid], target)

    # ----- placement (docs/rules.md 1.1) ---------------------------------------------

    def placements(self, side: int | None = None) -> list[int]:
        """Shape ids `side` (default: the mover) could place now, in engine order."""
        me = self.turn if side is None else side
        if self.phase != PLACEMENT or self.done[me]:
            return []
        fits = fit_kinds(self.empty)
        hand = self.hands[me]
        out: list[int] = []
        for kind in range(10):
            if hand[kind >> 1]:
                mask = fits[kind]
                base = kind * 100
                while mask:
                    low = mask & -mask
                    out.append(base + BIT_TO_CELL[low.bit_length() - 1])
                    mask ^= low
        return out

    def place(self, sid: int) -> None:
        me = self.turn
        self.empty &= ~S_MASK[sid]
        self.hands[me][S_LEN[sid] - 3] -= 1
        self.owned[me].append(sid)
        for line in S_LINES[sid]:
            self.counts[line] += 1
        if not self.done[1 - me]:
            self.turn = 1 - me

    def pass_placement(self) -> None:
        me = self.turn
        self.done[me] = True
        if self.first_passer < 0:
            self.first_passer = me
        if all(self.done):
            self.phase = SCORING
            self.turn = self.first_passer
            self.done = [False, False]
        else:
            self.turn = 1 - me

    # ----- scoring (docs/rules.md 1.3) -----------------------------------------------

    def counter_cells(self) -> tuple[int, int]:
        """Where the counters stand (Dark's coordinates); -1 once one left the track."""
        dark, light = counter_cell_of(0, self.scores[0]), counter_cell_of(1, self.scores[1])
        return -1 if dark is None else dark, -1 if light is None else light

    def multiplier(self, line: int) -> int:
        m = 1
        for x in self.counter_cells():
            if x >= 0 and (CELL_ROW[x] == line or CELL_COL[x] == line):
                m *= 2
        return m

    def removable(self, side: int) -> list[int]:
        """Shape ids `side` may remove now (length rule and counters, docs/rules.md 1.3.2)."""
        if self.phase != SCORING or self.done[side]:
            return []
        blocked = 0
        for x in self.counter_cells():
            if x >= 0:
                blocked |= CELL_MASK[x]
        low = self.min_len[side]
        return [s for s in self.owned[side] if S_LEN[s] >= low and not S_MASK[s] & blocked]

    def points(self, sid: int) -> int:
        """value x N x M of removing `sid` now (docs/rules.md 1.3.3)."""
        line = S_LINE[sid]
        return S_VAL[sid] * (self.counts[line] - 1) * self.multiplier(line)

    def forbidden(self, side: int) -> int:
        """The one score `side` may not stop on: the opponent counter's cell."""
        return 99 - self.scores[1 - side]

    def remove(self, sid: int, target: int) -> None:
        me = self.turn
        self.owned[me].remove(sid)
        self.empty |= S_MASK[sid]
        for line in S_LINES[sid]:
            self.counts[line] -= 1
        self.min_len[me] = S_LEN[sid]
        self.scores[me] = target
        if target >= WINNING_SCORE:
            self.phase = OVER
        elif not self.done[1 - me]:
            self.turn = 1 - me

    def pass_scoring(self) -> None:
        me = self.turn
        self.done[me] = True
        if all(self.done):
            self.phase = OVER
        else:
            self.turn = 1 - me
