"""Every game on disk after every move: the match scene's link to its save file.

The file is a journal (`isaac_game.rules.Journal`): a move is appended and synced
to the disk as it is played, so a crash or a kill loses at most the move being made,
and the title's Resume picks the game up. The file is made at the first move (a
game nobody played leaves nothing behind) in the saves folder, or is the file the
game was continued from, kept as it was (its headers stay; moves are appended).

A saved game is open in one program at a time: the keeper holds the file's
`GameLock` from the moment the game is opened until it is closed, and a game whose
lock another program holds is never written here (`resume` refuses to open it). A
file whose lock cannot be had at all (a read-only folder, something planted at the
lock's name) is never written either: the game is played from it and kept in a new
file of the saves folder, which can be locked, and `notice` says so once.

When the disk refuses a write (full, read-only), the game stays in memory and the
keeper says so: `unsaved()` is why the game on screen is not on disk, `retry()`
tries its own file again, `save_elsewhere()` makes a new file in another folder.
Nobody is told "it is saved" unless it is.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

from isaac_game.i18n import _
from isaac_game.rules import GameLock, GameRecord, GameState, Journal, RecordError, dated

from .storage import OPEN_ELSEWHERE, Storage, load_error


def saved_elsewhere(storage: Storage, path: Path) -> str:
    """What to tell a player whose game went to another folder than its own: where, and
    how to find it again (Continue lists only the saves folder)."""
    if path.parent == storage.saves_dir:
        return _("Your game is saved in {path}: Continue lists it.").format(path=path)
    # TRANSLATORS: {path} is a file's path; 'isaac "{path}"' is a command, keep it as it is
    text = _(
        "Your game is saved in {path}. Continue does not look there: to go on with it, "
        'start the game with that file (isaac "{path}").'
    )
    return text.format(path=path)


class CannotOpen(Exception):
    """A saved game that cannot be opened for play: `title` and `text` for a message."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__(text)
        self.title, self.text = title, text


def copied_notice(reason: str) -> str:
    """What to tell a player whose game's own file cannot be locked, so is left as it is."""
    # TRANSLATORS: {reason} is the system's reason ("Permission denied")
    text = _(
        "This game's file cannot be locked ({reason}), so it is left as it is: "
        "what you play here is saved as a new game."
    )
    return text.format(reason=reason)


def elsewhere_failed(reason: str) -> str:
    """Why no other folder took a game, in words."""
    # TRANSLATORS: {reason} is why the last folder refused it ("Permission denied")
    return _("It could not be saved in another folder either ({reason})").format(reason=reason)


