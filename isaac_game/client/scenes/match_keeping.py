"""The match scene's game on disk: kept after every move through its `GameKeeper`,
saved on demand, and never left without a question that says whether it is saved.

A game the disk refused stays in memory; leaving it asks "It is not saved" and offers
to try again or to save it in another folder (`client/unsaved.py`). Only a game that
is on disk gets the usual "It is saved: Resume picks it up."
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from isaac_game.clock import clock_note
from isaac_game.i18n import _
from isaac_game.rules import Headers, Key, Loss, OffBoard, result_text, yes

from ..keeper import GameKeeper
from ..scene import Question
from ..unsaved import unsaved_question

if TYPE_CHECKING:
    from isaac_game.match import Match

    from ..app import App
    from ..control import BarSays, HeadersPolicy
    from ..handoff import GameSetup
    from ..scene import Scene


class KeptScene(Protocol):
    """The match scene, as its keeping sees it."""

    app: App

    @property
    def control(self) -> HeadersPolicy: ...

    setup: GameSetup
    match: Match
    bar: BarSays


class MatchKeeping:
    """The match scene's saving: the keeper of its file, and the questions asked before
    the game is left."""

    def __init__(self, scene: KeptScene, keeper: GameKeeper) -> None:
        self.scene = scene
        self.keeper = keeper
        keeper.headers = self.headers
        self._ply = 0  # how far the game was when it was last kept

    @property
    def demo(self) -> bool:
        return self.scene.setup.demo

    def headers(self) -> dict[str, str]:
        """The player headers a new record of this game starts with."""
        return self.scene.control.headers(self.scene.setup)

    def keep(self) -> None:
        """The game on disk after every move, undo and redo (never a demo's). A move
        taken back marks the record (`TakenBack: yes`), which the stats count apart."""
        if not self.demo and self.scene.control.keeps_games:
            match, journal = self.scene.match, self.keeper.journal
            state = match.state
            marked = journal is None or Headers(journal.headers).taken_back
            if state.ply < self._ply and not marked:
                self.keeper.mark(yes(Key.TAKEN_BACK))
            self._ply = state.ply
            if match.clocks is not None and state.moves:  # the time left, with the move
                self.keeper.notes[state.ply - 1] = clock_note(match.clocks.snapshot())
            news = self.keeper.keep(state)
            if news:
                self.scene.bar.say(news, warn=bool(self.keeper.error), seconds=4.0)

    def leave_question(self, leave: Callable[[], None], screen: Scene) -> Question | None:
        """Asked before the player leaves a game that is under way (never a demo's, a
        finished one's or one where nothing was played), or one not on disk; `screen`
        is the scene the "not saved" question goes over."""
        scene = self.scene
        if self.demo:
            return None
        if scene.control.keeps_games:
            question = unsaved_question(scene.app, self.keeper, leave, screen)
            if question is not None:
                return question
        state = scene.match.state
        over = state.is_over or scene.control.finished() or scene.match.out_of_time is not None
        if over or not state.moves:
            return None
        return scene.control.leave_question(leave)

    def keep_game(self) -> str | None:
        """Save the game before the program has to close (a bug): in words, where it is
        now, or why it could not be saved anywhere."""
        scene = self.scene
        if not (scene.match.state.moves and not self.demo and scene.control.keeps_games):
            return None
        self.save()
        trouble = self.keeper.unsaved()
        if not trouble:
            return _("Your game was kept: {path}.").format(path=self.path)
        saved, words = self.keeper.save_elsewhere()
        if saved:
            # TRANSLATORS: {trouble} says what went wrong, {words} where the game went instead
            text = _("Your game could not be saved in its own file ({trouble}). {words}.")
        else:
            # TRANSLATORS: {trouble} says what went wrong, {words} why no other folder took it
            text = _("Your game could not be saved: {trouble}. {words}.")
        return text.format(trouble=trouble, words=words)

    def save(self) -> str:
        """Save the game to its file now; a message for the user."""
        return self.keeper.save(self.scene.match.state)

    # ----- the file row of the pause menu (`unsaved.KeptFile`) ----------------------------

    @property
    def path(self) -> Path | None:
        """The file this game is kept in (None until its first move)."""
        return self.keeper.path

    def unsaved(self) -> str:
        return self.keeper.unsaved()

    def retry(self) -> str:
        """Save the game as it stands now, whatever was played (a game never kept yet
        gets its file): "" once it is on disk, else why not."""
        said = self.keeper.save(self.scene.match.state)
        if self.keeper.unsaved() or self.keeper.blocked:
            return self.keeper.unsaved() or said
        return ""

    def save_elsewhere(self) -> tuple[bool, str]:
        return self.keeper.save_elsewhere()

    def start_over(self) -> None:
        """Another game replaced this one on the board: it gets a file of its own."""
        self.keeper.start_over()
        self._ply = 0

    def finished(self) -> tuple[dict[str, str], str]:
        """For the results: the record's headers, and why it is not on disk ("" if it is).
        A game decided off the board (a resignation) gets its Result in its file first."""
        scene = self.scene
        state = scene.match.state
        decided = scene.control.result_headers(state)
        flagged = scene.match.out_of_time
        if flagged is not None and not state.is_over:  # lost on time (docs/rules.md 5)
            decided = {Key.RESULT: result_text(state, Loss(flagged, OffBoard.TIME))}
        if decided and not self.demo and scene.control.keeps_games:
            self.keeper.conclude(decided)
        return {**self.keeper.record_headers(), **decided}, self.keeper.unsaved()

    def close(self) -> None:
        """The scene is gone: the file's lock is let go."""
        self.keeper.close()
