"""FOUNDATIONS (docs/rules.md section 2): build upwards in levels, empty your hand.

Levels are kept as one occupancy bitboard per level. A cell can take a piece on
level k exactly when nothing covers it on level k or above (docs/rules.md 2.3, 2.4), so
"free on level k" is the board minus the union of the levels from k up; supports
for level k are the mover's cells on level k - 1.

Decided here (beyond docs/rules.md 2):
- Turns strictly alternate. A player with no placement plays `pass` on each of their
  turns; the game ends when two plies in a row are passes. A player who cannot place
  never can again (only their own pieces give support, and the board only fills), so
  a pass followed by the other's placement changes nothing but the record.
- Equal hands and equal values on every level are a draw (docs/rules.md 2.7).
"""

from __future__ import annotations

from typing import ClassVar

from .bitboard import ALL_CELLS, SHAPES, cell_bit, fit_kinds, mask_cells, shape_id
from .common import (
    FULL_HAND,
    LENGTHS,
    VALUE,
    IllegalMoveError,
    Player,
    Refusal,
    Why,
    fits_on_board,
    hand_value,
    piece_name,
    player_of,
    with_item,
)
from .fast.foundations import FoundationsCore
from .foundations_scoring import LevelTieBreak, decide
from .moves import PASS, Move, Pass, Place
from .pieces import StackedPiece, stacked_piece
from .state import MoveBlock, MoveList, TwoPassState, register_game

#: One placing option: (length, direction, anchors as cells, ascending).
Option = tuple[int, str, tuple[int, ...]]


