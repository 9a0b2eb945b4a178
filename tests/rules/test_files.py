"""A saved game's file is whatever is on disk: a pipe, a link to a device or to nowhere,
any line ending, a planted temporary file. Loading never hangs, never reads without
end and never crashes; writing never follows a planted link and survives a power cut
(file and folder synced); the temporary file of a write killed midway is swept once it
is old. The record format is records.py's; the moves, rules.md 4."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from isaac_game.rules import (
    FileReadError,
    RecordError,
    load_journal,
    load_record,
    new_game,
    read_json,
    save_record,
    sweep_temporaries,
    write_atomically,
)
from isaac_game.rules.disk import STALE_SECONDS, TEMPORARY_NAME

posix_only = pytest.mark.skipif(os.name == "nt", reason="FIFOs and /dev/zero are POSIX")

GAME = "# ISAAC game record\nGame: isaac\nDate: 2026-11-21\nDark: Ann\nLight: Bob\nResult: *\n"
GAME += "\n5v04\n3h71\n"


def finished_text() -> tuple[str, tuple[str, ...]]:
    state = new_game("foundations")
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    from isaac_game.rules import record_text

    return record_text(state, {"Dark": "Ann"}), state.moves


@posix_only
@pytest.mark.timeout(20)
def test_a_fifo_or_a_link_to_a_device_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.isaac.txt"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.isaac.txt"
    zero.symlink_to("/dev/zero")
    for path, words in ((fifo, r"not a regular file \(a pipe\)"), (zero, "a device")):
        for load in (load_record, load_journal):
            with pytest.raises(RecordError, match=words):
                load(path)
    settings = tmp_path / "settings.json"
    settings.symlink_to("/dev/zero")
    with pytest.raises(FileReadError, match="a device"):
        read_json(settings)


def test_links_to_nowhere_and_loops_of_links_are_one_line_reasons(tmp_path):
    dangling = tmp_path / "gone.isaac.txt"
    dangling.symlink_to(tmp_path / "nothing-here")
    loop = tmp_path / "loop.isaac.txt"
    loop.symlink_to(loop)
    with pytest.raises(RecordError, match="a link to a file that is not there"):
        load_journal(dangling)
    with pytest.raises(RecordError, match="cannot be read"):
        load_journal(loop)


def test_a_file_growing_past_the_limit_is_refused_whatever_stat_said(tmp_path):
    from isaac_game.rules import read_bytes

    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(FileReadError, match="far too large"):
        read_bytes(path, 1000)
    assert read_bytes(path, 1001) == b"x" * 1001


def test_json_nested_without_end_is_refused_without_recursion(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(FileReadError, match="nested more than"):
        read_json(path, limit=1 << 20)
    path.write_text(json.dumps({"name": "[[[[" * 50, "deep": [[[1]]]}))
    assert read_json(path) == {"name": "[[[[" * 50, "deep": [[[1]]]}  # brackets in strings


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("final", [True, False])
def test_every_line_ending_loads_the_same_moves(tmp_path, ending, final):
    text = GAME.replace("\n", ending)
    if not final:
        text = text.removesuffix(ending)
    path = tmp_path / "g.isaac.txt"
    path.write_bytes(text.encode())
    for load in (load_record, load_journal):
        record = load(path)
        assert record.state.moves == ("5v04", "3h71")
        assert record.headers["Dark"] == "Ann"


def test_a_finished_record_without_its_last_line_break_loads(tmp_path):
    text, moves = finished_text()
    path = tmp_path / "over.isaac.txt"
    path.write_text(text.removesuffix("\n"))
    assert load_journal(path).state.moves == load_record(path).state.moves == moves


@posix_only
def test_a_planted_temporary_file_is_never_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "game.isaac.txt"
    for planted in (target.with_name(target.name + ".tmp"), tmp_path / "settings.tmp"):
        planted.symlink_to(victim)
    save_record(target, new_game().play("5v04"), {"Dark": "Ann"})
    write_atomically(tmp_path / "settings.json", "{}")
    assert victim.read_text() == "precious"
    assert load_record(target).state.moves == ("5v04",)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


def test_a_write_that_fails_leaves_the_old_file_and_no_litter(tmp_path, monkeypatch):
    target = tmp_path / "game.isaac.txt"
    save_record(target, new_game().play("5v04"))
    before = target.read_bytes()

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError, match="No space"):
        save_record(target, new_game().play("5v04").play("3h71"))
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.isaac.txt"]


@posix_only
@pytest.mark.parametrize("write", ["save_record", "write_atomically"])
def test_the_file_and_its_folder_are_synced(tmp_path, monkeypatch, write):
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd):
        mode = os.fstat(fd).st_mode
        synced.append("folder" if stat.S_ISDIR(mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    target = tmp_path / "saves" / "game.isaac.txt"
    if write == "save_record":
        save_record(target, new_game().play("5v04"))
    else:
        write_atomically(target, "text")
    assert synced == ["file", "folder"]  # the data first, then the rename itself


ROOT = Path(__file__).resolve().parents[2]
#: A child that writes a file atomically and stops for good before the rename (its
#: fsync never returns), saying so first: killed there, it leaves its temporary file.
STUCK_WRITER = """
import os, sys, threading
def stuck(fd):
    print("writing", flush=True)
    threading.Event().wait()
