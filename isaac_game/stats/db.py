"""The player's record on disk: one small SQLite database in the user's data folder.

It keeps what the saves cannot answer quickly (every finished game's result, for the
record's tables) and what they cannot hold at all (the positions to practise and their
schedule). The saves stay the source of truth: the results can be rebuilt from them
(`results.rebuild`), and nothing here ever stops a game from being played or saved.

- Written in transactions (`Stats.transaction`, BEGIN IMMEDIATE), in WAL mode, so a
  program killed mid-write leaves the last committed state.
- The schema carries its version (`PRAGMA user_version`) and migrates forward, one
  step of `MIGRATIONS` at a time, each in its own transaction.
- A database that is corrupt, locked past `BUSY_SECONDS`, or from a newer program is
  set aside with the date in its name, and a fresh one is started; `Stats.notice` says
  so once, for the window or the command line to show.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from isaac_game import userdirs

FILE_NAME = "record.sqlite3"
#: How long a write waits for another program holding the database (then: set aside).
BUSY_SECONDS = 5.0

#: Each entry takes the schema from version i to i + 1: its statements, in order.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        save_path TEXT NOT NULL UNIQUE,  -- the save the result was read from
        game TEXT NOT NULL,              -- "isaac", "foundations", "hari"
        played_on TEXT NOT NULL,         -- YYYY-MM-DD
        dark_kind TEXT NOT NULL,         -- "human", a computer level, "lan"
        dark_name TEXT NOT NULL,
        light_kind TEXT NOT NULL,
        light_name TEXT NOT NULL,
        you TEXT,                        -- "dark", "light", NULL: hotseat
        winner TEXT,                     -- "dark", "light", NULL: a draw
        dark_score INTEGER NOT NULL,
        light_score INTEGER NOT NULL,
        coached INTEGER NOT NULL DEFAULT 0,     -- the coach took a move back
        taken_back INTEGER NOT NULL DEFAULT 0,  -- a move was undone
        analysed INTEGER NOT NULL DEFAULT 0,
        dark_mistakes INTEGER, dark_blunders INTEGER,
        light_mistakes INTEGER, light_blunders INTEGER
    )""",
        "CREATE INDEX games_by_game ON games (game, played_on)",
        """CREATE TABLE positions (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        moves TEXT NOT NULL,             -- the moves from the start, in notation, spaced
        player TEXT NOT NULL,            -- who is to move: "dark" or "light"
        best TEXT NOT NULL,              -- Hard's move there, in notation
        played TEXT NOT NULL,            -- the blunder played there
        loss REAL NOT NULL,              -- the win chance it gave away (0..1)
        source TEXT,                     -- the save it came from (it may be gone)
        added_on TEXT NOT NULL,          -- YYYY-MM-DD
        due_on TEXT NOT NULL,            -- YYYY-MM-DD: when it comes back
        step INTEGER NOT NULL DEFAULT 0, -- solutions in a row (the schedule's step)
        UNIQUE (game, moves)
    )""",
    ),
)
VERSION = len(MIGRATIONS)


class StatsError(Exception):
    """The database cannot be used (corrupt, locked, too new): it is set aside."""


class Trouble(NamedTuple):
    """Why the record on disk could not be used, as facts for each screen to word:
    `aside` is the name it was set aside under (None: nothing could be written, and
    this session's record is kept in memory); `reason` is SQLite's or the system's."""

    aside: str | None
    reason: str

    def __str__(self) -> str:
        if self.aside is None:
            return f"your record cannot be kept on disk ({self.reason}); this session's is kept"
        return f"your record could not be read ({self.reason}); it was set aside as {self.aside}"


def default_path() -> Path:
    return userdirs.data_dir() / FILE_NAME


class Stats:
    """An open record database. Open it with `open_stats`, which never raises."""

    def __init__(self, connection: sqlite3.Connection, path: Path | None) -> None:
        self.connection = connection
        self.path = path
        #: Said once, then cleared by whoever shows it: the database was set aside.
        self.trouble: Trouble | None = None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing (BEGIN IMMEDIATE: the lock is taken at once)."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def query(self, sql: str, parameters: tuple = ()) -> list[sqlite3.Row]:
        return list(self.connection.execute(sql, parameters))

    def close(self) -> None:
        self.connection.close()


def _connect(path: Path | None) -> sqlite3.Connection:
    target = ":memory:" if path is None else str(path)
    connection = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA foreign_keys=ON")
        (check,) = connection.execute("PRAGMA quick_check").fetchone()
        if check != "ok":
            raise StatsError(f"the database is damaged ({check})")
        migrate(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the schema up to `VERSION`, a step at a time, each step all or nothing."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if version > VERSION:
        raise StatsError(f"the database is from a newer program (version {version})")
    for step in range(version, VERSION):
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[step]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {step + 1}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")


def set_aside(path: Path, now: float | None = None) -> Path:
    """Move a database that cannot be used (and its WAL files) out of the way, with the
    date and time in its name; returns where it went."""
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(now))
    aside = path.with_name(f"{path.stem}.set-aside-{stamp}{path.suffix}")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.stem}.set-aside-{stamp}_{n}{path.suffix}")
        n += 1
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.replace(Path(str(aside) + suffix))
    return aside


def open_stats(path: Path | None = None, *, in_memory: bool = False) -> Stats:
    """The record database at `path` (default: the user's data folder; `in_memory`: a
    record for this session only). Never raises: a database that cannot be used is set
    aside and a fresh one started, with `trouble` saying so; if even that fails, an
    empty one in memory keeps the game going."""
    if in_memory:
        return Stats(_connect(None), None)
    path = path or default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return Stats(_connect(path), path)
    except (sqlite3.Error, StatsError, OSError) as error:
        try:
            trouble = Trouble(set_aside(path).name, str(error))
            stats = Stats(_connect(path), path)
        except (sqlite3.Error, StatsError, OSError) as again:
            trouble = Trouble(None, str(again))
            stats = Stats(_connect(None), None)
    stats.trouble = trouble
    return stats
