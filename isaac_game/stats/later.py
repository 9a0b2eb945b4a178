"""Results the stats could not take when their games ended, written later.

A game ends while another program holds the stats database, or while it cannot be
written (a read-only folder): the window must neither wait for it nor forget the
result. The result goes here instead, and a thread of its own writes it as soon as the
database takes writes again, trying again, less and less often, for as long as the
program runs. Whatever is still waiting when the program ends is not lost either: the saves
are the source of truth, and the next start's `catch_up` adds every finished game
whose save the stats do not name yet.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from isaac_game.rules import GameRecord

from .db import BUSY_SECONDS, StatsError, open_stats
from .results import catch_up, write_game

#: Seconds between tries while the database will not take a write: doubled each time.
FIRST_RETRY, LAST_RETRY = 0.5, 30.0


class LaterWrites:
    """The results waiting for the stats database at `path`, and the thread that writes
    them; `on_written` is called (from that thread) after each write that reached the disk."""

    def __init__(self, path: Path, on_written: Callable[[], None] = lambda: None) -> None:
        self.path = path
        self.on_written = on_written
        self._lock = threading.Lock()
        self._waiting: dict[str, GameRecord] = {}
        self._saves: Path | None = None  # a folder to catch up with, once
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None
        #: why the last try failed ("" after a write that reached the disk)
        self.last_failure = ""

    def add(self, save: str | os.PathLike[str], game: GameRecord) -> None:
        """Write the finished game saved at `save` into the stats as soon as it can be."""
        with self._lock:
            self._waiting[str(save)] = game
        self._start()

    def catch_up(self, saves: Path) -> None:
        """Add to the stats, in the background, every finished game in `saves` they lack."""
        with self._lock:
            self._saves = saves
        self._start()

    @property
    def waiting(self) -> int:
        """How many results wait for the stats now."""
        with self._lock:
            return len(self._waiting) + (self._saves is not None)

    def wait(self, timeout: float) -> bool:
        """Block until nothing waits (True), or `timeout` seconds pass (False)."""
        return self._idle.wait(timeout)

    def _start(self) -> None:
        self._idle.clear()
        self._wake.set()
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="stats", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        pause = FIRST_RETRY
        while True:
            self._wake.clear()
            with self._lock:
                games, saves = dict(self._waiting), self._saves
            if not games and saves is None:
                self._idle.set()
                if not self._wake.wait(LAST_RETRY):
                    with self._lock:  # nothing came for a while: the thread ends
                        if not self._waiting and self._saves is None:
                            self._thread = None
                            return
                continue
            if self._write(games, saves):
                pause = FIRST_RETRY
                self.on_written()
            else:
                self._wake.wait(pause)
                pause = min(LAST_RETRY, pause * 2)

    def _write(self, games: dict[str, GameRecord], saves: Path | None) -> bool:
        """One try at writing `games` and catching up with `saves`; True when done."""
        stats = open_stats(self.path, wait=BUSY_SECONDS)
        try:
            if stats.read_only or stats.path is None:
                self.last_failure = stats.trouble.reason if stats.trouble else "no record"
                return False
            for save, game in games.items():
                write_game(stats, save, game)
            if saves is not None:
                catch_up(stats, saves)
        except (sqlite3.Error, StatsError, OSError, ValueError) as error:
            self.last_failure = str(error)
            return False
        finally:
            stats.close()
        with self._lock:
            for save, game in games.items():
                if self._waiting.get(save) is game:
                    del self._waiting[save]
            if self._saves == saves:
                self._saves = None
        self.last_failure = ""
        return True
