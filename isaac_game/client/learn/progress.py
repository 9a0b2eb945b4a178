"""What the player has finished in Learn to play (lessons, puzzles), kept between runs.

One small JSON file, `learn.json` in the data folder: {"done": ["lesson:isaac", ...]}.
It is written whole to a temporary file and then renamed over the old one, so a crash
never leaves half a file; a corrupt or unreadable file counts as "nothing done yet"
and never raises.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Protocol

FILE_NAME = "learn.json"


class HasDataDir(Protocol):
    data_dir: Path


class Progress:
    """`done(key)` / `mark(key)` over the data folder's learn.json."""

    def __init__(self, storage: HasDataDir) -> None:
        self.path = Path(storage.data_dir) / FILE_NAME

    def _load(self) -> set[str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
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
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".learn-", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    file.write(text)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            pass
