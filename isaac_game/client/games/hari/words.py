"""HARI's actions in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0);
"up" and "right" are as the board is drawn, facing the side it faces
(`board_view.way_word`)."""

from __future__ import annotations

from collections.abc import Sequence

from isaac_game.rules import (
    VALUE,
    BoardPiece,
    Discard,
    HariState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Slide,
    Why,
    piece_name,
)

from ...widgets.board_view import own_cell, way_word
from ...widgets.move_list import MoveWords
from ...words import cell_words, place_words

#: How many cells, in words ("two cells left").
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def cells_words(count: int) -> str:
    """`one cell`, `two cells`."""
    name = NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)
    return f"{name} cell{'' if count == 1 else 's'}"


def piece_words(piece: BoardPiece, facing: Player = Player.DARK) -> str:
    """`the 2 on row 2`: a piece on the board by its value and its line."""
    row, column = own_cell(piece.anchor, facing)
    line = f"row {row}" if piece.direction == "h" else f"column {column}"
    return f"the {VALUE[piece.length]} on {line}"


def slide_words(state: HariState, move: Slide, facing: Player = Player.DARK) -> str:
    """`the 2 on row 2 two cells left`, `the 1 on column 6 off the board`: a slide."""
    piece = state.piece_at(move.cell)
    if piece is None:
        return "a piece"
    if move.distance is None:
        return f"{piece_words(piece, facing)} off the board"
    way = way_word(piece.direction, move.sign, facing)
    return f"{piece_words(piece, facing)} {cells_words(move.distance)} {way}"


def describe(
    before: HariState, move: Move, after: HariState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark slides the 3 on row 5 two cells left: slid 3 this turn`, `Light discards the
    1 (3 cells)`, `Dark places the 4 on row 3, columns 2-7 after sliding 3: 14 on the
    board`; rows, columns and "left" as read from `facing`'s side of the board."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass):
        return MoveWords(f"{who} cannot play any piece: passes", _game_over(after))
    if isinstance(move, Slide):
        what = slide_words(before, move, facing)
        return MoveWords(f"{who} slides {what}: slid {after.slid_value} this turn")
    slid = before.slid_value
    after_slides = f" after sliding {slid}" if slid else ""
    if isinstance(move, Discard):
        text = f"{who} discards the {piece_name(move.length)}{after_slides}"
    elif isinstance(move, Place):
        text = f"{who} places {place_words(move, facing)}{after_slides}"
    else:
        text = f"{who} plays"  # cannot be: the rules know no other HARI move
    on_board = after.scores[mover.index]
    return MoveWords(f"{text}: {on_board} on the board", _game_over(after))


def result(state: HariState) -> str:
    """Why the game ended as it did (docs/rules.md 3.7: most value on the board; draws happen)."""
    dark, light = state.scores
    winner = state.winner
    if winner is None:
        return f"Equal value on the board ({dark} each): a draw"
    low, high = sorted((dark, light))
    return f"{winner.title} has more value on the board: {high} to {low}"


def _game_over(after: HariState) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    return "Game over: " + (f"{winner.title} wins" if winner else "a draw")


def turn_words(actions: Sequence[tuple[Player, Move, HariState, HariState]], player: Player) -> str:
    """`slid the 1 off, placed the 4`: the player's actions among `actions` (mover, move,
    before, after), short enough for a panel's status line."""
    phrases = []
    for mover, move, before, _after in actions:
        if mover != player:
            continue
        if isinstance(move, Pass):
            phrases.append("passed")
        elif isinstance(move, Slide):
            piece = before.piece_at(move.cell)
            value = f"the {VALUE[piece.length]}" if piece is not None else "a piece"
            phrases.append(f"slid {value}" + (" off" if move.distance is None else ""))
        elif isinstance(move, Discard):
            phrases.append(f"discarded the {VALUE[move.length]}")
        elif isinstance(move, Place):
            phrases.append(f"placed the {VALUE[move.length]}")
    return ", ".join(phrases)


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """HARI's own refusals in words (docs/rules.md 3); None: a shared one."""
    kind, value = why.why, why.value
    if kind is Why.SHORTER and why.length is not None:
        return f"Plays never get shorter: your last play was a {piece_name(why.length)}"
    if kind is Why.WORTH_LESS and why.length is not None:
        return f"A {piece_name(why.length)} is worth less than the {value} you slid this turn"
    if kind is Why.SLID_ALREADY:
        return "That piece has slid this turn already (once a turn)"
    if kind is Why.NOTHING_TO_PLAY:
        return "You have no piece left you could play, so nothing may slide"
    if kind is Why.SLIDE_TOO_MUCH:
        return f"That would make {value} slid this turn, and your best play is worth {why.limit}"
    if kind is Why.IN_THE_WAY and why.cell is not None:
        return f"A piece is in the way ({cell_words(why.cell, facing)})"
    if kind is Why.OFF_IS_WHOLE:
        return "A slide off the board takes the piece all the way off"
    if kind is Why.PARTLY_OFF:
        return "The piece would stop partly off the board: it ends wholly on or wholly off"
    return None
