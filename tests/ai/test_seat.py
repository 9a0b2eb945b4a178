"""ComputerSeat and its worker process: never blocks, survives a killed worker."""

from __future__ import annotations

import os
import signal
import time

import pytest

from isaac_game.ai import ComputerSeat, make_bot
from isaac_game.match import Match
from isaac_game.players import make_seat

from .positions import replay, sample_positions

TIMEOUT = 60.0


def wait_for_move(seat, state):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        move = seat.poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("no move from the seat")


def test_seat_thinks_in_another_process_and_returns_a_legal_move():
    seat = ComputerSeat("hard", seed=1, budget=0.2)
    try:
        state = sample_positions()["scoring"]
        assert not seat.thinking
        start = time.perf_counter()
        seat.start_turn(state)
        assert time.perf_counter() - start < 1.0  # spawning does not wait for the child
        assert seat.thinking
        assert seat.worker.pid not in (None, os.getpid())
        move = wait_for_move(seat, state)
        assert not seat.thinking
        assert state.parse_move(move) in list(state.legal_moves())
    finally:
        seat.close()


def test_killed_worker_is_restarted_and_the_move_requested_again():
    seat = ComputerSeat("hard", seed=1, budget=0.5)
    try:
        state = sample_positions()["opening"]
        seat.start_turn(state)
        first_pid = seat.worker.pid
        os.kill(first_pid, signal.SIGKILL)
        move = wait_for_move(seat, state)
        assert seat.worker.restarts >= 1
        assert seat.worker.pid != first_pid
        assert state.parse_move(move) in list(state.legal_moves())
        # and the seat goes on with the new worker
        after = state.play(move)
        seat.start_turn(after)
        assert after.parse_move(wait_for_move(seat, after)) in list(after.legal_moves())
    finally:
        seat.close()


def test_cancel_drops_a_late_answer():
    """A turn cancelled (an undo, a new game) is still answered by the worker, which
    thinks one task at a time: that late answer comes first down the pipe, before the
    next turn's, and is dropped; the seat plays the next turn's move, never it."""
    seat = ComputerSeat("greedy", seed=1)
    try:
        cancelled, current = replay([]), sample_positions()["scoring"]
        seat.start_turn(cancelled)
        seat.cancel()
        assert not seat.thinking and seat.poll() is None
        seat.start_turn(current)
        move = wait_for_move(seat, current)
        # every answer to the opening is a placement, which no scoring position allows
        assert current.parse_move(move) == make_bot("greedy", seed=1).choose(current)
        assert not seat.thinking and seat.poll() is None
    finally:
        seat.close()


@pytest.mark.parametrize("kind", ["easy", "medium", "hard", "greedy"])
def test_make_seat_gives_computer_seats(kind):
    seat = make_seat(kind, seed=3)
    try:
        assert isinstance(seat, ComputerSeat) and seat.kind == "computer"
        assert seat.level == kind and seat.worker.pid is None  # started lazily
    finally:
        seat.close()


def test_make_seat_keeps_human_and_random():
    assert make_seat("human").kind == "human"
    assert make_seat("random", seed=1).kind == "computer"
    with pytest.raises(ValueError):
        make_seat("grandmaster")


def test_a_match_between_computer_seats_runs_without_blocking():
    dark = ComputerSeat("medium", seed=1, budget=0.05)
    light = ComputerSeat("easy", seed=2, budget=0.05)
    match = Match.new("isaac", dark, light)
    slowest = 0.0
    deadline = time.monotonic() + TIMEOUT
    try:
        while not match.state.is_over and time.monotonic() < deadline:
            start = time.perf_counter()
            match.update()
            slowest = max(slowest, time.perf_counter() - start)
            time.sleep(0.002)
        assert match.state.is_over
        assert slowest < 0.5  # generous: a frame never waits for the thinking
    finally:
        match.close()
