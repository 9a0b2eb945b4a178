"""docs/protocol.md 1.2 spectators through a real relay: host, joiner and spectator as
the headless commands in three processes, the spectator with the host's watch code;
and a watch code lets one watch, never play."""

from __future__ import annotations

import re
import time

import pytest
from lanhelpers import Cli, home, moves_printed
from relayhelpers import PACED, game_lines, host_code

import net
from isaac_game.lan.adapter import EngineAdapter
from isaac_game.lan.online import code_of, host_online, join_online, watch_code_of
from isaac_game.lan.watch import LanWatch
from isaac_game.match import RandomSeat
from isaac_game.rules import Player
from net import messages as m
from net.relay.address import relay_servers
from net.relay.code import parse_code
from net.relay.transport import RelayWatch
from net.watch_session import WatchSession

pytestmark = pytest.mark.relay

WATCH_LINE = re.compile(r"spectators: watch --relay \S+ --code ([0-9A-Z]{3}-[0-9A-Z]{3})$")


@pytest.mark.timeout(120)
def test_a_third_machine_watches_a_relay_game_by_its_watch_code(relay, tmp_path):
    host = Cli(["host", "--relay", relay.address, *PACED, "--game", "hari", "--seed", "1",
                "--name", "Ann"], env=home(tmp_path, "a"))  # fmt: skip
    try:
        code = host_code(host)
        watch_code = WATCH_LINE.match(host.wait_line(WATCH_LINE.match)).group(1)
        assert watch_code != code
        join = Cli(["join", "--relay", relay.address, "--code", code, *PACED, "--game", "hari",
                    "--seed", "2", "--name", "Bob"], env=home(tmp_path, "b"))  # fmt: skip
        moves_printed(join, 2)
        watch = Cli(["watch", "--relay", relay.address, "--code", watch_code, "--game", "hari",
                     "--headless"], env=home(tmp_path, "c"))  # fmt: skip
        both = "\nWATCH " + watch.dump() + "\nJOIN " + join.dump() + "\nHOST " + host.dump()
        assert join.finish() == 0 and host.finish() == 0 and watch.finish() == 0, both
        assert watch.moves() == join.moves() == host.moves(), both
        assert watch.out[0] == "watching: hari, dark Ann vs light Bob", both
        assert watch.out[-1] == join.out[-1] == game_lines(host)[-1], both
    finally:
        host.kill()


def test_a_watch_code_lets_one_watch_and_never_play(relay):
    host = host_online("isaac", RandomSeat(seed=1), relay.address, name="Ann")
    host.start()
    watch_code = watch_code_of(host)
    assert watch_code is not None and watch_code != code_of(host)
    player = join_online("isaac", RandomSeat(seed=2), relay.address, watch_code, name="Eve")
    player.start()
    real = spectator = None
    try:
        assert until(lambda: player.update(0.05) is not None and player.rejected)
        assert player.rejected_code == "watch-only" and host.match is None
        real = join_online("isaac", RandomSeat(seed=3), relay.address, code_of(host), name="Bob")
        real.start()
        assert until(lambda: host.update(0.05) is not None and host.match is not None)
        spectator = LanWatch.online("isaac", relay.address, watch_code, name="Cy")
        spectator.start()
        assert until(lambda: real.update(0.05) is not None and spectator.update(0.05) is not None
                     and spectator.games > 0)  # fmt: skip
        assert spectator.names == {Player.DARK: "Ann", Player.LIGHT: "Bob"}
    finally:
        for session in (spectator, real, player, host):
            if session is not None:
                session.close()


def until(cond, timeout: float = 15.0) -> bool:
    """Call `cond` (which waits a little itself) until it holds, or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
    return False


class Hostile(WatchSession):
    """A spectator that, each time it is sent the game, tries to move in it and floods
    the chat."""

    def _on_watching(self, msg: dict, now: float) -> None:
        super()._on_watching(msg, now)
        self._send(m.move(len(self.adapter.moves()), "pass"))
        for i in range(200):
            self._send(m.chat(f"spam {i}"))


@pytest.mark.timeout(120)
def test_a_hostile_spectator_through_the_relay_changes_nothing(relay, tmp_path):
    host = Cli(["host", "--relay", relay.address, *PACED, "--seed", "1", "--name", "Ann"],
               env=home(tmp_path, "a"))  # fmt: skip
    hostile = None
    try:
        code = host_code(host)
        watch_code = WATCH_LINE.match(host.wait_line(WATCH_LINE.match)).group(1)
        join = Cli(["join", "--relay", relay.address, "--code", code, *PACED, "--seed", "2"],
                   env=home(tmp_path, "b"))  # fmt: skip
        moves_printed(join, 2)
        adapter = EngineAdapter("isaac")
        hostile = RelayWatch(adapter, relay_servers(relay.address), parse_code(watch_code))
        hostile.session = Hostile(adapter, name="Eve")
        hostile.start()
        refusals: list[net.PeerError] = []
        deadline = time.monotonic() + 20
        while not refusals and time.monotonic() < deadline:
            refusals += [ev for ev in hostile.wait(0.1) if isinstance(ev, net.PeerError)]
        assert refusals and refusals[0].code == "illegal-move", host.dump()
        both = "\nJOIN " + join.dump() + "\nHOST " + host.dump()
        assert join.finish() == 0 and host.finish() == 0, both
        assert host.moves() == join.moves() and join.out[-1].startswith("result: "), both
        assert join.out[-1] == game_lines(host)[-1], both
        # the move came first: the connection closed on it, and the flood behind it with it
        assert not any("spam" in line for line in host.err + join.err), both
    finally:
        if hostile is not None:
            hostile.close()
        host.kill()
