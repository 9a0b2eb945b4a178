"""The player's stats on disk: one small SQLite database in the user's data folder.

It keeps what the saves cannot answer quickly (every finished game's result, for the
tables of "Your record") and what they cannot hold at all (the positions to practise
and their schedule). The saves stay the source of truth: the results can be rebuilt
from them (`results.rebuild`), and nothing here ever stops a game from being played or
saved.

- Written in transactions (`Stats.transaction`, BEGIN IMMEDIATE), in WAL mode, so a
  program killed mid-write leaves the last committed state.
- The schema carries its version (`PRAGMA user_version`) and migrates forward, one
  step of `MIGRATIONS` at a time, each in its own transaction.
- Busy is not broken. Only a file that cannot be read as our stats (not a database,
  damaged, another program's tables) is set aside, with the date in its name, and a
  fresh one started. One that another program holds, or that cannot be written (a
  read-only folder or file), is opened read-only and shown as it is, or, when even
  that waits, kept in memory for the session: it is never renamed or replaced, so its
  positions to practise and their schedule are never lost. One from a newer program
  is left as it is too. `Stats.trouble` says which, once, for the window or the
  command line to show; what could not be written is written later (`results.catch_up`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from isaac_game import userdirs

#: Its name on disk since the first version, kept so an existing data folder's opens.
FILE_NAME = "record.sqlite3"
#: How long a program without a window waits for another one holding the database.
BUSY_SECONDS = 5.0
#: How long the window waits for it: never long enough to be seen as a freeze.
WINDOW_WAIT = 0.2
#: Every table's columns as this program reads them: a database without them is another
#: program's, even if it claims this one's version.
COLUMNS = {
    "games": (
        "id",
        "save_path",
        "game",
        "played_on",
        "dark_kind",
        "dark_name",
        "light_kind",
        "light_name",
        "you",
        "winner",
        "dark_score",
        "light_score",
        "coached",
        "taken_back",
        "analysed",
        "dark_mistakes",
        "dark_blunders",
        "light_mistakes",
        "light_blunders",
    ),
    "positions": (
        "id",
        "game",
        "moves",
        "player",
        "best",
        "played",
        "loss",
        "source",
        "added_on",
        "due_on",
        "step",
    ),
}
#: SQLite's primary result codes for a file that is not a (whole) database.
_BROKEN_CODES = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB

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
    """The database cannot be used by this program: `broken` when it cannot be read as
    our stats at all (it is set aside), else (a newer program's) it is left as it is."""

    def __init__(self, reason: str, broken: bool = True) -> None:
        super().__init__(reason)
        self.broken = broken


class Trouble(NamedTuple):
    """Why the stats on disk could not be used, as facts for each screen to word:
    `aside` is the name it was set aside under (None: nothing could be written, and
    this session's stats are kept in memory); `reason` is SQLite's or the system's.
    Its `str` is the command line's English, which calls them "your record"."""

    aside: str | None
    reason: str
    #: the stats on disk are shown as they are, but nothing can be written to them now
    shown: bool = False

    def __str__(self) -> str:
        if self.shown:
            return f"your record cannot be written now ({self.reason}); it is shown as it is"
        if self.aside is None:
            return f"your record cannot be kept on disk ({self.reason}); this session's is kept"
        return f"your record could not be read ({self.reason}); it was set aside as {self.aside}"


def default_path() -> Path:
    return userdirs.data_dir() / FILE_NAME


class Stats:
    """An open stats database. Open it with `open_stats`, which never raises."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path | None, read_only: bool = False
    ) -> None:
        self.connection = connection
        self.path = path
        #: the stats on disk, opened to read only: every write raises sqlite3.Error
        self.read_only = read_only
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


def _connect(path: Path | None, wait: float = BUSY_SECONDS) -> sqlite3.Connection:
    target = ":memory:" if path is None else str(path)
    connection = sqlite3.connect(target, timeout=wait, isolation_level=None)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA foreign_keys=ON")
        _check(connection)
        migrate(connection)
        _check_columns(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def _connect_read_only(path: Path, wait: float) -> sqlite3.Connection:
    """The stats database at `path` to read only: as SQLite's read-only open, else (a folder
    where not even WAL's index can be made) as an immutable file."""
    uri = path.resolve().as_uri()
    last: sqlite3.Error | None = None
    for mode in ("mode=ro", "immutable=1"):
        connection = sqlite3.connect(f"{uri}?{mode}", timeout=wait, uri=True, isolation_level=None)
        connection.row_factory = sqlite3.Row
        try:
            _check(connection)
            (version,) = connection.execute("PRAGMA user_version").fetchone()
            if version != VERSION:
                raise StatsError(f"the record is of version {version}", broken=False)
            _check_columns(connection)
            return connection
        except sqlite3.Error as error:
            connection.close()
            last = error
        except BaseException:
            connection.close()
            raise
    assert last is not None
    raise last


def _check(connection: sqlite3.Connection) -> None:
    (check,) = connection.execute("PRAGMA quick_check").fetchone()
    if check != "ok":
        raise StatsError(f"the database is damaged ({check})")


def _check_columns(connection: sqlite3.Connection) -> None:
    """A database of this program's version must have this program's tables."""
    for table, columns in COLUMNS.items():
        have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in have]
        if missing:
            raise StatsError(f"not a record of this game (no column {missing[0]} in {table})")


