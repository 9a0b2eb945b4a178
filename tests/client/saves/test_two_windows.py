"""Two windows, one save: a saved game is open in one program at a time. The second
program to choose it is told "This game is open in another window" and never writes
to it; once the first lets it go, the second goes on from the moves the first added.
Real processes, as two windows are."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from isaac_game.client.storage import OPEN_ELSEWHERE, Storage
from isaac_game.rules import load_journal, load_record, lock_path, new_game

ROOT = Path(__file__).resolve().parents[3]
SAVE = "2026-06-01_10-00-00.isaac.txt"


class Window:
    """One client process, driven one command at a time (two_windows_child.py)."""

    def __init__(self, home: Path, prefix: tuple[str, ...] = ()) -> None:
        env = {**os.environ, "ISAAC_GAME_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [*prefix, sys.executable, str(ROOT / "tests/client/saves/two_windows_child.py")],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # blocks until it answers (or dies: "")
        assert line, "the window closed without answering"
        return line.strip()

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    storage = Storage(tmp_path / "config", tmp_path / "data")
    state = new_game("isaac").play("5v04").play("3h71")
    assert storage.save_game(storage.saves_dir / SAVE, state, {"Dark": "Ann"}) is None
    return tmp_path


@pytest.mark.timeout(120)
def test_two_windows_that_both_resume_never_corrupt_the_save(home):
    path = home / "data" / "saves" / SAVE
    windows = [Window(home), Window(home)]
    try:
        for window in windows:
            assert window.read() == "ready"  # both titles offer "Resume: ..."
        # both choose Resume as close together as two programs can
        for window in windows:
            assert window.process.stdin is not None
            window.process.stdin.write("go\n")
            window.process.stdin.flush()
        tops = [window.read() for window in windows]
        assert sorted(tops)[0] == "top: match", tops  # exactly one plays it...
        assert sorted(tops)[1] == f"top: message: {OPEN_ELSEWHERE}. Play it there, " + (
            "or close it there first; Replay shows it here as it is."
        ), tops  # ...and the other says why it does not
        first, second = windows if tops[0] == "top: match" else windows[::-1]
        played = first.ask("play 3").split()[1:]
        assert second.ask("play 3") == "played: none"
        assert load_record(path).state.moves == tuple(played)  # loads: one game, whole
        assert len(played) == 5
        # the first window lets the game go: the second now goes on from its moves
        assert first.ask("back").startswith("title: Resume: ISAAC")
        assert second.ask("back") == "title: Resume: ISAAC, Ann vs Light, move 6"
        assert second.ask("go") == "top: match"
        more = second.ask("play 3").split()[1:]
        assert more[:5] == played and len(more) == 8
        assert load_journal(path).state.moves == tuple(more)
    finally:
        for window in windows:
            window.close()


@pytest.mark.timeout(120)
def test_a_game_open_in_another_window_is_not_offered_nor_deleted(home):
    path = home / "data" / "saves" / SAVE
    first = Window(home)
    try:
        assert first.read() == "ready"
        assert first.ask("go") == "top: match"
        storage = Storage(home / "config", home / "data")
        assert storage.open_elsewhere(path)
        assert storage.in_progress(free=True) == []
        assert storage.delete_save(path) == f"{OPEN_ELSEWHERE}: close it there first."
        assert path.exists()
        second = Window(home)
        try:
            assert second.read() == "ready"
            # its title does not offer the game being played in the other window
            assert not second.ask("back").startswith("title: Resume")
        finally:
            second.close()
    finally:
        first.close()
    assert not Storage(home / "config", home / "data").open_elsewhere(path)


def plant(way: str, save: Path, home: Path) -> tuple[str, ...]:
    """Make the lock of `save` impossible to take, one of three ways; the command prefix
    that runs a window as a user the folder's permissions bind (root's are dropped)."""
    if way == "link":  # O_NOFOLLOW refuses it: ELOOP
        (home / "elsewhere").write_text("not a lock\n")
        lock_path(save).symlink_to(home / "elsewhere")
    elif way == "folder":  # EISDIR
        lock_path(save).mkdir()
    else:  # a read-only saves folder holding a writable save: EACCES
        save.parent.chmod(0o555)
        if os.geteuid() == 0:
            setpriv = shutil.which("setpriv")
            if setpriv is None:
                pytest.skip("as root, a read-only folder needs setpriv to bind a window")
            return (setpriv, "--bounding-set=-dac_override,-dac_read_search")
    return ()


@pytest.mark.timeout(180)
@pytest.mark.parametrize("way", ["link", "folder", "read-only"])
def test_no_lock_possible_never_means_both_windows_write(home, way):
    """Two windows open a save whose lock cannot be had: neither writes to it (it still
    loads, byte for byte as it was); each says so in one line, and what each plays goes
    to a new file of its own where a file can be made (nowhere in a read-only folder)."""
    saves = home / "data" / "saves"
    path = saves / SAVE
    before = path.read_bytes()
    prefix = plant(way, path, home)
    windows = [Window(home, prefix), Window(home, prefix)]
    try:
        for window in windows:
            assert window.read() == "ready"
            assert window.ask("go") == "top: match"  # both play it...
            assert window.ask("bar").startswith("bar: This game's file cannot be locked (")
        bars = []
        for window in windows:
            window.ask("play 1")
            bars.append(window.ask("bar"))  # what the first move kept, or why not
        played = [window.ask("play 2").split()[1:] for window in windows]
        assert played[0] == played[1] and len(played[0]) == 5
    finally:
        for window in windows:
            window.close()
        saves.chmod(0o755)
    assert path.read_bytes() == before  # ...and neither wrote to it
    assert load_record(path).state.moves == ("5v04", "3h71")
    copies = sorted(p for p in saves.iterdir() if p.name.endswith(".isaac.txt") and p != path)
    if way == "read-only":
        assert copies == []
        assert all(bar.startswith("bar: The game cannot be saved: ") for bar in bars), bars
    else:
        assert len(copies) == 2  # one new file a window, never one file for both
        for copy in copies:
            record = load_record(copy)
            assert record.state.moves == tuple(played[0])
            assert record.headers["Dark"] == "Ann"  # the game's own headers came along
    if way == "link":
        assert (home / "elsewhere").read_text() == "not a lock\n"
