"""A saved game open in one program at a time (rules/disk/lock.py): the lock conflicts
between programs and between two holders in one, is free again the moment its holder
closes it, exits or is killed, and asking about it leaves nothing behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from isaac_game.rules import GameLock, lock_path, locked_elsewhere

ROOT = Path(__file__).resolve().parents[2]
HOLD = (
    "import sys\n"
    "from isaac_game.rules import GameLock\n"
    "lock = GameLock(sys.argv[1])\n"
    "print(lock.acquire(), flush=True)\n"
    "sys.stdin.read()\n"
)


def test_two_holders_conflict_and_release_frees_and_cleans_up(tmp_path):
    save = tmp_path / "g.isaac.txt"
    assert not locked_elsewhere(save) and not lock_path(save).exists()  # asking makes nothing
    first, second = GameLock(save), GameLock(save)
    assert first.acquire() and first.held
    assert locked_elsewhere(save)
    assert not second.acquire() and not second.held
    first.release()
    assert not lock_path(save).exists() and not locked_elsewhere(save)
    assert second.acquire()
    second.release()


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")
@pytest.mark.timeout(60)
def test_a_lock_held_by_a_killed_program_is_free(tmp_path):
    save = tmp_path / "g.isaac.txt"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        assert locked_elsewhere(save) and not GameLock(save).acquire()
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert lock_path(save).exists()  # left behind by the kill, but nobody holds it
    assert not locked_elsewhere(save)
    lock = GameLock(save)
    assert lock.acquire()
    lock.release()


def test_a_folder_that_takes_no_lock_file_gives_no_lock_and_says_why(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    lock = GameLock(blocker / "g.isaac.txt")
    assert not lock.acquire() and not lock.held  # no lock possible never means "write anyway"
    assert lock.refused == "Not a directory"
    lock.release()


@pytest.mark.parametrize(
    ("way", "reason"),
    [("link", "Too many levels of symbolic links"), ("folder", "Is a directory")],
)
def test_something_planted_at_the_lock_name_gives_no_lock(tmp_path, way, reason):
    save = tmp_path / "g.isaac.txt"
    if way == "link":
        (tmp_path / "target").write_text("")
        lock_path(save).symlink_to(tmp_path / "target")
    else:
        lock_path(save).mkdir()
    lock = GameLock(save)
    assert not lock.acquire() and not lock.held and lock.refused == reason
    assert (tmp_path / "target").read_text() == "" if way == "link" else lock_path(save).is_dir()


def test_a_lock_file_left_read_only_still_locks(tmp_path):
    """One that exists but cannot be written (left by another user, or the folder is
    read-only) is opened to read: a lock needs no more."""
    save = tmp_path / "g.isaac.txt"
    lock_path(save).write_text("")
    lock_path(save).chmod(0o444)
    first, second = GameLock(save), GameLock(save)
    assert first.acquire() and first.held and not first.refused
    assert not second.acquire() and not second.refused  # taken: not "no lock possible"
    first.release()
