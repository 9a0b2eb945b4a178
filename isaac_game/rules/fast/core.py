"""The one interface every game's fast core follows, and the playouts that run on it.

Immutable states are right for a match and far too slow for search: a Monte Carlo
player needs thousands of whole games a second. A fast core is the same position as
plain mutable tables (ints, lists, bitboards) with the game's rules of motion on them.
Each game has at most one, declared as a `FastCore` subclass and registered with the
game (`register_game(name, factory, core=...)`), so a search, the benchmark and the
conformance tests reach every core the same way: `game_info(name).core`.

A core is held to the public API, not trusted beside it: the tests play every core
against its game's states move by move (same legal moves in the same order, same
scores, same winner), and its moves go back to a match as `Move` values that the
engine checks like any other.

`playout(state, rng, lean)` is the searches' one entry point. `lean` (the one name for
it in every game) is the chance, at each move of a playout, that the mover plays the
game's plain rule of thumb instead of a uniformly random legal move: 0 is a uniformly
random game, higher makes a playout a likelier game between sensible players. A game
registered without a core still has playouts: uniformly random ones through
`legal_moves` and `play` (no rule of thumb, so `lean` changes nothing there).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from ..state import game_info

if TYPE_CHECKING:
    from ..moves import Move
    from ..state import GameState


class FastCore(ABC):
    """One position of one game as mutable tables. `play` and `playout` change it in
    place; `copy` first to keep it. Sides are 0 (Dark) and 1 (Light)."""

    __slots__ = ()

    @classmethod
    @abstractmethod
    def of(cls, state: GameState) -> Self:
        """The position of `state` (of this core's game), not its record of moves."""

    @classmethod
    def start(cls) -> Self:
        """The starting position, built directly (the benchmark starts thousands): a
        core's constructor makes it."""
        return cls()

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy: playing on one never changes the other."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The side to move; None once the game is over."""

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    @abstractmethod
    def scores(self) -> Sequence[int]:
        """(Dark's, Light's) as the game's `GameState.scores` counts them."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move, in the order of the game's `GameState.legal_moves`."""

    @abstractmethod
    def play(self, move: Move) -> None:
        """Make `move`, one of `legal_moves()` (not checked: the engine checks moves)."""

    @abstractmethod
    def outcome(self) -> float:
        """Of a finished game: 1 if Dark won, 0 if Light did, 0.5 for a draw."""

    @abstractmethod
    def playout(self, rng: random.Random, lean: float = 0.0, record: bool = False) -> list[str]:
        """Play the game out from here to its end, in place, each move uniformly random
        among the legal ones or, with probability `lean`, the rule of thumb (see the
        module). Returns the moves in notation when `record` is true, else [].

        Afterwards `is_over`, `scores` and `outcome()` tell the finished game, which is
        what a playout is for; a core may leave its other tables stale on the way
        (ISAAC's does: its removals only move the counters), so `copy()` first to
        keep a position."""


def playout(state: GameState, rng: random.Random, lean: float = 0.0) -> float:
    """Who wins `state` played out at random (see the module for `lean`): 1 Dark,
    0 Light, 0.5 a draw. On the game's fast core when it registered one."""
    core = game_info(state.game).core
    if core is None:
        return plain_playout(state, rng)
    fast = core.of(state)
    fast.playout(rng, lean)
    return fast.outcome()


def plain_playout(state: GameState, rng: random.Random) -> float:
    """A uniformly random game from `state` through the public API only: what a game
    without a fast core plays out (any registered game has `legal_moves` and `play`)."""
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    winner = state.winner
    return 0.5 if winner is None else 1.0 - winner.index
