"""The asyncio transport over real sockets on 127.0.0.1, with shrunken timeouts.

Every misbehaviour test ends by checking that the host still answers the next
connection and that its game was not touched. Waiting is always on a condition
with a deadline, never a bare sleep.
"""

from __future__ import annotations

import time

import msgpack
import pytest
from nethelpers import RawPeer, fake_game, wait_until
from netproxy import Proxy

from net import messages as m
from net.events import (
    ChatReceived,
    Closed,
    GameClosed,
    GameStarted,
    LinkLost,
    MoveReceived,
    MoveSent,
    PeerResigned,
    Rejected,
)
from net.game import moves_digest
from net.transport import NetHost, NetJoin

FAST = dict(hello_timeout=0.5, ping_interval=0.2, silence_limit=1.0, rejoin_window=10.0)


class Events:
    """Accumulates an endpoint's events so tests can wait for one."""

    def __init__(self, endpoint) -> None:
        self.ep = endpoint
        self.seen: list = []

    def wait_for(self, kind, pred=lambda e: True, timeout=5.0):
        def found():
            self.seen += self.ep.poll()
            return next((e for e in self.seen if isinstance(e, kind) and pred(e)), None)

        event = wait_until(found, timeout)
        self.seen.remove(event)
        return event


@pytest.fixture
def host():
    h = NetHost(fake_game(length=8), bind="127.0.0.1", port=0, name="H", linger=0.2, **FAST)
    h.start()
    yield h
    h.close()


def start_joiner(port, **kw):
    args = dict(FAST, retry_interval=0.1, name="J", linger=0.2)
    args.pop("hello_timeout")
    args.update(kw)
    j = NetJoin(fake_game(length=8), "127.0.0.1", port, **args)
    j.start()
    return j


def assert_alive(host, token, moves):
    """The host answers a new connection, and the game resumes untouched."""
    peer = RawPeer(host.port)
    welcome = peer.hello(token=token)
    assert welcome["moves"] == moves
    peer.close()


#: The record once `raw_game` has run.
PLAYED = ["m0", "m1", "m2"]


def raw_game(host):
    """A raw peer (light) in a game where the host (dark) played m0 and m2, the peer m1:
    the peer has played, so the host keeps the game when its link goes (rule 4)."""
    peer = RawPeer(host.port)
    w = peer.hello()
    host.play("m0")
    assert peer.expect("move") == m.move(0, "m0", moves_digest(["m0"]))
    peer.send(m.move(1, "m1"))
    Events(host).wait_for(MoveReceived)
    host.play("m2")
    assert peer.expect("move") == m.move(2, "m2", moves_digest(PLAYED))
    return peer, w["token"]


def test_a_whole_game_with_chat_and_resign(host):
    ev = Events(host)
    j = start_joiner(host.port)
    jev = Events(j)
    try:
        assert jev.wait_for(GameStarted).you == "light"
        assert ev.wait_for(GameStarted).opponent == "J"
        for n in range(8):
            mover, other = (host, jev) if n % 2 == 0 else (j, ev)
            mover.play(f"m{n}")
            assert other.wait_for(MoveReceived) == MoveReceived(n, f"m{n}")
        assert host.session.adapter.moves() == j.session.adapter.moves()
        j.chat("gg")
        assert ev.wait_for(ChatReceived).text == "gg"
        host.resign()
        jev.wait_for(PeerResigned)
        j.leave()
        assert jev.wait_for(Closed).reason == "left"
        assert ev.wait_for(GameClosed).reason == "peer left"
    finally:
        j.close()


def test_silent_peer_is_closed_after_hello_timeout(host):
    peer = RawPeer(host.port)
    t0 = time.monotonic()
    assert peer.wait_closed(timeout=3) == []
    assert 0.4 < time.monotonic() - t0 < 3
    assert RawPeer(host.port).hello()["moves"] == []


def test_garbage_bytes_get_an_error_then_close(host):
    peer = RawPeer(host.port)
    peer.send_raw(b"\xc1" + bytes(range(256)) * 4)
    got = peer.wait_closed()
    assert [x["code"] for x in got if x["t"] == "error"] == ["bad-message"]
    assert RawPeer(host.port).hello()["moves"] == []


