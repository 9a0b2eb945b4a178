"""Helpers for the LAN tests: the real CLI as a subprocess, fast timers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOVE = re.compile(r"^\d+\. (dark|light) \S+$")

#: Protocol timers shrunk so that a lost link is noticed in about a second.
FAST_TIMERS = {
    "ISAAC_LAN_PING_INTERVAL": "0.2",
    "ISAAC_LAN_SILENCE_LIMIT": "2.5",  # short, yet no false alarm on a loaded CI machine
    "ISAAC_LAN_RETRY_INTERVAL": "0.2",
    "ISAAC_LAN_CONNECT_TIMEOUT": "1.0",
    "ISAAC_LAN_HELLO_TIMEOUT": "2.0",
    "ISAAC_LAN_REJOIN_WINDOW": "60",
}


class Cli:
    """`python -m isaac_game ...` with stdout and stderr collected line by line."""

    def __init__(
        self, args: Sequence[str], *, prefix: Sequence[str] = (), env: dict | None = None
    ) -> None:
        full_env = {**os.environ, **FAST_TIMERS, "PYTHONPATH": str(ROOT), **(env or {})}
        cmd = [*prefix, sys.executable, "-m", "isaac_game", *args]
        self.p = subprocess.Popen(
            cmd, cwd=ROOT, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [
            threading.Thread(target=self._read, args=(self.p.stdout, self.out), daemon=True),
            threading.Thread(target=self._read, args=(self.p.stderr, self.err), daemon=True),
        ]
        for t in self._readers:
            t.start()

    @staticmethod
    def _read(stream, sink: list[str]) -> None:
        for line in stream:
            sink.append(line.rstrip("\n"))

    def wait_line(
        self, pred: Callable[[str], object], timeout: float = 20.0, stream: str = "err"
    ) -> str:
        """The first line of `stream` matching `pred`; fails on timeout or exit."""
        lines = self.err if stream == "err" else self.out
        deadline = time.monotonic() + timeout
        while True:
            for line in list(lines):
                if pred(line):
                    return line
            if self.p.poll() is not None:
                for t in self._readers:
                    t.join(2)
                if any(pred(x) for x in lines):
                    return next(x for x in lines if pred(x))
                raise AssertionError(f"exited ({self.p.returncode}) first\n{self.dump()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no matching line within {timeout} s\n{self.dump()}")
            time.sleep(0.02)

    def port(self) -> int:
        line = self.wait_line(lambda s: s.startswith("listening on "))
        return int(line.rsplit(":", 1)[1])

    def finish(self, timeout: float = 60.0) -> int:
        try:
            self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"still running after {timeout} s\n{self.dump()}") from None
        for t in self._readers:
            t.join(5)
        return self.p.returncode

    def moves(self) -> list[str]:
        return [line for line in self.out if MOVE.match(line)]

    def dump(self) -> str:
        return "stdout:\n" + "\n".join(self.out[-30:]) + "\nstderr:\n" + "\n".join(self.err[-30:])

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(5)


def home(tmp_path: Path, who: str) -> dict[str, str]:
    """The environment of a program whose user files are its own folder `who`."""
    (tmp_path / who).mkdir(exist_ok=True)
    return {"ISAAC_GAME_HOME": str(tmp_path / who)}


def moves_printed(cli: Cli, at_least: int) -> list[str]:
    """Wait until `cli` printed `at_least` move lines; the move lines so far."""
    cli.wait_line(lambda _: len(cli.moves()) >= at_least, stream="out")
    return cli.moves()


def pump(sessions, until, timeout=15.0):
    """Tick every in-process session (`LanSession`) until `until()` holds; every event
    seen. Fails with each session's state on timeout."""
    seen = []
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            states = [(s.role, s.link, s.state and s.state.ply, s.problem) for s in sessions]
            raise AssertionError(f"condition not met within {timeout} s: {states}")
        for s in sessions:
            seen.extend(s.update())
        time.sleep(0.002)
    return seen
