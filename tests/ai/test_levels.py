"""Every computer level: legal moves in every phase, budgets, determinism, endgames."""

from __future__ import annotations

import time

import pytest

from isaac_game.ai import LEVELS, make_bot
from isaac_game.ai.bots import ARENA_LEVELS
from isaac_game.rules import Remove

from .positions import BLOCK_LAST, REACH_100, replay, sample_positions

POSITIONS = sample_positions()


def test_the_sample_game_has_every_kind_of_position():
    assert set(POSITIONS) == {
        "opening",
        "placement",
        "placement after a pass",
        "placement pass",
        "scoring",
        "scoring pass",
        "scoring alone",
    }


@pytest.mark.parametrize("level", ARENA_LEVELS)
@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_each_level_returns_a_legal_move(level, where):
    state = POSITIONS[where]
    move = make_bot(level, seed=3).choose(state, budget=0.1)
    assert move in list(state.legal_moves())


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_game(level):
    """Against the random player, every move goes through the rules' check."""
    bots = {"dark": make_bot(level, 1), "light": make_bot("random", 2)}
    state = replay([])
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state, budget=0.05))
    assert state.winner is not None


@pytest.mark.parametrize("where", ["opening", "placement", "scoring", "scoring alone"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_budget_is_respected_with_slack(level, where):
    budget = 0.3
    start = time.perf_counter()
    make_bot(level, seed=1).choose(POSITIONS[where], budget=budget)
    assert time.perf_counter() - start < budget * 3 + 1.0


def test_hard_default_budget_is_at_most_a_second():
    from isaac_game.ai import DEFAULT_BUDGET

    assert DEFAULT_BUDGET["hard"] <= 1.0


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_moves(level):
    for where in ("opening", "placement", "scoring", "scoring alone"):
        state = POSITIONS[where]
        first = make_bot(level, seed=11).choose(state, budget=0.1)
        again = make_bot(level, seed=11).choose(state, budget=0.1)
        assert first == again, where


def test_a_whole_game_is_deterministic_given_the_seeds():
    def game() -> tuple[str, ...]:
        bots = {"dark": make_bot("hard", 4), "light": make_bot("medium", 5)}
        state = replay([])
        while not state.is_over:
            state = state.play(bots[state.to_move].choose(state, budget=0.05))
        return state.moves

    assert game() == game()


@pytest.mark.parametrize("level", ["greedy", "medium", "hard"])
def test_takes_the_removal_that_reaches_100(level):
    state = replay(REACH_100)
    winning = [m for m in state.legal_moves() if m.target >= 100]
    assert [str(m) for m in winning] == ["x09-107"]
    assert str(state.legal_moves()[0]) != "x09-107"
    move = make_bot(level, seed=2).choose(state, budget=0.3)
    assert isinstance(move, Remove) and move.target >= 100
    assert state.play(move).winner == state.to_move


def wins(state, move, memo) -> bool:
    """Exhaustive: does `move` win for the side to move (every target, public API)?"""
    me = state.to_move
    after = state.play(move)
    if after.is_over:
        return after.winner == me
    key = after.position_key()
    if key not in memo:
        memo[key] = any(wins(after, reply, memo) for reply in after.legal_moves())
    return memo[key] == (after.to_move == me)


def test_block_last_position_has_one_winning_move():
    state = replay(BLOCK_LAST)
    memo: dict = {}
    winning = [str(m) for m in state.legal_moves() if wins(state, m, memo)]
    assert winning == ["x02-36"]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_the_opponents_last_piece(level):
    """RULES.md 1.6, last check: stop short on the opponent's last piece."""
    state = replay(BLOCK_LAST)
    move = make_bot(level, seed=2).choose(state, budget=0.3)
    assert str(move) == "x02-36"
    after = state.play(move)
    assert after.to_move == state.to_move.other
    assert [str(m) for m in after.legal_moves()] == ["pass"]


def test_greedy_misses_the_block():
    state = replay(BLOCK_LAST)
    assert str(make_bot("greedy", seed=2).choose(state)) == "x02-39"


@pytest.mark.parametrize("level", ["hard", "hard1"])
def test_hard_searches_the_scoring_phase_as_deep_as_hard1(level, monkeypatch):
    """Hard's placement look-ahead has its own depth: it does not cap the removal
    search that Hard shares with hard1."""
    from isaac_game.ai import scoring

    depths = []
    real = scoring.ScoringSearch.search

    def spy(self, budget, max_depth=60):
        depths.append(max_depth)
        return real(self, budget, max_depth)

    monkeypatch.setattr(scoring.ScoringSearch, "search", spy)
    make_bot(level, seed=1).choose(POSITIONS["scoring"], budget=0.05)
    assert depths == [60]
