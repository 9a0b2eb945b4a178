"""The stats database: created at the current schema, migrated forward, written all or
nothing, and set aside (never fatal) when it cannot be used."""

from __future__ import annotations

import sqlite3

import pytest

from isaac_game.stats import db, open_stats


def test_a_new_database_has_the_current_schema_in_wal_mode(tmp_path):
    stats = open_stats(tmp_path / "record.sqlite3")
    assert stats.trouble is None
    assert stats.query("PRAGMA user_version")[0][0] == db.VERSION
    assert stats.query("PRAGMA journal_mode")[0][0] == "wal"
    tables = {row["name"] for row in stats.query("SELECT name FROM sqlite_master")}
    assert {"games", "positions"} <= tables


def test_an_older_schema_migrates_forward_keeping_its_rows(tmp_path, monkeypatch):
    path = tmp_path / "record.sqlite3"
    monkeypatch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:1])
    monkeypatch.setattr(db, "VERSION", 1)
    first = open_stats(path)
    with first.transaction() as connection:
        connection.execute(
            "INSERT INTO positions (game, moves, player, best, played, loss, added_on, due_on)"
            " VALUES ('isaac', '7h00', 'light', '7h10', '3h20', 0.4, '2026-11-25', '2026-11-26')"
        )
    first.close()
    later = (*db.MIGRATIONS, ("ALTER TABLE positions ADD COLUMN note TEXT",))
    monkeypatch.setattr(db, "MIGRATIONS", later)
    monkeypatch.setattr(db, "VERSION", 2)
    stats = open_stats(path)
    assert stats.trouble is None
    assert stats.query("PRAGMA user_version")[0][0] == 2
    (row,) = stats.query("SELECT moves, note FROM positions")
    assert row["moves"] == "7h00" and row["note"] is None


def test_a_failed_write_leaves_nothing(tmp_path):
    stats = open_stats(tmp_path / "record.sqlite3")
    with pytest.raises(RuntimeError), stats.transaction() as connection:
        connection.execute(
            "INSERT INTO positions (game, moves, player, best, played, loss, added_on, due_on)"
            " VALUES ('hari', 'p', 'dark', 'b', 'x', 0.3, '2026-11-25', '2026-11-26')"
        )
        raise RuntimeError("the program fails mid-write")
    assert stats.query("SELECT COUNT(*) FROM positions")[0][0] == 0


@pytest.mark.parametrize(
    "damage",
    [
        b"this is not a database at all" * 100,  # garbage
        b"SQLite format 3\x00" + b"\xff" * 4000,  # a torn header
    ],
)
def test_a_corrupt_database_is_set_aside_and_play_goes_on(tmp_path, damage):
    path = tmp_path / "record.sqlite3"
    path.write_bytes(damage)
    stats = open_stats(path)
    assert stats.trouble is not None and stats.trouble.aside is not None
    aside = tmp_path / stats.trouble.aside
    assert aside.read_bytes() == damage  # kept, for whoever wants to look
    assert "set-aside" in aside.name and aside.name[:6] == "record"
    with stats.transaction() as connection:  # and the fresh one works
        connection.execute(
            "INSERT INTO positions (game, moves, player, best, played, loss, added_on, due_on)"
            " VALUES ('isaac', 'm', 'dark', 'b', 'x', 0.3, '2026-11-25', '2026-11-26')"
        )
    assert stats.query("SELECT COUNT(*) FROM positions")[0][0] == 1
    assert open_stats(path).trouble is None  # once said, the next start is quiet


def test_a_database_from_a_newer_program_is_left_as_it_is(tmp_path):
    path = tmp_path / "record.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {db.VERSION + 5}")
    connection.close()
    stats = open_stats(path)
    assert stats.trouble is not None and "newer" in stats.trouble.reason
    assert stats.trouble.aside is None and stats.path is None  # this session's, in memory
    assert stats.query("PRAGMA user_version")[0][0] == db.VERSION
    assert [p.name for p in tmp_path.iterdir() if "set-aside" in p.name] == []
    with sqlite3.connect(path) as connection:  # the newer program's stats are untouched
        assert connection.execute("PRAGMA user_version").fetchone()[0] == db.VERSION + 5


def test_a_folder_that_cannot_be_written_keeps_the_stats_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    stats = open_stats(blocker / "record.sqlite3")
    assert stats.trouble is not None and stats.trouble.aside is None
    assert stats.path is None
    assert stats.query("PRAGMA user_version")[0][0] == db.VERSION
