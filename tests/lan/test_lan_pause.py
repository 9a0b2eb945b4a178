"""docs/protocol.md 1.1's `bye` mid-game is a pause, not a resignation, with the real headless
commands as processes on 127.0.0.1 (each with its own ISAAC_GAME_HOME, as two
machines would have):

- a joiner interrupted mid-game (Ctrl-C: it says bye) keeps its ticket; the host
  keeps the game as after a lost link (it neither saves nor frees it at once), and
  the joiner, started again, rejoins and plays the game to the end;
- a host interrupted mid-game says bye and saves the game (a kept game is never
  dropped silently); the joiner keeps its game and goes on redialling, and when the
  host hosts the saved game again on the same port the joiner is back by itself.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from lanhelpers import Cli, home, moves_printed
from test_lan_resume import TICKET, same_game, saved_path

LOOPBACK = ["--bind", "127.0.0.1", "--no-announce"]


def interrupt(cli: Cli) -> int:
    cli.p.send_signal(signal.SIGINT)
    return cli.finish(30)


@pytest.mark.timeout(120)
def test_a_joiner_that_says_bye_mid_game_comes_back_to_the_same_game(tmp_path):
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "1", "--name",
                "Ann", "--move-delay", "0.25"], env=home(tmp_path, "host"))  # fmt: skip
    bob = home(tmp_path, "bob")
    join_args = ["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--name", "Bob"]
    try:
        first = Cli([*join_args, "--seed", "2"], env=bob)
        before = moves_printed(first, 5)
        assert interrupt(first) == 130
        host.wait_line(lambda s: s == "Bob left for now (bye); the game is kept, waiting...")
        ticket = json.loads((tmp_path / "bob" / TICKET).read_text())
        assert ticket["host_name"] == "Ann"  # the ticket stays: nobody resigned
        assert not any("resign" in line or "game kept" in line for line in host.err)
        assert not any(line.startswith(("abandoned", "result")) for line in host.out)
        again = Cli([*join_args, "--seed", "3"], env=bob)
        assert again.finish() == 0, again.dump() + host.dump()
        assert host.finish() == 0, host.dump()
        assert any(line.startswith("rejoining the game with Ann") for line in again.err)
        same_game(host, again)
        assert host.moves()[: len(before)] == before
        assert not (tmp_path / "bob" / TICKET).exists()  # the game is over: ticket gone
    finally:
        host.kill()


@pytest.mark.timeout(150)
def test_a_host_that_says_bye_mid_game_saves_it_and_the_joiner_waits_for_it(tmp_path):
    host_env = home(tmp_path, "host")
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "4", "--name",
                "Ann", "--move-delay", "0.25"], env=host_env)  # fmt: skip
    port = host.port()
    join = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "5", "--name", "Bob"],
               env=home(tmp_path, "bob"))  # fmt: skip
    again = None
    try:
        moves_printed(join, 5)
        assert interrupt(host) == 130
        path = saved_path(host)  # saved before it went: the game is kept
        assert path.parent == tmp_path / "host" / "data" / "saves"
        join.wait_line(lambda s: s == "Ann left for now (bye); the game is kept, reconnecting...")
        assert join.p.poll() is None  # not a resignation: the joiner waits, redialling
        again = Cli(["host", *LOOPBACK, "--port", str(port), "--ai", "random", "--seed", "6",
                     "--name", "Ann", "--again", str(path)], env=host_env)  # fmt: skip
        assert again.finish() == 0, again.dump() + join.dump()
        assert join.finish() == 0, join.dump()
        assert any(line.startswith("link back") for line in join.err), join.dump()
        same_game(again, join)  # the joiner's stdout has held the whole game throughout
        assert not (tmp_path / "bob" / TICKET).exists()
        assert Path(path).exists()
    finally:
        host.kill()
        join.kill()
        if again is not None:
            again.kill()
