"""SIGTERM (a logout, a shutdown) and SIGHUP close the window at once, asking nothing:
the game is already on disk. The real `isaac FILE` command in its own process, on a
game under way (one whose leaving would ask "Leave the game?"), then the signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from isaac_game.client.storage import Storage
from isaac_game.rules import load_journal, locked_elsewhere, new_game

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.timeout(90)
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_closes_the_window_at_once_and_the_game_stays_on_disk(tmp_path, signum):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    state = new_game("isaac").play("5v04").play("3h40")
    save = storage.saves_dir / "2026-05-01_10-00-00.isaac.txt"
    assert storage.save_game(save, state, {"DarkPlayer": "human", "LightPlayer": "human"}) is None
    env = {**os.environ, "ISAAC_GAME_HOME": str(tmp_path), "PYTHONPATH": str(ROOT),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}  # fmt: skip
    child = subprocess.Popen(
        [sys.executable, "-m", "isaac_game", str(save), "--size", "800x600"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not locked_elsewhere(save):  # the game is open: its window holds the save
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the game never opened"
            time.sleep(0.02)
        child.send_signal(signum)
        out, err = child.communicate(timeout=10)  # at once: no question waits for an answer
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 0, err
    assert "went wrong" not in err
    assert load_journal(save).state.moves == state.moves
    assert not locked_elsewhere(save)
