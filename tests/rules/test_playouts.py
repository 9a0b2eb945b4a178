"""The searches' playouts (RULES.md sections 1-3): from any position, with or without
the rule-of-thumb lean, every move they make is legal by the public API and the
winner they report is the engine's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.rules import foundations_fast, hari_fast, isaac_fast, new_game, playout

FAST = {"isaac": isaac_fast, "foundations": foundations_fast, "hari": hari_fast}


def random_position(game: str, rng: random.Random):
    state = new_game(game)
    for _ in range(rng.randrange(0, 70)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game", sorted(FAST))
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), bias=st.sampled_from([0.0, 0.5, 1.0]))
def test_rules_1_2_3_playouts_from_any_position_are_legal_games(game, seed, bias):
    state = random_position(game, random.Random(seed))
    fast = FAST[game]
    moves = fast._run(fast._Sim.of(state), random.Random(seed), bias, True)
    for move in moves:
        assert move in [str(m) for m in state.legal_moves()], move
        state = state.play(move)
    assert state.is_over


@pytest.mark.parametrize("game", sorted(FAST))
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), bias=st.sampled_from([0.0, 0.8]))
def test_rules_1_4_2_7_3_7_playout_reports_the_engines_winner(game, seed, bias):
    start = random_position(game, random.Random(seed))
    fast = FAST[game]
    end = start
    for move in fast._run(fast._Sim.of(start), random.Random(seed), bias, True):
        end = end.play(move)
    expected = 0.5 if end.winner is None else 1.0 - end.winner.index
    assert playout(start, random.Random(seed), bias) == expected
