"""FOUNDATIONS in the client: the plug-in the registry lists (see `games/base.py`)."""

from __future__ import annotations

from isaac_game.rules import GameState

from ...theme import Fonts
from ...widgets.move_list import MoveWords
from ..base import GamePlay, GamePlugin, PlayHost, ReplayView
from . import words
from .board import StackBoard
from .play import FoundationsPlay
from .replay import FoundationsReplayView
from .rules import FoundationsBook


class FoundationsPlugin(GamePlugin):
    name = "foundations"
    title = "FOUNDATIONS"
    has_hints = True

    def play(self, host: PlayHost) -> GamePlay:
        return FoundationsPlay(host)

    def replay_view(self, fonts: Fonts) -> ReplayView:
        return FoundationsReplayView(StackBoard(fonts))

    def rules_book(self, fonts: Fonts) -> FoundationsBook:
        return FoundationsBook(fonts)

    def describe(self, before: GameState, move: str, after: GameState) -> MoveWords:
        return words.describe(before, move, after)


PLUGIN = FoundationsPlugin()
