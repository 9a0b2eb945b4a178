"""Computer players for ISAAC: levels, a worker-process seat and hints.

`ComputerSeat(level, seed=...)` is a Seat for `isaac_game.match` that thinks in a
worker process; `hint(state, budget)` returns (move, one-line explanation) in
process, `AsyncHint` does the same in a worker (`start(state)`, then `poll()`);
`make_bot(level, seed).choose(state, budget)` is the bare, in-process player.
"""

from .bots import DEFAULT_BUDGET, LEVELS, Bot, make_bot
from .hint import AsyncHint, explain, hint
from .seat import ComputerSeat

__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "AsyncHint",
    "Bot",
    "ComputerSeat",
    "explain",
    "hint",
    "make_bot",
]