class GameKeeper:
    def __init__(
        self,
        storage: Storage,
        headers: Callable[[], dict[str, str]] = dict,
        path: Path | None = None,
    ) -> None:
        self.storage = storage
        self.headers = headers  # the record's player headers, asked when the file is made
        #: headers the game gained on its way (`mark`), which a file made later has too
        self.gained: dict[str, str] = {}
        self.path = path
        self.journal: Journal | None = None
        self.lock: GameLock | None = None
        self.error = ""  # why the last write failed ("" while all is well)
        self.state: GameState | None = None  # the last state asked to be kept
        #: the comment after each move, by its index (a clock's time left): written
        #: with the moves, and read back from a game resumed
        self.notes: dict[int, str] = {}
        #: another program holds this game's file: nothing is ever written to it here
        self.blocked = False
        #: the headers of the game this one was copied from (its file cannot be locked)
        self.inherited: dict[str, str] | None = None
        #: said once, when the game is opened: why it is not kept in its own file
        self.notice = ""
        if path is not None:
            self.lock = GameLock(path)
            self.blocked = not self.lock.acquire()
            if self.lock.refused:
                self._copy_from(self.lock.refused)

    @classmethod
    def resume(cls, storage: Storage, path: Path) -> tuple[GameKeeper, GameRecord]:
        """Open the saved game at `path` to go on with it: take its lock, then read it
        (so what is played goes on from what the file holds now, whatever an earlier
        look at it saw). CannotOpen says why not: open in another window, or bad."""
        lock = GameLock(path)
        if not lock.acquire() and lock.refused:
            return cls._resume_copy(storage, path, lock.refused)
        if not lock.held:
            raise CannotOpen(
                _(OPEN_ELSEWHERE),
                _(
                    "This game is open in another window. Play it there, or close it "
                    "there first; Replay shows it here as it is."
                ),
            )
        try:
            journal, record = Journal.resume(path)
        except RecordError as error:
            lock.release()
            raise CannotOpen(_("Cannot load"), load_error(error)) from None
        keeper = cls(storage)
        keeper.path, keeper.journal, keeper.lock = Path(path), journal, lock
        keeper.notes = dict(record.notes)
        return keeper, record

    @classmethod
    def _resume_copy(
        cls, storage: Storage, path: Path, reason: str
    ) -> tuple[GameKeeper, GameRecord]:
        """A saved game whose lock cannot be had: played from its file, which is never
        written, and kept in a new file (made at the first move, as a new game's)."""
        try:
            _journal, record = Journal.resume(path)
        except RecordError as error:
            raise CannotOpen(_("Cannot load"), load_error(error)) from None
        keeper = cls(storage)
        keeper.inherited = dict(record.headers)
        keeper.notes = dict(record.notes)
        keeper._copy_from(reason)
        return keeper, record

    def _copy_from(self, reason: str) -> None:
        """The game's own file cannot be locked: leave it alone, keep a new file."""
        self.path, self.lock, self.blocked = None, None, False
        self.notice = copied_notice(reason)

    def record_headers(self) -> dict[str, str]:
        """The headers the game's record has (or will have when its file is made)."""
        if self.journal is not None:
            return dict(self.journal.headers)
        if self.inherited is not None:
            return dict(self.inherited)
        return dated({**self.headers(), **self.gained})

    # ----- keeping ------------------------------------------------------------------------

    def keep(self, state: GameState) -> str:
        """Write what changed since the last call (each move with its note in `notes`);
        "" or news for the bar: why the disk said no (said once), or that the game is
        saved again after that."""
        notice, self.notice = self.notice, ""  # not said when the game was opened
        return self._keep(state) or notice

    def _keep(self, state: GameState) -> str:
        self.state = state
        if self.journal is None and not state.moves:
            return ""
        if self.blocked:
            first = not self.error
            self.error = _("This game is open in another window: nothing played here is saved")
            return self.error if first else ""
        return self._write(state)

    def _write(self, state: GameState) -> str:
        failed_before = bool(self.error)
        try:
            if self.journal is None:
                if self.path is None:
                    self.path, self.lock = self._new_file(self.storage.saves_dir)
                self.journal = Journal(self.path, self.record_headers())
            self.journal.keep(state, self.notes)
        except OSError as error:
            first = not self.error
            # TRANSLATORS: {reason} is the system's reason ("No space left on device")
            self.error = _("The game cannot be saved: {reason}").format(
                reason=error.strerror or error
            )
            if self.journal is not None:
                self.journal.written = None  # rewrite it whole next time
            return self.error if first else ""
        self.error = ""
        return _("The game is saved again") if failed_before else ""

    def _new_file(self, folder: Path) -> tuple[Path, GameLock]:
        """A new save file's name in `folder`, locked for this game (a second window
        making a game in the same second gets the next name, never the same file)."""
        folder.mkdir(parents=True, exist_ok=True)
        for _try in range(20):
            path = self.storage.new_save_path(folder)
            lock = GameLock(path)
            if lock.acquire():
                if not path.exists():
                    return path, lock
                lock.release()
            elif lock.refused:  # no file here can be locked: none is made
                raise OSError(errno.EPERM, lock.refused, str(folder))
        raise OSError(errno.EEXIST, "no free file name", str(folder))

    def save(self, state: GameState) -> str:
        """Save now, whatever was played (the pause menu's Save); a message for the user."""
        self.state = state
        if self.blocked:
            return _("This game is open in another window: it is not saved here")
        self._write(state)
        if self.error or self.path is None:  # the disk said no: no file may have been made
            return self.error
        return _("Saved as {name}").format(name=self.path.name)

    def mark(self, headers: dict[str, str]) -> None:
        """Headers the game gained on its way (`Coached`, `TakenBack`, a resignation's
        `Result`): the file is written whole with them at its next write, and a file
        made later has them too."""
        self.gained.update(headers)
        if self.journal is not None:
            self.journal.headers.update(headers)
            self.journal.written = None
        if self.inherited is not None:
            self.inherited.update(headers)

    def conclude(self, headers: dict[str, str]) -> None:
        """Headers the game gained as it ended off the board (a resignation's Result),
        marked and written at once."""
        self.mark(headers)
        if self.state is not None and not self.blocked:
            self._write(self.state)

    # ----- when it is not on disk -----------------------------------------------------------

    def unsaved(self) -> str:
        """Why the game on screen is not on disk ("" when it is, or nothing was played)."""
        if self.state is None or (self.journal is None and not self.state.moves):
            return ""
        if self.error:
            return self.error
        if self.journal is None or self.journal.written != self.state.moves:
            return _("The game is not saved yet")
        return ""

    def retry(self) -> str:
        """Try the game's own file again; "" when it is saved now, else why not."""
        if self.state is not None and not self.blocked:
            self._write(self.state)
        return self.unsaved()

    def save_elsewhere(self) -> tuple[bool, str]:
        """Save the game in a new file in the first other folder that takes it (the
        saves folder, then the user's documents, then home); from then on it is kept
        there. (True, where it went) or (False, why nowhere took it)."""
        state = self.state
        if state is None:
            return False, _("There is no game to save")
        headers = self.record_headers()
        reason = _("no folder to try")
        for folder in self.storage.elsewhere(self.path):
            try:
                path, lock = self._new_file(folder)
            except OSError as error:
                reason = error.strerror or str(error)
                continue
            journal = Journal(path, headers)
            try:
                journal.keep(state, self.notes)
            except OSError as error:
                reason = error.strerror or str(error)
                lock.release()
                continue
            self.close()
            self.path, self.lock, self.journal = path, lock, journal
            self.error, self.blocked = "", False
            return True, saved_elsewhere(self.storage, path)
        return False, elsewhere_failed(reason)

    # ----- closing --------------------------------------------------------------------------

    def close(self) -> None:
        """The game is closed here: another program may open its file now."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def start_over(self) -> None:
        """Another game replaced this one on the board: it gets a file of its own."""
        self.close()
        self.path, self.journal, self.error, self.state, self.blocked = None, None, "", None, False
        self.inherited, self.notice = None, ""
