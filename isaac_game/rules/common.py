"""Facts shared by ISAAC, FOUNDATIONS and HARI: players, the piece set, cells, errors.

Everything here is plain data so that each game module can stay small and the
client, the AI and the network layer can talk about pieces and cells the same way.
"""

from __future__ import annotations

from enum import StrEnum


class Player(StrEnum):
    """A side. The str value is what the API, notation files and the network use."""

    DARK = "dark"
    LIGHT = "light"

    @property
    def other(self) -> Player:
        return Player.LIGHT if self is Player.DARK else Player.DARK

    @property
    def index(self) -> int:  # type: ignore[override]  # a side, not str.index
        """0 for Dark, 1 for Light: the position in `scores` and other pairs."""
        return 0 if self is Player.DARK else 1

    @property
    def title(self) -> str:  # type: ignore[override]
        return "Dark" if self is Player.DARK else "Light"


PLAYERS: tuple[Player, Player] = (Player.DARK, Player.LIGHT)


def player_of(index: int) -> Player:
    """The side at `index` (0 Dark, 1 Light): states keep sides as small ints."""
    return PLAYERS[index]


def with_item(pair: tuple, index: int, value: object) -> tuple:
    """`pair` with item `index` replaced: per-side fields are immutable pairs."""
    return (value, pair[1]) if index == 0 else (pair[0], value)


#: docs/rules.md 0: the set. Lengths in cells, in increasing order.
LENGTHS: tuple[int, ...] = (3, 4, 5, 6, 7)
VALUE: dict[int, int] = {3: 1, 4: 2, 5: 3, 6: 4, 7: 6}
COUNT: dict[int, int] = {3: 5, 4: 4, 5: 3, 6: 2, 7: 1}
PIECES_EACH = sum(COUNT.values())  # 15
FULL_HAND: tuple[int, ...] = tuple(COUNT[length] for length in LENGTHS)


def piece_name(length: int) -> str:
    """`3 (5 cells)`: the piece of `length` cells as a player names it, by the value printed
    on it, its length after (docs/rules.md 0): "no 3 (5 cells) left in hand"."""
    return f"{VALUE[length]} ({length} cells)"


BOARD_SIZE = 10


class NotationError(ValueError):
    """The text is not a move in this game's notation at all."""


class IllegalMoveError(ValueError):
    """The text is a well-formed move, but not legal in this position."""


def cell_name(cell: int) -> str:
    """`(r, c)` as the two-digit text `rc` used in notation (cell = r * 10 + c)."""
    return f"{cell:02d}"


def cells_of(length: int, direction: str, anchor: int) -> tuple[int, ...]:
    """The cells (r * 10 + c) a piece covers, from its anchor (smallest r and c)."""
    step = 1 if direction == "h" else 10
    return tuple(anchor + step * i for i in range(length))


def fits_on_board(length: int, direction: str, anchor: int) -> bool:
    """Whether the piece lies wholly on the board."""
    r, c = divmod(anchor, 10)
    if not (0 <= anchor <= 99):
        return False
    return c + length <= BOARD_SIZE if direction == "h" else r + length <= BOARD_SIZE


def hand_value(hand: tuple[int, ...]) -> int:
    """Total printed value of a hand given as counts per length (LENGTHS order)."""
    return sum(VALUE[length] * n for length, n in zip(LENGTHS, hand, strict=True))


def hand_cells(hand: tuple[int, ...]) -> int:
    """Total cell length of a hand given as counts per length."""
    return sum(length * n for length, n in zip(LENGTHS, hand, strict=True))
