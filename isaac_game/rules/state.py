"""The interface every game's state follows, and the lazy legal-move list.

Each game (ISAAC, FOUNDATIONS, HARI) is one module with a `GameState` subclass that
registers itself (`register_game`) with its fast core, if it has one; `new_game(name)`
picks it from that registry, so a new game slots in without touching the others.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, Self, TypeVar, overload

from .common import LENGTHS, IllegalMoveError, NotationError, Player, Refusal, Why, player_of
from .moves import Move, parse_notation

if TYPE_CHECKING:
    from .fast.core import FastCore

_State = TypeVar("_State", bound="GameState")

#: One run of legal moves: how many, and how to build the i-th (0 <= i < count).
MoveBlock = tuple[int, Callable[[int], Move]]


class MoveList(Sequence[Move]):
    """Legal moves in a fixed, deterministic order, built only when looked at.

    An early ISAAC position has hundreds of legal placements; a player (or a random
    playout) usually needs one of them, so moves are decoded on demand from compact
    blocks instead of being materialised as objects.
    """

    __slots__ = ("_blocks", "_len", "_cache")

    def __init__(self, blocks: list[MoveBlock]) -> None:
        self._blocks = [b for b in blocks if b[0] > 0]
        self._len = sum(b[0] for b in self._blocks)
        self._cache: list[Move] | None = None

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return self._all()[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal move index out of range")
        if self._cache is not None:
            return self._cache[index]
        for count, build in self._blocks:
            if index < count:
                return build(index)
            index -= count
        raise IndexError("legal move index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Move]:
        return iter(self._all())

    def _all(self) -> list[Move]:
        if self._cache is None:
            self._cache = [build(i) for count, build in self._blocks for i in range(count)]
        return self._cache

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(str(m) for m in self[:8])
        more = ", ..." if self._len > 8 else ""
        return f"MoveList([{shown}{more}], {self._len} moves)"


class GameState(ABC):
    """One position of one game. Immutable: `play` returns a new state."""

    __slots__ = ()

    #: The name `new_game` knows this game by ("isaac", "foundations", "hari").
    game: ClassVar[str]
    #: How many leading `__slots__` hold the game (the rest are caches of it). The
    #: last of them is `_moves`, the record; the others are the position.
    _fields: ClassVar[int]
    _moves: tuple[str, ...]
    _hands: tuple[tuple[int, ...], tuple[int, ...]]  # counts per length, LENGTHS order

    @abstractmethod
    def _clear_caches(self) -> None:
        """Forget everything derived from the fields (move lists, masks, maps)."""

    def _field_names(self) -> tuple[str, ...]:
        return tuple(type(self).__slots__)[: self._fields]

    def _copy(self: _State) -> _State:
        """A copy of the fields with empty caches, for `_apply` to change."""
        new = object.__new__(type(self))
        for name in self._field_names():
            setattr(new, name, getattr(self, name))
        new._clear_caches()
        return new

    def __getstate__(self) -> dict[str, object]:
        # Caches hold closures that cannot be pickled and are cheap to rebuild, so
        # a state crosses to an AI worker process as its fields only.
        return {name: getattr(self, name) for name in self._field_names()}

    def __setstate__(self, fields: dict[str, object]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)
        self._clear_caches()

    def position_key(self) -> tuple:
        """Everything that decides the rest of the game (not how it was reached).

        Equal keys mean equal futures: what a transposition table wants.
        """
        return tuple(getattr(self, name) for name in self._field_names()[:-1])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameState)
            and type(other) is type(self)
            and self.moves == other.moves
            and self.position_key() == other.position_key()
        )

    def __hash__(self) -> int:
        return hash(self.moves)

    @property
    def moves(self) -> tuple[str, ...]:
        """Canonical notation of every move played so far: a replayable record."""
        return self._moves

    def hand(self, player: Player) -> dict[int, int]:
        """The player's pieces off the board and still theirs, as {length: count}:
        in hand while playing, set aside for ISAAC's tie-break after placement."""
        return dict(zip(LENGTHS, self._hands[Player(player).index], strict=True))

    @property
    @abstractmethod
    def to_move(self) -> Player | None:
        """The side whose move it is; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def winner(self) -> Player | None:
        """The winner once over; None while playing or for a draw."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, int]:
        """(dark, light): see docs/rules.md for what each game counts."""

    @abstractmethod
    def legal_moves(self) -> MoveList: ...

    @abstractmethod
    def _check(self, move: Move, text: str) -> Move:
        """Return the canonical form of `move` if legal, else raise IllegalMoveError."""

    @abstractmethod
    def _apply(self, move: Move) -> Self:
        """The state after a move already known to be legal and canonical."""

    def parse_move(self, move: Move | str) -> Move:
        """The canonical legal Move for notation text or a Move; raises a ValueError."""
        if isinstance(move, Move):
            text = str(move)
        elif isinstance(move, str):
            text = move.strip()
            move = parse_notation(move)
        else:
            raise NotationError(f"a move must be text or a Move, not {type(move).__name__}")
        if self.is_over:
            raise IllegalMoveError(f"{text}: the game is over", Refusal(Why.GAME_OVER))
        return self._check(move, text)

    def play(self, move: Move | str) -> Self:
        """The new state after `move` (a Move or notation text). This state is unchanged.

        A move never changes the game, so the new state is of this state's own class."""
        return self._apply(self.parse_move(move))

    @property
    def ply(self) -> int:
        return len(self.moves)


