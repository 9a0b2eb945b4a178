"""The computer levels: one `Bot` per level, `bot.choose(state, budget) -> Move`.

Every bot reads the position through the engine's public API (ISAAC's levels on
ISAAC's fast core, `IsaacCore`) and answers with a legal `Move`. In ISAAC a bot is
deterministic given its seed: the random choices of a move come from a generator
seeded with the seed and the position, and the searches count work in nodes (a
budget in seconds becomes a node allowance at a fixed nominal rate), with the wall
clock only as a safety net on a very slow machine. Every other game (FOUNDATIONS,
HARI, any game registered with the rules) goes to `generic`, whose searching levels
(and the `uct` yardstick everywhere) think until their time is up.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import ClassVar

from isaac_game.levels import BOT_NAMES, MOST_REMOVAL, SEAT_LEVELS
from isaac_game.rules import WINNING_SCORE, GameState, IsaacCore, IsaacState, Move, Pass

from .generic import choose_generic
from .lookahead import NOMINAL_RATE, deepest_placement
from .mcts import TEXTBOOK, KeptTree, search
from .parallel import HelperPool, parallel_placement
from .placement import PlacementEval, Weights, best_reply_value
from .scoring import SAFETY, ScoringSearch

#: The levels a seat may be by name (`levels.SEAT_LEVELS`, the one list).
LEVELS = SEAT_LEVELS
#: Each level's default thinking time per move, in seconds: at most 1 s, so that no
#: level keeps a player waiting (README.md, "Computer players"; `tests/ai/test_levels.py`
#: holds Hard to it in work).
DEFAULT_BUDGET: dict[str, float] = {
    "random": 0.0,
    "easy": 0.05,
    "medium": 0.2,
    "hard": 1.0,
    "greedy": 0.0,
    "hard1": 1.0,
    "uct": 1.0,
}


#: Set (to anything) in the tests: a bot whose ISAAC move the rules refuse raises,
#: instead of playing the first legal move so that a player's game goes on.
STRICT_ENV = "ISAAC_GAME_STRICT_BOTS"


@dataclass(frozen=True)
class Limit:
    """How deep a level looks, as one typed value (the shape of python-chess's
    `engine.Limit`). The two phases of ISAAC have separate depths, so a level that
    deepens its placement look-ahead never shortens its scoring search by accident.

    `placement_depth`: placements (both sides') in Hard's look-ahead; 0 for the levels
    that judge a placement by itself. `placement_rate`: positions a second of that
    look-ahead's allowance (`lookahead.NOMINAL_RATE`, counted so that Hard plays alike
    on any machine). `scoring_depth`: moves of the removal search; `scoring_targets`:
    counter targets it tries for each removal."""

    placement_depth: int = 0
    placement_rate: int = NOMINAL_RATE
    scoring_depth: int = 2
    scoring_targets: int = 2


#: Each level's limit (the levels not listed search nothing, or only by time).
LIMITS: dict[str, Limit] = {
    "medium": Limit(scoring_depth=2, scoring_targets=2),
    "hard1": Limit(scoring_depth=MOST_REMOVAL, scoring_targets=5),
    "hard": Limit(placement_depth=5, scoring_depth=MOST_REMOVAL, scoring_targets=5),
}


class Bot:
    """Base: a seeded chooser of moves. Subclasses fill in `placement` and `scoring`.

    A bot is one player: it owns what it keeps between its moves (the tree of its last
    search, in FOUNDATIONS and HARI), so keep the same bot for a whole game. Its class
    is what it is (`kind`: a bot's own name); `level` is the level it plays, the same
    name or a step of a ladder built on it (`removal:3`: Medium with another limit),
    which also seeds its choices."""

    #: the bot's own name (`levels.BOT_NAMES`): its limit, budget and search by default
    kind: ClassVar[str] = "random"
    #: thinks on helper processes when it is given more than one core (Hard)
    on_helpers: ClassVar[bool] = False

    def __init__(
        self,
        seed: int | None = None,
        limit: Limit | None = None,
        cores: int = 1,
        level: str | None = None,
        budget: float | None = None,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.level = self.kind if level is None else level
        #: seconds a move when the caller gives none
        self.budget = DEFAULT_BUDGET.get(self.kind, 0.0) if budget is None else budget
        #: processes the searching levels may think in (see `parallel`)
        self.cores = max(1, cores)
        self.limit = limit if limit is not None else LIMITS.get(self.kind, Limit())
        self.tree = KeptTree()
        self._pool: HelperPool | None = None
        #: the position being answered (the look-ahead's helpers are sent it)
        self.position: GameState | None = None

    def helpers(self) -> HelperPool | None:
        """The helper processes of a player on several cores (None on one), started
        on first use and kept for the game, with their trees."""
        if self.cores > 1 and self._pool is None:
            self._pool = HelperPool(self.cores - 1)
        return self._pool

    def rng_for(self, state: IsaacState) -> random.Random:
        """A generator that depends on the seed and the position only (not on history)."""
        text = f"{self.seed}|{self.level}|{state.phase}|{state.scores}|{';'.join(state.moves)}"
        if not state.moves:
            text += "|" + ";".join(
                f"{p.owner}{p.length}{p.direction}{p.anchor}" for p in state.pieces()
            )
        return random.Random(text)

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        """A legal move for the side to move in `state` (which must not be over).

        The levels search ISAAC positions; FOUNDATIONS and HARI get a rule of thumb
        (see `generic`)."""
        if budget is None:
            budget = self.budget
        if not isinstance(state, IsaacState):
            rng = random.Random(f"{self.seed}|{state.moves}")
            pool = self.helpers() if self.on_helpers else None
            return choose_generic(self.kind, state, rng, budget, self.tree, pool)
        return self.choose_isaac(state, budget)

    def choose_isaac(self, state: IsaacState, budget: float) -> Move:
        """An ISAAC move: the level's placement or removal, on the fast core."""
        legal = state.legal_moves()
        rng = self.rng_for(state)
        self.position = state
        if len(legal) == 1:
            return legal[0]
        board = IsaacCore.of(state)
        if board.phase == "placement":
            move = self.placement(board, rng, budget, legal)
        else:
            move = self.scoring(board, rng, budget, legal)
        try:
            return state.parse_move(move)
        except ValueError:
            if os.environ.get(STRICT_ENV):
                raise  # the tests: a bot's mistake is a bug to see, not to hide
            return legal[0]  # a player's game: a bug in a bot must not stop it

    def close(self) -> None:
        """Let go of any helper processes (the searching levels on several cores)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def placement(self, board: IsaacCore, rng: random.Random, budget: float, legal) -> Move:
        return rng.choice(legal)

    def scoring(self, board: IsaacCore, rng: random.Random, budget: float, legal) -> Move:
        return rng.choice(legal)


#: A level's choice (a shape id, a target) as the `Move` handed back to the engine.
PASS_MOVE: Move = Pass()
place_move = IsaacCore.place_move
remove_move = IsaacCore.remove_move


def greedy_removal(board: IsaacCore, rng: random.Random | None = None) -> Move:
    """The removal worth the most points now, counter moved as far as it may go."""
    me = board.turn
    options = board.removable(me)
    if not options:
        return PASS_MOVE
    scored = [(board.points(s), s) for s in options]
    best = max(p for p, _ in scored)
    ties = sorted(s for p, s in scored if p == best)
    sid = ties[0] if rng is None else rng.choice(ties)
    return remove_move(sid, max_target(board, me, best))


def max_target(board: IsaacCore, me: int, points: int) -> int:
    top = board.scores[me] + points
    if top < WINNING_SCORE and top == board.forbidden(me):
        top -= 1
    return top


class RandomBot(Bot):
    kind = "random"


class GreedyBot(Bot):
    """Baseline: random placement, then the best immediate points every turn."""

    kind = "greedy"

    def scoring(self, board, rng, budget, legal):
        return greedy_removal(board, rng)


class EasyBot(Bot):
    """Sensible-looking placements and greedy removals, with regular mistakes."""

    kind = "easy"
    blunder = 0.25

    def placement(self, board, rng, budget, legal):
        ranked = PlacementEval(board).ranked(board.turn, with_room=False)
        if rng.random() < self.blunder:
            pick = rng.choice(ranked[: max(1, len(ranked) // 2)])
        else:
            sample = rng.sample(ranked, min(6, len(ranked)))
            pick = max(sample, key=lambda x: x[0])
        return place_move(pick[1])

    def scoring(self, board, rng, budget, legal):
        if rng.random() < self.blunder:
            sid = rng.choice(board.removable(board.turn))
            return remove_move(sid, max_target(board, board.turn, board.points(sid)))
        return greedy_removal(board, rng)


class MediumBot(Bot):
    """Best placement by the one-move judgement; a shallow search when removing."""

    kind = "medium"
    weights = Weights()

    def placement(self, board, rng, budget, legal):
        ranked = PlacementEval(board, self.weights).ranked(board.turn)
        best = ranked[0][0]
        near = [s for v, s in ranked if v >= best - 0.5]
        return place_move(rng.choice(near))

    def scoring(self, board, rng, budget, legal):
        search = ScoringSearch(board, max_targets=self.limit.scoring_targets)
        move, _value, _exact = search.search(max(budget, 0.01), self.limit.scoring_depth)
        if move is None:
            return PASS_MOVE
        i, t = move
        return remove_move(search.sids[i], t)


class TwoPlyBot(MediumBot):
    """The yardstick `hard1`: a placement judged two moves deep (what it gains, less
    the opponent's best reply); the deep scoring search, exact near the end.

    This was Hard until Hard looked several placements ahead (`HardBot`, which keeps
    its scoring search); the arena keeps it, unchanged, as `hard1`."""

    kind = "hard1"
    width = 12  # placements looked at more closely
    reply_weight = 1.0  # arena: 0 -> 77%, 0.6 -> 83%, 1.0 -> 87% against Medium

    def placement(self, board, rng, budget, legal):
        start = time.perf_counter()
        ranked = PlacementEval(board, self.weights).ranked(board.turn)
        best, best_value = ranked[0][1], -float("inf")
        for value, sid in ranked[: self.width]:
            if time.perf_counter() - start > SAFETY * budget + 0.05:
                break  # safety net only: the width, not the clock, limits the work
            v = value - self.reply_weight * best_reply_value(board, sid, self.weights)
            if v > best_value:
                best_value, best = v, sid
        return place_move(best)


class HardBot(TwoPlyBot):
    """Placement: the likeliest placements of both sides, looked at as many moves deep
    as its allowance reaches, each line judged where it ends by the learned chance of
    winning (`lookahead`, `outlook`); the deep scoring search of `TwoPlyBot`."""

    kind = "hard"
    on_helpers = True

    def placement(self, board, rng, budget, legal):
        depth = self.limit.placement_depth
        pool = self.helpers()
        if pool is None:
            sid, _depth = deepest_placement(
                board, self.weights, 0.8 * budget, depth, self.limit.placement_rate
            )
        else:
            position = self.position
            assert position is not None  # choose() set it before asking for a placement
            sid, _depth, _judged = parallel_placement(
                pool, position, board, self.weights, 0.8 * budget, depth, self.limit.placement_rate
            )
        return place_move(sid)


class UctBot(Bot):
    """The textbook yardstick: UCT with UCB1 and uniformly random playouts."""

    kind = "uct"

    def choose_isaac(self, state: IsaacState, budget: float) -> Move:
        return search(state, budget, random.Random(self.seed), TEXTBOOK).best.move


BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "greedy": GreedyBot,
    "hard1": TwoPlyBot,
    "uct": UctBot,
}


def make_bot(
    kind: str,
    seed: int | None = None,
    limit: Limit | None = None,
    cores: int = 1,
    level: str | None = None,
    budget: float | None = None,
) -> Bot:
    """The bot of its own name `kind` (see `levels.BOT_NAMES`), with that bot's limit and
    budget unless given; `level`: the level it plays when that is another (a step)."""
    try:
        return BOTS[kind](seed, limit, cores, level, budget)
    except KeyError:
        choices = ", ".join(BOT_NAMES)
        raise ValueError(f"unknown level {kind!r} (choose from {choices})") from None
