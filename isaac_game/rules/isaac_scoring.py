"""ISAAC's arithmetic: the points of a removal, where counters stand, who wins, and the
facts the rules share about a phase and a blocked piece.

Kept apart from the state so the client, the AI and the tests can use the same
formulas (docs/rules.md 1.2-1.4) without a position in hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .bitboard import CELL_LINES, PieceShape
from .common import Player, hand_cells, player_of

PLACEMENT, SCORING, OVER = "placement", "scoring", "over"


class Blocker(NamedTuple):
    """Why one piece may not be removed now (docs/rules.md 1.3.2), as facts rather than
    words, so that each screen can say it in its own: `floor` is the length of its
    owner's last removal when the piece is shorter (else 0); `counter` is whose
    counter stands on it (else None). Either alone blocks the piece; a short piece
    stays blocked whatever the counters do."""

    floor: int
    counter: Player | None


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


class TieBreak(NamedTuple):
    """How equal scores were decided (docs/rules.md 1.4), as facts rather than words, so
    that each screen can say it in its own language; `str()` is the English of records
    and the command line. `cells` and `pieces` are (Dark's, Light's): the length of each
    line of unplayed pieces, and how many pieces make it."""

    score: int
    winner: Player
    cells: tuple[int, int]
    pieces: tuple[int, int]

    def __str__(self) -> str:
        win = self.winner.index
        if self.cells[0] != self.cells[1]:
            return (
                f"scores tied at {self.score}; {self.winner.title}'s unplayed pieces make the "
                f"longer line ({self.cells[win]} cells against {self.cells[1 - win]})"
            )
        if self.pieces[0] != self.pieces[1]:
            return (
                f"scores tied at {self.score} and unplayed lines both {self.cells[0]} cells; "
                f"{self.winner.title}'s has fewer pieces ({self.pieces[win]} against "
                f"{self.pieces[1 - win]})"
            )
        return (
            f"scores tied at {self.score} and unplayed lines equal; Dark started the game and wins"
        )


def decide_winner(
    scores: tuple[int, int], hands: tuple[tuple[int, ...], ...]
) -> tuple[Player, TieBreak | None]:
    """Winner and, when the scores tie, the tie-break that decided (docs/rules.md 1.4)."""
    dark, light = scores
    if dark != light:
        return (Player.DARK if dark > light else Player.LIGHT), None
    cells = (hand_cells(hands[0]), hand_cells(hands[1]))
    counts = (sum(hands[0]), sum(hands[1]))
    if cells[0] != cells[1]:
        win = player_of(0 if cells[0] > cells[1] else 1)
    elif counts[0] != counts[1]:
        win = player_of(0 if counts[0] < counts[1] else 1)
    else:
        win = Player.DARK
    return win, TieBreak(dark, win, cells, counts)