class TwoPassState(GameState):
    """A game whose turns always alternate and which ends at two passes in a row
    (FOUNDATIONS 2.6, HARI 3.6), each player playing lengths that never go down."""

    __slots__ = ()
    _turn: int
    _passes: int  # passes in a row so far
    _min_len: tuple[int, int]

    @property
    def to_move(self) -> Player | None:
        return None if self.is_over else player_of(self._turn)

    @property
    def is_over(self) -> bool:
        return self._passes >= 2

    def min_length(self, player: Player) -> int:
        """Shortest length the player may play next (0: any)."""
        return self._min_len[Player(player).index]


@dataclass(frozen=True)
class GameInfo:
    """What the engine knows of one game besides its states: how to start it, its fast
    core if it has one, and the little the generic computer players must be told.

    A game registers one with `register_game`, wherever its module lives (a game
    added from outside `rules/` is known to `new_game`, the playouts, the arena and
    the generic levels like the three of this package)."""

    name: str
    #: builds the starting position
    factory: Callable[[], GameState]
    #: the game's position as mutable tables (`fast.FastCore`), for playouts and search;
    #: None: `playout` plays through `legal_moves` and `play` instead, far slower
    core: type[FastCore] | None = None
    #: which way `scores` count: "higher" (ISAAC's track, HARI's value on the board)
    #: or "lower" (FOUNDATIONS' value left in hand)
    better_scores: Literal["higher", "lower"] = "higher"
    #: each player's pieces go in lengths that never go down, so a plain player keeps
    #: every longer piece playable by playing its shortest first (FOUNDATIONS, HARI)
    shortest_first: bool = False


_GAMES: dict[str, GameInfo] = {}


def register_game(
    name: str,
    factory: Callable[[], GameState],
    *,
    core: type[FastCore] | None = None,
    better_scores: Literal["higher", "lower"] = "higher",
    shortest_first: bool = False,
) -> GameInfo:
    """Make `new_game(name)` build a fresh state with `factory`, and say what else the
    engine should know of the game (see `GameInfo`). Registering a name again replaces
    its entry."""
    if better_scores not in ("higher", "lower"):
        raise ValueError(f"better_scores must be 'higher' or 'lower', not {better_scores!r}")
    info = GameInfo(name, factory, core, better_scores, shortest_first)
    _GAMES[name] = info
    return info


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def game_info(name: str) -> GameInfo:
    """The registered entry of the game called `name`."""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        raise ValueError(f"unknown game {name!r} (known: {known})") from None


def new_game(name: str = "isaac") -> GameState:
    """The starting position of the game called `name`."""
    return game_info(name).factory()


def replay(name: str, moves: Iterable[Move | str]) -> GameState:
    """The position after `moves` (notation or values) from the start of the game called
    `name`, each checked by the rules: how a saved game, a LAN resync or a worker's
    order becomes a position again."""
    state = new_game(name)
    for move in moves:
        state = state.play(move)
    return state


def positions(name: str, moves: Iterable[Move | str]) -> list[GameState]:
    """Every position of the game called `name` from its start through `moves`: one
    more than there are moves (what undo, a review and the rules pages step through)."""
    states = [new_game(name)]
    for move in moves:
        states.append(states[-1].play(move))
    return states