def test_message_over_64_kib(host):
    peer, token = raw_game(host)
    peer.send_raw(msgpack.packb({"t": "chat", "text": "x", "pad": ["y" * 4000] * 20}))
    assert peer.wait_closed()[-1] == m.error("bad-message", "message over 65536 bytes")
    assert_alive(host, token, PLAYED)


def test_wrong_types(host):
    peer, token = raw_game(host)
    peer.send({"t": "move", "n": "one", "move": 5})
    assert peer.wait_closed()[-1]["code"] == "bad-message"
    assert_alive(host, token, PLAYED)


def test_unknown_t_keeps_the_connection(host):
    peer, token = raw_game(host)
    peer.send({"t": "hologram", "x": 1})
    assert peer.expect("error")["code"] == "bad-message"
    peer.send(m.ping(7))
    assert peer.expect("pong") == m.pong(7)
    peer.send(m.move(3, "m3"))
    ev = Events(host)
    assert ev.wait_for(MoveReceived) == MoveReceived(3, "m3")


@pytest.mark.parametrize(
    "msg, code, moves",
    [
        (m.move(4, "m4"), "illegal-move", PLAYED),  # wrong n
        (m.move(3, "zz"), "illegal-move", PLAYED),  # illegal: not applied
        (m.move(0, "x0"), "desync", PLAYED),  # duplicate n, different move
        # wrong digest: compared on the record the move would end, and not applied
        # (1.1, clarified)
        (m.move(3, "m3", "0" * 16), "desync", PLAYED),
    ],
)
def test_bad_moves_error_close_and_keep_the_game(host, msg, code, moves):
    peer, token = raw_game(host)
    peer.send(msg)
    assert peer.wait_closed()[-1]["code"] == code
    assert host.session.adapter.moves() == moves
    assert_alive(host, token, moves)


def test_out_of_turn_move(host):
    """Refused and closed; the peer had not played, so the table is free at once."""
    peer = RawPeer(host.port)
    token = peer.hello()["token"]
    peer.send(m.move(0, "m0"))  # Dark (the host) moves first
    assert peer.wait_closed()[-1] == m.error("illegal-move", "not your turn")
    welcome = RawPeer(host.port).hello()
    assert welcome["moves"] == [] and welcome["token"] != token


def test_duplicate_n_same_move_is_ignored(host):
    peer, token = raw_game(host)
    peer.send(m.move(3, "m3"))
    peer.send(m.move(3, "m3"))
    peer.send(m.ping(1))
    assert peer.expect("pong") == m.pong(1)
    assert host.session.adapter.moves() == [*PLAYED, "m3"]


def test_table_full_and_wrong_token(host):
    peer, token = raw_game(host)
    other = RawPeer(host.port)
    other.send(m.hello("t", "x", "isaac"))
    assert other.expect("reject") == m.reject("table-full", "table full")
    other.wait_closed()
    bad = RawPeer(host.port)
    bad.send(m.hello("t", "x", "isaac", token="f" * 32))
    assert bad.expect("reject")["code"] == "bad-token"
    peer.send(m.ping(3))
    assert peer.expect("pong") == m.pong(3)  # the game's link is unharmed


def test_a_peer_that_stops_reading_is_dropped_not_buffered_for():
    args = dict(FAST, silence_limit=60.0)
    host = NetHost(fake_game(), bind="127.0.0.1", port=0, linger=0.2, **args)
    host.start()
    try:
        peer, token = raw_game(host)
        ev = Events(host)
        for _ in range(50_000):  # ~10 MB of chat the peer never reads
            host.chat("z" * 200)
        assert ev.wait_for(LinkLost, timeout=20).reason == "connection closed by peer"
        assert_alive(host, token, PLAYED)
    finally:
        host.close()


