"""HARI in the client: the game's record, which the registry lists (see `games/base.py`)."""

from __future__ import annotations

from isaac_game.i18n import N_
from isaac_game.rules import HariState

from ...widgets.board_view import BoardView
from ..base import GameEntry
from . import words
from .lesson import LESSON
from .play import HariPlay
from .puzzles import PUZZLES
from .replay import HariReplayView
from .rulebook import HariBook

GAME = GameEntry(
    name="hari",
    title="HARI",
    kind=HariState,
    play=HariPlay,
    replay_view=lambda fonts: HariReplayView(BoardView(fonts)),
    rules_book=HariBook,
    words=words.describe,
    facing_words=words.describe,  # a slide's way turns with the board
    result=words.result,
    refusals=words.refusal,
    # TRANSLATORS: after a side's name in the results' score box ("Dark: on board")
    score_suffix=N_(": on board"),
    score_lines=(N_("Dark on the board"), N_("Light on the board")),
    lesson=LESSON,
    puzzles=PUZZLES,
)
