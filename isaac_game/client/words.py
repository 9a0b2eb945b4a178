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

from isaac_game import i18n
from isaac_game.i18n import N_, _, ngettext
from isaac_game.levels import ladder_number
from isaac_game.players import HUMAN, kind_rating, kind_step, step_name
from isaac_game.rules import (
    VALUE,
    IllegalMoveError,
    NotationError,
    Place,
    Player,
    Refusal,
    Why,
)

from .widgets.board_view import own_cell, piece_cells

#: A game's words for the refusals of its own rules (None: not one of its own).
OwnRefusals = Callable[[Refusal, Player], str | None]


def side_name(player: Player) -> str:
    """ "Dark" or "Light" in the player's language (the rules' `Player.title` stays
    English, for records and the command line)."""
    return _("Dark") if player is Player.DARK else _("Light")


#: The computer levels as a player reads them (the kinds themselves are identifiers).
LEVEL_NAMES: dict[str, str] = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "greedy": N_("greedy"),
}


def level_name(kind: str, english: bool = False) -> str:
    """A computer level by its own name ("hard", "level 4"): in the player's language,
    or in English for a record (`english`)."""
    say = _english if english else _
    if kind in LEVEL_NAMES:
        return say(LEVEL_NAMES[kind])
    number = ladder_number(kind)
    if number is not None:
        # TRANSLATORS: a step of the computer's ladder of levels, "level 4"
        return say(N_("level {number}")).format(number=number)
    return kind


def _english(text: str) -> str:
    """A marked source as it is: the records are written in English."""
    return text


# TRANSLATORS: a computer opponent, by its step of the game's ladder and its old name:
# "Level 3 (Easy)". It is its one name: in the level chooser, the game's panels, the
# results, the report, the saves and your record.
NAMED_STEP = N_("Level {number} ({name})")
# TRANSLATORS: a computer opponent, by its step of the game's ladder: "Level 2"
STEP = N_("Level {number}")
# TRANSLATORS: a computer player that is no step of the game's ladder; {level} is its
# level's name: "greedy"
OFF_LADDER = N_("Computer ({level})")


def computer_name(kind: str, game: str, english: bool = False) -> str:
    """A computer opponent's one name, the same wherever it is shown (the level
    chooser, the game's panels, the results, the report, the saves, the stats, a save's
    headers): its step of `game`'s ladder, with its old name where it has one,
    "Level 3 (Easy)". One function, so that a player never meets the same opponent
    under two names; short, so that two of them and a result fit a saves row at the
    smallest window, in Italian too. `english`: for a record, never translated."""
    say = _english if english else _
    number = kind_step(game, kind)
    if number is None:
        return say(OFF_LADDER).format(level=level_name(kind, english))
    named = step_name(game, number)  # `level3` is Easy in ISAAC, as the menu names it
    if named in LEVEL_NAMES:
        name = say(LEVEL_NAMES[named])
        return say(NAMED_STEP).format(number=number, name=name[:1].upper() + name[1:])
    return say(STEP).format(number=number)


def choice_words(kind: str, game: str) -> str:
    """A seat's kind as the level chooser (the title's Dark and Light rows) offers it:
    a computer by its name and its measured rating, "Level 6 (Medium) · 800"
    (`ratings_line` says what a rating means)."""
    if kind == HUMAN:
        return _("Human")
    name = computer_name(kind, game)
    rating = kind_rating(game, kind)
    if rating is None:
        return name
    # TRANSLATORS: a computer opponent and its rating (Elo points, the first level at
    # 0): "Level 6 (Medium) · 800"
    return _("{level} · {rating}").format(level=name, rating=i18n.number(round(rating)))


#: The rating gap the level chooser explains: about the gap between two steps.
RATING_GAP = 150


def ratings_line(gap: int = RATING_GAP) -> str:
    """What the chooser's ratings mean, from the rating model itself: the share of
    games a level `gap` points higher wins against the lower one, as the nearest
    "7 games in 10" (a draw counts half, as in the fit)."""
    from fractions import Fraction

    from isaac_game.ai.ratings import expected_score  # the AI is loaded only when asked of

    share = Fraction(expected_score(gap)).limit_denominator(10)
    wins, games = share.numerator, share.denominator
    # TRANSLATORS: under the level chooser; the numbers after each computer level are
    # ratings: "Ratings: a level 150 points higher wins about 7 games in 10"
    text = ngettext(
        "Ratings: a level {points} points higher wins about {wins} game in {games}",
        "Ratings: a level {points} points higher wins about {wins} games in {games}",
        wins,
    )
    return text.format(points=i18n.number(gap), wins=i18n.number(wins), games=i18n.number(games))


def kind_words(kind: str, game: str) -> str:
    """A player kind as the window names it: "Human", or the computer's one name in
    `game` (`computer_name`)."""
    if kind == HUMAN:
        return _("Human")
    return computer_name(kind, game)


def cell_words(cell: int, facing: Player = Player.DARK) -> str:
    """`row 3, column 3`: a cell as read from `facing`'s side of the board."""
    row, column = own_cell(cell, facing)
    return _("row {row}, column {column}").format(row=row, column=column)


