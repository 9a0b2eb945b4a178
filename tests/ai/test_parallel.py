"""Hard on several cores (`ai.parallel`): the look-ahead split at the root finds what one
process finds; root-parallel search adds up every process's root; helper processes
run below the window's priority, and a dead helper never costs a move."""

from __future__ import annotations

import os
import random
import signal
import sys

import pytest

from isaac_game.ai.bots import make_bot
from isaac_game.ai.generic import think
from isaac_game.ai.lookahead import deepest_placement, scored_depths
from isaac_game.ai.mcts import KeptTree
from isaac_game.ai.parallel import HelperPool, parallel_placement, parallel_search
from isaac_game.ai.placement import Weights
from isaac_game.ai.scoring import NODE_RATE
from isaac_game.ai.worker import NICENESS
from isaac_game.rules import GameState, IsaacCore, new_game


def placement_positions(count: int) -> list[GameState]:
    """ISAAC placement positions from seeded random games, a few pieces in."""
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = new_game("isaac")
        for _ in range(2 + 2 * seed):
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


@pytest.fixture(scope="module")
def pool():
    helpers = HelperPool(1)
    yield helpers
    helpers.close()


def test_the_look_ahead_split_over_two_processes_finds_the_one_process_answer(pool):
    """docs/architecture.md, "Threads and processes": each root placement is searched
    with a full window, so a slice's values are those one process finds."""
    weights = Weights()
    for state in placement_positions(4):
        board = IsaacCore.of(state)
        alone = deepest_placement(board, weights, 30.0, 3)
        sid, depth, judged = parallel_placement(pool, state, board, weights, 30.0, 3)
        assert (sid, depth) == alone
        whole = scored_depths(board, weights, 30.0, 3)
        assert judged == whole.judged  # the same positions, shared out


def test_root_parallel_search_adds_up_every_process_root(pool):
    rng = random.Random(4)
    state = new_game("hari")
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    verdict = parallel_search(
        pool, state, 30.0, random.Random(1), think_settings(), KeptTree(), max_iterations=300
    )
    assert verdict.iterations == 600  # 300 here and 300 in the helper
    assert sum(c.visits for c in verdict.choices) == 600
    assert verdict.best.move in state.legal_moves()
    assert verdict.best.visits == max(c.visits for c in verdict.choices)


def think_settings():
    from isaac_game.ai.generic import SEARCH

    return SEARCH


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX niceness")
def test_helpers_think_below_the_window(pool):
    """The window keeps its frame rate: every thinking process runs `NICENESS` lower."""
    think(new_game("foundations"), 0.05, random.Random(1), KeptTree(), pool)
    helper = pool.workers[0].pid
    assert helper is not None
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, helper) == min(19, mine + NICENESS)


def test_a_killed_helper_costs_no_move():
    """A helper killed between moves is replaced; one killed during a move is left
    out of that move, which still comes, in time, from this process's own search."""
    bot = make_bot("hard", seed=1, cores=2)
    try:
        state = new_game("hari")
        first = bot.choose(state, 0.1)
        state = state.play(first)
        pool = bot.helpers()
        assert pool is not None
        pid = pool.workers[0].pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        second = bot.choose(state, 0.1)
        assert second in state.legal_moves()
        state = state.play(second)
        third = bot.choose(state, 0.1)  # a new helper answers again
        assert third in state.legal_moves()
    finally:
        bot.close()


def test_isaac_hard_on_two_cores_plays_a_legal_placement():
    bot = make_bot("hard", seed=2, cores=2)
    try:
        state = placement_positions(3)[2]
        assert bot.choose(state, 0.2) in state.legal_moves()
    finally:
        bot.close()


@pytest.mark.parametrize("game, unit", [("foundations", "playouts"), ("isaac", "positions judged")])
def test_the_search_bench_prints_the_work_a_second_on_the_cores_asked(game, unit, capsys):
    from isaac_game.commands.cli import main

    assert main(["bench", "--search", "--game", game, "--cores", "2", "--seconds", "0.6"]) == 0
    line, *removals = capsys.readouterr().out.strip().splitlines()
    assert line.startswith(f"{game}: Hard's search on 2 core(s): ")
    assert line.endswith(f" {unit} a second")
    assert int(line.split(": ")[-1].split()[0].replace(",", "")) > 0
    if game == "isaac":  # and the removal search's speed beside the rate it counts at
        (removal,) = removals
        assert removal.startswith("isaac: the removal search on 1 core: ")
        assert removal.endswith(f" nodes a second (counted at {NODE_RATE:,} a second)")
    else:
        assert removals == []
