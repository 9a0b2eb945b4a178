"""The orders in which the tree search tries a node's moves.

`thumb_order` is the rule of thumb's: in FOUNDATIONS and HARI, placements shortest
first, then discards, then slides. The searching levels try moves that way, so the
slowly widening tree looks first at the moves the rule likes.

`crowding_order` is HARI's Hard's (and `playouts:N:crowd` in the arena), measured in
`docs/strength.md`, "HARI's search". A HARI position has hundreds of placements of
its shortest piece, all equal to the rule of thumb, and the tree widens slowly (a
child per few playouts), so which few of them it ever looks at would be a matter of
the shuffle. This order keeps the rule's groups and sorts each run of placements of
one length by the room they leave for the long pieces (6 and 7 cells): least room
first. Why that pays: a piece that crowds the board costs its owner less than the
opponent, because only its owner may slide it out of the way later (docs/rules.md
3.3).
"""

from __future__ import annotations

from itertools import groupby

from isaac_game.rules import (
    S_MASK,
    Discard,
    GameState,
    HariState,
    Move,
    Place,
    Slide,
    fit_kinds,
    game_info,
    shape_id,
)


def thumb_order(state: GameState, moves: list[Move]) -> list[Move]:
    """Moves as the rule of thumb ranks them: in a game of `shortest_first`,
    placements shortest first, then discards, then slides; in another, as they come.
    Equal moves keep the order they come in (the search shuffles them first with its
    own generator, `SearchSettings.shuffle_ties`)."""
    if not game_info(state.game).shortest_first:
        return list(moves)

    def rank(move: Move) -> tuple[int, int]:
        if isinstance(move, Place):
            return 0, move.length
        if isinstance(move, Discard):
            return 1, move.length
        if isinstance(move, Slide):
            return 2, 0
        return 3, 0

    return sorted(moves, key=rank)


#: Kinds (`fit_kinds`' order) of the long pieces, and what a spot for each counts:
#: a 7 is worth half again a 6 and fits in fewer places.
LONG_KINDS = ((6, 1), (7, 1), (8, 2), (9, 2))


def long_room(empty: int) -> int:
    """Spots where a long piece fits in the `empty` cells, the 7s counted twice."""
    fits = fit_kinds(empty)
    return sum(weight * fits[kind].bit_count() for kind, weight in LONG_KINDS)


def empty_cells(state: HariState) -> int:
    """The bitboard of the board's empty cells: the state keeps it, so the order,
    called at every node the search expands, does not rebuild it from the pieces."""
    return state.empty_cells


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
