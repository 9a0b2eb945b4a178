"""The levels in FOUNDATIONS and HARI (docs/rules.md 2 and 3), and the arena's yardsticks:
a legal move in every kind of position, the budget kept, the rule-of-thumb levels
repeatable for a seed (the searching ones think until their time is up)."""

from __future__ import annotations

import random
import time

import pytest

from isaac_game.ai.bots import make_bot
from isaac_game.levels import BOT_NAMES
from isaac_game.rules import Discard, GameState, Pass, Place, Slide, new_game


def find(game: str, wanted, seeds=range(400)) -> GameState:
    """The first position of seeded random games (moves by the rule of thumb or at
    random) that `wanted` accepts."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(game)
        while not state.is_over:
            if wanted(state):
                return state
            state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError(f"no {game} position found")


def _legal(state: GameState) -> list:
    return list(state.legal_moves())


FOUNDATIONS = {
    "opening": lambda s: s.ply == 0,
    "level 1": lambda s: s.ply > 8 and s.current_level(s.to_move) == 1,
    "moving up": lambda s: all(
        isinstance(m, Place) and m.level > s.current_level(s.to_move) for m in _legal(s)
    ),
    "level 2 and up": lambda s: s.current_level(s.to_move) >= 2 and isinstance(_legal(s)[0], Place),
    "pass": lambda s: isinstance(_legal(s)[0], Pass),
}
HARI = {
    "opening": lambda s: s.ply == 0,
    "slides possible": lambda s: any(isinstance(m, Slide) for m in _legal(s)),
    "mid-turn, after a slide": lambda s: s.slid_value > 0,
    "only discards": lambda s: all(isinstance(m, Discard) for m in _legal(s)),
    "pass": lambda s: isinstance(_legal(s)[0], Pass),
}
POSITIONS = {("foundations", k): find("foundations", f) for k, f in FOUNDATIONS.items()}
POSITIONS.update({("hari", k): find("hari", f) for k, f in HARI.items()})


@pytest.mark.parametrize("level", BOT_NAMES)
@pytest.mark.parametrize("where", sorted(POSITIONS), ids=lambda w: f"{w[0]}: {w[1]}")
def test_rules_2_3_each_level_plays_a_legal_move_in_every_kind_of_position(level, where):
    state = POSITIONS[where]
    move = make_bot(level, seed=3).choose(state, budget=0.05)
    assert str(move) in [str(m) for m in state.legal_moves()]


@pytest.mark.parametrize("game", ["foundations", "hari"])
@pytest.mark.parametrize("level", ["medium", "hard", "uct"])
def test_budget_is_respected_with_slack(game, level):
    budget = 0.3
    for (g, _where), state in POSITIONS.items():
        if g != game or len(state.legal_moves()) == 1:
            continue
        start = time.perf_counter()
        make_bot(level, seed=1).choose(state, budget=budget)
        assert time.perf_counter() - start < budget * 2 + 0.5, _where


@pytest.mark.parametrize("game", ["foundations", "hari"])
@pytest.mark.parametrize("level", ["random", "easy", "greedy"])
def test_same_seed_same_moves(game, level):
    for (g, where), state in POSITIONS.items():
        if g == game:
            first = make_bot(level, seed=11).choose(state, budget=0.1)
            assert make_bot(level, seed=11).choose(state, budget=0.1) == first, where
