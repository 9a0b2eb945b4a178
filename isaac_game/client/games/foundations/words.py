"""FOUNDATIONS' moves in the words players use: what the bar announces, the move list
lists and the replay shows (one place). A piece goes by its printed value (RULES.md 0)."""

from __future__ import annotations

from isaac_game.rules import FoundationsState, GameState, Place, piece_name

from ...widgets.move_list import MoveWords


def describe(before: GameState, move: str, after: GameState) -> MoveWords:
    """`Dark places the 2 (4 cells) on level 1: 34 in hand`, `Light moves up to
    level 2 with the 3 (5 cells): 20 in hand`, `Dark cannot place: passes`."""
    assert isinstance(before, FoundationsState) and isinstance(after, FoundationsState)
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if move == "pass":
        return MoveWords(f"{who} cannot place: passes", _game_over(after, "Both players passed"))
    parsed = before.parse_move(move)
    assert isinstance(parsed, Place)
    left = f"{after.scores[mover.index]} in hand"
    piece = piece_name(parsed.length)
    if parsed.level > before.current_level(mover):
        text = f"{who} moves up to level {parsed.level} with the {piece}: {left}"
    else:
        text = f"{who} places the {piece} on level {parsed.level}: {left}"
    return MoveWords(text, _game_over(after, "Game over"))


def _game_over(after: FoundationsState, why: str) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    return f"{why}: " + (f"{winner.title} wins" if winner else "a draw")
