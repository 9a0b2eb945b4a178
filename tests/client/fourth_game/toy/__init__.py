"""TOY in the client: the game's record, as a game's folder under `games/` holds it."""

from __future__ import annotations

from isaac_game.client.games.base import GameEntry
from isaac_game.client.widgets.board_view import BoardView

from ..toy_rules import ToyState
from .play import ToyBook, ToyPlay, ToyReplayView, describe, result

GAME = GameEntry(
    name="toy",
    title="TOY",
    kind=ToyState,
    play=ToyPlay,
    replay_view=lambda fonts: ToyReplayView(BoardView(fonts)),
    rules_book=ToyBook,
    words=describe,
    result=result,
)
