"""Monte Carlo tree search over the engine's public states, with fast playouts.

The tree holds real `GameState`s (one `play` per new node, so every move in it is
checked by the rules); below the tree each iteration plays the position out on the
game's fast core (`rules.playout`, which plays a game without one through its public
API). Values are win chances: a node keeps
the results, from the side of the player whose move led to it, of the playouts
that went through it, and UCB1 picks the child to look at next.

The same code is the textbook yardstick (`uct`: exploration sqrt 2, moves tried in
random order, uniformly random playouts) and the engine of the FOUNDATIONS and HARI
levels and of the analysis, which lean their playouts on each game's rule of thumb
and try the moves a judge ranks first before the others. Those levels also widen
progressively: a HARI position has a hundred moves or more (six hundred in the
opening) and a second gives a few thousand playouts, so looking at every move once
leaves nothing for looking ahead. A node therefore gets a new child only as its
visits grow (about sqrt(visits) children), taken in the judge's order with equal
moves shuffled, and the search spends the rest of its playouts going deeper. They
keep their tree, too: each level's bot owns a `KeptTree`, and its next search starts
from the node of the position it is asked about when the moves since lead there
from the last root (HARI's slides and the play that follows them are moves of
one player in a row, and the opponent's reply is often one the tree looked at).
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
class SearchSettings:
    """How a search explores: see the module's docstring."""

    exploration: float = math.sqrt(2)
    lean: float = 0.0  # playouts' lean on the rule of thumb (`rules.playout`; 0: uniform)
    order: MoveOrder | None = None  # None: untried moves in random order
    #: progressive widening: a node with n visits gets no more children than
    #: widening x sqrt(n) (0: every move at once)
    widening: float = 0.0
    shuffle_ties: bool = False  # shuffle before `order`, so equal moves come in random order


TEXTBOOK = SearchSettings()


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
    #: playouts the root had from the previous search before this one began (`kept`)
    inherited: int = 0

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def of(self, move: Move) -> Choice | None:
        text = str(move)
        return next((c for c in self.choices if str(c.move) == text), None)


class KeptTree:
    """The tree of a player's last search, kept for its next one (see `search`).

    Its owner is the bot that searches: two players of the same level in one process
    (an arena game of Hard against Hard) each keep their own."""

    def __init__(self) -> None:
        self.root: _Node | None = None

    def take(self, state: GameState) -> _Node | None:
        """The node of the kept tree for `state`, reached by the moves since its root;
        the tree is given up either way (the search puts its new root back)."""
        node, self.root = self.root, None
        if node is None or node.state.game != state.game:
            return None
        done = node.state.moves
        if len(done) > len(state.moves) or tuple(state.moves[: len(done)]) != tuple(done):
            return None
        for text in state.moves[len(done) :]:
            node = next((n for n in node.children if str(n.move) == text), None)
            if node is None:
                return None
        if node.untried is None or node.state.position_key() != state.position_key():
            return None
        return node


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
    settings: SearchSettings = TEXTBOOK,
    moves: Sequence[Move] | None = None,
    max_iterations: int | None = None,
    kept: KeptTree | None = None,
) -> Verdict:
    """Search `state` (not over) for about `seconds`, or `max_iterations` playouts.

    `moves` restricts the root to those moves (a shortlist); by default every legal
    move is a candidate. With `kept`, the search starts from the tree kept there when its
    position lies below that tree's root, and leaves its own tree there for the next
    search (the computer levels' bots each own one, so no player searches on
    another's tree)."""
    if state.is_over:
        raise ValueError("the game is over")
    to_move = state.to_move
    assert to_move is not None
    keep = kept if moves is None else None
    root = keep.take(state) if keep is not None else None
    if root is None:
        root = _Node(state, None, 1 - to_move.index)  # as if the opponent had moved into it
        root.untried = _ordered(state, list(moves or state.legal_moves()), rng, settings)
    inherited = root.visits
    deadline = time.perf_counter() + max(seconds, 0.0)
    cap = max_iterations if max_iterations is not None else 10**9
    iterations = 0
    log, sqrt = math.log, math.sqrt
    c = settings.exploration
    widen = settings.widening
    while iterations < cap:
        if iterations & 15 == 0 and iterations and time.perf_counter() >= deadline:
            break
        iterations += 1
        node = root
        path = [root]
        # selection: down through fully expanded nodes by UCB1
        while (
            node.untried is not None
            and node.children
            and (not node.untried or (widen and len(node.children) >= widen * sqrt(node.visits)))
        ):
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
            dark = playout(current, rng, settings.lean)
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
    value = root.wins / root.visits if root.visits else 0.5
    if root.mover != to_move.index:
        value = 1.0 - value
    if keep is not None:
        keep.root = root
    return Verdict(tuple(choices), iterations, value, inherited)


def _ordered(
    state: GameState, moves: list[Move], rng: random.Random, settings: SearchSettings
) -> list[Move]:
    if settings.order is not None:
        if settings.shuffle_ties:
            rng.shuffle(moves)
        return settings.order(state, moves)
    rng.shuffle(moves)
    return moves
