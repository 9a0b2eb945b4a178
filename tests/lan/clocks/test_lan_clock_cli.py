"""Clocks with the real headless commands on 127.0.0.1 (docs/protocol.md 1.2): `host
--clock M+S` and `join` print both clocks after each move, the same lines on both
sides; a joiner that never moves loses on time on both; a joiner whose program has no
clock (1.1, a raw peer) plays the clocked host without one."""

from __future__ import annotations

import re
import socket

import pytest
from lanhelpers import MOVE, Cli, home
from rawplay import RawPlayer

LOOPBACK = ["--bind", "127.0.0.1", "--port", "0", "--no-announce"]
#: A move line with both clocks after it, Dark's then Light's: `1. dark 3v57  4:58  5:00`.
TIMED_MOVE = re.compile(r"^\d+\. (dark|light) \S+  (\d+:\d\d|\d\.\d)  (\d+:\d\d|\d\.\d)$")


def both_done(host: Cli, join: Cli) -> str:
    """Both exited 0 (else fail with both outputs); both outputs, for messages."""
    both = "JOIN " + join.dump() + "\nHOST " + host.dump()
    assert join.finish() == 0, both
    assert host.finish() == 0, both
    assert not any("Traceback" in line for line in host.err + join.err), both
    return both


@pytest.mark.timeout(120)
def test_host_and_join_print_both_clocks_after_every_move_alike(tmp_path):
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "1", "--clock", "1+1",
                "--name", "Ann"], env=home(tmp_path, "ann"))  # fmt: skip
    try:
        join = Cli(["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--seed", "2",
                    "--name", "Bob"], env=home(tmp_path, "bob"))  # fmt: skip
        both = both_done(host, join)
        assert host.out == join.out, both
        lines = host.out[1:-1]
        assert len(lines) > 5 and all(TIMED_MOVE.match(line) for line in lines), both
        assert lines[0].startswith("1. dark ") and lines[0].endswith("  1:00"), both
        assert host.out[-1].startswith("result: dark ") and " - light " in host.out[-1]
        assert any("played to a clock: 1+1" in line for line in join.err), both
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_joiner_that_never_moves_loses_on_time_on_both_sides(tmp_path):
    """3 s each (0.05 min): the host moves, the joiner's computer holds its move back
    far longer, and the host's clock ends the game."""
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "1", "--clock", "0.05+0"],
               env=home(tmp_path, "ann"))  # fmt: skip
    try:
        join = Cli(["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--move-delay", "600"],
                   env=home(tmp_path, "bob"))  # fmt: skip
        both = both_done(host, join)
        assert host.out == join.out, both
        assert host.out[-1] == "result: light ran out of time, dark wins", both
        (move,) = host.out[1:-1]
        assert TIMED_MOVE.match(move) and move.startswith("1. dark ") and move.endswith(" 3.0")
        assert "light ran out of time" in host.err and "light ran out of time" in join.err
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_joiner_without_clocks_plays_a_clocked_host_without_one(tmp_path):
    """A 1.1 program's hello says no `minor`: its welcome has no clock, the game is
    played to none, the host's lines have no clocks, and stderr says why once."""
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "3", "--clock", "5+3"],
               env=home(tmp_path, "ann"))  # fmt: skip
    try:
        sock = socket.create_connection(("127.0.0.1", host.port()), timeout=10)
        old = RawPlayer(sock, seed=4)
        old.reader.start()
        old.send({"t": "hello", "proto": 1, "app": "old", "name": "Joe", "game": "isaac"})
        old.wait_for(lambda: old.seat is not None, "a welcome")
        (welcome,) = [msg for msg in old.received if msg["t"] == "welcome"]
        assert not {"minor", "clock", "left", "flag"} & set(welcome)
        while not old.over:
            old.play_turn()
            old.wait_for(lambda: old.over or old.state.to_move.value == old.seat, "our turn")
        host.wait_line(lambda line: line.startswith("result: "), stream="out")
        assert host.finish() == 0, host.dump()
        assert all(MOVE.match(line) for line in host.out[1:-1]), host.dump()
        assert len(host.out[1:-1]) == old.plies
        said = [line for line in host.err if "no clock" in line]
        assert said == ["Joe's program has no clock: this game is played without one"]
        assert not any(msg["t"] in ("clock", "flag") for msg in old.received)
        old.close()
    finally:
        host.kill()
