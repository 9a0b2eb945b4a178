"""ISAAC's arithmetic: the points of a removal, where counters stand, who wins.

Kept apart from the state so the client, the AI and the tests can use the same
formulas (docs/rules.md 1.2-1.4) without a position in hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bitboard import CELL_LINES, PieceShape
from .common import Player, hand_cells, player_of

WINNING_SCORE = 100


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The points a removal scores: value x N x M (docs/rules.md 1.3.3)."""

    value: int
    pieces: int  # N
    multiplier: int  # M
    points: int

    def __str__(self) -> str:
        text = f"{self.value} x {self.pieces}"
        if self.multiplier > 1:
            text += f" x {self.multiplier}"
        return f"{text} = {self.points}"


def removal_breakdown(
    shape: PieceShape, line_counts: tuple[int, ...], counter_cells: tuple[int, ...]
) -> Breakdown:
    """Points for removing `shape`, with counters where they stand before moving."""
    line = shape.line
    pieces = line_counts[line] - 1  # every other piece with a cell on the line
    counters = sum(1 for x in counter_cells if line in CELL_LINES[x])
    multiplier = 1 << counters
    return Breakdown(shape.value, pieces, multiplier, shape.value * pieces * multiplier)


def counter_cell_of(player_index: int, score: int) -> int | None:
    """The cell (Dark's coordinates) a counter with `score` stands on; None past 99."""
    if score >= WINNING_SCORE:
        return None
    return score if player_index == 0 else 99 - score


def target_scores(start: int, points: int, forbidden: int) -> list[int]:
    """Every score a counter at `start` may move to (docs/rules.md 1.3.4, 1.5)."""
    top = start + points
    targets = [t for t in range(start, min(top, 99) + 1) if t != forbidden]
    if top >= WINNING_SCORE:
        targets.append(top)
    return targets


def decide_winner(
    scores: tuple[int, int], hands: tuple[tuple[int, ...], ...]
) -> tuple[Player, str | None]:
    """Winner and, when the scores tie, the tie-break that decided (docs/rules.md 1.4)."""
    dark, light = scores
    if dark != light:
        return (Player.DARK if dark > light else Player.LIGHT), None
    cells = [hand_cells(h) for h in hands]
    counts = [sum(h) for h in hands]
    if cells[0] != cells[1]:
        win = 0 if cells[0] > cells[1] else 1
        return player_of(win), (
            f"scores tied at {dark}; {player_of(win).title}'s unplayed pieces make the longer "
            f"line ({cells[win]} cells against {cells[1 - win]})"
        )
    if counts[0] != counts[1]:
        win = 0 if counts[0] < counts[1] else 1
        return player_of(win), (
            f"scores tied at {dark} and unplayed lines both {cells[0]} cells; "
            f"{player_of(win).title}'s has fewer pieces ({counts[win]} against {counts[1 - win]})"
        )
    return Player.DARK, (
        f"scores tied at {dark} and unplayed lines equal; Dark started the game and wins"
    )