def cells_words(cells: list[int], facing: Player = Player.DARK) -> str:
    """`row 2, columns 1 and 3` (cells on one row), `column 4, rows 0 and 2`, else each
    cell by its row and column."""
    seen = [own_cell(c, facing) for c in cells]
    rows, columns = sorted({r for r, _c in seen}), sorted({c for _r, c in seen})
    if len(rows) == 1 and len(columns) > 1:
        # TRANSLATORS: {columns} is a list of numbers, e.g. "1, 2 and 3"
        return _("row {row}, columns {columns}").format(row=rows[0], columns=and_list(columns))
    if len(columns) == 1 and len(rows) > 1:
        # TRANSLATORS: {rows} is a list of numbers, e.g. "1, 2 and 3"
        return _("column {column}, rows {rows}").format(column=columns[0], rows=and_list(rows))
    return and_list([_("row {row}, column {column}").format(row=r, column=c) for r, c in seen])


def and_list(items: list) -> str:
    """`1`, `1 and 3`, `1, 2 and 3` (the "and" in the player's language)."""
    names = [str(i) for i in items]
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list: "{items}" is "1, 2", "{last}" is "3"
    return _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def piece_words(length: int) -> str:
    """`3 (5 cells)`: a piece by its printed value, its length after."""
    # TRANSLATORS: a piece named by the value printed on it, then its length in cells
    return ngettext("{value} ({length} cell)", "{value} ({length} cells)", length).format(
        value=VALUE[length], length=length
    )


def span_words(length: int, direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """`row 3, columns 2-4` (along a row) or `column 4, rows 0-4`: where a piece lies."""
    cells = [own_cell(c, facing) for c in piece_cells(length, direction, anchor)]
    rows, columns = sorted({r for r, _c in cells}), sorted({c for _r, c in cells})
    if direction == "h":
        return _("row {row}, columns {first}-{last}").format(
            row=rows[0], first=columns[0], last=columns[-1]
        )
    return _("column {column}, rows {first}-{last}").format(
        column=columns[0], first=rows[0], last=rows[-1]
    )


def place_words(move: Place, facing: Player = Player.DARK, level: bool = False) -> str:
    """`the 3 on row 5, columns 2-6` (`level`: `, level 2` after it): a placement."""
    where = span_words(move.length, move.direction, move.cell, facing)
    value = VALUE[move.length]
    if level:
        # TRANSLATORS: a placement: "the 3 on row 5, columns 2-6, level 2"
        return _("the {value} on {where}, level {level}").format(
            value=value, where=where, level=move.level
        )
    # TRANSLATORS: a placement: "the 3 on row 5, columns 2-6"
    return _("the {value} on {where}").format(value=value, where=where)


def _at(text: str, cell: int | None, facing: Player) -> str:
    """`text (row 3, column 3)`: a refusal with the cell it is about, when known."""
    if cell is None:
        return text
    # TRANSLATORS: a refusal, then the cell it is about: "No piece there (row 3, column 3)"
    return _("{refusal} ({cell})").format(refusal=text, cell=cell_words(cell, facing))


def common_refusal(refusal: Refusal, facing: Player = Player.DARK) -> str:
    """The words for a refusal every game shares (and a plain one for any other)."""
    why, cell = refusal.why, refusal.cell
    if why is Why.GAME_OVER:
        return _("The game is over")
    if why is Why.WRONG_GAME:
        return _("That is not a move of this game")
    if why is Why.MUST_MOVE:
        return _("You cannot pass: you still have a move")
    if why is Why.NO_LEVELS:
        return _("This game has no levels")
    if why is Why.NOT_IN_HAND and refusal.length is not None:
        # TRANSLATORS: {piece} is e.g. "3 (5 cells)"
        return _("No {piece} left in hand").format(piece=piece_words(refusal.length))
    if why is Why.OFF_BOARD:
        return _("That piece would leave the board")
    if why is Why.TAKEN:
        if refusal.level and refusal.level > 1:
            taken = _("That cell is taken on level {level}").format(level=refusal.level)
        else:
            taken = _("That cell is taken")
        return _at(taken, cell, facing)
    if why is Why.NO_PIECE:
        return _at(_("No piece there"), cell, facing)
    if why is Why.NOT_YOURS and refusal.side is not None:
        # TRANSLATORS: {player} is "Dark" or "Light"
        mine = _("That piece is {player}'s").format(player=side_name(Player(refusal.side)))
        return _at(mine, cell, facing)
    return _("That move is not allowed here")


def why_not(
    error: ValueError | Refusal, facing: Player = Player.DARK, own: OwnRefusals | None = None
) -> str:
    """Why a move is refused, in words: the game's own (`own`) for its rules, else the
    shared ones. The engine's message (with its notation) is never shown to a player;
    text that is not a move at all gets plain words."""
    if isinstance(error, NotationError):
        return _("That is not a move")
    refusal = error if isinstance(error, Refusal) else None
    if isinstance(error, IllegalMoveError):
        refusal = error.refusal
    if refusal is None:
        return _("That move is not allowed here")
    said = own(refusal, facing) if own is not None else None
    return said if said is not None else common_refusal(refusal, facing)


def hand_text(count: int, length: int, short: bool = False) -> str:
    """A hand row's words: `1 piece, value 6` (`short`: `1 of value 6`, for a narrow
    panel). Pieces go by their printed value (docs/rules.md 0); the picture shows the length."""
    value = VALUE[length]
    if short:
        # TRANSLATORS: a narrow hand row: how many pieces of that printed value
        return ngettext("{count} of value {value}", "{count} of value {value}", count).format(
            count=count, value=value
        )
    # TRANSLATORS: a hand row: how many pieces, and the value printed on them
    return ngettext("{count} piece, value {value}", "{count} pieces, value {value}", count).format(
        count=count, value=value
    )
