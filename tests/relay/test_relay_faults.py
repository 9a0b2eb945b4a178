"""Nothing is lost through the relay either, with the real headless commands as
processes and real nats-servers on 127.0.0.1:

- a joiner killed with SIGKILL mid-game and started again with the same relay and
  code rejoins with its ticket (which holds them) and plays the game to the end;
- the relay stopped for ten seconds mid-game and started again: both sides show the
  lost link, reconnect by themselves, and the game goes on from the same move;
- in a three-node cluster, the node the host is connected to is killed: the host
  reconnects through the others, the joiner redials, and the game is finished.

Each process has its own ISAAC_GAME_HOME, as two machines would.
"""

from __future__ import annotations

import json
import time

import pytest
from lanhelpers import Cli, home, moves_printed
from relayhelpers import PACED, cluster, host_code, resumed_at, same_game

pytestmark = pytest.mark.relay


@pytest.mark.timeout(120)
def test_a_killed_joiner_comes_back_through_the_relay_with_its_ticket(relay, tmp_path):
    host = Cli(["host", "--relay", relay.address, *PACED, "--seed", "1", "--name", "Ann"],
               env=home(tmp_path, "ann"))  # fmt: skip
    try:
        code = host_code(host)
        join_args = ["join", "--relay", relay.address, "--code", code, *PACED, "--name", "Bob"]
        first = Cli([*join_args, "--seed", "2"], env=home(tmp_path, "bob"))
        moves_printed(first, 6)
        first.kill()  # SIGKILL: no bye, no cleanup
        before = first.moves()
        ticket = json.loads((tmp_path / "bob" / "data" / "relay-ticket.json").read_text())
        assert (ticket["relay"], ticket["code"], ticket["host_name"]) == (
            relay.address,
            code,
            "Ann",
        )
        host.wait_line(lambda s: s.startswith("link lost"))  # its silence, through the relay
        again = Cli([*join_args, "--seed", "3"], env=home(tmp_path, "bob"))
        again.wait_line(lambda s: s.startswith("rejoining the game with Ann"))
        same_game(host, again)
        assert again.moves()[: len(before)] == before
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_the_relay_stopped_for_ten_seconds_and_started_again(own_relay, tmp_path):
    where = own_relay.address
    host = Cli(["host", "--relay", where, *PACED, "--seed", "4"], env=home(tmp_path, "ann"))
    try:
        join = Cli(["join", "--relay", where, "--code", host_code(host), *PACED, "--seed", "5"],
                   env=home(tmp_path, "bob"))  # fmt: skip
        moves_printed(join, 6)
        own_relay.stop()
        for side in (host, join):
            side.wait_line(lambda s: s.startswith("link lost"))
        played = len(host.moves())
        deadline = time.monotonic() + 10.0  # the relay is away for ten seconds
        while time.monotonic() < deadline:
            assert host.p.poll() is None and join.p.poll() is None, host.dump() + join.dump()
            assert len(host.moves()) <= played + 1  # its own move at most, kept to send
            time.sleep(0.2)
        own_relay.start()  # the same port: the clients find it again by themselves
        assert resumed_at(join) >= played and resumed_at(host) >= played
        same_game(host, join)
        assert len(host.moves()) > played + 1  # it went on after the outage
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_cluster_node_killed_under_the_host(tmp_path):
    nodes = cluster(tmp_path)
    try:
        # the host knows one node (the others it learns from the cluster); the joiner two
        host = Cli(["host", "--relay", nodes[0].address, *PACED, "--seed", "6"],
                   env=home(tmp_path, "ann"))  # fmt: skip
        others = f"{nodes[1].address},{nodes[2].address}"
        join = Cli(["join", "--relay", others, "--code", host_code(host), *PACED, "--seed", "7"],
                   env=home(tmp_path, "bob"))  # fmt: skip
        moves_printed(join, 6)
        nodes[0].kill()
        host.wait_line(lambda s: s.startswith("link lost"))
        resumed_at(host)
        same_game(host, join)
    finally:
        for node in nodes:
            node.kill()
