"""Facts shared by ISAAC, FOUNDATIONS and HARI: players, the piece set, cells, errors.

Everything here is plain data so that each game module can stay small and the
client, the AI and the network layer can talk about pieces and cells the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move


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


class Why(StrEnum):
    """Why the rules refuse a move: the kind of an `IllegalMoveError`. The facts that go
    with it are in its `Refusal`; the error's message says it all in English with
    notation, for the command line and the records, while a screen says it in its own
    words from the kind and the facts."""

    OTHER = "other"  # no kind given (an error rebuilt from its message alone)
    GAME_OVER = "game-over"
    WRONG_GAME = "wrong-game"  # a move of another game (a removal in HARI...)
    MUST_MOVE = "must-move"  # a pass while a move is legal; `example`: one
    NO_LEVELS = "no-levels"  # a level in a game without levels
    NOT_IN_HAND = "not-in-hand"  # `length`: none of those left
    OFF_BOARD = "off-board"  # the piece would leave the board
    TAKEN = "taken"  # `cell` is taken (on `level`, in FOUNDATIONS)
    # ISAAC
    PLACEMENT_OVER = "placement-over"
    HAS_PASSED = "has-passed"  # `side` has passed and places no more
    NOT_SCORING = "not-scoring"  # a removal in the placement phase
    NO_PIECE = "no-piece"  # no piece covers `cell`
    NOT_YOURS = "not-yours"  # the piece on `cell` is `side`'s
    SHORTER = "shorter"  # shorter than `length`, the last removal (HARI: last play)
    UNDER_COUNTER = "under-counter"  # `side`'s counter stands on the piece
    BACKWARDS = "backwards"  # the counter stands on `value` and never moves back
    TOO_FAR = "too-far"  # the removal is worth only `value` points
    FULL_GAIN = "full-gain"  # off the track, the move takes the full gain, to `value`
    COUNTER_THERE = "counter-there"  # `side`'s counter stands on the target cell
    # FOUNDATIONS
    LEVEL_DOWN = "level-down"  # the player builds on `level` now, never lower
    LEVEL_SKIP = "level-skip"  # on `level`, only one level up at a time
    LEVEL_STILL_FITS = "level-still-fits"  # a piece still fits on `level` (`example`)
    SHORTER_ON_LEVEL = "shorter-on-level"  # after a `length` on `level`, nothing shorter
    UNDER_PIECE = "under-piece"  # `cell` is under a piece on `level`
    END_UNSUPPORTED = "end-unsupported"  # the end on `cell` is not on your piece on
    # `level` (it rests on `side`'s piece, or on nothing when `side` is None)
    SAME_SUPPORT = "same-support"  # both ends on one piece (of `length`, on `level`)
    # HARI
    WORTH_LESS = "worth-less"  # a `length` is worth less than the `value` slid this turn
    SLID_ALREADY = "slid-already"  # the piece slid this turn already
    NOTHING_TO_PLAY = "nothing-to-play"  # no piece left to play, so nothing slides
    SLIDE_TOO_MUCH = "slide-too-much"  # `value` slid, over `limit`, the best play
    IN_THE_WAY = "in-the-way"  # the piece on `cell` is in the way
    OFF_IS_WHOLE = "off-is-whole"  # a slide off the board is written as such
    PARTLY_OFF = "partly-off"  # the piece would stop partly off the board


@dataclass(frozen=True)
class Refusal:
    """Why a move was refused, as facts: the kind (`why`) and what it is about. A field
    means what the kind's comment in `Why` says; the others are None."""

    why: Why = Why.OTHER
    cell: int | None = None
    length: int | None = None
    level: int | None = None
    side: Player | None = None
    value: int | None = None
    limit: int | None = None
    example: Move | None = None


class IllegalMoveError(ValueError):
    """The text is a well-formed move, but not legal in this position. `str(error)` says
    why in English with notation (the command line, a record's checks); `refusal` says
    why as facts, for a screen to put in its own words."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal if refusal is not None else Refusal()

    def __reduce__(self) -> tuple:
        """Sent to or from a worker process, the error keeps its facts."""
        return (type(self), (str(self), self.refusal))


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
