"""Busy is not broken: stats that another program holds, or that cannot be written, are
never set aside, never freeze the window, and lose nothing (their positions to
practise stay; a result that waits is written when it can be, or by the next start).
Only a file that cannot be read as our stats is set aside. The other program is a real
process; a read-only folder binds even root (its override is dropped with setpriv)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from isaac_game.client.storage import Storage
from isaac_game.commands import cli
from isaac_game.rules import new_game, save_record
from isaac_game.stats import db, open_stats
from isaac_game.stats.practice import Blunder, add_position

ROOT = Path(__file__).resolve().parents[2]
#: Holds the database at argv[1] until stdin closes: "wal" takes the write lock (readers
#: go on), "all" the exclusive lock of SQLite's exclusive locking mode (nobody reads).
HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "all":
    connection.execute("PRAGMA locking_mode=EXCLUSIVE")
connection.execute("BEGIN EXCLUSIVE")
connection.execute("UPDATE positions SET step = step")
print("holding", flush=True)
sys.stdin.read()
connection.execute("COMMIT")
"""


def healthy_stats(path: Path) -> None:
    """Stats with one position to practise (which lives only in the database)."""
    stats = open_stats(path)
    blunder = Blunder(2, "dark", "3h71", "5v04", 0.3)
    add_position(stats, "isaac", ["5v04", "3h71"], blunder, None, date(2026, 11, 1))
    stats.close()


def positions(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT COUNT(*) FROM positions").fetchone()[0]


class Holder:
    """Another program holding the stats database, until `release`."""

    def __init__(self, path: Path, how: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path), how],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "holding"

    def release(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=30)


@pytest.fixture
def holder_factory():
    holders: list[Holder] = []

    def hold(path: Path, how: str) -> Holder:
        holders.append(Holder(path, how))
        return holders[-1]

    yield hold
    for holder in holders:
        if holder.process.poll() is None:
            holder.process.kill()
            holder.process.wait()


def finished_game(storage: Storage, name: str):
    """A finished hotseat game saved in the saves folder: (path, state, headers)."""
    state = new_game("isaac")
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    headers = {"Date": "2026-11-20", "DarkPlayer": "human", "LightPlayer": "hard"}
    path = storage.saves_dir / name
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    save_record(path, state, headers)
    return path, state, headers


def games_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [row[0] for row in connection.execute("SELECT save_path FROM games")]


@pytest.mark.timeout(60)
def test_stats_held_by_another_program_are_not_set_aside(tmp_path, holder_factory):
    path = tmp_path / "record.sqlite3"
    healthy_stats(path)
    holder = holder_factory(path, "all")
    started = time.monotonic()
    stats = open_stats(path, wait=0.2)
    assert time.monotonic() - started < 2.0  # a moment, not BUSY_SECONDS
    assert stats.trouble is not None and stats.trouble.aside is None
    assert "locked" in stats.trouble.reason
    stats.close()
    holder.release()
    assert sorted(p.name for p in tmp_path.iterdir() if "set-aside" in p.name) == []
    assert positions(path) == 1  # the practice positions and their schedule are there
    assert open_stats(path).trouble is None


@pytest.mark.timeout(60)
def test_a_game_ending_while_the_stats_are_held_neither_freezes_nor_is_lost(
    tmp_path, holder_factory
):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.data_dir.mkdir(parents=True)
    path = storage.data_dir / db.FILE_NAME
    healthy_stats(path)
    assert storage.stats.trouble is None  # the window has it open, as at the title
    save, state, headers = finished_game(storage, "a.isaac.txt")
    holder = holder_factory(path, "wal")
    started = time.monotonic()
    notice = storage.add_to_stats(save, state, headers)
    assert time.monotonic() - started < 1.5  # the window never waits BUSY_SECONDS
    assert "added as soon as it can be" in notice and "locked" in notice
    assert games_in(path) == []
    holder.release()
    # written by its thread once the lock is gone
    assert storage.window_stats.later.wait(timeout=30)
    assert games_in(path) == [str(save)]
    assert [row["save_path"] for row in storage.stats.query("SELECT save_path FROM games")] == [
        str(save)
    ]  # and the window reads it again
    assert positions(path) == 1
    assert not [p for p in storage.data_dir.iterdir() if "set-aside" in p.name]


