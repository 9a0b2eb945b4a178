"""Every computer level also plays FOUNDATIONS and HARI (RULES.md 2 and 3)."""

from __future__ import annotations

import random

import pytest

from isaac_game.ai.bots import make_bot
from isaac_game.rules import Player, new_game


def play_out(game: str, dark: str, light: str, seed: int):
    bots = {Player.DARK: make_bot(dark, seed), Player.LIGHT: make_bot(light, seed + 1)}
    state = new_game(game)
    while not state.is_over:
        move = bots[state.to_move].choose(state, 0.05)
        assert str(move) in [str(m) for m in state.legal_moves()]
        state = state.play(move)
    return state


@pytest.mark.parametrize("game", ["foundations", "hari"])
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "greedy"])
def test_each_level_plays_legal_moves_to_the_end(game, level):
    state = play_out(game, level, "random", seed=3)
    assert state.is_over


@pytest.mark.parametrize("game", ["foundations", "hari"])
def test_the_judging_levels_beat_random_more_often_than_not(game):
    rng = random.Random(5)
    wins = 0
    for i in range(10):
        seed = rng.randrange(1 << 30)
        hard_dark = i % 2 == 0
        state = play_out(game, *(("hard", "random") if hard_dark else ("random", "hard")), seed)
        hard = Player.DARK if hard_dark else Player.LIGHT
        wins += state.winner == hard
    assert wins >= 6
