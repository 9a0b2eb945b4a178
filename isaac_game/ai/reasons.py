"""One-line reasons for a FOUNDATIONS or HARI hint, in the words players use.

The search says which move wins most often; these lines say what the move does in
the game's own terms (docs/rules.md 2 and 3) and how often Hard's playouts won after it.
Pieces are named by their printed value, rows and columns in the numbers of the player
the board faces (Dark's by default).
"""

from __future__ import annotations

from isaac_game.rules import (
    VALUE,
    Discard,
    FoundationsState,
    GameState,
    HariState,
    Move,
    Pass,
    Place,
    Player,
    Slide,
    piece_name,
)


def line_name(direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """`row 5` (a piece along a row) or `column 4`, in `facing`'s own numbers (Light's
    are (9 - r, 9 - c), docs/rules.md 0)."""
    r, c = divmod(anchor, 10)
    if facing == Player.LIGHT:
        r, c = 9 - r, 9 - c
    return f"row {r}" if direction == "h" else f"column {c}"


def _where(move: Place, facing: Player) -> str:
    return line_name(move.direction, move.cell, facing)


def foundations_reason(state: FoundationsState, move: Move, facing: Player = Player.DARK) -> str:
    """What a FOUNDATIONS move does (docs/rules.md 2)."""
    me = state.to_move
    assert me is not None
    if isinstance(move, Pass):
        return "nothing you may play fits anywhere: pass"
    assert isinstance(move, Place)
    name = piece_name(move.length)
    level = state.current_level(me)
    if move.level > level:
        return (
            f"nothing more fits on level {level}: go up to level {move.level} with the "
            f"{name} on {_where(move, facing)}, which leaves longer pieces free to follow"
        )
    least = state.min_length(me)
    hand = state.hand(me)
    shorter = any(hand.get(n, 0) for n in range(max(least, 3), move.length))
    text = f"places the {name} on {_where(move, facing)}, level {move.level}"
    if shorter:
        return text + ": while it still fits (shorter pieces can follow later only by moving up)"
    return text + ": the shortest piece you may play, so every longer one stays playable"


def hari_reason(state: HariState, move: Move, facing: Player = Player.DARK) -> str:
    """What a HARI action does (docs/rules.md 3)."""
    me = state.to_move
    assert me is not None
    if isinstance(move, Pass):
        return "no piece you may still play is left: pass"
    if isinstance(move, Slide):
        piece = state.piece_at(move.cell)
        assert piece is not None
        name = piece_name(piece.length)
        if move.distance is None:
            return f"slides your {name} off the board (its value is lost) to make room"
        return f"slides your {name} {move.distance} along its line to make room for a longer piece"
    if isinstance(move, Discard):
        return (
            f"discards the {piece_name(move.length)}: no room worth taking for it, and the "
            "pieces after it must be at least as long"
        )
    assert isinstance(move, Place)
    mine = state.scores[me.index] + VALUE[move.length]
    where = _where(move, facing)
    return f"places the {piece_name(move.length)} on {where}: your value on the board is {mine}"


def reason(
    state: GameState, move: Move, win_chance: float | None = None, facing: Player = Player.DARK
) -> str:
    """One line for a hint: what the move does (rows and columns as read from `facing`'s
    side), and how often Hard's playouts won."""
    if isinstance(state, FoundationsState):
        text = foundations_reason(state, move, facing)
    elif isinstance(state, HariState):
        text = hari_reason(state, move, facing)
    else:
        raise ValueError("ISAAC's hints are explained by hint.explain")
    if win_chance is not None:
        text += f" (wins {win_chance:.0%} of Hard's playouts)"
    return text
