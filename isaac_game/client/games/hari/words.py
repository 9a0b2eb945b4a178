"""HARI's actions in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (RULES.md 0);
"up" and "right" are as the board is drawn (row 9 at the top, column 9 at the right)."""

from __future__ import annotations

from collections.abc import Sequence

from isaac_game.rules import VALUE, Discard, GameState, HariState, Place, Player, Slide, piece_name

from ...widgets.move_list import MoveWords


def _way(direction: str, sign: int) -> str:
    if direction == "h":
        return "right" if sign > 0 else "left"
    return "up" if sign > 0 else "down"


def describe(before: GameState, move: str, after: GameState) -> MoveWords:
    """`Dark slides the 3 (5 cells) 2 cells left: slid 3 this turn`, `Light discards the
    1 (3 cells)`, `Dark places the 4 (6 cells) after sliding 3: 14 on the board`."""
    assert isinstance(before, HariState) and isinstance(after, HariState)
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = mover.title
    if move == "pass":
        return MoveWords(f"{who} cannot play any piece: passes", _game_over(after))
    parsed = before.parse_move(move)
    if isinstance(parsed, Slide):
        piece = before.piece_at(parsed.cell)
        name = f"the {piece_name(piece.length)}" if piece is not None else "a piece"
        if parsed.distance is None or piece is None:
            where = "off the board"
        else:
            cells = f"{parsed.distance} cell{'' if parsed.distance == 1 else 's'}"
            where = f"{cells} {_way(piece.direction, parsed.sign)}"
        return MoveWords(f"{who} slides {name} {where}: slid {after.slid_value} this turn")
    slid = before.slid_value
    after_slides = f" after sliding {slid}" if slid else ""
    if isinstance(parsed, Discard):
        text = f"{who} discards the {piece_name(parsed.length)}{after_slides}"
    else:
        assert isinstance(parsed, Place)
        text = f"{who} places the {piece_name(parsed.length)}{after_slides}"
    on_board = after.scores[mover.index]
    return MoveWords(f"{text}: {on_board} on the board", _game_over(after))


def _game_over(after: HariState) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    return "Game over: " + (f"{winner.title} wins" if winner else "a draw")


def turn_words(actions: Sequence[tuple[Player, str, GameState, GameState]], player: Player) -> str:
    """`slid the 1 off, placed the 4`: the player's actions among `actions` (mover, move,
    before, after), short enough for a panel's status line."""
    said = []
    for mover, move, before, _after in actions:
        if mover != player:
            continue
        if move == "pass":
            said.append("passed")
            continue
        parsed = before.parse_move(move)
        if isinstance(parsed, Slide):
            assert isinstance(before, HariState)
            piece = before.piece_at(parsed.cell)
            value = f"the {VALUE[piece.length]}" if piece is not None else "a piece"
            said.append(f"slid {value}" + (" off" if parsed.distance is None else ""))
        elif isinstance(parsed, Discard):
            said.append(f"discarded the {VALUE[parsed.length]}")
        elif isinstance(parsed, Place):
            said.append(f"placed the {VALUE[parsed.length]}")
    return ", ".join(said)
