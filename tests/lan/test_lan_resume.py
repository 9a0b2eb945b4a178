"""Nothing lost over the LAN, with the real headless commands as processes on 127.0.0.1:

- a joiner killed with SIGKILL mid-game and started again for the same address
  rejoins with its ticket by itself and plays the game to the end: the host's record
  and the new joiner's (which prints every move so far, then the rest) are the same;
- a host whose joiner is gone for good keeps the game: it saves it in its data
  folder, refuses others ("table full"), and only with --forever takes the next
  joiner by itself;
- `host --again RECORD` hosts such a saved game again: the old joiner's ticket gets
  it back with every move, and the game goes on from the same move; `--anyone` lets
  a joiner without a ticket take the seat.

A saved game carries its date (`Date`): the day it began, or, hosted again, its
record's own day.

Each process has its own ISAAC_GAME_HOME (data folder, ticket), as two machines would.
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest
from lanhelpers import MOVE, Cli, home, moves_printed

from isaac_game.rules import load_record, new_game, save_record

LOOPBACK = ["--bind", "127.0.0.1", "--no-announce"]
TICKET = Path("data") / "lan-ticket.json"


def kill_mid_game(cli: Cli, at_least: int) -> list[str]:
    moves_printed(cli, at_least)
    cli.kill()  # SIGKILL: no bye, no cleanup
    for t in cli._readers:
        t.join(5)
    return cli.moves()


def saved_path(host: Cli) -> Path:
    line = host.wait_line(lambda s: s.startswith("game kept: saved as "))
    return Path(line.removeprefix("game kept: saved as "))


def same_game(host: Cli, join: Cli) -> None:
    both = "JOIN " + join.dump() + "\nHOST " + host.dump()
    assert host.moves() and host.moves() == join.moves(), both
    assert host.out[-1] == join.out[-1] and host.out[-1].startswith("result: "), both
    assert not any("Traceback" in line for line in host.err + join.err), both


@pytest.mark.timeout(120)
def test_a_killed_joiner_comes_back_with_its_ticket_and_finishes_the_game(tmp_path):
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "1", "--name",
                "Ann", "--move-delay", "0.25"], env=home(tmp_path, "host"))  # fmt: skip
    join_env = home(tmp_path, "bob")
    join_args = ["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--name", "Bob"]
    try:
        first = Cli([*join_args, "--seed", "2"], env=join_env)
        before = kill_mid_game(first, 6)
        ticket = json.loads((tmp_path / "bob" / TICKET).read_text())
        assert ticket["host_name"] == "Ann" and ticket["seat"] == "light"
        host.wait_line(lambda s: s.startswith("link lost"))
        again = Cli([*join_args, "--seed", "3"], env=join_env)
        assert again.finish() == 0, again.dump() + host.dump()
        assert host.finish() == 0, host.dump()
        assert any(line.startswith("rejoining the game with Ann") for line in again.err)
        assert any(line.startswith("link back") for line in host.err)
        # identical records: the host's stdout and the restarted joiner's, which begins
        # with the game line and every move before the kill
        same_game(host, again)
        assert again.out[0] == host.out[0] == "game: isaac, dark Ann vs light Bob"
        assert host.moves()[: len(before)] == before
        assert len(host.moves()) > len(before)
        assert not (tmp_path / "bob" / TICKET).exists()  # the game is over: ticket gone
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_forever_host_saves_the_kept_game_before_it_takes_the_next_joiner(tmp_path):
    window = {"ISAAC_LAN_REJOIN_WINDOW": "1.5"}
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "4", "--forever",
                "--move-delay", "0.25"], env={**home(tmp_path, "host"), **window})  # fmt: skip
    try:
        port = host.port()
        first = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "5"],
                    env=home(tmp_path, "j1"))  # fmt: skip
        day = time.strftime("%Y-%m-%d")
        kill_mid_game(first, 4)
        path = saved_path(host)
        assert path.parent == tmp_path / "host" / "data" / "saves"
        record = load_record(path)
        assert record.headers["Date"] in {day, time.strftime("%Y-%m-%d")}  # the game's day
        played = [line.split()[-1] for line in host.moves()]
        assert list(record.state.moves) == played  # every move the host printed
        assert record.headers["Lan"] == "host" and record.headers["LanSeat"] == "dark"
        ticket = json.loads((tmp_path / "j1" / TICKET).read_text())
        assert record.headers["LanToken"] == ticket["token"]  # the joiner's ticket fits
        host.wait_line(lambda s: s.startswith("abandoned: "), stream="out")
        nxt = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "6"],
                  env=home(tmp_path, "j2"))  # fmt: skip
        assert nxt.finish() == 0, nxt.dump() + host.dump()
        host.wait_line(lambda s: s == nxt.out[-1], stream="out")
        assert host.p.poll() is None
    finally:
        host.kill()


@pytest.mark.timeout(150)
def test_a_one_game_host_keeps_the_game_then_hosts_it_again_for_the_old_ticket(tmp_path):
    window = {"ISAAC_LAN_REJOIN_WINDOW": "1.5"}
    host_env = {**home(tmp_path, "host"), **window}
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "7", "--name",
                "Ann", "--move-delay", "0.25"], env=host_env)  # fmt: skip
    port = host.port()
    bob = home(tmp_path, "bob")
    join_args = ["join", f"127.0.0.1:{port}", "--ai", "random", "--name", "Bob"]
    again = None
    try:
        kill_mid_game(Cli([*join_args, "--seed", "8"], env=bob), 4)
        path = saved_path(host)
        host.wait_line(lambda s: s.startswith("waiting for Bob to come back"))
        # past the window, a joiner without the ticket is still refused: the game is kept
        other = Cli(["join", f"127.0.0.1:{port}", "--ai", "random"], env=home(tmp_path, "eve"))
        assert other.finish(30) == 3, other.dump()
        assert other.err[-1] == f"error: rejected by 127.0.0.1:{port}: table full"
        kept_moves = list(load_record(path).state.moves)
        host.kill()  # the host machine goes away; the game is in its saves
        again = Cli(["host", *LOOPBACK, "--port", str(port), "--ai", "random", "--seed", "9",
                     "--name", "Ann", "--again", str(path)], env=host_env)  # fmt: skip
        again.wait_line(lambda s: s.startswith(f"hosting {path} again, from move "))
        back = Cli([*join_args, "--seed", "10"], env=bob)
        assert back.finish() == 0, back.dump() + again.dump()
        assert again.finish() == 0, again.dump()
        same_game(again, back)
        # the welcome carried every kept move; the game went on from the same move
        assert [line.split()[-1] for line in back.moves()[: len(kept_moves)]] == kept_moves
        assert len(back.moves()) > len(kept_moves)
        assert again.out[0] == back.out[0] == "game: isaac, dark Ann vs light Bob"
        since = f"playing dark against Bob, from move {len(kept_moves) + 1}"
        assert since in again.err, again.dump()
    finally:
        host.kill()
        if again is not None:
            again.kill()


@pytest.mark.timeout(120)
def test_host_again_for_anyone_hands_the_seat_and_the_moves_to_a_new_joiner(tmp_path):
    state = new_game("hari")
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    assert not state.is_over
    path = tmp_path / "kept.isaac.txt"
    headers = {"Lan": "host", "LanPeer": "Bob", "LanToken": "ab" * 16, "LanSeat": "light"}
    save_record(path, state, headers)
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "11", "--name",
                "Ann", "--again", str(path), "--anyone"], env=home(tmp_path, "host"))  # fmt: skip
    try:
        port = host.port()
        cat = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "12", "--name",
                   "Cat"], env=home(tmp_path, "cat"))  # fmt: skip
        assert cat.finish() == 0, cat.dump() + host.dump()
        assert host.finish() == 0, host.dump()
        same_game(host, cat)
        assert cat.out[0] == "game: hari, dark Cat vs light Ann"  # the saved colours
        assert [m.split()[-1] for m in cat.moves()[:6]] == list(state.moves)
        assert all(MOVE.match(line) for line in cat.moves())
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_game_hosted_again_and_saved_again_keeps_its_own_date(tmp_path):
    """Hosted again another day, a game is still the day it began: stopped and saved
    again, its record keeps that `Date`."""
    state = new_game("hari")
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    path = tmp_path / "kept.hari.txt"
    headers = {"Date": "2020-02-29", "Lan": "host", "LanPeer": "Bob", "LanToken": "ab" * 16,
               "LanSeat": "light"}  # fmt: skip
    save_record(path, state, headers)
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--seed", "13", "--again",
                str(path), "--anyone", "--move-delay", "0.25"],
               env=home(tmp_path, "host"))  # fmt: skip
    cat = Cli(["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--seed", "14"],
              env=home(tmp_path, "cat"))  # fmt: skip
    try:
        moves_printed(cat, 9)
        host.p.send_signal(signal.SIGTERM)
        assert host.finish(30) == 143, host.dump()
        record = load_record(saved_path(host))
        assert record.headers["Date"] == "2020-02-29"
        assert record.state.moves[:6] == state.moves and len(record.state.moves) > 6
    finally:
        host.kill()
        cat.kill()


def test_host_again_refuses_a_record_that_is_not_a_lan_game_hosted_here(tmp_path):
    path = tmp_path / "local.isaac.txt"
    save_record(path, new_game("isaac").play("3v57"), {"Dark": "Ann"})
    host = Cli(["host", *LOOPBACK, "--port", "0", "--ai", "random", "--again", str(path)],
               env=home(tmp_path, "host"))  # fmt: skip
    assert host.finish(30) == 1
    assert host.err[-1].startswith(f"error: cannot host {path} again: ")
    assert "not hosted over the LAN" in host.err[-1]
