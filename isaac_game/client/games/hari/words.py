"""HARI's actions in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0);
"up" and "right" are as the board is drawn (row 9 at the top, column 9 at the right)."""

from __future__ import annotations

from collections.abc import Sequence

from isaac_game.rules import VALUE, Discard, HariState, Move, Pass, Place, Player, Slide, piece_name

from ...widgets.move_list import MoveWords


def _way(direction: str, sign: int) -> str:
    if direction == "h":
        return "right" if sign > 0 else "left"
    return "up" if sign > 0 else "down"


def describe(before: HariState, move: Move, after: HariState) -> MoveWords:
    """`Dark slides the 3 (5 cells) 2 cells left: slid 3 this turn`, `Light discards the
    1 (3 cells)`, `Dark places the 4 (6 cells) after sliding 3: 14 on the board`."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if isinstance(move, Pass):
        return MoveWords(f"{who} cannot play any piece: passes", _game_over(after))
    if isinstance(move, Slide):
        piece = before.piece_at(move.cell)
        name = f"the {piece_name(piece.length)}" if piece is not None else "a piece"
        if move.distance is None or piece is None:
            where = "off the board"
        else:
            cells = f"{move.distance} cell{'' if move.distance == 1 else 's'}"
            where = f"{cells} {_way(piece.direction, move.sign)}"
        return MoveWords(f"{who} slides {name} {where}: slid {after.slid_value} this turn")
    slid = before.slid_value
    after_slides = f" after sliding {slid}" if slid else ""
    if isinstance(move, Discard):
        text = f"{who} discards the {piece_name(move.length)}{after_slides}"
    elif isinstance(move, Place):
        text = f"{who} places the {piece_name(move.length)}{after_slides}"
    else:
        text = f"{who} plays {move}"  # cannot be: the rules know no other HARI move
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
