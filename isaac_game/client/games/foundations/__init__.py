"""FOUNDATIONS in the client: the game's record, which the registry lists (see
`games/base.py`)."""

from __future__ import annotations

from isaac_game.i18n import N_
from isaac_game.rules import FoundationsState

from ..base import GameEntry
from . import words
from .board import StackBoard
from .lesson import LESSON
from .play import FoundationsPlay
from .puzzles import PUZZLES
from .replay import FoundationsReplayView
from .rulebook import FoundationsBook

GAME = GameEntry(
    name="foundations",
    title="FOUNDATIONS",
    kind=FoundationsState,
    play=FoundationsPlay,
    replay_view=lambda fonts: FoundationsReplayView(StackBoard(fonts)),
    rules_book=FoundationsBook,
    words=words.describe,
    facing_words=words.describe,  # rows and columns as read from the side facing the screen
    result=words.result,
    refusals=words.refusal,
    # TRANSLATORS: after "Dark"/"Light" on the results' score boxes: "Dark: in hand"
    score_suffix=N_(": in hand"),
    score_lines=(N_("Dark's hand"), N_("Light's hand")),
    lesson=LESSON,
    puzzles=PUZZLES,
)
