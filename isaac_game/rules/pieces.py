"""Pieces on a one-level board as the client and the AI see them, and the lazy
builder of placement moves that ISAAC and HARI share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .bitboard import BIT_TO_CELL, SHAPES, bits, shape_id
from .common import Player, player_of
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


def placement_builder(length: int, direction: str, mask: int) -> Callable[[int], Move]:
    """The i-th placement of one length and direction, from a bitboard of anchors.

    The anchors are listed only when a move is first asked for: most positions'
    placement lists are counted (len) far more often than read.
    """
    anchors: list[int] = []

    def build(i: int) -> Move:
        if not anchors:
            anchors.extend(BIT_TO_CELL[b] for b in bits(mask))
        return Place(length, direction, anchors[i])

    return build
