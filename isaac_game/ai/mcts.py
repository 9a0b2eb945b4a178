"""Monte Carlo tree search over the engine's public states, with fast playouts.

The tree holds real `GameState`s (one `play` per new node, so every move in it is
checked by the rules); below the tree each iteration plays the position out on the
game's fast internal path (`rules.playout`). Values are win chances: a node keeps
the results, from the side of the player whose move led to it, of the playouts
that went through it, and UCB1 picks the child to look at next.

The same code is the textbook yardstick (`uct`: exploration sqrt 2, moves tried in
random order, uniformly random playouts) and the engine of the FOUNDATIONS and HARI
levels and of the analysis, which lean their playouts on each game's rule of thumb
and try the moves a judge ranks first before the others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from isaac_game.rules import GameState, Move, playout

#: Orders a position's moves, likeliest first (the tree tries them in this order).
MoveOrder = Callable[[GameState, list[Move]], list[Move]]


@dataclass(frozen=True)
class Settings:
    """How a search explores: see the module's docstring."""

    exploration: float = math.sqrt(2)
    bias: float = 0.0  # playouts' lean on the rule of thumb (0: uniformly random)
    order: MoveOrder | None = None  # None: untried moves in random order


TEXTBOOK = Settings()


@dataclass(frozen=True)
class Choice:
    """One root move after a search: how often it was looked at, and its win chance."""

    move: Move
    visits: int
    win_chance: float  # for the side to move at the root


@dataclass(frozen=True)
class Verdict:
    """The result of a search: root moves best first, and how much work it took."""

    choices: tuple[Choice, ...]
    iterations: int
    #: the side to move's win chance over every playout of the search: steadier than
    #: the best move's own figure when each move was looked at only a few times
    value: float = 0.5

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def of(self, move: Move) -> Choice | None:
        text = str(move)
        return next((c for c in self.choices if str(c.move) == text), None)


class _Node:
    __slots__ = ("state", "mover", "untried", "children", "visits", "wins", "move")

    def __init__(self, state: GameState, move: Move | None, mover: int) -> None:
        self.state = state
        self.move = move
        self.mover = mover  # index of the player whose move led here
        self.untried: list[Move] | None = None
        self.children: list[_Node] = []
        self.visits = 0
        self.wins = 0.0


def search(
    state: GameState,
    seconds: float,
    rng: random.Random,
    settings: Settings = TEXTBOOK,
    moves: Sequence[Move] | None = None,
    max_iterations: int | None = None,
) -> Verdict:
    """Search `state` (not over) for about `seconds`, or `max_iterations` playouts.

    `moves` restricts the root to those moves (a shortlist); by default every legal
    move is a candidate."""
    if state.is_over:
        raise ValueError("the game is over")
    to_move = state.to_move
    assert to_move is not None
    root = _Node(state, None, 1 - to_move.index)  # as if the opponent had moved into it
    root.untried = _ordered(state, list(moves or state.legal_moves()), rng, settings)
    deadline = time.perf_counter() + max(seconds, 0.0)
    cap = max_iterations if max_iterations is not None else 10**9
    iterations = 0
    log, sqrt = math.log, math.sqrt
    c = settings.exploration
    while iterations < cap:
        if iterations & 15 == 0 and iterations and time.perf_counter() >= deadline:
            break
        iterations += 1
        node = root
        path = [root]
        # selection: down through fully expanded nodes by UCB1
        while node.untried is not None and not node.untried and node.children:
            scale = c * sqrt(log(node.visits))
            node = max(node.children, key=lambda n: n.wins / n.visits + scale / sqrt(n.visits))
            path.append(node)
        # expansion
        current = node.state
        if not current.is_over:
            if node.untried is None:
                node.untried = _ordered(current, list(current.legal_moves()), rng, settings)
            if node.untried:
                move = node.untried.pop(0)
                mover = current.to_move
                assert mover is not None
                child = _Node(current.play(move), move, mover.index)
                node.children.append(child)
                node = child
                path.append(node)
                current = node.state
        # simulation
        if current.is_over:
            winner = current.winner
            dark = 0.5 if winner is None else 1.0 - winner.index
        else:
            dark = playout(current, rng, settings.bias)
        # back-propagation
        for n in path:
            n.visits += 1
            n.wins += dark if n.mover == 0 else 1.0 - dark
    choices = sorted(
        (Choice(n.move, n.visits, n.wins / n.visits) for n in root.children if n.move is not None),
        key=lambda ch: (ch.visits, ch.win_chance),
        reverse=True,
    )
    if not choices:  # no time for even one playout: the first candidate stands
        assert root.untried
        choices = [Choice(root.untried[0], 0, 0.5)]
    value = 1.0 - root.wins / root.visits if root.visits else 0.5
    return Verdict(tuple(choices), iterations, value)


def _ordered(
    state: GameState, moves: list[Move], rng: random.Random, settings: Settings
) -> list[Move]:
    if settings.order is not None:
        return settings.order(state, moves)
    rng.shuffle(moves)
    return moves