os.fsync = stuck
from isaac_game.rules import write_atomically
write_atomically(sys.argv[1], "x" * 100_000)
"""


def age(path: Path, seconds: float) -> None:
    """Make `path` look last changed `seconds` ago."""
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)


@pytest.mark.timeout(60)
def test_a_write_killed_midway_leaves_a_temporary_file_swept_once_it_is_old(tmp_path):
    target = tmp_path / "settings.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", STUCK_WRITER, str(target)], stdout=subprocess.PIPE, env=env
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == b"writing\n"
    finally:
        child.kill()  # SIGKILL on POSIX: no clean-up runs
        child.wait()
    (left,) = tmp_path.iterdir()
    assert TEMPORARY_NAME.fullmatch(left.name) and left.name.startswith(".settings.json.")
    assert not target.exists()
    assert sweep_temporaries(tmp_path) == [] and left.exists()  # just written: maybe live
    age(left, STALE_SECONDS + 60)
    assert sweep_temporaries(tmp_path) == [left] and list(tmp_path.iterdir()) == []


def test_only_old_files_named_exactly_as_temporary_files_are_swept(tmp_path):
    """A write under way in another window (a fresh file) and anything not named
    `.NAME.<12 hex digits>.tmp` stay, however old."""
    old = tmp_path / ".settings.json.0123456789ab.tmp"
    fresh = tmp_path / ".game.isaac.txt.abcdef012345.tmp"
    near_misses = [
        "settings.json.0123456789ab.tmp",  # no leading dot
        ".settings.json.0123456789AB.tmp",  # write_atomically's hex is lower case
        ".settings.json.0123456789a.tmp",  # eleven digits
        ".settings.json.0123456789abc.tmp",  # thirteen
        ".settings.json.0123456789ab.tmp.keep",
        ".0123456789ab.tmp",  # no NAME
        "settings.tmp",
    ]
    for path in (old, fresh, *(tmp_path / name for name in near_misses)):
        path.write_text("{")
    for name in near_misses:
        age(tmp_path / name, 30 * 24 * 3600)
    age(old, STALE_SECONDS + 60)
    age(fresh, STALE_SECONDS - 60)
    folder = tmp_path / ".lessons.json.00000000aaaa.tmp"
    folder.mkdir()  # not a file: never ours
    age(folder, 30 * 24 * 3600)
    kept = {p.name for p in tmp_path.iterdir()} - {old.name}
    if os.name != "nt":
        link = tmp_path / ".ticket.json.ffffffffffff.tmp"
        link.symlink_to(fresh)  # a link is never followed nor removed
        age(link, 30 * 24 * 3600)
        kept.add(link.name)
    assert sweep_temporaries(tmp_path) == [old]
    assert {p.name for p in tmp_path.iterdir()} == kept
    assert sweep_temporaries(tmp_path / "missing") == []
