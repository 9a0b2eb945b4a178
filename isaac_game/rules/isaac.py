"""ISAAC (docs/rules.md section 1): placement, then scoring by removing pieces.

The state keeps bitboards and per-line piece counts so that the points of a removal
(value x N x M, docs/rules.md 1.3.3) are a table lookup rather than a board scan.
"""

from __future__ import annotations

from typing import ClassVar

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES, cell_map, fit_kinds, shape_id
from .common import (
    FULL_HAND,
    LENGTHS,
    IllegalMoveError,
    Player,
    Refusal,
    Why,
    fits_on_board,
    piece_name,
    player_of,
    with_item,
)
from .fast.isaac import IsaacCore
from .isaac_scoring import (
    OVER,
    PLACEMENT,
    SCORING,
    WINNING_SCORE,
    Blocker,
    Breakdown,
    TieBreak,
    counter_cell_of,
    decide_winner,
    removal_breakdown,
    target_scores,
)
from .moves import PASS, Move, Pass, Place, Remove
from .pieces import BoardPiece, board_piece, placement_builder
from .state import GameState, MoveBlock, MoveList, register_game


class IsaacState(GameState):
    """One ISAAC position. Build with `new_game("isaac")`; never mutated.

    It answers the questions a client or an AI asks of a position (`pieces()`,
    `piece_at()`, `removal_points()`, ...) and holds the rules of motion: setting up,
    generating, checking, applying moves."""

    game: ClassVar[str] = "isaac"
    _fields: ClassVar[int] = 12
    __slots__ = (
        "_phase",
        "_turn",
        "_empty",
        "_hands",
        "_owned",
        "_counts",
        "_passed",
        "_first_passer",
        "_scores",
        "_min_len",
        "_out",
        "_moves",
        "_legal",
        "_fits",
        "_cell_map",
    )

    def __init__(self) -> None:
        self._phase = PLACEMENT
        self._turn = 0
        self._empty = ALL_CELLS
        self._hands: tuple[tuple[int, ...], tuple[int, ...]] = (FULL_HAND, FULL_HAND)
        self._owned: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self._counts: tuple[int, ...] = (0,) * 20
        self._passed = (False, False)
        self._first_passer: int | None = None
        self._scores = (0, 0)
        self._min_len = (0, 0)
        self._out = (False, False)
        self._moves: tuple[str, ...] = ()
        self._clear_caches()

    @classmethod
    def setup(
        cls,
        dark: list[str] | tuple[str, ...] = (),
        light: list[str] | tuple[str, ...] = (),
        *,
        phase: str = SCORING,
        to_move: Player | str = Player.DARK,
        scores: tuple[int, int] = (0, 0),
        last_removed: tuple[int, int] = (0, 0),
        out: tuple[bool, bool] = (False, False),
        first_passer: Player | str | None = None,
        aside: tuple[dict[int, int], dict[int, int]] | None = None,
    ) -> IsaacState:
        """A position built from the pieces each side has on the board.

        For puzzles, tests, the rules pages and AI endgames: `dark` and `light` list
        placements in notation ("5v04"). Pieces not on the board are in hand (set
        aside, in the scoring phase) unless `aside` gives each side's {length: count}
        instead (the rest were removed). In the placement phase nobody has passed.
        The state has no move history, so it cannot be saved as a record.
        """
        from .moves import parse_notation  # local: only set-ups need it

        state = cls()
        if phase not in (PLACEMENT, SCORING):
            raise ValueError(f"phase must be {PLACEMENT!r} or {SCORING!r}")
        for index, placements in enumerate((dark, light)):
            for text in placements:
                move = parse_notation(text)
                if not isinstance(move, Place) or move.level != 1:
                    raise ValueError(f"{text}: a set-up lists placements only")
                state._turn = index
                state._passed = (False, False)
                state._clear_caches()
                state._check_place(move, text)
                state._place(index, shape_id(move.length, move.direction, move.cell))
        state._phase = phase
        state._turn = Player(to_move).index
        state._clear_caches()
        if phase == SCORING:
            for i in (0, 1):
                if not 0 <= scores[i] <= 99:
                    raise ValueError("set-up scores must be 0 to 99")
            if scores[0] + scores[1] == 99:
                raise ValueError("the two counters cannot share a cell")
            state._passed = (True, True)
            state._first_passer = Player(first_passer or to_move).index
            state._scores = tuple(scores)  # type: ignore[assignment]
            state._min_len = tuple(last_removed)  # type: ignore[assignment]
            state._out = tuple(out)  # type: ignore[assignment]
        if aside is not None:
            hands = []
            for index, given in enumerate(aside):
                hand = tuple(given.get(length, 0) for length in LENGTHS)
                if any(h > left for h, left in zip(hand, state._hands[index], strict=True)):
                    raise ValueError(f"{player_of(index).title} has not that many pieces left")
                hands.append(hand)
            state._hands = (hands[0], hands[1])
        return state

    def _clear_caches(self) -> None:
        self._legal: MoveList | None = None
        self._fits: tuple[int, ...] | None = None
        self._cell_map: dict[int, tuple[int, int]] | None = None

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

    def _anchor_of(self, cell: int) -> int | None:
        found = self._cells().get(cell)
        return None if found is None else SHAPES[found[1]].anchor  # type: ignore[union-attr]

    # ----- the common API -------------------------------------------------------

    @property
    def to_move(self) -> Player | None:
        return None if self._phase == OVER else Player.DARK if self._turn == 0 else Player.LIGHT

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def winner(self) -> Player | None:
        if self._phase != OVER:
            return None
        return decide_winner(self._scores, self._hands)[0]

    def legal_moves(self) -> MoveList:
        if self._legal is None:
            if self._phase == PLACEMENT:
                blocks = self._placement_blocks()
            elif self._phase == SCORING:
                blocks = self._removal_blocks()
            else:
                blocks = []
            if self._phase != OVER and not blocks:
                blocks = [(1, lambda i: PASS)]
            self._legal = MoveList(blocks)
        return self._legal

    # ----- move generation ------------------------------------------------------

    def _fit(self) -> tuple[int, ...]:
        if self._fits is None:
            self._fits = fit_kinds(self._empty)
        return self._fits

    def _placement_blocks(self) -> list[MoveBlock]:
        me = self._turn
        if self._passed[me]:
            return []
        fits = self._fit()
        blocks: list[MoveBlock] = []
        for length, count in zip(LENGTHS, self._hands[me], strict=True):
            if not count:
                continue
            k = (length - 3) * 2  # the piece's kind lying horizontally; + 1 vertically
            for direction, mask in (("h", fits[k]), ("v", fits[k + 1])):
                if mask:
                    blocks.append((mask.bit_count(), placement_builder(length, direction, mask)))
        return blocks

    def _removal_blocks(self) -> list[MoveBlock]:
        me = self._turn
        if self._out[me]:
            return []
        start = self._scores[me]
        forbidden = self._forbidden_target(me)
        counters = self._counter_cells()
        blocks: list[MoveBlock] = []
        for sid in sorted(self._owned[me], key=lambda s: SHAPES[s].anchor):  # type: ignore[union-attr]
            if self._blocked_reason(me, sid) is not None:
                continue
            shape = SHAPES[sid]
            points = removal_breakdown(shape, self._counts, counters).points  # type: ignore[arg-type]
            targets = target_scores(start, points, forbidden)
            blocks.append((len(targets), _removal_builder(shape.anchor, targets)))  # type: ignore[union-attr]
        return blocks

    # ----- checking a move ------------------------------------------------------

    def _cells(self) -> dict[int, tuple[int, int]]:
        if self._cell_map is None:
            self._cell_map = cell_map(self._owned)
        return self._cell_map

    def _check(self, move: Move, text: str) -> Move:
        if isinstance(move, Pass):
            if self.legal_moves()[0] != PASS:
                raise IllegalMoveError(
                    f"{text}: you may pass only when no other move is legal",
                    Refusal(Why.MUST_MOVE, example=self.legal_moves()[0]),
                )
            return move
        if isinstance(move, Place):
            return self._check_place(move, text)
        if isinstance(move, Remove):
            return self._check_remove(move, text)
        raise IllegalMoveError(f"{text}: not an ISAAC move", Refusal(Why.WRONG_GAME))

    def _check_place(self, move: Place, text: str) -> Place:
        if self._phase != PLACEMENT:
            raise IllegalMoveError(
                f"{text}: the placement phase is over", Refusal(Why.PLACEMENT_OVER)
            )
        if move.level != 1:
            raise IllegalMoveError(f"{text}: ISAAC has no levels", Refusal(Why.NO_LEVELS))
        me = self._turn
        if self._passed[me]:
            raise IllegalMoveError(
                f"{text}: {player_of(me).title} has passed and places no more",
                Refusal(Why.HAS_PASSED, side=player_of(me)),
            )
        if not self._hands[me][move.length - 3]:
            raise IllegalMoveError(
                f"{text}: no {piece_name(move.length)} left in hand",
                Refusal(Why.NOT_IN_HAND, length=move.length),
            )
        if not fits_on_board(move.length, move.direction, move.cell):
            raise IllegalMoveError(
                f"{text}: the piece would leave the board", Refusal(Why.OFF_BOARD)
            )
        shape = SHAPES[shape_id(move.length, move.direction, move.cell)]
        assert shape is not None
        taken = shape.mask & ~self._empty
        if taken:
            cell = BIT_TO_CELL[(taken & -taken).bit_length() - 1]
            raise IllegalMoveError(f"{text}: cell {cell:02d} is taken", Refusal(Why.TAKEN, cell))
        return move

    def _check_remove(self, move: Remove, text: str) -> Remove:
        if self._phase != SCORING:
            raise IllegalMoveError(
                f"{text}: pieces are removed only in the scoring phase", Refusal(Why.NOT_SCORING)
            )
        me = self._turn
        found = self._cells().get(move.cell)
        if found is None:
            raise IllegalMoveError(
                f"{text}: no piece covers {move.cell:02d}", Refusal(Why.NO_PIECE, move.cell)
            )
        owner, sid = found
        if owner != me:
            raise IllegalMoveError(
                f"{text}: that piece is {player_of(owner).title}'s",
                Refusal(Why.NOT_YOURS, move.cell, side=player_of(owner)),
            )
        reason = self._blocked_reason(me, sid)
        if reason is not None:
            if reason.startswith("under"):
                reason = reason.replace("under ", "") + " stands on that piece"
            else:
                reason = "that piece is " + reason
            raise IllegalMoveError(f"{text}: {reason}", self._blocked_refusal(me, sid))
        shape = SHAPES[sid]
        points = removal_breakdown(shape, self._counts, self._counter_cells()).points  # type: ignore[arg-type]
        start, target = self._scores[me], move.target
        if target < start:
            raise IllegalMoveError(
                f"{text}: the counter stands on {start} and never moves back",
                Refusal(Why.BACKWARDS, value=start),
            )
        if target > start + points:
            raise IllegalMoveError(
                f"{text}: the move is worth {points} points", Refusal(Why.TOO_FAR, value=points)
            )
        if target >= WINNING_SCORE and target != start + points:
            raise IllegalMoveError(
                f"{text}: a move off the track is written with the full gain, "
                f"x{shape.anchor:02d}-{start + points}",  # type: ignore[union-attr]
                Refusal(Why.FULL_GAIN, value=start + points),
            )
        if target == self._forbidden_target(me):
            raise IllegalMoveError(
                f"{text}: {player_of(1 - me).title}'s counter stands on that cell",
                Refusal(Why.COUNTER_THERE, side=player_of(1 - me)),
            )
        return Remove(shape.anchor, target)  # type: ignore[union-attr]

    # ----- applying a move ------------------------------------------------------

    def _apply(self, move: Move) -> IsaacState:
        new = self._copy()
        new._moves = self._moves + (str(move),)
        me = self._turn
        if isinstance(move, Place):
            new._place(me, shape_id(move.length, move.direction, move.cell))
        elif isinstance(move, Remove):
            new._remove(me, self._cells()[move.cell][1], move.target)
        elif self._phase == PLACEMENT:
            new._pass_placement(me)
        else:
            new._pass_scoring(me)
        return new

    def _place(self, me: int, sid: int) -> None:
        shape = SHAPES[sid]
        assert shape is not None
        self._empty &= ~shape.mask
        hand = list(self._hands[me])
        hand[shape.length - 3] -= 1
        self._hands = with_item(self._hands, me, tuple(hand))
        self._owned = with_item(self._owned, me, self._owned[me] + (sid,))
        counts = list(self._counts)
        for line in shape.lines:
            counts[line] += 1
        self._counts = tuple(counts)
        if not self._passed[1 - me]:
            self._turn = 1 - me

    def _pass_placement(self, me: int) -> None:
        self._passed = with_item(self._passed, me, True)
        if self._first_passer is None:
            self._first_passer = me
        if all(self._passed):
            self._phase = SCORING
            self._turn = self._first_passer
        else:
            self._turn = 1 - me

    def _remove(self, me: int, sid: int, target: int) -> None:
        shape = SHAPES[sid]
        assert shape is not None
        self._empty |= shape.mask
        self._owned = with_item(self._owned, me, tuple(s for s in self._owned[me] if s != sid))
        counts = list(self._counts)
        for line in shape.lines:
            counts[line] -= 1
        self._counts = tuple(counts)
        self._min_len = with_item(self._min_len, me, shape.length)
        self._scores = with_item(self._scores, me, target)
        if target >= WINNING_SCORE:
            self._phase = OVER
        elif not self._out[1 - me]:
            self._turn = 1 - me

    def _pass_scoring(self, me: int) -> None:
        self._out = with_item(self._out, me, True)
        if all(self._out):
            self._phase = OVER
        else:
            self._turn = 1 - me

    # ----- values ---------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<IsaacState {self._phase} ply={len(self._moves)} to_move={self.to_move} "
            f"scores={self._scores}>"
        )


def _removal_builder(anchor: int, targets: list[int]):
    return lambda i: Remove(anchor, targets[i])


register_game("isaac", IsaacState, core=IsaacCore)
