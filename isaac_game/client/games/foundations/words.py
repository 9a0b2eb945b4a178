"""FOUNDATIONS' moves in the words players use: what the bar announces, the move list
lists and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0),
a cell by its row and column as read from the side of the board facing the screen."""

from __future__ import annotations

from isaac_game.rules import (
    VALUE,
    FoundationsState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Why,
)

from ...widgets.move_list import MoveWords
from ...words import cell_words, place_words, span_words


def describe(
    before: FoundationsState, move: Move, after: FoundationsState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark places the 2 on row 3, columns 2-5, level 1: 34 in hand`, `Light moves up
    to level 2 with the 3 on column 4, rows 0-4: 20 in hand`, `Dark cannot place:
    passes`."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass) or not isinstance(move, Place):
        return MoveWords(f"{who} cannot place: passes", _game_over(after, "Both players passed"))
    left = f"{after.scores[mover.index]} in hand"
    if move.level > before.current_level(mover):
        where = span_words(move.length, move.direction, move.cell, facing)
        text = f"{who} moves up to level {move.level} with the {VALUE[move.length]} on {where}"
    else:
        text = f"{who} places {place_words(move, facing, level=True)}"
    text += f": {left}"
    return MoveWords(text, _game_over(after, "Game over"))


def result(state: FoundationsState) -> str:
    """Why the game ended as it did: the tie-break, or the lower value left in hand."""
    winner = state.winner
    if state.tiebreak is not None:
        return "Tie-break: " + state.tiebreak
    if winner is not None:
        won, lost = sorted(state.scores)
        return f"{winner.title} has less value left in hand: {won} against {lost} (lower wins)"
    return "Both players are out; the higher score wins"


def _game_over(after: FoundationsState, why: str) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    return f"{why}: " + (f"{winner.title} wins" if winner else "a draw")


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """FOUNDATIONS' own refusals in words (docs/rules.md 2); None: a shared one."""
    kind, level = why.why, why.level
    where = f" ({cell_words(why.cell, facing)})" if why.cell is not None else ""
    if kind is Why.LEVEL_DOWN:
        return f"You build on level {level} now, and never go back down"
    if kind is Why.LEVEL_SKIP and level is not None:
        return f"You are on level {level}: you may only move up one level, to {level + 1}"
    if kind is Why.LEVEL_STILL_FITS:
        return f"A piece still fits on your level {level}, so you must play there"
    if kind is Why.SHORTER_ON_LEVEL and why.length is not None:
        value = VALUE[why.length]
        return f"Lengths never go down on a level: after a {value} here, play a {value} or more"
    if kind is Why.UNDER_PIECE:
        return f"That cell is under a piece on level {level}, and nothing goes under{where}"
    if kind is Why.END_UNSUPPORTED:
        under = "nothing" if why.side is None else f"{why.side.title}'s piece"
        return f"An end is not on your piece on level {level}: it rests on {under}{where}"
    if kind is Why.SAME_SUPPORT and why.length is not None:
        return (
            f"Both ends rest on the same piece (your {VALUE[why.length]}{where}): "
            "they need two different pieces of yours"
        )
    return None