class FoundationsState(TwoPassState):
    """One FOUNDATIONS position. Build with `new_game("foundations")`; never mutated."""

    game: ClassVar[str] = "foundations"
    _fields: ClassVar[int] = 8
    __slots__ = (
        "_turn",
        "_occ",
        "_pieces",
        "_hands",
        "_level",
        "_min_len",
        "_passes",
        "_moves",
        "_legal",
        "_opts",
        "_where",
    )

    def __init__(self) -> None:
        self._turn = 0
        self._occ: tuple[int, ...] = (0,)  # index k - 1: cells covered on level k
        self._pieces: tuple[tuple[int, int, int], ...] = ()  # (owner, shape id, level)
        self._hands: tuple[tuple[int, ...], tuple[int, ...]] = (FULL_HAND, FULL_HAND)
        self._level = (1, 1)
        self._min_len = (0, 0)
        self._passes = 0
        self._moves: tuple[str, ...] = ()
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._legal: MoveList | None = None
        self._opts: tuple[int, list[Option]] | None = None
        self._where: dict[tuple[int, int], int] | None = None

    # ----- the common API -------------------------------------------------------

    @property
    def scores(self) -> tuple[int, int]:
        """Value left in hand (docs/rules.md 2.7: lower is better)."""
        return hand_value(self._hands[0]), hand_value(self._hands[1])

    @property
    def winner(self) -> Player | None:
        if not self.is_over:
            return None
        return decide(self.scores, self.level_values())[0]

    @property
    def tiebreak(self) -> str | None:
        """How equal hands were decided level by level (docs/rules.md 2.7), else None."""
        facts = self.tiebreak_facts
        return None if facts is None else str(facts)

    @property
    def tiebreak_facts(self) -> LevelTieBreak | None:
        """`tiebreak` as facts, for a screen to put into its own words."""
        if not self.is_over:
            return None
        return decide(self.scores, self.level_values())[1]

    def legal_moves(self) -> MoveList:
        if self._legal is None:
            blocks: list[MoveBlock] = []
            if not self.is_over:
                level, options = self._options()
                for length, direction, anchors in options:
                    blocks.append((len(anchors), _builder(length, direction, anchors, level)))
                if not blocks:
                    blocks = [(1, lambda i: PASS)]
            self._legal = MoveList(blocks)
        return self._legal

    # ----- what a client or an AI wants to know ------------------------------

    def current_level(self, player: Player) -> int:
        """The level the player builds on (docs/rules.md 2.2); they never go below it."""
        return self._level[Player(player).index]

    @property
    def top_level(self) -> int:
        """Highest level holding any piece (0 on an empty board)."""
        return max((level for _, _, level in self._pieces), default=0)

    def pieces(self) -> list[StackedPiece]:
        """Every piece on the board, in placing order, each with its level."""
        return [stacked_piece(*p) for p in self._pieces]

    def height(self, cell: int) -> int:
        """The highest level covering `cell` (0 when nothing does)."""
        bit = cell_bit(cell)
        for index in range(len(self._occ) - 1, -1, -1):
            if self._occ[index] & bit:
                return index + 1
        return 0

    def piece_at(self, cell: int, level: int) -> StackedPiece | None:
        """The piece covering `cell` on `level`, if any."""
        index = self._locate().get((level, cell))
        return None if index is None else stacked_piece(*self._pieces[index])

    def levels_at(self, cell: int) -> list[StackedPiece | None]:
        """The stack on `cell`, level 1 first, up to `height(cell)`.

        None marks a level with nothing on this cell under a higher piece: the
        hollow under a bridge (docs/rules.md 2.3).
        """
        return [self.piece_at(cell, level) for level in range(1, self.height(cell) + 1)]

    def level_values(self) -> list[tuple[int, int]]:
        """(Dark, Light) total value on each level, level 1 first, up to `top_level`."""
        values = [[0, 0] for _ in range(self.top_level)]
        for owner, sid, level in self._pieces:
            values[level - 1][owner] += SHAPES[sid].value  # type: ignore[union-attr]
        return [(d, lt) for d, lt in values]

    @property
    def passes_in_a_row(self) -> int:
        """How many of the last plies were passes (2 ends the game)."""
        return self._passes

    # ----- move generation ------------------------------------------------------

    def _free(self, level: int) -> int:
        """Cells that may take a piece on `level`: nothing on it or above (docs/rules.md 2.4)."""
        covered = 0
        for occ in self._occ[level - 1 :]:
            covered |= occ
        return ALL_CELLS & ~covered

    def _own(self, me: int, level: int) -> int:
        mask = 0
        for owner, sid, lv in self._pieces:
            if owner == me and lv == level:
                mask |= SHAPES[sid].mask  # type: ignore[union-attr]
        return mask

    def _locate(self) -> dict[tuple[int, int], int]:
        """(level, cell) -> index into `_pieces`."""
        if self._where is None:
            self._where = {
                (level, cell): i
                for i, (_, sid, level) in enumerate(self._pieces)
                for cell in SHAPES[sid].cells  # type: ignore[union-attr]
            }
        return self._where

    def _level_options(self, me: int, level: int, min_len: int) -> list[Option]:
        """Every (length, direction, anchors) the mover may place on `level`."""
        free = self._free(level)
        fits = fit_kinds(free)
        support = self._own(me, level - 1) if level > 1 else 0
        options: list[Option] = []
        for length, count in zip(LENGTHS, self._hands[me], strict=True):
            if not count or length < min_len:
                continue
            k = (length - 3) * 2  # the piece's kind lying horizontally; + 1 vertically
            for direction, mask in (("h", fits[k]), ("v", fits[k + 1])):
                if level > 1:
                    span = (length - 1) * (1 if direction == "h" else 11)
                    mask &= support & (support >> span)
                if not mask:
                    continue
                anchors = tuple(mask_cells(mask))
                if level > 1:
                    anchors = self._two_supports(level, length, direction, anchors)
                if anchors:
                    options.append((length, direction, anchors))
        return options

    def _two_supports(
        self, level: int, length: int, direction: str, anchors: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Keep anchors whose two ends rest on two different pieces (docs/rules.md 2.3)."""
        where = self._locate()
        far = (length - 1) * (1 if direction == "h" else 10)
        return tuple(a for a in anchors if where[(level - 1, a)] != where[(level - 1, a + far)])

    def _options(self) -> tuple[int, list[Option]]:
        """The level the mover must play on and what fits there (docs/rules.md 2.5)."""
        if self._opts is None:
            me = self._turn
            level = self._level[me]
            options = self._level_options(me, level, self._min_len[me])
            if not options:
                level += 1
                options = self._level_options(me, level, 0)
            self._opts = (level, options)
        return self._opts

    # ----- checking a move ------------------------------------------------------

    def _check(self, move: Move, text: str) -> Move:
        if isinstance(move, Pass):
            if self._options()[1]:
                example = self.legal_moves()[0]
                raise IllegalMoveError(
                    f"{text}: you may pass only when nothing can be placed "
                    f"(you can play {example})",
                    Refusal(Why.MUST_MOVE, example=example),
                )
            return move
        if isinstance(move, Place):
            self._check_place(move, text)
            return move
        raise IllegalMoveError(
            f"{text}: not a FOUNDATIONS move (place a piece, or pass)", Refusal(Why.WRONG_GAME)
        )

    def _check_place(self, move: Place, text: str) -> None:
        me = self._turn
        length, direction, anchor, level = move.length, move.direction, move.cell, move.level
        if not self._hands[me][length - 3]:
            raise IllegalMoveError(
                f"{text}: no {piece_name(length)} left in hand",
                Refusal(Why.NOT_IN_HAND, length=length),
            )
        if not fits_on_board(length, direction, anchor):
            raise IllegalMoveError(
                f"{text}: the piece would leave the board", Refusal(Why.OFF_BOARD)
            )
        current = self._level[me]
        if level < current:
            raise IllegalMoveError(
                f"{text}: you build on level {current} now and never go back down",
                Refusal(Why.LEVEL_DOWN, level=current),
            )
        if level > current + 1:
            raise IllegalMoveError(
                f"{text}: you are on level {current}; you may only move up one level, "
                f"to {current + 1}",
                Refusal(Why.LEVEL_SKIP, level=current),
            )
        if level == current + 1 and self._options()[0] == current:
            example = self.legal_moves()[0]
            raise IllegalMoveError(
                f"{text}: a piece still fits on your level {current} (for example {example}), "
                "so you must play there",
                Refusal(Why.LEVEL_STILL_FITS, level=current, example=example),
            )
        least = self._min_len[me]
        if level == current and length < least:
            raise IllegalMoveError(
                f"{text}: lengths never go down on a level; after a {piece_name(least)} on "
                f"level {current}, play a {VALUE[least]} or longer",
                Refusal(Why.SHORTER_ON_LEVEL, length=least, level=current),
            )
        shape = SHAPES[shape_id(length, direction, anchor)]
        assert shape is not None
        where = self._locate()
        on = "" if level == 1 else f" on level {level}"
        for cell in shape.cells:
            above = self.height(cell)
            if above == level:
                raise IllegalMoveError(
                    f"{text}: cell {cell:02d} is taken{on}", Refusal(Why.TAKEN, cell, level=level)
                )
            if above > level:
                raise IllegalMoveError(
                    f"{text}: cell {cell:02d} is under a piece on level {above}, "
                    "and nothing goes under a piece",
                    Refusal(Why.UNDER_PIECE, cell, level=above),
                )
        if level == 1:
            return
        below = level - 1
        rests = []
        for end in (shape.cells[0], shape.cells[-1]):
            index = where.get((below, end))
            if index is None or self._pieces[index][0] != me:
                whose = "nothing" if index is None else f"{player_of(1 - me).title}'s piece"
                raise IllegalMoveError(
                    f"{text}: the end at {end:02d} is not on your piece on level {below} "
                    f"(it rests on {whose})",
                    Refusal(
                        Why.END_UNSUPPORTED,
                        end,
                        level=below,
                        side=None if index is None else player_of(self._pieces[index][0]),
                    ),
                )
            rests.append(index)
        if rests[0] == rests[1]:
            support = stacked_piece(*self._pieces[rests[0]])
            raise IllegalMoveError(
                f"{text}: both ends rest on the same piece ({support}); they need two "
                "different pieces of yours",
                Refusal(Why.SAME_SUPPORT, support.anchor, length=support.length, level=below),
            )

    # ----- applying a move ------------------------------------------------------

    def _apply(self, move: Move) -> FoundationsState:
        new = self._copy()
        new._moves = self._moves + (str(move),)
        me = self._turn
        if isinstance(move, Place):
            sid = shape_id(move.length, move.direction, move.cell)
            occ = list(self._occ)
            while len(occ) < move.level:
                occ.append(0)
            occ[move.level - 1] |= SHAPES[sid].mask  # type: ignore[union-attr]
            new._occ = tuple(occ)
            new._pieces = self._pieces + ((me, sid, move.level),)
            hand = list(self._hands[me])
            hand[move.length - 3] -= 1
            new._hands = with_item(self._hands, me, tuple(hand))
            new._level = with_item(self._level, me, move.level)
            new._min_len = with_item(self._min_len, me, move.length)
            new._passes = 0
        else:
            new._passes = self._passes + 1
        new._turn = 1 - me
        return new

    # ----- values ---------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<FoundationsState ply={len(self._moves)} to_move={self.to_move} "
            f"levels={self._level} hands={self.scores}>"
        )


def _builder(length: int, direction: str, anchors: tuple[int, ...], level: int):
    return lambda i: Place(length, direction, anchors[i], level)


register_game(
    "foundations",
    FoundationsState,
    core=FoundationsCore,
    better_scores="lower",
    shortest_first=True,
)
