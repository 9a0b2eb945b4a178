"""FOUNDATIONS' moves in the words players use: what the bar announces, the move list
lists and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0)."""

from __future__ import annotations

from isaac_game.rules import FoundationsState, Move, Pass, Place, piece_name

from ...widgets.move_list import MoveWords


def describe(before: FoundationsState, move: Move, after: FoundationsState) -> MoveWords:
    """`Dark places the 2 (4 cells) on level 1: 34 in hand`, `Light moves up to
    level 2 with the 3 (5 cells): 20 in hand`, `Dark cannot place: passes`."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass) or not isinstance(move, Place):
        return MoveWords(f"{who} cannot place: passes", _game_over(after, "Both players passed"))
    left = f"{after.scores[mover.index]} in hand"
    piece = piece_name(move.length)
    if move.level > before.current_level(mover):
        text = f"{who} moves up to level {move.level} with the {piece}: {left}"
    else:
        text = f"{who} places the {piece} on level {move.level}: {left}"
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
