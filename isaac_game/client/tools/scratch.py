"""A throw-away home for a tool's app (the screenshot tools, the benches): its
settings, saves and stats live in a temporary folder that is removed when the tool
is done with it (`cleanup`, or at the latest when the program ends), so a run, and
every test that drives these tools, leaves nothing behind in the system's temp folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..storage import Storage


class ScratchHome:
    """A temporary folder holding one `Storage` (`storage`)."""

    def __init__(self, prefix: str) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True)
        home = Path(self._folder.name)
        self.storage = Storage(home / "c", home / "d")

    def cleanup(self) -> None:
        """Remove the folder and all in it (the app using it is shut down first)."""
        self._folder.cleanup()
