"""HARI's placements ranked by the room they leave: a move order the tree search can
try (`playouts:N:crowd` in the arena), measured in `docs/strength.md`, "HARI's search".

The searching levels try a position's moves in the rule of thumb's order
(`generic.thumb_order`): shortest placements first, then discards, then slides. A
HARI position has hundreds of placements of its shortest piece, all equal to that
order, and the tree widens slowly (a child per few playouts), so which few of them it
ever looks at is a matter of the shuffle. This order keeps the rule's groups and
sorts each run of placements of one length by the room they leave for the long
pieces (6 and 7 cells): least room first. Why that may pay: a piece that crowds the
board costs its owner less than the opponent, because only its owner may slide it
out of the way later (docs/rules.md 3.3).
"""

from __future__ import annotations

from itertools import groupby

from isaac_game.rules import (
    ALL_CELLS,
    S_MASK,
    GameState,
    HariState,
    Move,
    Place,
    fit_kinds,
    shape_id,
)

from .generic import thumb_order

#: Kinds (`fit_kinds`' order) of the long pieces, and what a spot for each counts:
#: a 7 is worth half again a 6 and fits in fewer places.
LONG_KINDS = ((6, 1), (7, 1), (8, 2), (9, 2))


def long_room(empty: int) -> int:
    """Spots where a long piece fits in the `empty` cells, the 7s counted twice."""
    fits = fit_kinds(empty)
    return sum(weight * fits[kind].bit_count() for kind, weight in LONG_KINDS)


def empty_cells(state: HariState) -> int:
    """The bitboard of the board's empty cells, read through the public API."""
    empty = ALL_CELLS
    for piece in state.pieces():
        empty &= ~S_MASK[shape_id(piece.length, piece.direction, piece.anchor)]
    return empty


def crowding_order(state: GameState, moves: list[Move]) -> list[Move]:
    """`moves` in the rule of thumb's order, each run of placements of one length
    sorted by the room they leave for long pieces, least first (equal ones keep the
    order they came in). Another game's moves keep the rule of thumb's order."""
    ranked = thumb_order(state, moves)
    if not isinstance(state, HariState):
        return ranked
    empty = empty_cells(state)

    def room_left(move: Move) -> int:
        assert isinstance(move, Place)
        return long_room(empty & ~S_MASK[shape_id(move.length, move.direction, move.cell)])

    def placed_length(move: Move) -> int:
        return move.length if isinstance(move, Place) else 0

    ordered: list[Move] = []
    for length, group in groupby(ranked, key=placed_length):
        run = list(group)
        ordered += sorted(run, key=room_left) if length else run
    return ordered
