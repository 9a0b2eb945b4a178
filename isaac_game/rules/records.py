"""Saved games: a few header lines, then one move per line in notation.

    # ISAAC game record
    Game: isaac
    Date: 2026-11-21
    Dark: Ada
    Light: Grace
    Result: dark 104 - light 57, dark wins

    5v04
    3h71    # a comment may follow a move

A game ended by a resignation (over the LAN) says so in its Result, `light resigns,
dark wins`, and one lost on time as `dark ran out of time, light wins`; its moves
must then leave the game unfinished, as they did when it ended. Anything else the
Result says must be what the moves give.

Loading replays every move through the engine, so a record can never describe an
impossible game; any problem is reported with its line number and nothing is
returned half-loaded. Any line ending loads (LF, CRLF, CR alone), and so does a last
line without one.

A header's value was written by someone else (a LAN peer's name, an editor), so it
is cleaned once, here where it enters: control characters, bidi controls and line
separators become visible escapes (`text.clean_text`), and a name can never break a
screen, a terminal or the record's own format. The file itself is read with
disk/files.py's care: a regular file only, never more than `MAX_RECORD_BYTES`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from .common import Player
from .disk import FileReadError, read_text, write_atomically
from .headers import Key, label_key
from .state import GameState, game_names, new_game
from .text import clean_text

MAX_RECORD_BYTES = 1 << 20
UNFINISHED = "*"
#: Header keys written in this order; others a file carries are kept after them.
STANDARD_HEADERS = (Key.GAME, Key.DATE, label_key(Player.DARK), label_key(Player.LIGHT), Key.RESULT)
_HEADER = re.compile(r"([A-Za-z][A-Za-z0-9_-]*):[ \t]*(.*)")
_OFF_BOARD = re.compile(r"(dark|light) (resigns|ran out of time), (dark|light) wins")


class OffBoard(StrEnum):
    """How a game ended before its position did, in the words its Result says it."""

    RESIGNS = "resigns"
    TIME = "ran out of time"


@dataclass(frozen=True)
class Loss:
    """A game lost off the board: by whom, and how."""

    player: Player
    how: OffBoard


class RecordError(ValueError):
    """A saved game that cannot be loaded: `reason` says why (from the line it names,
    where there is one) and `file` which file, once the loader knows it. Kept apart so
    that a screen shows the reason in its own words, never by cutting up the message."""

    def __init__(self, reason: str, file: str | None = None) -> None:
        super().__init__(reason, file)
        self.reason, self.file = reason, file

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}" if self.file else self.reason

    def of_file(self, path: str | os.PathLike[str]) -> RecordError:
        """The same reason, said of the file at `path`."""
        return RecordError(self.reason, file_name(path))


@dataclass(frozen=True)
class GameRecord:
    """A replayed game and the header lines that came with it."""

    state: GameState
    headers: dict[str, str] = field(default_factory=dict)
    #: the comment after a move, by the move's index (a clock's time left: see
    #: docs/rules.md 5), kept so that a record written again keeps them
    notes: dict[int, str] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def lost(self) -> Loss | None:
        """Who lost off the board and how (resigned, out of time), if the game ended so
        (its moves left it unfinished)."""
        return None if self.state.is_over else lost_in(self.headers)

    @property
    def resigned(self) -> Player | None:
        """Who resigned, if the game ended so."""
        lost = self.lost
        return lost.player if lost is not None and lost.how is OffBoard.RESIGNS else None

    @property
    def finished(self) -> bool:
        """Is the game over, played out, resigned or lost on time? (An unfinished one
        may go on.)"""
        return self.state.is_over or self.lost is not None

    @property
    def winner(self) -> Player | None:
        """The winner of a finished game (None: a draw, or a game that goes on)."""
        lost = self.lost
        return lost.player.other if lost is not None else self.state.winner

    def text(self) -> str:
        return record_text(self.state, self.headers)


def lost_in(headers: dict[str, str]) -> Loss | None:
    """The loss off the board the headers' Result records (a resignation, a time
    out), else None."""
    found = _OFF_BOARD.fullmatch(headers.get(Key.RESULT, "").strip())
    if found is None or found.group(1) == found.group(3):
        return None
    return Loss(Player(found.group(1)), OffBoard(found.group(2)))


def resigned_in(headers: dict[str, str]) -> Player | None:
    """The side whose resignation the headers' Result records, else None."""
    lost = lost_in(headers)
    return lost.player if lost is not None and lost.how is OffBoard.RESIGNS else None


