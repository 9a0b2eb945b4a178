"""A game's states as their own type, checked in one place.

The match, the move list and the replay hold `GameState`s: they play every game. A
game's own code (its play part, replay view, words, lesson and rules pages) wants its
own type (`IsaacState`, with phases and counters). `narrow` is the one checked step
from the one to the other, so no game downcasts a state by itself.
"""

from __future__ import annotations

from typing import TypeVar

from isaac_game.rules import GameState, new_game

#: A game's state type (`IsaacState`, `HariState`, ...).
S = TypeVar("S", bound=GameState)


def narrow(kind: type[S], state: GameState) -> S:
    """`state` as the game's own type; a TypeError if it is another game's."""
    if not isinstance(state, kind):
        raise TypeError(f"a {type(state).__name__} where a {kind.__name__} was expected")
    return state


def start(kind: type[S]) -> S:
    """The first position of the game whose states are `kind`."""
    return narrow(kind, new_game(kind.game))
