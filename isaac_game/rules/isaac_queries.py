"""What a client or an AI may ask of an ISAAC position, and the read-only helpers the
rules share with those questions (whose piece covers a cell, where the counters stand,
why a piece may not be removed now).

`IsaacState` (isaac.py) inherits these and adds the rules of motion: generating,
checking and applying moves. The state owns the fields (its `__slots__`); this mixin
only reads them, so it declares what it reads and holds none itself.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import NamedTuple

from .bitboard import SHAPES
from .common import Player, Refusal, Why, piece_name, player_of
from .isaac_scoring import (
    Breakdown,
    TieBreak,
    counter_cell_of,
    decide_winner,
    removal_breakdown,
)
from .moves import Remove
from .pieces import BoardPiece, board_piece
from .state import GameState

PLACEMENT, SCORING, OVER = "placement", "scoring", "over"


class Blocker(NamedTuple):
    """Why one piece may not be removed now (docs/rules.md 1.3.2), as facts rather than
    words, so that each screen can say it in its own: `floor` is the length of its
    owner's last removal when the piece is shorter (else 0); `counter` is whose
    counter stands on it (else None). Either alone blocks the piece; a short piece
    stays blocked whatever the counters do."""

    floor: int
    counter: Player | None


class IsaacQueries(GameState):
    """The questions about one ISAAC position; `IsaacState` is the whole state."""

    __slots__ = ()

    # The position, as IsaacState keeps it (see its __init__).
    _phase: str
    _turn: int  # 0 Dark, 1 Light
    _owned: tuple[tuple[int, ...], tuple[int, ...]]  # shape ids on the board, per side
    _counts: tuple[int, ...]  # pieces with a cell on each line (rows 0-9, columns 10-19)
    _passed: tuple[bool, bool]
    _first_passer: int | None
    _scores: tuple[int, int]
    _min_len: tuple[int, int]
    _out: tuple[bool, bool]

    # ----- what a client or an AI wants to know ------------------------------

    @property
    def phase(self) -> str:
        """ "placement", "scoring" or "over"."""
        return self._phase

    @property
    def first_passer(self) -> Player | None:
        """Who passed first in the placement phase: they open the scoring phase."""
        return None if self._first_passer is None else player_of(self._first_passer)

    def has_passed(self, player: Player) -> bool:
        """Has passed in the placement phase (places no more): true of both players once
        the scoring phase began. A pass in the scoring phase is `is_out`."""
        return self._passed[Player(player).index]

    def is_out(self, player: Player) -> bool:
        """Has passed in the scoring phase: out for good, removes no more (never true in
        the placement phase)."""
        return self._out[Player(player).index]

    def last_removed_length(self, player: Player) -> int:
        """Length of the player's last removal (0 before any): removals never get shorter."""
        return self._min_len[Player(player).index]

    def pieces(self) -> list[BoardPiece]:
        """Every piece on the board, Dark's first, each side's in placing order."""
        return [board_piece(owner, sid) for owner in (0, 1) for sid in self._owned[owner]]

    def piece_at(self, cell: int) -> BoardPiece | None:
        """The piece covering cell `cell` (r * 10 + c), if any."""
        found = self._cells().get(cell)
        return None if found is None else board_piece(*found)

    def counter_cell(self, player: Player) -> int | None:
        """The cell (Dark's coordinates) of the player's counter; None once past 99."""
        i = Player(player).index
        return counter_cell_of(i, self._scores[i])

    def removal_points(self, cell: int) -> Breakdown:
        """value x N x M for removing the piece covering `cell` now (whoever owns it)."""
        found = self._cells().get(cell)
        if found is None:
            raise ValueError(f"no piece covers {cell:02d}")
        return removal_breakdown(SHAPES[found[1]], self._counts, self._counter_cells())  # type: ignore[arg-type]

    def removal_targets(self, cell: int) -> list[int]:
        """Scores the mover may end on after removing the piece on `cell` (if legal)."""
        return [
            m.target
            for m in self.legal_moves()
            if isinstance(m, Remove) and m.cell == self._anchor_of(cell)
        ]

    def blocked_pieces(self) -> dict[int, str]:
        """The mover's pieces that cannot be removed now, by anchor, with the reason."""
        if self._phase != SCORING:
            return {}
        me = self._turn
        return {
            SHAPES[sid].anchor: reason  # type: ignore[union-attr]
            for sid in self._owned[me]
            if (reason := self._blocked_reason(me, sid)) is not None
        }

    def removal_blockers(self, player: Player | None = None) -> dict[int, Blocker]:
        """Why each of `player`'s pieces (the mover's by default) cannot be removed now,
        by anchor: the rules' own account (docs/rules.md 1.3.2). In the scoring phase a
        player whose every piece is here, or who has none left, has no removal."""
        if self._phase != SCORING:
            return {}
        me = self._turn if player is None else Player(player).index
        return {
            SHAPES[sid].anchor: blocker  # type: ignore[union-attr]
            for sid in self._owned[me]
            if (blocker := self._blocker(me, sid)) is not None
        }

    @property
    def tiebreak(self) -> str | None:
        """Why the winner won when scores were equal (docs/rules.md 1.4), else None."""
        facts = self.tiebreak_facts
        return None if facts is None else str(facts)

    @property
    def tiebreak_facts(self) -> TieBreak | None:
        """`tiebreak` as facts, for a screen to put into its own words."""
        if self._phase != OVER:
            return None
        return decide_winner(self._scores, self._hands)[1]

    # ----- reading the position -------------------------------------------------

    def _counter_cells(self) -> tuple[int, ...]:
        return tuple(x for i in (0, 1) if (x := counter_cell_of(i, self._scores[i])) is not None)

    def _forbidden_target(self, me: int) -> int:
        """The score whose cell holds the opponent's counter (docs/rules.md 1.3.4)."""
        return 99 - self._scores[1 - me]

    def _blocker(self, me: int, sid: int) -> Blocker | None:
        shape = SHAPES[sid]
        assert shape is not None
        floor = self._min_len[me] if shape.length < self._min_len[me] else 0
        counter = None
        for i in (0, 1):
            x = counter_cell_of(i, self._scores[i])
            if x is not None and x in shape.cells:
                counter = player_of(i)
                break
        return Blocker(floor, counter) if floor or counter is not None else None

    def _blocked_reason(self, me: int, sid: int) -> str | None:
        blocker = self._blocker(me, sid)
        if blocker is None:
            return None
        if blocker.floor:
            return f"shorter than your last removal, a {piece_name(blocker.floor)}"
        assert blocker.counter is not None
        return f"under {blocker.counter.title}'s counter"

    def _blocked_refusal(self, me: int, sid: int) -> Refusal:
        """`_blocked_reason` as facts, for an `IllegalMoveError` (the piece is blocked)."""
        blocker = self._blocker(me, sid)
        anchor = SHAPES[sid].anchor  # type: ignore[union-attr]
        if blocker is not None and blocker.floor:
            return Refusal(Why.SHORTER, anchor, length=blocker.floor)
        return Refusal(Why.UNDER_COUNTER, anchor, side=blocker.counter if blocker else None)

    @abstractmethod
    def _cells(self) -> dict[int, tuple[int, int]]:
        """cell -> (owner index, shape id) of the piece covering it (cached by the state)."""

    def _anchor_of(self, cell: int) -> int | None:
        found = self._cells().get(cell)
        return None if found is None else SHAPES[found[1]].anchor  # type: ignore[union-attr]
