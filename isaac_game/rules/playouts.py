"""Monte Carlo playouts from any position, on each game's fast internal path.

One entry point for search code: `playout(state, rng, bias)` plays the position out
on mutable tables (thousands of games a second) and says who won, from Dark's side:
1 (Dark), 0 (Light) or 0.5 (a draw). `bias` 0 is uniformly random among the legal
moves; above 0 it leans, with that probability a move, on the game's plain rule of
thumb (see each module), which makes a playout a likelier game.
"""

from __future__ import annotations

import random

from . import foundations_fast, hari_fast, isaac_fast
from .foundations import FoundationsState
from .hari import HariState
from .isaac import IsaacState
from .state import GameState


def playout(state: GameState, rng: random.Random, bias: float = 0.0) -> float:
    """Who wins `state` played out at random: 1 Dark, 0 Light, 0.5 a draw."""
    if isinstance(state, IsaacState):
        return isaac_fast.playout(state, rng, bias)
    if isinstance(state, FoundationsState):
        return foundations_fast.playout(state, rng, bias)
    if isinstance(state, HariState):
        return hari_fast.playout(state, rng, bias)
    raise TypeError(f"no playout for {type(state).__name__}")
