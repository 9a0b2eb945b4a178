"""Every computer level, and the arena, play any game registered with the rules, not
only the engine's three: CORNER (`tests/rules/corner_game.py`) is registered from the
tests, with no fast core and nothing declared but which way its scores count."""

from __future__ import annotations

import re
import time

import pytest

from isaac_game.ai import ComputerSeat
from isaac_game.ai.bots import make_bot
from isaac_game.commands.cli import main
from isaac_game.levels import BOT_NAMES
from isaac_game.rules import Place, Player, new_game, register_game
from tests.rules.corner_game import CornerState  # by its full name everywhere: one module


@pytest.mark.parametrize("level", BOT_NAMES)
def test_each_level_plays_a_registered_game_to_the_end(level):
    for seed in range(3):
        bots = {Player.DARK: make_bot(level, seed), Player.LIGHT: make_bot("random", seed + 1)}
        state = new_game("corner")
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            move = bots[mover].choose(state, 0.02)
            assert move in list(state.legal_moves())
            state = state.play(move)


class _CoverLess(CornerState):
    """CORNER where the fewer cells covered wins: its scores count the other way."""

    game = "corner-less"


def test_the_rule_of_thumb_reads_scores_the_way_the_game_declares_them():
    """CORNER counts cells covered, more is better: greedy opens with its 4-cell piece.
    Declared the other way round, the same rule opens with a 3."""
    register_game("corner-less", _CoverLess, better_scores="lower")
    for seed in range(5):
        more = make_bot("greedy", seed).choose(new_game("corner"))
        fewer = make_bot("greedy", seed).choose(new_game("corner-less"))
        assert isinstance(more, Place) and more.length == 4
        assert isinstance(fewer, Place) and fewer.length == 3


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_arena_plays_a_registered_game(capsys, jobs):
    """In this process, and in worker processes that never imported the tests."""
    args = ["arena", "greedy", "random", "--game", "corner", "--games", "2", "--jobs", jobs]
    assert main(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("CORNER: greedy as Dark won ")
    assert re.fullmatch(
        r"greedy vs random: greedy won [0-2](\.5)? of 2 games \(\d+%\)(, \d drawn)?", lines[-1]
    ), lines[-1]


def test_a_computer_seat_plays_a_registered_game_in_its_worker():
    """The worker process never imported the tests: the position brings its game."""
    seat = ComputerSeat("greedy", seed=1, budget=0.05)
    try:
        state = new_game("corner").play("3h00")
        seat.start_turn(state)
        deadline = time.monotonic() + 60
        while (move := seat.poll()) is None:
            assert time.monotonic() < deadline, "no move from the seat"
            time.sleep(0.01)
        assert seat.last_error is None
        assert state.parse_move(move) in list(state.legal_moves())
    finally:
        seat.close()