def test_joiner_rejoins_after_a_cut_and_resumes_every_move(host):
    proxy = Proxy(host.port)
    ev = Events(host)
    j = start_joiner(proxy.port)
    jev = Events(j)
    try:
        jev.wait_for(GameStarted)
        host.play("m0")
        jev.wait_for(MoveReceived)
        j.play("m1")  # the joiner has played: the host keeps the game for its return
        assert ev.wait_for(MoveReceived) == MoveReceived(1, "m1")
        proxy.cut()
        jev.wait_for(LinkLost)
        started = jev.wait_for(GameStarted, timeout=5)
        assert started.resumed and started.moves == ("m0", "m1")
        host.play("m2")
        assert jev.wait_for(MoveReceived) == MoveReceived(2, "m2")
    finally:
        j.close()
        proxy.close()


def test_silent_link_is_detected_and_moves_made_meanwhile_arrive(host):
    proxy = Proxy(host.port)
    ev = Events(host)
    j = start_joiner(proxy.port)
    jev = Events(j)
    try:
        jev.wait_for(GameStarted)
        host.play("m0")
        jev.wait_for(MoveReceived)
        j.play("m1")  # the joiner has played: the host keeps the game for its return
        assert ev.wait_for(MoveReceived) == MoveReceived(1, "m1")
        host.play("m2")
        jev.wait_for(MoveReceived)
        proxy.stall()
        j.play("m3")  # sent into the void
        assert jev.wait_for(MoveSent, lambda e: e.n == 3).n == 3
        ev.wait_for(LinkLost, timeout=5)
        jev.wait_for(LinkLost, timeout=5)
        proxy.resume()
        assert jev.wait_for(GameStarted, timeout=5).resumed
        # The joiner resent m3, which the host never got; then play goes on.
        assert ev.wait_for(MoveReceived) == MoveReceived(3, "m3")
        host.play("m4")
        assert jev.wait_for(MoveReceived) == MoveReceived(4, "m4")
        assert j.session.adapter.moves() == host.session.adapter.moves() == [*PLAYED, "m3", "m4"]
    finally:
        j.close()
        proxy.close()


def test_second_joiner_is_rejected_while_the_first_plays(host):
    j1 = start_joiner(host.port)
    j2 = None
    try:
        Events(j1).wait_for(GameStarted)
        j2 = start_joiner(host.port)
        rejected = Events(j2).wait_for(Rejected)
        assert (rejected.code, rejected.game) == ("table-full", "")
    finally:
        j1.close()
        if j2:
            j2.close()


def test_joiner_gives_up_when_nobody_listens(refused_port):
    j = start_joiner(refused_port)
    try:
        assert Events(j).wait_for(Closed).reason.startswith("could not connect")
    finally:
        j.close()


def test_port_in_use_raises():
    h1 = NetHost(fake_game(), bind="127.0.0.1", port=0)
    h1.start()
    try:
        with pytest.raises(OSError):
            NetHost(fake_game(), bind="127.0.0.1", port=h1.port).start()
    finally:
        h1.close()


def test_a_crashing_adapter_does_not_kill_the_host(host, caplog):
    peer, token = raw_game(host)

    def boom(move):
        raise RuntimeError("adapter bug")

    host.session.adapter.try_apply = boom
    peer.send(m.move(3, "m3"))
    wait_until(lambda: "adapter bug" in caplog.text)
    peer.close()
    del host.session.adapter.try_apply
    other = RawPeer(host.port)
    other.send(m.hello("t", "x", "isaac", token=token))
    assert other.expect("welcome")["moves"] == PLAYED


def test_a_shutdown_slower_than_its_timeout_never_raises_from_close(host):
    """Closing waits at most its timeout for the network thread to finish; a shutdown
    that takes longer (a relay that never answers, a machine too busy) is left to end
    on its own thread. It used to raise TimeoutError into the window that closed it."""
    finished = []

    async def slow_stop() -> None:
        import asyncio

        await asyncio.sleep(1.0)
        finished.append(True)

    host._before_stop = slow_stop
    started = time.monotonic()
    host.close(timeout=0.1)  # no TimeoutError
    assert time.monotonic() - started < 0.9 and not finished
    wait_until(lambda: finished, 5.0)  # the thread went on and stopped by itself
