"""`isaac watch ADDRESS` in a window (`commands/watch.py`'s `watch_in_window`): the watch screen is
the window's only screen and Esc closes the window (exit status 0); with no display,
one line says so and the status is 1, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from isaac_game.commands.watch import watch_in_window
from isaac_game.lan.watch import LanWatch

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.timeout(60)
def test_the_watch_window_closes_on_esc(storage, refused_port):
    watch = LanWatch.lan("isaac", "127.0.0.1", refused_port, name="Ann")

    def press_esc() -> None:
        deadline = time.monotonic() + 30
        while pygame.display.get_surface() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # until the window is open
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0,
                                                 unicode="", scancode=0))  # fmt: skip

    presser = threading.Thread(target=press_esc, daemon=True)
    presser.start()
    started = time.monotonic()
    assert watch_in_window(watch, fullscreen=False) == 0
    assert time.monotonic() - started < 30
    presser.join(5)


@pytest.mark.timeout(60)
def test_isaac_watch_with_no_display_says_so_in_one_line(tmp_path, refused_port):
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "ISAAC_GAME_HOME": str(tmp_path),
           "PYTHONPATH": str(ROOT)}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "isaac_game", "watch", f"127.0.0.1:{refused_port}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=50,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "cannot open a window" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
