"""HARI (docs/rules.md section 3): slide your pieces, then play one from hand.

Each action is its own move: a slide (`s23+2`, `s23-x`) keeps the turn, a play
(`5h00` or `d5`) ends it, and `pass` is a move like the others.

Decided here (beyond docs/rules.md 3):
- A slide is named canonically by the piece's anchor before it moves; any cell of
  the piece is accepted when parsing (as ISAAC's removals are).
- A discard is always possible while some piece in hand is long enough and worth
  the value slid this turn, so `pass` comes only at the start of a turn, when no
  piece in hand is long enough (3.4). No slide can come before a pass: a slide needs
  a playable piece to cover it (3.5), and with one the player must play, not pass.
- Turns strictly alternate; a player who cannot play passes on each of their turns
  and the game ends when two plies in a row are passes. A player who passed can
  never play again (their hand and minimum length are theirs alone).
- A slide off the board passes through every cell between the piece and the edge,
  so those cells must be empty; a slide that would leave the piece partly on the
  board is illegal; the value of a piece slid off counts toward the turn's sum.
"""

from __future__ import annotations

from typing import ClassVar

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES, cell_map, fit_kinds, shape_id
from .common import (
    FULL_HAND,
    LENGTHS,
    PIECES_EACH,
    VALUE,
    IllegalMoveError,
    Player,
    Refusal,
    Why,
    fits_on_board,
    piece_name,
    player_of,
    with_item,
)
from .fast.hari import HariCore
from .hari_slides import NO_SLIDE, SlideRange, axis_runs, slides_of
from .moves import PASS, Discard, Move, Pass, Place, Slide
from .pieces import BoardPiece, board_piece, placement_builder
from .state import MoveBlock, MoveList, TwoPassState, register_game


