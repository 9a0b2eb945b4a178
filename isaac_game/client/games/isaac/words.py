"""ISAAC's moves in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0); rows
and columns are those of the player the board faces, as the board's near edges and the
hints name them (Light's own are (9 - r, 9 - c))."""

from __future__ import annotations

from isaac_game.rules import (
    VALUE,
    WINNING_SCORE,
    IsaacState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Remove,
    Why,
    piece_name,
)

from ...widgets.board_view import own_cell
from ...widgets.move_list import MoveWords


def line_name(direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """The line a piece scores on: `row 5` (along a row) or `column 4`, in the numbers of
    the player the board faces (the ones on its near edges)."""
    row, column = own_cell(anchor, facing)
    return f"row {row}" if direction == "h" else f"column {column}"


def describe(
    before: IsaacState, move: Move, after: IsaacState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark removes the 3 on row 5: 3 x 4 x 2 = 24, counter to 36`,
    `Light places the 2 (4 cells) on row 3`, `Dark cannot place: passes`; rows and
    columns as read from `facing`'s side of the board."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass):
        if before.phase == "placement":
            return MoveWords(f"{who} cannot place: passes", _placement_over(after))
        return MoveWords(f"{who} passes and is out: {no_removal(before, mover)}", _game_over(after))
    if isinstance(move, Place):
        line = line_name(move.direction, move.cell, facing)
        return MoveWords(f"{who} places the {piece_name(move.length)} on {line}")
    piece = before.piece_at(move.cell) if isinstance(move, Remove) else None
    if not isinstance(move, Remove) or piece is None:  # cannot be: the move was legal
        return MoveWords(f"{who} removes a piece")
    points = before.removal_points(move.cell)
    start, end = before.scores[mover.index], after.scores[mover.index]
    line = line_name(piece.direction, piece.anchor, facing)
    text = f"{who} removes the {VALUE[piece.length]} on {line}"
    text += f": {points}"
    if end >= WINNING_SCORE:
        return MoveWords(f"{text}, counter to {end}: off the track", f"{who} wins")
    text += f", counter to {end}"
    if end < start + points.points:
        text += f" (not {start + points.points})"
    return MoveWords(text, _game_over(after))


def no_removal(state: IsaacState, player: Player) -> str:
    """Why `player` has no legal removal in `state`, in words, from the rules' own account
    (`removal_blockers`, docs/rules.md 1.3.2): a piece shorter than the last removal stays
    blocked whatever the counters do, so that reason is named before a counter's."""
    who = player.title
    own = [p for p in state.pieces() if p.owner == player]
    if not own:
        return f"{who} has no pieces left"
    blockers = state.removal_blockers(player)
    floor = max((b.floor for b in blockers.values()), default=0)
    short = f"shorter than the {piece_name(floor)} {who} removed last" if floor else ""
    if len(own) == 1:
        blocker = blockers.get(own[0].anchor)
        if blocker is None:
            return ""
        if blocker.floor:
            return f"{who}'s one piece left is {short}"
        assert blocker.counter is not None
        return f"{who}'s one piece left is under {blocker.counter.title}'s counter"
    if len(blockers) < len(own):
        return ""
    if all(b.floor for b in blockers.values()):
        return f"{who}'s pieces left are all {short}"
    if not floor:
        return f"{who}'s pieces left are all under counters"
    return f"{who}'s pieces left are {short}, or under a counter"


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


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """ISAAC's own refusals in words (docs/rules.md 1); None: a shared one."""
    kind, value, side = why.why, why.value, why.side
    if kind is Why.PLACEMENT_OVER:
        return "The placement phase is over: now pieces are removed"
    if kind is Why.HAS_PASSED and side is not None:
        return f"{side.title} has passed and places no more"
    if kind is Why.NOT_SCORING:
        return "Pieces are removed only in the scoring phase"
    if kind is Why.SHORTER and why.length is not None:
        return f"That piece is shorter than your last removal, a {piece_name(why.length)}"
    if kind is Why.UNDER_COUNTER and side is not None:
        return f"{side.title}'s counter stands on that piece"
    if kind is Why.BACKWARDS:
        return f"Your counter stands on {value} and never moves back"
    if kind is Why.TOO_FAR:
        return f"That removal is worth only {value} points"
    if kind is Why.FULL_GAIN:
        return f"Off the track, the counter takes the full gain, to {value}"
    if kind is Why.COUNTER_THERE and side is not None:
        return f"{side.title}'s counter stands on that cell of the track"
    return None
