"""HARI in the client: the plug-in the registry lists (see `games/base.py`)."""

from __future__ import annotations

from isaac_game.rules import GameState

from ...theme import Fonts
from ...widgets.board_view import BoardView
from ...widgets.move_list import MoveWords
from ..base import GamePlay, GamePlugin, PlayHost, ReplayView
from . import words
from .play import HariPlay
from .replay import HariReplayView
from .rules import HariBook


class HariPlugin(GamePlugin):
    name = "hari"
    title = "HARI"
    has_hints = True

    def play(self, host: PlayHost) -> GamePlay:
        return HariPlay(host)

    def replay_view(self, fonts: Fonts) -> ReplayView:
        return HariReplayView(BoardView(fonts))

    def rules_book(self, fonts: Fonts) -> HariBook:
        return HariBook(fonts)

    def describe(self, before: GameState, move: str, after: GameState) -> MoveWords:
        return words.describe(before, move, after)


PLUGIN = HariPlugin()