def broken(error: BaseException) -> bool:
    """Is `error` the sign of a file that cannot be read as our stats (so it may be set
    aside)? Busy, locked, read-only or missing files are not broken."""
    if isinstance(error, StatsError):
        return error.broken
    if isinstance(error, sqlite3.DatabaseError):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF in _BROKEN_CODES
        return "not a database" in str(error) or "malformed" in str(error)
    return False


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the schema up to `VERSION`, a step at a time, each step all or nothing."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if version > VERSION:
        raise StatsError(f"the database is from a newer program (version {version})", False)
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


def open_stats(
    path: Path | None = None, *, in_memory: bool = False, wait: float = BUSY_SECONDS
) -> Stats:
    """The stats database at `path` (default: the user's data folder; `in_memory`:
    stats for this session only), waiting at most `wait` seconds for another program
    that holds it. Never raises: a file that cannot be read as our stats is set aside and
    a fresh one started; one that is busy or cannot be written is opened read-only, or
    left alone for an empty one in memory; `trouble` says which."""
    if in_memory:
        return Stats(_connect(None), None)
    path = path or default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return Stats(_connect(path, wait), path)
    except (sqlite3.Error, StatsError, OSError) as error:
        if broken(error):
            return _start_again(path, error, wait)
        return _as_it_is(path, error, wait)


def _start_again(path: Path, error: BaseException, wait: float) -> Stats:
    """A file that is not our stats: set aside (kept, renamed), and a fresh one begun."""
    try:
        aside = set_aside(path)
        trouble = Trouble(aside.name, str(error))
        stats = Stats(_connect(path, wait), path)
        salvage_positions(stats, aside)
    except (sqlite3.Error, StatsError, OSError) as again:
        trouble = Trouble(None, str(again))
        stats = Stats(_connect(None), None)
    stats.trouble = trouble
    return stats


def salvage_positions(stats: Stats, aside: Path) -> int:
    """Copy into the fresh database whatever positions to practise (and their schedule)
    can still be read from the file set aside: they live nowhere else (the games come
    back from the saves). How many came back; 0 when none can be read."""
    columns = ", ".join(COLUMNS["positions"][1:])
    try:
        old = sqlite3.connect(f"{aside.resolve().as_uri()}?mode=ro", uri=True, timeout=0)
        try:
            rows = old.execute(f"SELECT {columns} FROM positions").fetchall()
        finally:
            old.close()
        marks = ", ".join("?" for _ in COLUMNS["positions"][1:])
        with stats.transaction() as connection:
            connection.executemany(
                f"INSERT OR IGNORE INTO positions ({columns}) VALUES ({marks})", rows
            )
    except sqlite3.Error:
        return 0
    return len(rows)


def _as_it_is(path: Path, error: BaseException, wait: float) -> Stats:
    """Stats that cannot be written now (busy, read-only, newer): shown read-only
    when it can be read, else an empty one in memory; the file is never touched."""
    reason = str(error)
    if path.exists():
        try:
            stats = Stats(_connect_read_only(path, wait), path, read_only=True)
            stats.trouble = Trouble(None, reason, shown=True)
            return stats
        except (sqlite3.Error, StatsError, OSError):
            pass
    stats = Stats(_connect(None), None)
    stats.trouble = Trouble(None, reason)
    return stats
