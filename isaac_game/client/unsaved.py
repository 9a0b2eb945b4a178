"""Leaving a game that is not on disk: say so, and offer to save it first.

A full or read-only disk makes the game's writes fail; the bar says so as it
happens, and the game stays in memory. Leaving it (Quit to menu, Main menu after
the results, closing the window) then asks a question that tells the truth: the
game is not saved. The player may try its file again, save it in another folder, or
leave without it; closing the window again does not count as an answer (only
"Leave without it" loses a game).

The row about a game's file is here too (`file_label`, `show_file`), one for the
results and the pause menu: a game is kept after every move, so it offers to show
where the file is, never to save a game that is saved already; only a game the disk
refused (or one never kept) offers to be saved.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from isaac_game.i18n import N_, _
from isaac_game.rules import GameState, dated

from .keeper import elsewhere_failed, saved_elsewhere
from .scene import Question
from .storage import Storage
from .widgets.menu import MenuItem

if TYPE_CHECKING:
    from .app import App


class Saver(Protocol):
    """What the question needs of whatever holds the game (the match scene's keeper,
    the results screen's finished game)."""

    def unsaved(self) -> str:
        """Why the game is not on disk ("" when it is)."""
        ...

    def retry(self) -> str:
        """Try its own file again; "" when saved now, else why not."""
        ...

    def save_elsewhere(self) -> tuple[bool, str]:
        """Save it in a file in another folder: (True, where) or (False, why not)."""
        ...


class KeptFile(Saver, Protocol):
    """A `Saver` whose game has a file, or will have one once it is saved."""

    @property
    def path(self) -> Path | None:
        """The game's file (None: never kept yet)."""
        ...


def file_label(saver: KeptFile) -> str:
    """The file row's words: "Show the file" for a game on disk; "Try to save it again"
    for one the disk refused; "Save game" for one never kept (a LAN game the other
    side never moved in, a game before its first move)."""
    if saver.unsaved():
        return _("Try to save it again")
    return _("Save game") if saver.path is None else _("Show the file")


def show_file(app: App, saver: KeptFile) -> str:
    """The file row's action: a message that says where the game is kept; or, for a
    game not on disk, one more try to save it, said in the words returned ("Saved as
    NAME", or why not). "" when the file was shown."""
    if saver.unsaved() or saver.path is None:
        error = saver.retry()
        if error or saver.path is None:
            return error
        return _("Saved as {name}").format(name=saver.path.name)
    text = _("It is kept in {path}").format(path=saver.path)
    app.open("message", _("Your game is saved"), text)
    return ""


class FinishedGame:
    """A finished game the results screen holds, as a `Saver`: saved (again) as a
    whole record, in its own file or a new one."""

    def __init__(
        self, storage: Storage, state: GameState, headers: dict[str, str], path: Path | None
    ) -> None:
        self.storage, self.state, self.path = storage, state, path
        self.headers = dated(headers)
        self.error = ""

    def unsaved(self) -> str:
        return self.error

    def retry(self) -> str:
        self.path = self.path or self.storage.new_save_path()
        self.error = self.storage.save_game(self.path, self.state, self.headers) or ""
        return self.error

    def save_elsewhere(self) -> tuple[bool, str]:
        reason = _("no folder to try")
        for folder in self.storage.elsewhere(self.path):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path = self.storage.new_save_path(folder)
            except OSError as error:
                reason = error.strerror or str(error)
                continue
            trouble = self.storage.save_game(path, self.state, self.headers)
            if trouble is None:
                self.path, self.error = path, ""
                return True, saved_elsewhere(self.storage, path)
            reason = trouble
        return False, elsewhere_failed(reason)


def unsaved_question(
    app: App, saver: Saver, leave: Callable[[], None], behind: object = None
) -> Question | None:
    """The question to ask before leaving a game that is not on disk (None when it is)."""
    why = saver.unsaved()
    if not why:
        return None

    def ask_again() -> None:
        question = unsaved_question(app, saver, leave, behind)
        if question is None:
            leave()
        else:
            app.open("question", question, behind)

    def retry() -> None:
        if not saver.retry():
            leave()
        else:
            ask_again()

    def elsewhere() -> None:
        saved, words = saver.save_elsewhere()
        if saved:
            app.open("message", _("Saved"), words, leave)
        else:
            app.open("message", _("Not saved"), words, ask_again)

    # TRANSLATORS: {why} says why the game is not on disk
    text = _("{why}. If you leave without saving it, the game is lost.")
    return Question(
        _("Leave the game? It is not saved"),
        text.format(why=why.rstrip(".")),
        [
            MenuItem(N_("Try to save it again"), retry, key="retry"),
            MenuItem(N_("Save it in another folder"), elsewhere, key="elsewhere"),
            MenuItem(N_("Stay"), key="stay"),
            MenuItem(N_("Leave without it (the game is lost)"), leave, key="lose"),
        ],
        close_leaves=False,
    )
