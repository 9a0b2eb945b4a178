"""ISAAC's moves in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0); rows
and columns are the notation's (Dark's coordinates, as the hints name them)."""

from __future__ import annotations

from isaac_game.rules import (
    VALUE,
    WINNING_SCORE,
    IsaacState,
    Move,
    Pass,
    Place,
    Remove,
    piece_name,
)

from ...widgets.move_list import MoveWords


def line_name(direction: str, anchor: int) -> str:
    """The line a piece scores on: `row 5` (along a row) or `column 4`."""
    return f"row {anchor // 10}" if direction == "h" else f"column {anchor % 10}"


def describe(before: IsaacState, move: Move, after: IsaacState) -> MoveWords:
    """`Dark removes the 3 on row 5: 3 x 4 x 2 = 24, counter to 36`,
    `Light places the 2 (4 cells) on row 3`, `Dark cannot place: passes`."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass):
        if before.phase == "placement":
            return MoveWords(f"{who} cannot place: passes", _placement_over(after))
        return MoveWords(f"{who} cannot remove a piece: passes and is out", _game_over(after))
    if isinstance(move, Place):
        line = line_name(move.direction, move.cell)
        return MoveWords(f"{who} places the {piece_name(move.length)} on {line}")
    piece = before.piece_at(move.cell) if isinstance(move, Remove) else None
    if not isinstance(move, Remove) or piece is None:  # cannot be: the move was legal
        return MoveWords(f"{who} removes a piece")
    points = before.removal_points(move.cell)
    start, end = before.scores[mover.index], after.scores[mover.index]
    text = f"{who} removes the {VALUE[piece.length]} on {line_name(piece.direction, piece.anchor)}"
    text += f": {points}"
    if end >= WINNING_SCORE:
        return MoveWords(f"{text}, counter to {end}: off the track", f"{who} wins")
    text += f", counter to {end}"
    if end < start + points.points:
        text += f" (not {start + points.points})"
    return MoveWords(text, _game_over(after))


def result(state: IsaacState) -> str:
    """Why the game ended as it did: the tie-break, a counter off the track, or the
    higher score once both are out."""
    winner = state.winner
    if state.tiebreak is not None:
        return "Tie-break: " + state.tiebreak
    if max(state.scores) >= WINNING_SCORE:
        return f"{winner.title} reached {max(state.scores)} and left the track" if winner else ""
    return "Both players are out; the higher score wins"


def _placement_over(after: IsaacState) -> str:
    if after.phase == "placement":
        return ""
    first = after.first_passer
    news = "Placement over."
    if first is not None:
        news += f" {first.title} passed first and starts scoring"
    if after.is_over:
        news += ". Nobody can remove a piece: game over"
    return news


def _game_over(after: IsaacState) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    return "Both players are out: " + (f"{winner.title} wins" if winner else "game over")
