"""A game record kept on disk while the game is played, so a crash loses at most the
move being made.

The file is an ordinary record (records.py's format), written the cheap way as long
as the game only grows: each new move is appended as one line and flushed to the
disk before `keep` returns. Anything else (the first write, an undo, the result once
the game is over) rewrites the whole file atomically. A kill in the middle of an
append leaves at most a torn last line without its newline, which `load_journal`
drops: the game loads up to its last whole move.
"""

from __future__ import annotations

import os
from pathlib import Path

from .records import (
    UNFINISHED,
    GameRecord,
    RecordError,
    load_record,
    parse_record,
    record_text,
    result_text,
)
from .state import GameState


class Journal:
    """Keeps one game's record file in step with the game, move by move."""

    def __init__(self, path: str | os.PathLike[str], headers: dict[str, str]) -> None:
        self.path = Path(path)
        self.headers = dict(headers)
        #: the moves the file holds now (None: not written yet, or not known to match)
        self.written: tuple[str, ...] | None = None
        self._finished = False

    def keep(self, state: GameState) -> None:
        """Bring the file in step with `state`. Raises OSError when the disk says no."""
        moves, over = state.moves, result_text(state) != UNFINISHED
        if self.written is not None and not over and not self._finished:
            if moves == self.written:
                return
            if moves[: len(self.written)] == self.written:
                self._append(moves[len(self.written) :])
                self.written = moves
                return
        write_atomically(self.path, record_text(state, self.headers))
        self.written, self._finished = moves, over

    def _append(self, moves: tuple[str, ...]) -> None:
        with open(self.path, "a", encoding="utf-8", newline="\n") as file:
            file.write("".join(f"{move}\n" for move in moves))
            file.flush()
            os.fsync(file.fileno())


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def parse_journal(text: str) -> GameRecord:
    """A record's text, written by a `Journal` that may have been killed mid-append: an
    unterminated last line is a torn append and is left out. Anything else wrong is a
    RecordError naming its line, as for any record."""
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    return parse_record(text)


def load_journal(path: str | os.PathLike[str]) -> GameRecord:
    """Load a saved game that a `Journal` kept (any saved game: a whole record is a
    journal with nothing torn)."""
    return load_record(path, parse_journal)


__all__ = ["Journal", "RecordError", "load_journal", "parse_journal", "write_atomically"]
