"""HARI's slides as geometry (docs/rules.md 3.3): how far a piece may slide along its
own line, and the slides that makes. `HariState` says whether it may slide at all."""

from __future__ import annotations

from dataclasses import dataclass

from .bitboard import CELL_TO_BIT
from .moves import Slide


@dataclass(frozen=True, slots=True)
class SlideRange:
    """Where a piece may slide now: deltas `low..-1` and `1..high` along its axis.

    `low <= 0 <= high`; the `off_*` flags say whether it may slide off the board
    through its low (smaller r or c) or high end. All zero and False when the piece
    may not slide at all now (see `HariState.slide_block`).
    """

    low: int
    high: int
    off_low: bool
    off_high: bool

    @property
    def any(self) -> bool:
        return bool(self.low or self.high or self.off_low or self.off_high)


NO_SLIDE = SlideRange(0, 0, False, False)


def axis_runs(empty: int, length: int, direction: str, anchor: int) -> tuple[int, int, int, int]:
    """(free cells before the low end, after the high end, axis position, step).

    The runs count empty cells up to the first piece or the board's edge.
    """
    r, c = divmod(anchor, 10)
    pos, step = (c, 1) if direction == "h" else (r, 10)
    base = anchor - pos * step  # the cell at axis position 0
    low = 0
    while low < pos and empty >> CELL_TO_BIT[base + (pos - low - 1) * step] & 1:
        low += 1
    high = 0
    end = pos + length
    while end + high < 10 and empty >> CELL_TO_BIT[base + (end + high) * step] & 1:
        high += 1
    return low, high, pos, step


def slides_of(anchor: int, rng: SlideRange) -> list[Slide]:
    """A piece's legal slides in canonical order: by where the piece ends up."""
    out = [Slide(anchor, -1, None)] if rng.off_low else []
    out += [Slide(anchor, -1, d) for d in range(-rng.low, 0, -1)]
    out += [Slide(anchor, 1, d) for d in range(1, rng.high + 1)]
    if rng.off_high:
        out.append(Slide(anchor, 1, None))
    return out
