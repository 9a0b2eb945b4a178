"""What the player has finished in Learn to play (lessons, puzzles), kept between runs.

One small JSON file, `learn.json` in the data folder: {"done": ["lesson:isaac", ...]}.
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
    """`done(key)` / `mark(key)` over the data folder's learn.json."""

    def __init__(self, storage: HasDataDir) -> None:
        self.path = Path(storage.data_dir) / FILE_NAME

    def _load(self) -> set[str]:
        try:
            data = read_json(self.path)
        except FileReadError:
            return set()
        done = data.get("done") if isinstance(data, dict) else None
        if not isinstance(done, list):
            return set()
        return {key for key in done if isinstance(key, str)}

    def done(self, key: str) -> bool:
        return key in self._load()

    def mark(self, key: str) -> None:
        """Remember `key` as done; a disk that refuses the write is not fatal."""
        keys = self._load()
        if key in keys:
            return
        keys.add(key)
        text = json.dumps({"done": sorted(keys)}, indent=1)
        with contextlib.suppress(OSError):
            write_atomically(self.path, text)