class HariState(TwoPassState):
    """One HARI position. Build with `new_game("hari")`; never mutated."""

    game: ClassVar[str] = "hari"
    _fields: ClassVar[int] = 9
    __slots__ = (
        "_turn",
        "_empty",
        "_owned",
        "_hands",
        "_min_len",
        "_slid",
        "_slid_value",
        "_passes",
        "_moves",
        "_legal",
        "_cell_map",
    )

    def __init__(self) -> None:
        self._turn = 0
        self._empty = ALL_CELLS
        self._owned: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # shape ids
        self._hands: tuple[tuple[int, ...], tuple[int, ...]] = (FULL_HAND, FULL_HAND)
        self._min_len = (0, 0)
        self._slid: tuple[int, ...] = ()  # shape ids, after sliding, of this turn's slides
        self._slid_value = 0
        self._passes = 0
        self._moves: tuple[str, ...] = ()
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._legal: MoveList | None = None
        self._cell_map: dict[int, tuple[int, int]] | None = None

    # ----- the common API -------------------------------------------------------

    @property
    def scores(self) -> tuple[int, int]:
        """Value of each side's pieces on the board (docs/rules.md 3.7)."""
        return _on_board(self._owned[0]), _on_board(self._owned[1])

    @property
    def winner(self) -> Player | None:
        if not self.is_over:
            return None
        dark, light = self.scores
        if dark == light:
            return None
        return Player.DARK if dark > light else Player.LIGHT

    def legal_moves(self) -> MoveList:
        if self._legal is None:
            blocks: list[MoveBlock] = []
            if not self.is_over:
                blocks = self._play_blocks()
                if blocks:
                    blocks += self._slide_blocks()
                else:
                    blocks = [(1, lambda i: PASS)]
            self._legal = MoveList(blocks)
        return self._legal

    # ----- what a client or an AI wants to know ------------------------------

    def discarded(self, player: Player) -> int:
        """How many of the player's pieces are out of the game (discarded or slid off)."""
        i = Player(player).index
        return PIECES_EACH - sum(self._hands[i]) - len(self._owned[i])

    @property
    def empty_cells(self) -> int:
        """The bitboard of the board's empty cells (what a search's move order reads)."""
        return self._empty

    def pieces(self) -> list[BoardPiece]:
        """Every piece on the board, Dark's first, each side's in placing order."""
        return [board_piece(owner, sid) for owner in (0, 1) for sid in self._owned[owner]]

    def piece_at(self, cell: int) -> BoardPiece | None:
        found = self._cells().get(cell)
        return None if found is None else board_piece(*found)

    @property
    def slid_value(self) -> int:
        """Sum of the values of the pieces slid this turn (docs/rules.md 3.5)."""
        return self._slid_value

    @property
    def slid_pieces(self) -> list[BoardPiece]:
        """This turn's slid pieces still on the board, where they now lie."""
        return [board_piece(self._turn, sid) for sid in self._slid]

    @property
    def best_play_value(self) -> int | None:
        """Value of the most valuable piece the mover could still play (None: none)."""
        me = self._turn
        for length in reversed(LENGTHS):
            if self._hands[me][length - 3] and length >= self._min_len[me]:
                return VALUE[length]
        return None

    def budget(self) -> int:
        """Value the mover may still slide this turn and play on (0 when none)."""
        best = self.best_play_value
        return 0 if best is None or self.is_over else best - self._slid_value

    def slide_block(self, cell: int) -> str | None:
        """Why the piece on `cell` may not slide now (ignoring room); None if it may."""
        why = self._slide_block(cell)
        return None if why is None else why[0]

    def slide_refusal(self, cell: int) -> Refusal | None:
        """`slide_block` as facts, for a screen to say in its own words."""
        why = self._slide_block(cell)
        return None if why is None else why[1]

    def _slide_block(self, cell: int) -> tuple[str, Refusal] | None:
        found = self._cells().get(cell)
        if self.is_over:
            return "the game is over", Refusal(Why.GAME_OVER)
        if found is None:
            return f"no piece covers {cell:02d}", Refusal(Why.NO_PIECE, cell)
        owner, sid = found
        me = self._turn
        if owner != me:
            side = player_of(owner)
            return f"that piece is {side.title}'s", Refusal(Why.NOT_YOURS, cell, side=side)
        if sid in self._slid:
            why = Refusal(Why.SLID_ALREADY, cell)
            return "that piece has slid this turn already (once per turn)", why
        best = self.best_play_value
        if best is None:
            why = Refusal(Why.NOTHING_TO_PLAY, cell)
            return "you have no piece left you could play, so nothing may slide", why
        total = self._slid_value + SHAPES[sid].value  # type: ignore[union-attr]
        if total > best:
            why = Refusal(Why.SLIDE_TOO_MUCH, cell, value=total, limit=best)
            return (
                f"that would make {total} slid this turn, and your best play is worth {best}",
                why,
            )
        return None

    def slide_range(self, cell: int) -> SlideRange:
        """The slides legal now for the piece on `cell` (NO_SLIDE if none)."""
        if self.slide_block(cell) is not None:
            return NO_SLIDE
        shape = SHAPES[self._cells()[cell][1]]
        assert shape is not None
        low, high, pos, _ = axis_runs(self._empty, shape.length, shape.direction, shape.anchor)
        return SlideRange(-low, high, low == pos, pos + shape.length + high == 10)

    # ----- move generation ------------------------------------------------------

    def _play_blocks(self) -> list[MoveBlock]:
        me = self._turn
        hand = self._hands[me]
        lengths = [
            n
            for n in LENGTHS
            if hand[n - 3] and n >= self._min_len[me] and VALUE[n] >= self._slid_value
        ]
        blocks: list[MoveBlock] = []
        fits = fit_kinds(self._empty) if lengths else ()
        for length in lengths:
            k = (length - 3) * 2  # the piece's kind lying horizontally; + 1 vertically
            for direction, mask in (("h", fits[k]), ("v", fits[k + 1])):
                if mask:
                    blocks.append((mask.bit_count(), placement_builder(length, direction, mask)))
        blocks.extend((1, _discard_builder(n)) for n in lengths)
        return blocks

    def _slide_blocks(self) -> list[MoveBlock]:
        blocks: list[MoveBlock] = []
        for sid in sorted(self._owned[self._turn], key=lambda s: SHAPES[s].anchor):  # type: ignore[union-attr]
            anchor = SHAPES[sid].anchor  # type: ignore[union-attr]
            slides = slides_of(anchor, self.slide_range(anchor))
            if slides:
                blocks.append((len(slides), slides.__getitem__))
        return blocks

    def _cells(self) -> dict[int, tuple[int, int]]:
        if self._cell_map is None:
            self._cell_map = cell_map(self._owned)
        return self._cell_map

    # ----- checking a move ------------------------------------------------------

    def _check(self, move: Move, text: str) -> Move:
        if isinstance(move, Pass):
            if self._play_blocks():
                example = self.legal_moves()[0]
                raise IllegalMoveError(
                    f"{text}: you may pass only when no piece can be played "
                    f"(you can play {example})",
                    Refusal(Why.MUST_MOVE, example=example),
                )
            return move
        if isinstance(move, Place | Discard):
            self._check_play(move, text)
            return move
        if isinstance(move, Slide):
            return self._check_slide(move, text)
        raise IllegalMoveError(
            f"{text}: not a HARI move (slide, place, discard or pass)", Refusal(Why.WRONG_GAME)
        )

    def _check_play(self, move: Place | Discard, text: str) -> None:
        me = self._turn
        length = move.length
        if not self._hands[me][length - 3]:
            raise IllegalMoveError(
                f"{text}: no {piece_name(length)} left in hand",
                Refusal(Why.NOT_IN_HAND, length=length),
            )
        least = self._min_len[me]
        if length < least:
            raise IllegalMoveError(
                f"{text}: plays never get shorter; your last play was a {piece_name(least)}",
                Refusal(Why.SHORTER, length=least),
            )
        if VALUE[length] < self._slid_value:
            raise IllegalMoveError(
                f"{text}: a {piece_name(length)} is worth less than the "
                f"{self._slid_value} you slid this turn",
                Refusal(Why.WORTH_LESS, length=length, value=self._slid_value),
            )
        if isinstance(move, Discard):
            return
        if move.level != 1:
            raise IllegalMoveError(f"{text}: HARI has no levels", Refusal(Why.NO_LEVELS))
        if not fits_on_board(length, move.direction, move.cell):
            raise IllegalMoveError(
                f"{text}: the piece would leave the board", Refusal(Why.OFF_BOARD)
            )
        shape = SHAPES[shape_id(length, move.direction, move.cell)]
        assert shape is not None
        taken = shape.mask & ~self._empty
        if taken:
            cell = BIT_TO_CELL[(taken & -taken).bit_length() - 1]
            raise IllegalMoveError(f"{text}: cell {cell:02d} is taken", Refusal(Why.TAKEN, cell))

    def _check_slide(self, move: Slide, text: str) -> Slide:
        blocked = self._slide_block(move.cell)
        if blocked is not None:
            raise IllegalMoveError(f"{text}: {blocked[0]}", blocked[1])
        shape = SHAPES[self._cells()[move.cell][1]]
        assert shape is not None
        low, high, pos, step = axis_runs(self._empty, shape.length, shape.direction, shape.anchor)
        canonical = Slide(shape.anchor, move.sign, move.distance)
        run = high if move.sign > 0 else low
        room = 10 - pos - shape.length if move.sign > 0 else pos  # cells up to the edge
        if move.distance is not None and move.distance <= run:
            return canonical
        if run < room:  # a piece stops it before the edge
            edge = pos + shape.length + run if move.sign > 0 else pos - run - 1
            blocker = shape.anchor + (edge - pos) * step
            raise IllegalMoveError(
                f"{text}: the piece on {blocker:02d} is in the way",
                Refusal(Why.IN_THE_WAY, blocker),
            )
        if move.distance is None:
            return canonical
        if move.distance >= room + shape.length:
            raise IllegalMoveError(
                f"{text}: a slide off the board is written {Slide(shape.anchor, move.sign, None)}",
                Refusal(Why.OFF_IS_WHOLE, shape.anchor),
            )
        raise IllegalMoveError(
            f"{text}: the piece would stop partly off the board (slides end wholly on or "
            "wholly off it)",
            Refusal(Why.PARTLY_OFF, shape.anchor),
        )

    # ----- applying a move ------------------------------------------------------

    def _apply(self, move: Move) -> HariState:
        new = self._copy()
        new._moves = self._moves + (str(move),)
        me = self._turn
        if isinstance(move, Slide):
            sid = self._cells()[move.cell][1]
            shape = SHAPES[sid]
            assert shape is not None
            mine = [s for s in self._owned[me] if s != sid]
            empty = self._empty | shape.mask
            if move.distance is not None:
                step = 1 if shape.direction == "h" else 10
                moved = shape_id(
                    shape.length, shape.direction, move.cell + move.sign * move.distance * step
                )
                mine.insert(self._owned[me].index(sid), moved)
                empty &= ~SHAPES[moved].mask  # type: ignore[union-attr]
                new._slid = self._slid + (moved,)
            new._owned = with_item(self._owned, me, tuple(mine))
            new._empty = empty
            new._slid_value = self._slid_value + shape.value
            return new
        if isinstance(move, Place | Discard):
            hand = list(self._hands[me])
            hand[move.length - 3] -= 1
            new._hands = with_item(self._hands, me, tuple(hand))
            new._min_len = with_item(self._min_len, me, move.length)
            if isinstance(move, Place):
                sid = shape_id(move.length, move.direction, move.cell)
                new._owned = with_item(self._owned, me, self._owned[me] + (sid,))
                new._empty = self._empty & ~SHAPES[sid].mask  # type: ignore[union-attr]
            new._passes = 0
        else:
            new._passes = self._passes + 1
        new._slid = ()
        new._slid_value = 0
        new._turn = 1 - me
        return new

    # ----- values ---------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<HariState ply={len(self._moves)} to_move={self.to_move} "
            f"slid={self._slid_value} scores={self.scores}>"
        )


def _on_board(owned: tuple[int, ...]) -> int:
    return sum(VALUE[sid // 200 + 3] for sid in owned)


def _discard_builder(length: int):
    return lambda i: Discard(length)


register_game("hari", HariState, core=HariCore, shortest_first=True)
