"""Moves as small hashable values with a text round trip (docs/rules.md 2, 3 and 4).

`parse_notation` only checks the form of the text; whether the move is legal is the
state's business (`GameState.parse_move`). Keeping the two apart is what lets every
game share one notation module and still give precise errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .common import LENGTHS, NotationError

#: Longest text we even look at: protects every parser from huge strings.
MAX_NOTATION_LENGTH = 32


class Move:
    """Base of every move. `str(move)` is its canonical notation."""

    __slots__ = ()

    @property
    def notation(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Put a piece of `length` with its anchor on `cell`, on `level` (FOUNDATIONS)."""

    length: int
    direction: str  # "h" or "v"
    cell: int
    level: int = 1

    def __str__(self) -> str:
        text = f"{self.length}{self.direction}{self.cell:02d}"
        return text if self.level == 1 else f"{text}@{self.level}"


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """ISAAC: remove the piece covering `cell` and move the counter to score `target`."""

    cell: int
    target: int

    def __str__(self) -> str:
        return f"x{self.cell:02d}-{self.target}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """No other move is legal."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Slide(Move):
    """HARI: slide the piece covering `cell` by `distance` cells (sign gives the way).

    `distance` is None for a slide off the board (`s23+x`).
    """

    cell: int
    sign: int  # +1 toward higher r or c, -1 toward lower
    distance: int | None

    def __str__(self) -> str:
        way = "+" if self.sign > 0 else "-"
        amount = "x" if self.distance is None else str(self.distance)
        return f"s{self.cell:02d}{way}{amount}"


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """HARI: play a piece from hand by setting it aside."""

    length: int

    def __str__(self) -> str:
        return f"d{self.length}"


PASS = Pass()

_PLACE = re.compile(r"([0-9])([hv])([0-9]{2})(?:@([0-9]{1,2}))?")
_REMOVE = re.compile(r"x([0-9]{2})-([0-9]{1,3})")
_SLIDE = re.compile(r"s([0-9]{2})([+-])([0-9]{1,2}|x)")
_DISCARD = re.compile(r"d([0-9])")


def parse_notation(text: object) -> Move:
    """Turn notation text into a Move, checking its form only.

    Raises NotationError with a message that says what is wrong.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(f"{text[:MAX_NOTATION_LENGTH]}...: far too long to be a move")
    move = text.strip()
    if not move:
        raise NotationError("empty move")
    if move == "pass":
        return PASS
    if m := _PLACE.fullmatch(move):
        length, direction, cell, level = m.groups()
        _check_length(move, int(length))
        level_number = 1 if level is None else int(level)
        if level is not None and level_number < 2:
            raise NotationError(f"{move}: levels are written from @2 up; level 1 has no @")
        return Place(int(length), direction, int(cell), level_number)
    if m := _REMOVE.fullmatch(move):
        cell, target = m.groups()
        return Remove(int(cell), int(target))
    if m := _SLIDE.fullmatch(move):
        cell, way, amount = m.groups()
        distance = None if amount == "x" else int(amount)
        if distance == 0:
            raise NotationError(f"{move}: a slide moves at least one cell")
        return Slide(int(cell), 1 if way == "+" else -1, distance)
    if m := _DISCARD.fullmatch(move):
        _check_length(move, int(m.group(1)))
        return Discard(int(m.group(1)))
    raise NotationError(f"{move!r} is not a move (examples: 5v04, x04-30, pass)")


def _check_length(move: str, length: int) -> None:
    if length not in LENGTHS:
        raise NotationError(f"{move}: there are no {length}-cell pieces (lengths are 3 to 7)")
