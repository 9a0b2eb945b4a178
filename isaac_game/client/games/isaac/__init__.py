"""ISAAC in the client: the plug-in the registry lists (see `games/base.py`)."""

from __future__ import annotations

from isaac_game.rules import GameState

from ...theme import Fonts
from ...widgets.board_view import BoardView
from ...widgets.move_list import MoveWords
from ..base import GamePlay, GamePlugin, PlayHost, ReplayView
from . import words
from .play import IsaacPlay
from .replay import IsaacReplayView
from .rules import IsaacBook


class IsaacPlugin(GamePlugin):
    name = "isaac"
    title = "ISAAC"
    has_hints = True

    def play(self, host: PlayHost) -> GamePlay:
        return IsaacPlay(host)

    def replay_view(self, fonts: Fonts) -> ReplayView:
        return IsaacReplayView(BoardView(fonts))

    def rules_book(self, fonts: Fonts) -> IsaacBook:
        return IsaacBook(fonts)

    def describe(self, before: GameState, move: str, after: GameState) -> MoveWords:
        return words.describe(before, move, after)


PLUGIN = IsaacPlugin()
