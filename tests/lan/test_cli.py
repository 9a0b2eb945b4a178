"""The real CLI, host and join as subprocesses on 127.0.0.1: whole games, --forever
with a garbage-sending client, --discover on loopback, and clear errors."""

from __future__ import annotations

import socket

import pytest
from lanhelpers import Cli
from nethelpers import RawPeer

LOOPBACK = ["--bind", "127.0.0.1", "--port", "0"]


def play_pair(host: Cli, join_args: list[str]) -> tuple[Cli, Cli]:
    port = host.port()
    join = Cli(["join", f"127.0.0.1:{port}", *join_args])
    return host, join


def check_same_game(host: Cli, join: Cli) -> None:
    both = lambda: "JOIN " + join.dump() + "\nHOST " + host.dump()  # noqa: E731
    assert join.finish() == 0, both()
    assert host.finish() == 0, both()
    assert host.moves() and host.moves() == join.moves()
    assert host.out[-1] == join.out[-1]
    assert host.out[-1].startswith("result: dark ") and " - light " in host.out[-1]
    assert not any("Traceback" in line for line in host.err + join.err)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("game", "ai", "seat"),
    [("isaac", "random", "dark"), ("hari", "greedy", "light"), ("foundations", "random", "random")],
)
def test_a_whole_game_host_against_join(game, ai, seat):
    host = Cli(["host", *LOOPBACK, "--ai", ai, "--game", game, "--as", seat, "--seed", "1",
                "--name", "Ann", "--no-announce"])  # fmt: skip
    try:
        host, join = play_pair(host, ["--ai", ai, "--game", game, "--seed", "2", "--name", "Bob"])
        check_same_game(host, join)
        assert host.out[0] == join.out[0]
        assert host.out[0].startswith(f"game: {game}, dark ")
        n = len(host.moves())
        assert host.moves()[-1].startswith(f"{n}. ")
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_forever_host_survives_garbage_then_plays_a_real_joiner():
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "3", "--forever", "--no-announce"])
    try:
        port = host.port()
        # garbage bytes, then a silent peer, then a wrong-game hello, then an oversized message
        bad = RawPeer(port)
        bad.send_raw(b"\xc1\xff\x00garbage" * 50)
        bad.wait_closed()
        bad.close()
        silent = socket.create_connection(("127.0.0.1", port))
        wrong = RawPeer(port)
        wrong.send({"t": "hello", "proto": 1, "app": "x", "name": "w", "game": "hari"})
        reject = wrong.expect("reject")
        assert (reject["code"], reject["game"]) == ("wrong-game", "isaac")
        wrong.close()
        big = RawPeer(port)
        big.send_raw(b"\xdb" + (70000).to_bytes(4, "big") + b"a" * 70000)
        big.wait_closed()
        big.close()
        for seed in ("4", "5"):  # one joiner after another
            join = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", seed])
            assert join.finish() == 0, join.dump() + host.dump()
            result = join.out[-1]
            try:
                host.wait_line(lambda s, r=result: s == r, stream="out")
            except AssertionError as exc:
                raise AssertionError(join.dump()) from exc
        silent.close()
        assert host.p.poll() is None, host.dump()
        games = [line for line in host.out if line.startswith("result: ")]
        assert len(games) == 2
        assert any("bad-message" in line for line in host.err)
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_join_discover_on_loopback(udp_port):
    udp = str(udp_port)
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "6", "--name", "LoopHost",
                "--game", "hari", "--beacon-port", udp])  # fmt: skip
    try:
        host.port()
        assert host.wait_line(lambda s: s.startswith("announcing")).endswith(
            "on 127.255.255.255 (loopback)"
        )
        join = Cli(["join", "--discover", "--timeout", "20", "--ai", "random", "--seed", "7",
                    "--beacon-port", udp])  # fmt: skip
        found = join.wait_line(lambda s: s.startswith("found "))
        assert found.startswith("found LoopHost at 127.0.0.1:") and found.endswith("(hari)")
        check_same_game(host, join)
    finally:
        host.kill()


def test_discover_times_out_clearly(udp_port):
    join = Cli(["join", "--discover", "--timeout", "0.5", "--ai", "random",
                "--beacon-port", str(udp_port)])  # fmt: skip
    assert join.finish() == 1
    assert join.err[-1] == "error: no hosts found within 0.5 s"


@pytest.mark.parametrize(
    ("target", "status", "message"),
    [
        ("REFUSED", 1, "connection refused"),
        ("127.0.0.1:99999", 2, "bad port"),
        ("127.0.0.1:x", 2, "bad port"),
        ("::1::2::", 2, "bad address"),
        ("bad address!", 2, "bad address"),
        ("1.2.3", 2, "bad address"),
    ],
)
def test_connection_errors_are_one_clear_line(target, status, message, refused_port):
    if target == "REFUSED":
        target = f"127.0.0.1:{refused_port}"
    join = Cli(["join", target, "--ai", "random"])
    assert join.finish(30) == status, join.dump()
    assert join.err[-1].startswith("error: ") and message in join.err[-1], join.dump()
    assert not any("Traceback" in line for line in join.err)
    assert join.out == []


def test_rejected_and_port_taken():
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--game", "hari", "--no-announce"])
    try:
        port = host.port()
        join = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--game", "isaac"])
        assert join.finish(30) == 3, join.dump()
        assert join.err[-1] == (
            f"error: rejected by 127.0.0.1:{port}: wrong game: this host plays hari"
        )
        second = Cli(["host", "--bind", "127.0.0.1", "--port", str(port), "--ai", "random",
                      "--no-announce"])  # fmt: skip
        assert second.finish(30) == 1
        assert second.err[-1].startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_typed_address_learns_the_game_from_the_hosts_refusal():
    """docs/protocol.md's hello must name a game; a joiner that does not know it asks again."""
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--game", "foundations", "--no-announce"])
    try:
        host, join = play_pair(host, ["--ai", "random"])
        check_same_game(host, join)
        assert join.out[0].startswith("game: foundations, ")
        assert any("the host plays foundations: joining again" in line for line in join.err)
    finally:
        host.kill()
