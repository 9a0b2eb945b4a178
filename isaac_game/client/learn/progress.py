"""What the player has finished in Learn to play (lessons, puzzles), kept between runs.

One small JSON file, `learn.json` in the data folder: {"done": ["lesson:isaac", ...],
"at": {"lesson:hari": 3}, "steps": {"lesson:hari": [0, 1, 2]}}, "at" holding the step a
lesson was left at (0-based), so that coming back resumes there, and "steps" the steps
of each lesson whose move the player has made, so that its step chooser can tick them
(a step chosen out of order and finished counts as much as one reached in order).
It is read and written through the rules' safe file I/O: written whole, atomically,
so a crash never leaves half a file; a corrupt or unreadable file (or a pipe, a link
to a device, JSON nested without end) counts as "nothing done yet" and never raises.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from isaac_game.rules import FileReadError, read_json, write_atomically

FILE_NAME = "learn.json"


class HasDataDir(Protocol):
    data_dir: Path


@dataclass
class LearnFile:
    """The file's contents, as read: what is kept of it is only what makes sense."""

    done: set[str] = field(default_factory=set)  # the keys done
    at: dict[str, int] = field(default_factory=dict)  # the step each unfinished lesson is at
    steps: dict[str, set[int]] = field(default_factory=dict)  # the steps finished, by lesson


def _steps_of(value: object) -> dict[str, set[int]]:
    """The "steps" entry: a lesson's key to its finished steps (whole numbers, 0 up)."""
    if not isinstance(value, dict):
        return {}
    kept = {}
    for key, indexes in value.items():
        if isinstance(key, str) and isinstance(indexes, list):
            found = {i for i in indexes if type(i) is int and i >= 0}
            if found:
                kept[key] = found
    return kept


class Progress:
    """`done(key)` / `mark(key)` over the data folder's learn.json, where a lesson was
    left (`step_at(key)` / `keep_step(key, index)`), and its steps finished
    (`steps_done(key)` / `mark_step(key, index)`)."""

    def __init__(self, storage: HasDataDir) -> None:
        self.path = Path(storage.data_dir) / FILE_NAME

    def _read(self) -> LearnFile:
        try:
            data = read_json(self.path)
        except FileReadError:
            return LearnFile()
        if not isinstance(data, dict):
            return LearnFile()
        done, at = data.get("done"), data.get("at")
        keys = {key for key in done if isinstance(key, str)} if isinstance(done, list) else set()
        steps = (
            {k: v for k, v in at.items() if isinstance(k, str) and type(v) is int and v > 0}
            if isinstance(at, dict)
            else {}
        )
        return LearnFile(keys, steps, _steps_of(data.get("steps")))

    def _write(self, kept: LearnFile) -> None:
        """Write the file whole; a disk that refuses the write is not fatal."""
        data: dict[str, object] = {"done": sorted(kept.done)}
        if kept.at:
            data["at"] = dict(sorted(kept.at.items()))
        if kept.steps:
            data["steps"] = {k: sorted(v) for k, v in sorted(kept.steps.items())}
        with contextlib.suppress(OSError):
            write_atomically(self.path, json.dumps(data, indent=1))

    def done(self, key: str) -> bool:
        return key in self._read().done

    def mark(self, key: str) -> None:
        """Remember `key` as done (a lesson done starts from its first step again)."""
        kept = self._read()
        if key in kept.done and key not in kept.at:
            return
        kept.done.add(key)
        kept.at.pop(key, None)
        self._write(kept)

    def step_at(self, key: str) -> int:
        """The step (0-based) the lesson `key` was left at: 0 when new or finished."""
        return self._read().at.get(key, 0)

    def keep_step(self, key: str, index: int) -> None:
        """Remember that the lesson `key` is at step `index` (0-based)."""
        kept = self._read()
        if kept.at.get(key, 0) == index:
            return
        if index > 0:
            kept.at[key] = index
        else:
            kept.at.pop(key, None)
        self._write(kept)

    def steps_done(self, key: str) -> set[int]:
        """The steps (0-based) of the lesson `key` whose move the player has made."""
        return self._read().steps.get(key, set())

    def mark_step(self, key: str, index: int) -> None:
        """Remember that the player made step `index`'s move in the lesson `key`."""
        kept = self._read()
        finished = kept.steps.setdefault(key, set())
        if index in finished:
            return
        finished.add(index)
        self._write(kept)
