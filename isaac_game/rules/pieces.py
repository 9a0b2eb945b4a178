"""Pieces on the board as the client and the AI see them (one level for ISAAC and HARI,
stacked for FOUNDATIONS), and the lazy builder of placement moves that ISAAC and HARI
share. The states keep pieces as shape ids; these values are what they hand out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .bitboard import SHAPES, mask_cells, shape_id
from .common import VALUE, Player, player_of
from .moves import Move, Place


@dataclass(frozen=True, slots=True)
class BoardPiece:
    """A piece on the board, as the client and the AI see it."""

    owner: Player
    length: int
    direction: str
    anchor: int
    cells: tuple[int, ...]

    @property
    def value(self) -> int:
        return SHAPES[shape_id(self.length, self.direction, self.anchor)].value  # type: ignore[union-attr]


def board_piece(owner: int, sid: int) -> BoardPiece:
    """The BoardPiece for side `owner` (0 Dark, 1 Light) and shape id `sid`."""
    shape = SHAPES[sid]
    assert shape is not None
    return BoardPiece(player_of(owner), shape.length, shape.direction, shape.anchor, shape.cells)


@dataclass(frozen=True, slots=True)
class StackedPiece:
    """A piece in a FOUNDATIONS stack, as the client and the AI see it."""

    owner: Player
    length: int
    direction: str
    anchor: int
    cells: tuple[int, ...]
    level: int

    @property
    def value(self) -> int:
        return VALUE[self.length]

    @property
    def ends(self) -> tuple[int, int]:
        return self.cells[0], self.cells[-1]

    def __str__(self) -> str:
        return str(Place(self.length, self.direction, self.anchor, self.level))


def stacked_piece(owner: int, sid: int, level: int) -> StackedPiece:
    """The StackedPiece for side `owner` (0 Dark, 1 Light), shape id `sid`, on `level`."""
    shape = SHAPES[sid]
    assert shape is not None
    return StackedPiece(
        player_of(owner), shape.length, shape.direction, shape.anchor, shape.cells, level
    )


def placement_builder(length: int, direction: str, mask: int) -> Callable[[int], Move]:
    """The i-th placement of one length and direction, from a bitboard of anchors.

    The anchors are listed only when a move is first asked for: most positions'
    placement lists are counted (len) far more often than read.
    """
    anchors: list[int] = []

    def build(i: int) -> Move:
        if not anchors:
            anchors.extend(mask_cells(mask))
        return Place(length, direction, anchors[i])

    return build
