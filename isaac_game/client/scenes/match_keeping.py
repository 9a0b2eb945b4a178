"""The match scene's game on disk (a part of MatchScene, kept apart for its size): kept
after every move through its `GameKeeper`, saved on demand, and never left without a
question that says whether it is saved.

A game the disk refused stays in memory; leaving it asks "It is not saved" and offers
to try again or to save it in another folder (`client/unsaved.py`). Only a game that
is on disk gets the usual "It is saved: Resume picks it up."
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from isaac_game.match import Match
from isaac_game.rules import GameState

from ..keeper import GameKeeper
from ..scene import Question
from ..unsaved import unsaved_question

if TYPE_CHECKING:
    from ..app import App
    from ..control import MatchControl
    from ..handoff import GameSetup


class MatchKeeping:
    """The match scene's saving (mixed into MatchScene)."""

    app: App
    match: Match
    control: MatchControl
    setup: GameSetup
    keeper: GameKeeper

    if TYPE_CHECKING:

        @property
        def state(self) -> GameState: ...
        def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...

    @property
    def save_path(self) -> Path | None:
        """The file this game is kept in (None until its first move)."""
        return self.keeper.path

    @property
    def demo(self) -> bool:
        return self.setup.demo

    def headers(self) -> dict[str, str]:
        """The player headers a new record of this game starts with."""
        return self.control.headers(self.setup)

    def keep(self) -> None:
        """The game on disk after every move, undo and redo (never a demo's)."""
        if not self.demo and self.control.keeps_games:
            news = self.keeper.keep(self.state)
            if news:
                self.say(news, warn=bool(self.keeper.error), seconds=4.0)

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """Asked before the player leaves a game that is under way (never a demo's, a
        finished one's or one where nothing was played), or one not on disk."""
        if self.demo:
            return None
        if self.control.keeps_games:
            question = unsaved_question(self.app, self.keeper, leave, self)
            if question is not None:
                return question
        over = self.state.is_over or self.control.finished()
        if over or not self.state.moves:
            return None
        return self.control.leave_question(leave)

    def keep_game(self) -> str | None:
        """Save the game before the program has to close (a bug): in words, where it is
        now, or why it could not be saved anywhere."""
        if not (self.state.moves and not self.demo and self.control.keeps_games):
            return None
        self.save()
        trouble = self.keeper.unsaved()
        if not trouble:
            return f"Your game was kept: {self.save_path}."
        saved, words = self.keeper.save_elsewhere()
        if saved:
            return f"Your game could not be saved in its own file ({trouble}). {words}."
        return f"Your game could not be saved: {trouble}. {words}."

    def save(self) -> str:
        """Save the game to its file now; a message for the user."""
        return self.keeper.save(self.state)
