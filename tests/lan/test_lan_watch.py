"""docs/protocol.md 1.2 spectators, with three real processes on 127.0.0.1 (as three
machines would be): the headless host, the headless joiner and `watch --headless`,
which prints the game line for line as the players do."""

from __future__ import annotations

import re

import pytest
from lanhelpers import Cli, home, moves_printed

#: A computer player slow enough that the spectator arrives mid-game.
PACED = ["--ai", "random", "--move-delay", "0.15"]


def watched_game(host: Cli, join: Cli, watch: Cli) -> None:
    """The spectator printed the game the players played, and its result."""
    both = "\nWATCH " + watch.dump() + "\nJOIN " + join.dump() + "\nHOST " + host.dump()
    assert join.finish() == 0, both
    assert host.finish() == 0, both
    assert watch.finish() == 0, both
    assert watch.moves() == join.moves() == host.moves(), both
    assert watch.out[-1] == join.out[-1] and watch.out[-1].startswith("result: "), both
    assert not any("Traceback" in line for line in host.err + join.err + watch.err), both


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_a_third_machine_watches_a_lan_game(tmp_path, game):
    host = Cli(["host", "--port", "0", "--no-announce", "--game", game, *PACED, "--seed", "1",
                "--name", "Ann"], env=home(tmp_path, "a"))  # fmt: skip
    try:
        port = host.port()
        join = Cli(["join", f"127.0.0.1:{port}", "--game", game, *PACED, "--seed", "2",
                    "--name", "Bob"], env=home(tmp_path, "b"))  # fmt: skip
        moves_printed(join, 2)  # mid-game: the spectator is sent the game so far
        watch = Cli(["watch", f"127.0.0.1:{port}", "--headless", "--name", "Cy"],
                    env=home(tmp_path, "c"))  # fmt: skip
        watched_game(host, join, watch)
        assert watch.out[0] == f"watching: {game}, dark Ann vs light Bob", watch.dump()
        if game != "isaac":  # a typed address says nothing of the game: the host names it
            assert f"the host plays {game}: watching again" in watch.err, watch.dump()
    finally:
        host.kill()


def test_nothing_to_watch_is_a_refusal(tmp_path):
    host = Cli(["host", "--port", "0", "--no-announce", "--ai", "random"], env=home(tmp_path, "a"))
    try:
        port = host.port()
        watch = Cli(["watch", f"127.0.0.1:{port}", "--headless"], env=home(tmp_path, "c"))
        assert watch.finish() == 3, watch.dump()
        assert watch.err[-1] == "error: rejected: no game is being played here yet", watch.dump()
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_watch_discover_finds_a_game_under_way_not_a_host_that_waits(udp_port, tmp_path):
    """Beacons say whether a game is under way there (1.2's `playing`): `watch
    --discover` waits for one, and the Join list offers it to watch."""
    udp = ["--beacon-port", str(udp_port)]
    host = Cli(["host", "--bind", "127.0.0.1", "--port", "0", *PACED, "--seed", "6",
                "--name", "LoopHost", "--game", "foundations", *udp],
               env=home(tmp_path, "a"))  # fmt: skip
    try:
        port = host.port()
        watch = Cli(["watch", "--discover", "--timeout", "30", "--headless", *udp],
                    env=home(tmp_path, "c"))  # fmt: skip
        join = Cli(["join", f"127.0.0.1:{port}", "--game", "foundations", *PACED, "--seed", "7"],
                   env=home(tmp_path, "b"))  # fmt: skip
        found = watch.wait_line(lambda s: s.startswith("found "))
        assert found.startswith("found LoopHost at 127.0.0.1:") and found.endswith("(foundations)")
        watched_game(host, join, watch)
    finally:
        host.kill()


CLOCKED = re.compile(r"^\d+\. (dark|light) \S+  \d+:\d\d  \d+:\d\d$")


@pytest.mark.timeout(120)
def test_a_spectator_prints_each_move_with_the_hosts_clocks(tmp_path):
    host = Cli(["host", "--port", "0", "--no-announce", "--clock", "1+1", *PACED,
                "--seed", "3"], env=home(tmp_path, "a"))  # fmt: skip
    try:
        port = host.port()
        join = Cli(["join", f"127.0.0.1:{port}", *PACED, "--seed", "4"], env=home(tmp_path, "b"))
        join.wait_line(lambda s: s.startswith("game: "), stream="out")
        watch = Cli(["watch", f"127.0.0.1:{port}", "--headless"], env=home(tmp_path, "c"))
        both = "\nWATCH " + watch.dump() + "\nJOIN " + join.dump()
        assert join.finish() == 0 and host.finish() == 0 and watch.finish() == 0, both
        timed = [line for line in watch.out if CLOCKED.match(line)]
        # the moves it saw played carry the host's clocks, as the players print them
        players = {line.split(".")[0]: line for line in join.out if CLOCKED.match(line)}
        assert len(timed) >= 5, both
        assert [players.get(line.split(".")[0]) for line in timed] == timed, both
        assert watch.out[-1] == join.out[-1], both
    finally:
        host.kill()
