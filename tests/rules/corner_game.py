"""CORNER, a game that lives outside the engine, to hold the engine to its promise that
any game registered with `register_game` is played everywhere the three are.

The 4 x 4 corner of the board (rows and columns 0-3); each player has two pieces of 3
cells and one of 4. In turn, a player places a piece of theirs, lying either way, on
empty cells of the corner, or passes when none fits; two passes in a row end the
game. Scores: cells covered by each side; more wins, equal is a draw. It registers no
fast core, so its playouts go through `legal_moves` and `play`.
"""

from __future__ import annotations

from typing import ClassVar, Self

from isaac_game.rules import (
    S_MASK,
    GameState,
    IllegalMoveError,
    Move,
    MoveList,
    Pass,
    Place,
    Player,
    fit_kinds,
    mask_cells,
    register_game,
    shape_id,
)

#: The corner's cells as a bitboard.
CORNER = sum(1 << (r * 11 + c) for r in range(4) for c in range(4))


class CornerState(GameState):
    game: ClassVar[str] = "corner"
    _fields: ClassVar[int] = 6  # the slots that hold the game, the record last
    __slots__ = ("_turn", "_free", "_hands", "_passes", "_covered", "_moves", "_legal")

    def __init__(self) -> None:
        self._turn = 0
        self._free = CORNER  # the corner's empty cells
        self._hands = ((2, 1, 0, 0, 0), (2, 1, 0, 0, 0))
        self._passes = 0
        self._covered = (0, 0)
        self._moves: tuple[str, ...] = ()
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._legal: MoveList | None = None

    @property
    def to_move(self) -> Player | None:
        return None if self.is_over else (Player.DARK, Player.LIGHT)[self._turn]

    @property
    def is_over(self) -> bool:
        return self._passes >= 2

    @property
    def scores(self) -> tuple[int, int]:
        return self._covered

    @property
    def winner(self) -> Player | None:
        dark, light = self._covered
        if not self.is_over or dark == light:
            return None
        return Player.DARK if dark > light else Player.LIGHT

    def legal_moves(self) -> MoveList:
        if self._legal is None:
            moves: list[Move] = []
            if not self.is_over:
                fits = fit_kinds(self._free)
                for kind in range(4):
                    if self._hands[self._turn][kind // 2]:
                        length, direction = kind // 2 + 3, "hv"[kind % 2]
                        moves += [Place(length, direction, a) for a in mask_cells(fits[kind])]
                moves = moves or [Pass()]
            self._legal = MoveList([(len(moves), moves.__getitem__)])
        return self._legal

    def _check(self, move: Move, text: str) -> Move:
        if move not in list(self.legal_moves()):
            raise IllegalMoveError(f"{text}: not a legal move in CORNER now")
        return move

    def _apply(self, move: Move) -> Self:
        new = self._copy()
        new._moves = self._moves + (str(move),)
        me = self._turn
        new._turn = 1 - me
        if isinstance(move, Place):
            new._free = self._free & ~S_MASK[shape_id(move.length, move.direction, move.cell)]
            hand = list(self._hands[me])
            hand[move.length - 3] -= 1
            hands = list(self._hands)
            hands[me] = tuple(hand)
            new._hands = (hands[0], hands[1])
            covered = list(self._covered)
            covered[me] += move.length
            new._covered = (covered[0], covered[1])
            new._passes = 0
        else:
            new._passes = self._passes + 1
        return new


register_game("corner", CornerState)