def test_the_next_start_adds_a_result_that_never_reached_the_stats(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    first, _state, _headers = finished_game(storage, "a.isaac.txt")
    under_way = storage.saves_dir / "b.isaac.txt"
    save_record(under_way, new_game("isaac").play("5v04"), {"DarkPlayer": "human"})
    path = storage.data_dir / db.FILE_NAME
    healthy_stats(path)
    later = Storage(tmp_path / "config", tmp_path / "data")
    later.catch_up()
    assert later.window_stats.later.wait(timeout=30)
    assert games_in(path) == [str(first)]  # the finished game only, once
    later.catch_up()
    assert later.window_stats.later.wait(timeout=30)
    assert games_in(path) == [str(first)]


def test_a_foreign_database_that_claims_this_version_is_set_aside(tmp_path, capsys):
    path = tmp_path / "record.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (name TEXT)")
        connection.execute("CREATE TABLE positions (name TEXT)")
        connection.execute(f"PRAGMA user_version = {db.VERSION}")
    stats = open_stats(path)
    assert stats.trouble is not None and stats.trouble.aside is not None
    assert "no column id in games" in stats.trouble.reason
    assert stats.query("SELECT COUNT(*) FROM games")[0][0] == 0  # a fresh one works


def setpriv_prefix() -> list[str]:
    """Run a child bound by file permissions (as root, without the override)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("as root, a read-only folder needs setpriv to bind the child")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


SHOW = """
import sys
from pathlib import Path
from isaac_game.stats import open_stats
stats = open_stats(Path(sys.argv[1]))
print(stats.read_only, stats.query("SELECT COUNT(*) FROM positions")[0][0])
print(stats.trouble)
"""


@pytest.mark.timeout(60)
def test_a_read_only_folder_shows_the_stats_as_they_are(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / db.FILE_NAME
    healthy_stats(path)
    for suffix in ("-wal", "-shm"):  # as a program that closed cleanly leaves it
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    folder.chmod(0o555)
    try:
        done = subprocess.run(
            [*setpriv_prefix(), sys.executable, "-c", SHOW, str(path)],
            capture_output=True,
            text=True,
            timeout=30,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        listed = sorted(p.name for p in folder.iterdir())
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    shown, trouble = done.stdout.splitlines()
    assert shown == "True 1"  # read-only, with its position: not empty stats
    assert "cannot be written now" in trouble
    assert listed == [db.FILE_NAME]  # nothing renamed, nothing made


@pytest.mark.timeout(60)
def test_the_record_command_says_one_line_when_the_stats_cannot_be_rebuilt(
    tmp_path, monkeypatch, capsys, holder_factory
):
    home = tmp_path / "home"
    monkeypatch.setenv("ISAAC_GAME_HOME", str(home))
    storage = Storage()
    storage.data_dir.mkdir(parents=True)
    path = storage.data_dir / db.FILE_NAME
    healthy_stats(path)
    holder = holder_factory(path, "all")
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.2)
    assert cli.main(["record"]) == 0  # shown as it is, with why
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "locked" in err and "Traceback" not in err
    assert cli.main(["record", "--rebuild"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    assert last == "isaac record: cannot rebuild the record: it cannot be written now"
    holder.release()
    assert positions(path) == 1


def test_stats_set_aside_give_back_the_positions_they_still_hold(tmp_path):
    """Positions to practise live only in the stats: when they are set aside (here their
    games table is not this program's), those still readable come into the fresh one,
    schedule and all."""
    path = tmp_path / "record.sqlite3"
    healthy_stats(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE positions SET step = 2, due_on = '2026-12-01'")
        connection.execute("DROP TABLE games")
        connection.execute("CREATE TABLE games (name TEXT)")
    stats = open_stats(path)
    assert stats.trouble is not None and stats.trouble.aside is not None
    rows = stats.query("SELECT moves, step, due_on FROM positions")
    assert [tuple(row) for row in rows] == [("5v04 3h71", 2, "2026-12-01")]
