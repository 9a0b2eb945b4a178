"""Every game's fast core held to the public API (docs/rules.md sections 1, 2 and 3).

From random positions, move by move to the end of the game: the same side to move,
the same legal moves in the same order, the same scores, and at the end the same
winner. A core is what the searches and the playouts stand on (ISAAC's computer
levels search on `IsaacCore` itself), so it may differ from the rules nowhere.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.rules import FastCore, GameState, Move, Player, game_info, game_names, new_game

from .random_play import next_move, outcome, random_position

#: Every registered game with a fast core (the three of the engine, at least).
CORES = sorted(name for name in game_names() if game_info(name).core is not None)


def test_the_engines_three_games_have_fast_cores():
    assert {"isaac", "foundations", "hari"} <= set(CORES)


def assert_same(core: FastCore, state: GameState) -> list[Move]:
    mover = state.to_move
    assert core.to_move == (None if mover is None else Player(mover).index), state.moves
    assert core.is_over == state.is_over
    assert tuple(core.scores) == state.scores, state.moves
    legal = list(state.legal_moves())
    assert core.legal_moves() == legal, state.moves
    return legal


@pytest.mark.parametrize("game", CORES)
@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 70))
def test_rules_1_2_3_a_core_plays_as_the_public_api_move_by_move(game, seed, plies):
    """docs/rules.md 1 (ISAAC), 2 (FOUNDATIONS), 3 (HARI): legal moves, scores, winner."""
    rng = random.Random(seed)
    state = random_position(game, rng, plies)
    start = state
    core = game_info(game).core.of(state)  # type: ignore[union-attr]
    kept = core.copy()
    while True:
        legal = assert_same(core, state)
        if state.is_over:
            break
        move = next_move(state, legal, rng)
        core.play(move)
        state = state.play(move)
    assert core.outcome() == outcome(state)
    assert_same(kept, start)  # a copy is never changed by play on the original


@pytest.mark.parametrize("game", CORES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_rules_1_2_3_a_core_starts_where_the_game_starts(game, seed):
    """docs/rules.md 1.1, 2, 3: the empty board, full hands, Dark to move; a whole random
    game from there (what the benchmark times) is legal and scored alike."""
    core = game_info(game).core.start()  # type: ignore[union-attr]
    state = new_game(game)
    assert_same(core, state)
    for move in core.playout(random.Random(seed), 0.0, record=True):
        state = state.play(move)
    assert state.is_over and tuple(core.scores) == state.scores
    assert core.outcome() == outcome(state)


@pytest.mark.parametrize("game", CORES)
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 70), lean=st.sampled_from([0, 0.5, 1]))
def test_rules_1_2_3_a_playout_is_a_legal_game_scored_as_the_engine_scores_it(
    game, seed, plies, lean
):
    """docs/rules.md 1, 2, 3: every move of a playout (with or without its lean on the rule
    of thumb) is legal in the public API, and the game it ends is scored alike."""
    state = random_position(game, random.Random(seed), plies)
    core = game_info(game).core.of(state)  # type: ignore[union-attr]
    moves = core.playout(random.Random(seed), lean, record=True)
    for move in moves:
        assert move in [str(m) for m in state.legal_moves()], (state.moves, move)
        state = state.play(move)
    assert state.is_over and core.is_over
    assert tuple(core.scores) == state.scores
    assert core.outcome() == outcome(state)
