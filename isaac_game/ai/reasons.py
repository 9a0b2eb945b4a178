"""One-line reasons for a FOUNDATIONS or HARI hint, in the words players use.

The search says which move wins most often; these lines say what the move does in
the game's own terms (docs/rules.md 2 and 3) and how often Hard's playouts won after it.
Pieces are named by their printed value, rows and columns in the numbers of the player
the board faces (Dark's by default).
"""

from __future__ import annotations

from isaac_game.i18n import _
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
)


def line_name(direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """`row 5` (a piece along a row) or `column 4`, in `facing`'s own numbers (Light's
    are (9 - r, 9 - c), docs/rules.md 0)."""
    r, c = divmod(anchor, 10)
    if facing == Player.LIGHT:
        r, c = 9 - r, 9 - c
    return (
        _("row {row}").format(row=r) if direction == "h" else _("column {column}").format(column=c)
    )


def span_name(length: int, direction: str, anchor: int, facing: Player = Player.DARK) -> str:
    """`row 5, columns 2-6` (a piece along a row) or `column 4, rows 0-4`: the cells a
    piece lies on, in `facing`'s own numbers, worded as the move list's `span_words` (this
    layer may not import the client): a line alone tells two pieces along it alike."""
    r, c = divmod(anchor, 10)
    last = length - 1
    down, across = (0, last) if direction == "h" else (last, 0)
    if facing == Player.LIGHT:  # the piece's far end is its first cell in Light's numbers
        r, c = 9 - r - down, 9 - c - across
    if direction == "h":
        return _("row {row}, columns {first}-{last}").format(row=r, first=c, last=c + last)
    return _("column {column}, rows {first}-{last}").format(column=c, first=r, last=r + last)


def piece_label(length: int) -> str:
    """`3 (5 cells)`: the rules' `piece_name` in the player's language."""
    # TRANSLATORS: a piece by the value printed on it, its length in cells after
    return _("{value} ({length} cells)").format(value=VALUE[length], length=length)


def _where(move: Place, facing: Player) -> str:
    return span_name(move.length, move.direction, move.cell, facing)


def foundations_reason(state: FoundationsState, move: Move, facing: Player = Player.DARK) -> str:
    """What a FOUNDATIONS move does (docs/rules.md 2)."""
    me = state.to_move
    assert me is not None
    if isinstance(move, Pass):
        return _("nothing you may play fits anywhere: pass")
    assert isinstance(move, Place)
    name = piece_label(move.length)
    level = state.current_level(me)
    if move.level > level:
        # TRANSLATORS: a hint's reason; {line} is "row 5" or "column 4"
        text = _(
            "nothing more fits on level {level}: go up to level {higher} with the "
            "{piece} on {line}, which leaves longer pieces free to follow"
        )
        return text.format(level=level, higher=move.level, piece=name, line=_where(move, facing))
    least = state.min_length(me)
    hand = state.hand(me)
    shorter = any(hand.get(n, 0) for n in range(max(least, 3), move.length))
    if shorter:
        # TRANSLATORS: a hint's reason; {line} is "row 5" or "column 4"
        text = _(
            "places the {piece} on {line}, level {level}: while it still fits (shorter "
            "pieces can follow later only by moving up)"
        )
    else:
        # TRANSLATORS: a hint's reason; {line} is "row 5" or "column 4"
        text = _(
            "places the {piece} on {line}, level {level}: the shortest piece you may play, "
            "so every longer one stays playable"
        )
    return text.format(piece=name, line=_where(move, facing), level=move.level)


def hari_reason(state: HariState, move: Move, facing: Player = Player.DARK) -> str:
    """What a HARI action does (docs/rules.md 3)."""
    me = state.to_move
    assert me is not None
    if isinstance(move, Pass):
        return _("no piece you may still play is left: pass")
    if isinstance(move, Slide):
        piece = state.piece_at(move.cell)
        assert piece is not None
        name = piece_label(piece.length)
        if move.distance is None:
            text = _("slides your {piece} off the board (its value is lost) to make room")
            return text.format(piece=name)
        # TRANSLATORS: a hint's reason; {distance} is a number of cells
        text = _("slides your {piece} {distance} along its line to make room for a longer piece")
        return text.format(piece=name, distance=move.distance)
    if isinstance(move, Discard):
        text = _(
            "discards the {piece}: no room worth taking for it, and the pieces after it "
            "must be at least as long"
        )
        return text.format(piece=piece_label(move.length))
    assert isinstance(move, Place)
    mine = state.scores[me.index] + VALUE[move.length]
    # TRANSLATORS: a hint's reason; {line} is "row 5" or "column 4"
    text = _("places the {piece} on {line}: your value on the board is {total}")
    return text.format(piece=piece_label(move.length), line=_where(move, facing), total=mine)


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
        # TRANSLATORS: {reason} is what the hinted move does; {share} how often it won
        text = _("{reason} (wins {share:.0%} of Hard's playouts)").format(
            reason=text, share=win_chance
        )
    return text
