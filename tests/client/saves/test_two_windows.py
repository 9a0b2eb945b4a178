"""Two windows, one save: a saved game is open in one program at a time. The second
program to choose it is told "This game is open in another window" and never writes
to it; once the first lets it go, the second goes on from the moves the first added.
Real processes, as two windows are."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from isaac_game.client.storage import OPEN_ELSEWHERE, Storage
from isaac_game.rules import load_journal, load_record, new_game

ROOT = Path(__file__).resolve().parents[3]
SAVE = "2026-06-01_10-00-00.isaac.txt"


class Window:
    """One client process, driven one command at a time (two_windows_child.py)."""

    def __init__(self, home: Path) -> None:
        env = {**os.environ, "ISAAC_GAME_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/client/saves/two_windows_child.py")],
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
