"""The words every game's screens share: a cell by its row and column, where a piece
lies, and the rules' refusals that are the same in every game (a taken cell, a piece
not in hand), said as players say them, never in notation (docs/rules.md 0: notation
is for records). A game's own refusals are in its `games/<game>/words.py`, which hands
the rest to `why_not` here. One place each, so that a translation can wrap them.

Rows and columns are those of the player the board faces (`own_cell`: Light's own
numbers are (9 - r, 9 - c)), the numbers drawn on the edges nearest the screen's
bottom and left, so the words and the board agree whichever way it is turned.
"""

from __future__ import annotations

from collections.abc import Callable

from isaac_game.rules import (
    VALUE,
    IllegalMoveError,
    NotationError,
    Place,
    Player,
    Refusal,
    Why,
    piece_name,
)

from .widgets.board_view import own_cell, piece_cells

#: A game's words for the refusals of its own rules (None: not one of its own).
OwnRefusals = Callable[[Refusal, Player], str | None]


def cell_words(cell: int, facing: Player = Player.DARK) -> str:
    """`row 3, column 3`: a cell as read from `facing`'s side of the board."""
    row, column = own_cell(cell, facing)
    return f"row {row}, column {column}"


def cells_words(cells: list[int], facing: Player = Player.DARK) -> str:
    """`row 2, columns 1 and 3` (cells on one row), `column 4, rows 0 and 2`, else each
    cell by its row and column."""
    seen = [own_cell(c, facing) for c in cells]
    rows, columns = sorted({r for r, _ in seen}), sorted({c for _, c in seen})
    if len(rows) == 1 and len(columns) > 1:
        return f"row {rows[0]}, columns {_and(columns)}"
    if len(columns) == 1 and len(rows) > 1:
        return f"column {columns[0]}, rows {_and(rows)}"
    return _and([f"row {r}, column {c}" for r, c in seen])


def _and(items: list) -> str:
    """`1`, `1 and 3`, `1, 2 and 3`."""
    names = [str(i) for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def span_words(length: int, direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """`row 3, columns 2-4` (along a row) or `column 4, rows 0-4`: where a piece lies."""
    cells = [own_cell(c, facing) for c in piece_cells(length, direction, anchor)]
    rows, columns = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
    if direction == "h":
        return f"row {rows[0]}, columns {columns[0]}-{columns[-1]}"
    return f"column {columns[0]}, rows {rows[0]}-{rows[-1]}"


def place_words(move: Place, facing: Player = Player.DARK, level: bool = False) -> str:
    """`the 3 on row 5, columns 2-6` (`level`: `, level 2` after it): a placement."""
    where = span_words(move.length, move.direction, move.cell, facing)
    on = f", level {move.level}" if level else ""
    return f"the {VALUE[move.length]} on {where}{on}"


def common_refusal(refusal: Refusal, facing: Player = Player.DARK) -> str:
    """The words for a refusal every game shares (and a plain one for any other)."""
    why, cell = refusal.why, refusal.cell
    where = f" ({cell_words(cell, facing)})" if cell is not None else ""
    if why is Why.GAME_OVER:
        return "The game is over"
    if why is Why.WRONG_GAME:
        return "That is not a move of this game"
    if why is Why.MUST_MOVE:
        return "You cannot pass: you still have a move"
    if why is Why.NO_LEVELS:
        return "This game has no levels"
    if why is Why.NOT_IN_HAND and refusal.length is not None:
        return f"No {piece_name(refusal.length)} left in hand"
    if why is Why.OFF_BOARD:
        return "That piece would leave the board"
    if why is Why.TAKEN:
        on = f" on level {refusal.level}" if refusal.level and refusal.level > 1 else ""
        return f"That cell is taken{on}{where}"
    if why is Why.NO_PIECE:
        return f"No piece there{where}"
    if why is Why.NOT_YOURS and refusal.side is not None:
        return f"That piece is {refusal.side.title}'s{where}"
    return "That move is not allowed here"


def why_not(
    error: ValueError | Refusal, facing: Player = Player.DARK, own: OwnRefusals | None = None
) -> str:
    """Why a move is refused, in words: the game's own (`own`) for its rules, else the
    shared ones. The engine's message (with its notation) is never shown to a player;
    text that is not a move at all gets plain words."""
    if isinstance(error, NotationError):
        return "That is not a move"
    refusal = error if isinstance(error, Refusal) else None
    if isinstance(error, IllegalMoveError):
        refusal = error.refusal
    if refusal is None:
        return "That move is not allowed here"
    said = own(refusal, facing) if own is not None else None
    return said if said is not None else common_refusal(refusal, facing)
