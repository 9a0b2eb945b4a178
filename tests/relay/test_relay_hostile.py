"""Only the two holders of the code can read or write a room (docs/protocol.md, the
relay transport), against a hostile client of the same relay, with the real headless
commands as processes:

- subscribed to every subject it may use, it reads no move, no chat, no name and no
  token of a game it watches whole;
- garbage, every frame of the game replayed, and forged frames (a move in the clear,
  data frames sealed with a key of its own or none) change nothing: the game goes on
  and ends the same on both sides, and neither side was disturbed;
- a wrong code gets "wrong code", the host counts it, and after five the sixth try,
  the right code included, is refused.
"""

from __future__ import annotations

import json
import secrets

import msgpack
import pytest
from lanhelpers import Cli, home, moves_printed
from relayhelpers import PACED, Spy, host_code, same_game

from net.relay import wire
from net.relay.code import ALPHABET
from net.relay.crypto import Channel

HELLO_ANN = "meet me by the old oak at seven"
HELLO_BOB = "bring the blue pieces please"

pytestmark = pytest.mark.relay


def forgeries(seen: list[tuple[str, bytes]], room: str) -> list[tuple[str, bytes]]:
    """What a hostile client can make of what it saw, for both subjects of the room."""
    to_host, to_join = wire.subjects(room)
    attempts = {data[2 : wire.HEADER] for _, data in seen if wire.parse(data) is not None}
    move = msgpack.packb({"t": "move", "n": 0, "move": "3v57"})
    stranger = Channel(secrets.token_bytes(32), secrets.token_bytes(32))
    out: list[tuple[str, bytes]] = []
    for subject in (to_host, to_join):
        out += [(subject, secrets.token_bytes(n)) for n in (0, 1, 10, 60, 500)]
        out += [(subject, move), (subject, b"\x01D" + secrets.token_bytes(40))]
        for attempt in attempts:
            late = (1 << 40).to_bytes(8, "big") + secrets.token_bytes(40)
            out += [
                (subject, wire.pack(wire.DATA, attempt, stranger.seal(b"M" + move))),
                (subject, wire.pack(wire.DATA, attempt, late)),
                (subject, wire.pack(wire.CONFIRM, attempt, secrets.token_bytes(32))),
            ]
    return out + list(seen)  # and every frame of the game so far, again


@pytest.mark.timeout(120)
def test_a_hostile_client_reads_nothing_and_changes_nothing(relay, tmp_path):
    spy = Spy(relay.address).start()
    host = Cli(["host", "--relay", relay.address, *PACED, "--seed", "8", "--name", "Ann",
                "--greet", HELLO_ANN], env=home(tmp_path, "ann"))  # fmt: skip
    try:
        code = host_code(host)
        join = Cli(["join", "--relay", relay.address, "--code", code, *PACED, "--seed", "9",
                    "--name", "Bob", "--greet", HELLO_BOB], env=home(tmp_path, "bob"))  # fmt: skip
        moves_printed(join, 4)
        ticket = json.loads((tmp_path / "bob" / "data" / "relay-ticket.json").read_text())
        spy.publish(forgeries(list(spy.frames), code[:3]))
        moves_printed(join, 8)
        spy.publish(forgeries(list(spy.frames), code[:3]))  # again, later in the game
        same_game(host, join)
        assert f"chat from Bob: {HELLO_BOB}" in host.err
        assert f"chat from Ann: {HELLO_ANN}" in join.err
        assert not any("wrong code" in line or "link lost" in line for line in host.err)
        assert not any("link lost" in line for line in join.err)
    finally:
        host.kill()
        spy.close()
    # what it saw: the whole game, every frame of it, and nothing in the clear
    seen = [data for _, data in spy.frames]
    assert len(seen) > 2 * len(host.moves())
    secret = [HELLO_ANN, HELLO_BOB, "Ann", "Bob", ticket["token"], "welcome", "digest"]
    secret += [line.split()[-1] for line in host.moves()]  # every move's notation
    for text in secret:
        packed = msgpack.packb(text)  # as it would stand in a message in the clear
        assert not any(packed in data for data in seen), text


@pytest.mark.timeout(120)
def test_a_wrong_code_is_refused_and_the_sixth_try_too(relay, tmp_path):
    host = Cli(["host", "--relay", relay.address, "--ai", "random", "--game", "hari"],
               env=home(tmp_path, "ann"))  # fmt: skip
    try:
        code = host_code(host)
        wrong = code[:4] + next(c * 3 for c in ALPHABET if c * 3 != code[4:])
        joiner = ["join", "--relay", relay.address, "--ai", "random", "--game", "hari", "--code"]
        first = Cli([*joiner, wrong], env=home(tmp_path, "eve"))
        assert first.finish(30) == 3, first.dump()
        assert first.err[-1] == f"error: rejected by {wrong} on relay {relay.address}: wrong code"
        host.wait_line(lambda s: s == "a joiner tried a wrong code (1 of 5)")
        more = [Cli([*joiner, wrong], env=home(tmp_path, f"eve{i}")) for i in range(4)]
        assert [cli.finish(30) for cli in more] == [3] * 4
        host.wait_line(lambda s: s.startswith("5 wrong codes: this code is refused from now on"))
        sixth = Cli([*joiner, code], env=home(tmp_path, "bob"))  # the right code, too late
        assert sixth.finish(30) == 3, sixth.dump()
        assert sixth.err[-1].endswith(": too many wrong codes: the host refuses this code now")
        assert host.p.poll() is None, host.dump()  # still there
        assert host.out == [f"code: {code}"], host.dump()  # and no game
        assert not any("Traceback" in line for line in host.err + first.err + sixth.err)
    finally:
        host.kill()
