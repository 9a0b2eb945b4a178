"""Every game on disk after every move: the match scene's link to its save file.

The file is a journal (`isaac_game.rules.Journal`): a move is appended and flushed
to the disk as it is played, so a crash or a kill loses at most the move being made,
and the title's Resume picks the game up. The file is made at the first move (a
game nobody played leaves nothing behind) in the saves folder, or is the file the
game was continued from.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from isaac_game.rules import GameState, Journal

from .storage import Storage


class GameKeeper:
    def __init__(
        self, storage: Storage, headers: Callable[[], dict[str, str]], path: Path | None = None
    ) -> None:
        self.storage = storage
        self.headers = headers  # the record's player headers, asked when the file is made
        self.path = path
        self.journal: Journal | None = None
        self.error = ""  # why the last write failed ("" while all is well)

    def keep(self, state: GameState) -> str:
        """Write what changed since the last call; "" or why the disk said no (said once)."""
        if self.journal is None:
            if not state.moves:
                return ""
            if self.path is None:
                self.path = self.storage.new_save_path()
            self.journal = self.storage.journal(self.path, self.headers())
        try:
            self.journal.keep(state)
        except OSError as error:
            first = not self.error
            self.error = f"The game cannot be saved: {error.strerror or error}"
            self.journal.written = None  # rewrite it whole next time
            return self.error if first else ""
        self.error = ""
        return ""

    def save(self, state: GameState) -> str:
        """Save now, whatever was played (the pause menu's Save); a message for the user."""
        if self.journal is None:
            self.path = self.path or self.storage.new_save_path()
            self.journal = self.storage.journal(self.path, self.headers())
        self.keep(state)
        assert self.path is not None
        return self.error or f"Saved as {self.path.name}"

    def start_over(self) -> None:
        """Another game replaced this one on the board: it gets a file of its own."""
        self.path, self.journal, self.error = None, None, ""
