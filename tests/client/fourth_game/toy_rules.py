"""TOY, a game that lives outside the engine and the client, to hold the house to its
promise that a fourth game is one new folder and one line.

The 4 x 4 corner of the board (rows and columns 0-3). Each player has one piece of 3
cells; Dark places its piece, lying either way, then Light places its own on empty
cells: two moves, and the game is over. Each side scores the cells of its piece in the
corner's centre (11, 12, 21, 22); more wins, equal is a draw.
"""

from __future__ import annotations

from typing import ClassVar, Self

from isaac_game.rules import GameState, IllegalMoveError, Move, MoveList, Place, Player

#: The corner's cells, and its centre.
CORNER = frozenset(r * 10 + c for r in range(4) for c in range(4))
CENTRE = frozenset({11, 12, 21, 22})


def cells_of(place: Place) -> frozenset[int]:
    step = 1 if place.direction == "h" else 10
    return frozenset(place.cell + step * i for i in range(place.length))


class ToyState(GameState):
    game: ClassVar[str] = "toy"
    _fields: ClassVar[int] = 3  # the slots that hold the game, the record last
    __slots__ = ("_placed", "_hands", "_moves", "_legal")

    def __init__(self) -> None:
        self._placed: tuple[Place, ...] = ()  # Dark's piece, then Light's
        self._hands = ((1, 0, 0, 0, 0), (1, 0, 0, 0, 0))
        self._moves: tuple[str, ...] = ()
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._legal: MoveList | None = None

    @property
    def to_move(self) -> Player | None:
        return None if self.is_over else (Player.DARK, Player.LIGHT)[len(self._placed)]

    @property
    def is_over(self) -> bool:
        return len(self._placed) >= 2

    def cells(self, player: Player) -> frozenset[int]:
        """The cells `player`'s piece covers (none before it is placed)."""
        index = Player(player).index
        return cells_of(self._placed[index]) if index < len(self._placed) else frozenset()

    @property
    def scores(self) -> tuple[int, int]:
        dark, light = (len(self.cells(p) & CENTRE) for p in (Player.DARK, Player.LIGHT))
        return dark, light

    @property
    def winner(self) -> Player | None:
        dark, light = self.scores
        if not self.is_over or dark == light:
            return None
        return Player.DARK if dark > light else Player.LIGHT

    def legal_moves(self) -> MoveList:
        if self._legal is None:
            taken = self.cells(Player.DARK)
            moves: list[Move] = []
            if not self.is_over:
                for direction in "hv":
                    for anchor in sorted(CORNER):
                        place = Place(3, direction, anchor)
                        if cells_of(place) <= CORNER - taken:
                            moves.append(place)
            self._legal = MoveList([(len(moves), moves.__getitem__)])
        return self._legal

    def _check(self, move: Move, text: str) -> Move:
        if move not in list(self.legal_moves()):
            raise IllegalMoveError(f"{text}: not on empty cells of the corner")
        return move

    def _apply(self, move: Move) -> Self:
        assert isinstance(move, Place)  # the only legal kind
        new = self._copy()
        new._placed = (*self._placed, move)
        hands = list(self._hands)
        hands[len(self._placed)] = (0, 0, 0, 0, 0)
        new._hands = (hands[0], hands[1])
        new._moves = (*self._moves, str(move))
        return new
