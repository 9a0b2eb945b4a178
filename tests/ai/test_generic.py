"""Every computer level also plays FOUNDATIONS and HARI (docs/rules.md 2 and 3), and
the searching levels' search is worth something: thinking a fixed number of playouts
a move, so that a seeded game is the same game on any machine, they win every one of
ten seeded games against random, and Hard every one of ten against the rule of
thumb."""

from __future__ import annotations

import random

import pytest

from isaac_game.ai import mcts
from isaac_game.ai.bots import make_bot
from isaac_game.rules import GameState, Player, new_game

#: Seeded games per claim, colours alternating.
GAMES = 10
#: With `FixedThinking`, a budget of this many "seconds" is 16 x it playouts a move:
#: 128 against random, 256 (FOUNDATIONS) and 384 (HARI) against the rule of thumb
#: (from 192 up Hard won all of 20 seeded games in FOUNDATIONS; with 128, 8 of 10).
#: Against random, 80 was enough until HARI's search widened more slowly
#: (`generic.GAME_SEARCH`): at 80 playouts it looks at about three moves of the root,
#: and lost seeded game 4. In HARI, 256 drew seeded game 6 once its playouts slid to
#: make room (`HariCore.slide_to_fit`); 384 win all ten.
LOOKS = 8
LOOKS_AGAINST_THE_RULE = {"foundations": 16, "hari": 24}


class FixedThinking:
    """Stands in for `mcts`'s clock: one second passes each time the search looks at it
    (at the start, then every 16 playouts), so a search of `LOOKS` seconds runs exactly
    16 x `LOOKS` playouts on any machine and a seeded game is the same game everywhere."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def play_out(game: str, dark: str, light: str, seed: int, budget: float = 0.05) -> GameState:
    bots = {Player.DARK: make_bot(dark, seed), Player.LIGHT: make_bot(light, seed + 1)}
    state = new_game(game)
    while not state.is_over:
        move = bots[state.to_move].choose(state, budget)
        assert str(move) in [str(m) for m in state.legal_moves()]
        state = state.play(move)
    return state


def games_won(game: str, level: str, opponent: str, looks: int = LOOKS) -> list[int]:
    """The seeds of the games `level` won of `GAMES` against `opponent` (Dark in the
    even ones), thinking `looks` x 16 playouts a move (with `FixedThinking`)."""
    won = []
    for seed in range(GAMES):
        dark = seed % 2 == 0
        pair = (level, opponent) if dark else (opponent, level)
        state = play_out(game, *pair, seed=seed, budget=looks)
        if state.winner == (Player.DARK if dark else Player.LIGHT):
            won.append(seed)
    return won


@pytest.mark.parametrize("game", ["foundations", "hari"])
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "greedy"])
def test_each_level_plays_legal_moves_to_the_end(game, level):
    state = play_out(game, level, "random", seed=3)
    assert state.is_over


def test_fixed_thinking_is_a_fixed_number_of_playouts(monkeypatch):
    """The stand-in clock below: LOOKS seconds are 16 x LOOKS playouts, every time."""
    monkeypatch.setattr(mcts, "time", FixedThinking())
    state = new_game("hari")
    for seed in (1, 2):
        verdict = mcts.search(state, LOOKS, random.Random(seed))
        assert verdict.iterations == 16 * LOOKS


def test_medium_and_hard_are_one_search_that_differs_by_its_time(monkeypatch):
    """On one core and the same thinking, Medium and Hard choose the same moves where
    Hard has no search of its own (FOUNDATIONS; HARI's Hard has, `generic.HARD_SEARCH`,
    so its Medium plays the seeded games below too)."""
    monkeypatch.setattr(mcts, "time", FixedThinking())
    state = new_game("foundations")
    for ply in range(4):
        medium, hard = (make_bot(level, ply).choose(state, LOOKS) for level in ("medium", "hard"))
        assert str(medium) == str(hard)
        state = state.play(hard)


@pytest.mark.parametrize(
    ("game", "level"), [("foundations", "hard"), ("hari", "medium"), ("hari", "hard")]
)
def test_the_searching_levels_win_every_seeded_game_against_random(game, level, monkeypatch):
    monkeypatch.setattr(mcts, "time", FixedThinking())
    assert games_won(game, level, "random") == list(range(GAMES))


@pytest.mark.parametrize(
    ("game", "level"), [("foundations", "hard"), ("hari", "medium"), ("hari", "hard")]
)
def test_the_searching_levels_beat_the_rule_of_thumb_in_every_seeded_game(game, level, monkeypatch):
    """`greedy` is the rule of thumb that Hard's search tries first and leans its
    playouts on: what the search adds wins every game (at its default second a move
    Hard plays thousands of playouts; docs/strength.md: 200 of 200 in each game)."""
    monkeypatch.setattr(mcts, "time", FixedThinking())
    looks = LOOKS_AGAINST_THE_RULE[game]
    assert games_won(game, level, "greedy", looks) == list(range(GAMES))
