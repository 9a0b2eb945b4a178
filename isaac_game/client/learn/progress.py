"""What the player has finished in Learn to play (lessons, puzzles), kept between runs.

One small JSON file, `learn.json` in the data folder: {"done": ["lesson:isaac", ...],
"at": {"lesson:hari": 3}}, "at" holding the step a lesson was left at (0-based), so
that coming back resumes there.
It is read and written through the rules' safe file I/O: written whole, atomically,
so a crash never leaves half a file; a corrupt or unreadable file (or a pipe, a link
to a device, JSON nested without end) counts as "nothing done yet" and never raises.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Protocol

from isaac_game.rules import FileReadError, read_json, write_atomically

FILE_NAME = "learn.json"


class HasDataDir(Protocol):
    data_dir: Path


class Progress:
    """`done(key)` / `mark(key)` over the data folder's learn.json, and where a lesson was
    left (`step_at(key)` / `keep_step(key, index)`)."""

    def __init__(self, storage: HasDataDir) -> None:
        self.path = Path(storage.data_dir) / FILE_NAME

    def _read(self) -> tuple[set[str], dict[str, int]]:
        """(the keys done, the step each unfinished lesson was left at)."""
        try:
            data = read_json(self.path)
        except FileReadError:
            return set(), {}
        if not isinstance(data, dict):
            return set(), {}
        done, at = data.get("done"), data.get("at")
        keys = {key for key in done if isinstance(key, str)} if isinstance(done, list) else set()
        steps = (
            {k: v for k, v in at.items() if isinstance(k, str) and type(v) is int and v > 0}
            if isinstance(at, dict)
            else {}
        )
        return keys, steps

    def _write(self, keys: set[str], steps: dict[str, int]) -> None:
        """Write the file whole; a disk that refuses the write is not fatal."""
        data: dict[str, object] = {"done": sorted(keys)}
        if steps:
            data["at"] = dict(sorted(steps.items()))
        with contextlib.suppress(OSError):
            write_atomically(self.path, json.dumps(data, indent=1))

    def done(self, key: str) -> bool:
        return key in self._read()[0]

    def mark(self, key: str) -> None:
        """Remember `key` as done (a lesson done starts from its first step again)."""
        keys, steps = self._read()
        if key in keys and key not in steps:
            return
        keys.add(key)
        steps.pop(key, None)
        self._write(keys, steps)

    def step_at(self, key: str) -> int:
        """The step (0-based) the lesson `key` was left at: 0 when new or finished."""
        return self._read()[1].get(key, 0)

    def keep_step(self, key: str, index: int) -> None:
        """Remember that the lesson `key` is at step `index` (0-based)."""
        keys, steps = self._read()
        if steps.get(key, 0) == index:
            return
        if index > 0:
            steps[key] = index
        else:
            steps.pop(key, None)
        self._write(keys, steps)
