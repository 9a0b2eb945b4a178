"""ISAAC in the client: the game's record, which the registry lists (see `games/base.py`)."""

from __future__ import annotations

from isaac_game.rules import IsaacState

from ...widgets.board_view import BoardView
from ..base import GameEntry
from . import words
from .lesson import LESSON
from .play import IsaacPlay
from .puzzles import PUZZLES
from .replay import IsaacReplayView
from .rulebook import IsaacBook

GAME = GameEntry(
    name="isaac",
    title="ISAAC",
    kind=IsaacState,
    play=IsaacPlay,
    replay_view=lambda fonts: IsaacReplayView(BoardView(fonts)),
    rules_book=IsaacBook,
    words=words.describe,
    facing_words=words.describe,  # rows and columns as read from the side facing the screen
    result=words.result,
    refusals=words.refusal,
    lesson=LESSON,
    puzzles=PUZZLES,
)
