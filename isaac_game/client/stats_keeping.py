"""The player's stats as the window keeps them: opened at first use, read again when a
result written later reaches them, and never waited for.

The window must neither freeze on the stats nor lose a result to them. It waits for the
database a moment at most (`db.WINDOW_WAIT`): one another program holds, or that cannot
be written, is shown as it is (or kept in memory for the session), and a game's result
it cannot take now goes to `LaterWrites`, whose thread writes it as soon as it can; the
next start adds whatever was still waiting (`catch_up`). Its troubles are said once, in
the player's words.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from isaac_game.i18n import _
from isaac_game.rules import GameRecord, GameState
from isaac_game.stats import Stats, Trouble, open_stats
from isaac_game.stats.db import WINDOW_WAIT
from isaac_game.stats.later import LaterWrites
from isaac_game.stats.results import write_game


class WindowStats:
    """The stats database at `path`, for the window."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stats: Stats | None = None
        self._reopen = False  # a result written later reached the disk: read it again
        self._told_later = False
        #: results the stats could not take when their games ended (written later)
        self.later = LaterWrites(path, self._written_later)

    @property
    def stats(self) -> Stats:
        """The stats database (isaac_game.stats), opened at first use, and again when a
        result written later reached it; never raises (its `trouble` says once what went
        wrong: `notice`)."""
        if self._reopen and self._stats is not None:
            self._reopen = False
            self._stats.close()
            self._stats = None
        if self._stats is None:
            self._stats = open_stats(self.path, wait=WINDOW_WAIT)
        return self._stats

    def _written_later(self) -> None:
        self._reopen = True  # read on the window's thread, which reopens it

    def notice(self) -> str | None:
        """The stats database's trouble in words, once (then None)."""
        trouble, self.stats.trouble = self.stats.trouble, None
        return None if trouble is None else trouble_words(trouble)

    def add(self, path: Path | None, state: GameState, headers: dict[str, str]) -> str:
        """A finished game just saved at `path` (None: not on disk) goes into the stats;
        never raises, nor waits: stats that will not take it now (another program holds
        them, they cannot be written) get it later, from a thread of its own. Returns the
        database's trouble in words, once ("" when all is well)."""
        if path is None:
            return self.notice() or ""
        game = GameRecord(state, headers)
        stats = self.stats
        if stats.read_only or stats.path is None:  # not on disk now: why, as opened
            failure = stats.trouble.reason if stats.trouble is not None else "no record"
        else:
            try:
                write_game(stats, path, game)
                return self.notice() or ""
            except (sqlite3.Error, OSError, ValueError) as error:
                failure = str(error)
        self.later.add(path, game)
        if stats.path is None:  # this session's stats, in memory, show it now
            with contextlib.suppress(sqlite3.Error, OSError, ValueError):
                write_game(stats, path, game)
        notice = self.notice()
        if notice or self._told_later:
            return notice or ""
        self._told_later = True
        return later_words(failure)

    def catch_up(self, saves: Path) -> None:
        """Add to the stats, in the background, every finished game in `saves` they lack."""
        self.later.catch_up(saves)


def later_words(reason: str) -> str:
    """A game's result that waits for the stats, in words."""
    # TRANSLATORS: {reason} is the database's own reason, in English ("database is locked")
    text = _(
        "Your record cannot take this game's result now ({reason}): "
        "it is added as soon as it can be."
    )
    return text.format(reason=reason)


def trouble_words(trouble: Trouble) -> str:
    """Why the stats of your games could not be used, in words (`Trouble`'s facts)."""
    if trouble.shown:
        # TRANSLATORS: {reason} is the database's own reason, in English
        text = _(
            "Your record cannot be written now ({reason}): it is shown as it is, "
            "and new results are added when it can be."
        )
        return text.format(reason=trouble.reason)
    if trouble.aside is None:
        # TRANSLATORS: {reason} is the database's own reason, in English
        text = _("Your record cannot be kept on disk ({reason}): this session's games are kept.")
        return text.format(reason=trouble.reason)
    # TRANSLATORS: {reason} is the database's own reason, {name} a file name
    text = _(
        "Your record could not be read ({reason}). It was set aside as {name}; a new one is begun."
    )
    return text.format(reason=trouble.reason, name=trouble.aside)
