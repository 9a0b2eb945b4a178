"""Chat between two real client windows on 127.0.0.1: this test's app hosts from the
menu, and a client process (`chat_child.py`) joins with real key events.

- A line typed on one screen is drawn on the other within a second, with no input
  there: the receiving window runs its real loop (`App.run_for`, resting while
  nothing moves), nothing is posted to it, and the line is read back from what its
  chat box drew.
- The chat is kept for the whole game on both sides: the joiner, having played a
  move (a game it never moved in is not kept for it), is killed (-9) and started
  again, rejoins from the title, and both screens show every line.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from isaac_game.lan import CONNECTED, RECONNECTING

from ..driver import key
from ..kinds import is_lan_game
from .lanclient import fast_lan, play_turn, pump, type_text
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]

ROOT = Path(__file__).resolve().parents[3]


class Window:
    """The other client window: a process driven one command at a time; each line it
    prints is kept with the moment it was read."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "ISAAC_GAME_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.p = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/client/lan/chat_child.py"), *args],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: list[tuple[float, str]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def wait(self, prefix: str, after: int = 0, timeout: float = 40.0) -> tuple[float, str]:
        """(when it was read, the line): the first line from `after` on that starts
        with `prefix`."""
        deadline = time.monotonic() + timeout
        while True:
            for when, line in self.lines[after:]:
                if line.startswith(prefix):
                    return when, line
            assert self.p.poll() is None or self._reader.is_alive(), self.lines
            assert time.monotonic() < deadline, f"no {prefix!r} within {timeout} s: {self.lines}"
            time.sleep(0.01)

    def ask(self, command: str, answer: str) -> tuple[float, str]:
        after = len(self.lines)
        assert self.p.stdin is not None
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        return self.wait(answer, after)

    def chat(self) -> list[str]:
        return json.loads(self.ask("lines", "lines: ")[1].removeprefix("lines: "))

    def close(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(10)
        if self.p.stdin is not None:
            self.p.stdin.close()


def record_draws(app, monkeypatch) -> list[tuple[float, list[str]]]:
    """Every draw the app decides on, from now: (when, the chat lines its box drew)."""
    draws: list[tuple[float, list[str]]] = []
    draw = app.draw

    def counted(surface=None) -> None:
        draw(surface)
        draws.append((time.monotonic(), list(app.top.control.chat.shown)))

    monkeypatch.setattr(app, "draw", counted)
    return draws


def rest_until(app, condition, timeout: float) -> float:
    """Run the app's real loop until `condition()` holds; when it did."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not within {timeout} s"
        app.run_for(0.02)
    return time.monotonic()


def settle(app, draws: list, quiet: float = 0.6, timeout: float = 20.0) -> None:
    """Run the real loop until the window has drawn nothing for `quiet` seconds (the
    bar's last message gone): from then on only news can make it draw."""
    start = time.monotonic()
    rest_until(app, lambda: time.monotonic() - max([start] + [t for t, _ in draws]) > quiet,
               timeout)  # fmt: skip
    assert not app.needs_drawing()


def says(draws: list, text: str) -> bool:
    return any(text in line for line in draws[-1][1]) if draws else False


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_a_chat_line_is_drawn_on_the_other_screen_within_a_second(app, tmp_path, monkeypatch):
    lobby = host_from_the_menu(app)
    other = Window(tmp_path / "bob", "join", str(lobby.port))
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        other.wait("ready")
        draws = record_draws(app, monkeypatch)
        settle(app, draws)
        for text in ("hello over there", "and a second line"):
            sent, _ = other.ask(f"say {text}", "sent")
            shown = rest_until(app, lambda t=text: says(draws, t), timeout=10)
            assert shown - sent < 1.0, f"drawn {shown - sent:.2f} s after it was sent"
            assert any(text in line for line in app.top.control.chat.shown)
            settle(app, draws)  # a chat line asks for no redraws after its own
    finally:
        other.close()


@pytest.mark.timeout(180)
@pytest.mark.usefixtures("fast_lan")
def test_the_chat_is_kept_on_both_sides_across_a_crashed_and_returned_joiner(app, tmp_path):
    lobby = host_from_the_menu(app)
    home = tmp_path / "bob"
    other = Window(home, "join", str(lobby.port))
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        session = game.control.session
        other.wait("ready")
        other.ask("say hi Ann", "sent")
        pump(app, lambda: len(session.chat_lines) == 1)
        key(app, pygame.K_t)
        type_text(app, "hi Bob")
        key(app, pygame.K_RETURN)
        pump(app, lambda: len(other.chat()) == 2, timeout=20)
        before = other.chat()
        assert [line.split(": ", 1)[1] for line in before] == ["hi Ann", "hi Bob"]
        while not play_turn(app, game, random.Random(2), by_mouse=False):
            pass  # Ann opens
        other.ask("move", "moved")  # Bob answers: his game is kept for his return
        pump(app, lambda: len(session.state.moves) >= 2)
        other.close()  # SIGKILL: no bye, nothing saved on the way out
        pump(app, lambda: session.link == RECONNECTING)
        other = Window(home, "resume")
        other.wait("ready")
        pump(app, lambda: session.link == CONNECTED)
        assert other.chat() == before  # the joiner's new run shows what was said
        app.draw()
        assert game.control.chat.shown == before  # and the host never lost it
        other.ask("say back again", "sent")
        pump(app, lambda: len(session.chat_lines) == 3)
        app.draw()
        assert game.control.chat.shown == [*before, game.control.chat.shown[-1]]
        assert other.chat()[-1].endswith("back again")
    finally:
        other.close()
