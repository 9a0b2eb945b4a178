"""`python -m isaac_game bench --search --game G --cores N`: how much Hard's search does
in a second on N cores.

FOUNDATIONS and HARI: playouts a second of Hard's tree search (root parallelism on
N processes, `ai.parallel`), over positions from random games at every stage.
ISAAC: positions judged a second by Hard's placement look-ahead, split at the root
over N processes, on placement positions of random games (counted as Hard counts
them: each process judges at most its allowance, `lookahead.NOMINAL_RATE` positions
for each second, and stops early where it finishes its depth); then nodes a second of its
removal search (one process), from the finished placements of Medium's games, beside
the nominal rate the search's allowance is counted in: on a machine slower than that,
some searches end on their safety clock, not on their count. The figures are printed,
never asserted: they are a measurement of this machine.
"""

from __future__ import annotations

import random
import time

from isaac_game.ai.bots import LIMITS, make_bot
from isaac_game.ai.generic import think
from isaac_game.ai.mcts import KeptTree
from isaac_game.ai.parallel import HelperPool, parallel_placement
from isaac_game.ai.placement import Weights
from isaac_game.ai.scoring import NODE_RATE, ScoringSearch
from isaac_game.rules import GameState, IsaacCore, Player, new_game

#: Positions measured, and how far into its random game each is taken (a share of it).
POSITIONS = 12


def sample_positions(game: str, seed: int) -> list[GameState]:
    """Positions from random games, spread from the opening to near the end (ISAAC's
    from its placement phase, where the look-ahead works)."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < POSITIONS:
        state = new_game(game)
        states = [state]
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            states.append(state)
        if game == "isaac":
            states = [s for s in states if IsaacCore.of(s).phase == "placement" and not s.is_over]
        else:
            states = [s for s in states if not s.is_over and len(s.legal_moves()) > 1]
        share = (len(found) % 4) / 4
        if states:
            found.append(states[int(share * (len(states) - 1))])
    return found


def run_search_bench(game: str, seconds: float, cores: int, seed: int) -> int:
    positions = sample_positions(game, seed)
    pool = HelperPool(cores - 1)
    per = max(0.05, seconds / len(positions))
    try:
        work, taken = measure(game, positions[:1], per, pool)  # starts the helpers
        work, taken = measure(game, positions, per, pool)
    finally:
        pool.close()
    unit = "positions judged" if game == "isaac" else "playouts"
    print(f"{game}: Hard's search on {cores} core(s): {work / taken:,.0f} {unit} a second")
    if game == "isaac":
        nodes, taken = measure_removals(finished_placements(seed), per)
        print(
            f"isaac: the removal search on 1 core: {nodes / taken:,.0f} nodes a second "
            f"(counted at {NODE_RATE:,} a second)"
        )
    return 0


def finished_placements(seed: int, count: int = POSITIONS) -> list[IsaacCore]:
    """The first scoring positions of `count` games between Medium players, seeded
    from `seed`."""
    boards = []
    for game in range(count):
        bots = {
            Player.DARK: make_bot("medium", seed + 2 * game),
            Player.LIGHT: make_bot("medium", seed + 2 * game + 1),
        }
        state = new_game("isaac")
        while IsaacCore.of(state).phase == "placement":
            mover = state.to_move
            assert mover is not None  # the game is not over while pieces are placed
            state = state.play(bots[mover].choose(state, 0.05))
        boards.append(IsaacCore.of(state))
    return boards


def measure_removals(boards: list[IsaacCore], seconds: float) -> tuple[int, float]:
    """(nodes searched, seconds taken): Hard's removal search (`bots.LIMITS`), with
    the allowance of `seconds` each, over `boards`."""
    nodes = 0
    start = time.perf_counter()
    for board in boards:
        search = ScoringSearch(board, max_targets=LIMITS["hard"].scoring_targets)
        search.search(seconds, LIMITS["hard"].scoring_depth)
        nodes += search.nodes
    return nodes, time.perf_counter() - start


def measure(
    game: str, positions: list[GameState], seconds: float, pool: HelperPool
) -> tuple[int, float]:
    """(work done, seconds taken) over `positions`, `seconds` of search each."""
    work = 0
    rng = random.Random(1)
    start = time.perf_counter()
    for state in positions:
        if game == "isaac":
            board = IsaacCore.of(state)
            depth = LIMITS["hard"].placement_depth
            _sid, _depth, judged = parallel_placement(pool, state, board, Weights(), seconds, depth)
            work += judged
        else:
            work += think(state, seconds, rng, KeptTree(), pool).iterations
    return work, time.perf_counter() - start
