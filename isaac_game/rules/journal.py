"""A game record kept on disk while the game is played, so a crash loses at most the
move being made.

The file is an ordinary record (records.py's format), written the cheap way as long
as the game only grows: each new move is appended as one line, in one write, and
synced to the disk before `keep` returns. Anything else (the first write, an undo,
the result once the game is over) rewrites the whole file atomically (disk/files.py).
Should an append be cut short all the same (a power cut as it is written), the file
ends in a torn last line without its line break, which `load_journal` drops when it
spoils the record: the game loads up to its last whole move. A last line that is a
whole move without its line break (a record saved by an editor that adds none) is a
move like any other, for every loader alike. (The one thing no loader can tell: a
removal cut after its first target digit, `x33-1` of `x33-16`, is a move too.)

A game continued from a file (`Journal.resume`) keeps that file as it is: its
headers (date, names, any others) stay, and its next move is appended, after a line
break if the file ends without one. Only a torn last line makes it rewritten whole.
"""

from __future__ import annotations

import os
from pathlib import Path

from .disk import append_text, write_atomically
from .records import (
    MAX_RECORD_BYTES,
    UNFINISHED,
    GameRecord,
    RecordError,
    load_record,
    lost_in,
    move_line,
    parse_record,
    read_record_text,
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

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[Journal, GameRecord]:
        """The journal of a game continued from its file, and the game the file holds
        (RecordError if it cannot be loaded). Nothing is written until a move is."""
        text = read_record_text(path)
        try:
            record, torn = _parse(text)
        except RecordError as error:
            raise error.of_file(path) from None
        journal = cls(path, record.headers)
        if not torn:
            journal.written = record.state.moves
            journal._finished = record.finished
        return journal, record

    def keep(self, state: GameState, notes: dict[int, str] | None = None) -> None:
        """Bring the file in step with `state`, each move with its note in `notes` (by
        the move's index: a clock's time left). Raises OSError when the disk says no."""
        notes = notes or {}
        moves = state.moves
        over = result_text(state, lost_in(self.headers)) != UNFINISHED
        if self.written is not None and not over and not self._finished:
            if moves == self.written:
                return
            if moves[: len(self.written)] == self.written:
                try:
                    new = range(len(self.written), len(moves))
                    append_text(
                        self.path,
                        "".join(f"{move_line(moves[i], notes.get(i, ''))}\n" for i in new),
                    )
                    self.written = moves
                    return
                except FileNotFoundError:
                    pass  # the file went away: write it whole again, below
        write_atomically(self.path, record_text(state, self.headers, notes))
        self.written, self._finished = moves, over


def _parse(text: str) -> tuple[GameRecord, bool]:
    """The record in `text`, and whether a torn last line was left out to get it."""
    try:
        return parse_record(text), False
    except RecordError:
        lines = text.splitlines(keepends=True)
        if not lines or lines[-1].splitlines()[0] != lines[-1]:
            raise  # the last line is whole: whatever is wrong is not a torn append
        return parse_record("".join(lines[:-1])), True


def parse_journal(text: str) -> GameRecord:
    """A record's text, written by a `Journal` that may have been killed mid-append: an
    unterminated last line that spoils the record is a torn append and is left out.
    Anything else wrong is a RecordError naming its line, as for any record."""
    return _parse(text)[0]


def load_journal(path: str | os.PathLike[str]) -> GameRecord:
    """Load a saved game that a `Journal` kept (any saved game: a whole record is a
    journal with nothing torn)."""
    return load_record(path, parse_journal)


__all__ = [
    "MAX_RECORD_BYTES",
    "Journal",
    "RecordError",
    "load_journal",
    "parse_journal",
    "write_atomically",
]