def result_text(state: GameState, lost: Loss | Player | None = None) -> str:
    """`dark 104 - light 57, dark wins` (or `..., draw`); `light resigns, dark wins`
    or `light ran out of time, dark wins` for a game `lost` off the board (a side
    alone: it resigned) that was not over; `*` while the game goes on."""
    if not state.is_over:
        if isinstance(lost, Player):
            lost = Loss(lost, OffBoard.RESIGNS)
        if lost is not None:
            return f"{lost.player.value} {lost.how.value}, {lost.player.other.value} wins"
        return UNFINISHED
    dark, light = state.scores
    outcome = "draw" if state.winner is None else f"{state.winner.value} wins"
    return f"dark {dark} - light {light}, {outcome}"


def move_line(move: str, note: str = "") -> str:
    """A move's line in a record, its note (if any) as a comment after it."""
    note = _one_line(note).replace("#", "")
    return f"{move}    # {note}" if note.strip() else move


def record_text(
    state: GameState, headers: dict[str, str] | None = None, notes: dict[int, str] | None = None
) -> str:
    """The text of a record of `state`; Game and Result always come from the state (a
    resignation's Result from the headers, while the state is not over); `notes`: the
    comment after a move, by its index."""
    given = {k: clean_text(_one_line(v)) for k, v in (headers or {}).items()}
    given[Key.GAME] = state.game
    given[Key.RESULT] = result_text(state, lost_in(given))
    given.setdefault(Key.DATE, "")
    given.setdefault(label_key(Player.DARK), Player.DARK.title)
    given.setdefault(label_key(Player.LIGHT), Player.LIGHT.title)
    keys = list(STANDARD_HEADERS) + [k for k in given if k not in STANDARD_HEADERS]
    lines = [f"# {state.game.upper()} game record"]
    lines += [f"{key}: {given[key]}" for key in keys if _HEADER.fullmatch(f"{key}: x")]
    lines.append("")
    notes = notes or {}
    lines += [move_line(move, notes.get(i, "")) for i, move in enumerate(state.moves)]
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> GameRecord:
    """Replay a record's text. Raises RecordError naming the line on any problem."""
    headers: dict[str, str] = {}
    notes: dict[int, str] = {}
    state: GameState | None = None
    result_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if state is None and (m := _HEADER.fullmatch(line)):
            key, value = m.group(1), clean_text(m.group(2).strip())
            if key in headers:
                raise RecordError(f"line {number}: header {key} given twice")
            headers[key] = value
            if key == Key.RESULT:
                result_line = number
            continue
        if state is None:
            state = _start(headers, number)
        move, _, note = line.partition("#")
        try:
            state = state.play(move.strip())
        except ValueError as error:
            raise RecordError(f"line {number}: {error}") from None
        if note.strip():
            notes[state.ply - 1] = clean_text(note.strip())
    if state is None:
        state = _start(headers, 0)
    claimed = headers.get(Key.RESULT, UNFINISHED)
    actual = result_text(state, lost_in(headers))
    if claimed != actual:
        where = f"line {result_line}" if result_line else "the record"
        raise RecordError(f"{where}: the result says {claimed!r} but the moves give {actual!r}")
    return GameRecord(state, headers, notes)


def _start(headers: dict[str, str], number: int) -> GameState:
    game = headers.get(Key.GAME)
    if game is None:
        where = f"line {number}" if number else "the record"
        raise RecordError(f"{where}: no 'Game:' header before the moves")
    if game not in game_names():
        raise RecordError(f"unknown game {game!r} (known: {', '.join(game_names())})")
    return new_game(game)


def file_name(path: str | os.PathLike[str]) -> str:
    """A file's name, fit to show: whoever named it may have put anything in it."""
    return clean_text(Path(path).name)


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a saved game file, read safely (disk/files.py); RecordError saying why
    it cannot be read, naming the file."""
    name = file_name(path)
    try:
        return read_text(path, MAX_RECORD_BYTES)
    except FileReadError as error:
        reason = str(error)
        if reason.startswith("far too large"):
            reason = f"far too large for a game record (more than {MAX_RECORD_BYTES:,} bytes)"
        raise RecordError(reason, name) from None


def load_record(
    path: str | os.PathLike[str], parse: Callable[[str], GameRecord] = parse_record
) -> GameRecord:
    """Load and replay a saved game file (with `parse`: the strict record parser, or
    journal.py's, which forgives a torn last line)."""
    text = read_record_text(path)
    try:
        return parse(text)
    except RecordError as error:
        raise error.of_file(path) from None


def save_record(
    path: str | os.PathLike[str],
    state: GameState,
    headers: dict[str, str] | None = None,
    notes: dict[int, str] | None = None,
) -> None:
    """Write a record atomically (disk/files.py): a crash or a power cut mid-save never
    leaves a truncated file. Raises OSError when the disk says no."""
    write_atomically(path, record_text(state, headers, notes))


def _one_line(value: object) -> str:
    return " ".join(str(value).split())
