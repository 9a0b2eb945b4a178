"""The joiner's state machine, and a host and joiner talking through an in-memory
pipe (encode -> FrameDecoder), with no sockets and no clock."""

from __future__ import annotations

import pytest
from nethelpers import fake_game

from net import messages as m
from net.events import (
    Close,
    Closed,
    Connect,
    GameStarted,
    LinkLost,
    MoveReceived,
    PeerResigned,
    Rejected,
    Send,
)
from net.framing import FrameDecoder, encode
from net.game import moves_digest
from net.host_session import HostSession
from net.join_session import JoinSession

TOKEN = "ab" * 16


def sent(outs):
    return [o.msg for o in outs if isinstance(o, Send)]


def of(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def welcome(moves=(), you="light", token=TOKEN):
    return m.welcome("app", "Host", "isaac", you, token, list(moves))


@pytest.fixture
def joiner():
    j = JoinSession(fake_game(), name="Joe", retry_interval=1.0, rejoin_window=120.0)
    assert of(j.start(0.0), Connect) == [Connect(1)]
    (h,) = sent(j.connection_made(1, 0.0))
    assert h == m.hello("isaac_game", "Joe", "isaac")
    return j


def test_welcome_applies_moves(joiner):
    outs = joiner.receive(1, welcome(["m0"]), 0.1)
    assert of(outs, GameStarted) == [GameStarted("light", "Host", TOKEN, ("m0",), False)]
    assert joiner.state == "playing" and joiner.adapter.moves() == ["m0"]
    assert sent(joiner.play("m1", 0.2)) == [m.move(1, "m1", moves_digest(["m0", "m1"]))]


def test_welcome_with_illegal_moves_is_desync(joiner):
    outs = joiner.receive(1, welcome(["m0", "bad"]), 0.1)
    assert sent(outs)[0]["code"] == "desync" and of(outs, Closed)


def test_reject(joiner):
    outs = joiner.receive(1, m.reject("table-full", "table full"), 0.1)
    assert of(outs, Rejected) == [Rejected("table full", "table-full")]
    assert of(outs, Closed) and joiner.state == "closed"
    assert joiner.tick(10.0) == []


@pytest.mark.parametrize(
    ("msg", "code", "game"),
    [
        ({"t": "reject", "reason": "no such game", "code": "bad-token"}, "bad-token", ""),
        (m.reject("wrong-game", "we play something else", "hari"), "wrong-game", "hari"),
        # the reason is for people: nothing is read from it, not even a 1.0 host's
        ({"t": "reject", "reason": "bad token"}, "", ""),
        ({"t": "reject", "reason": "wrong game: this host plays hari"}, "", ""),
    ],
)
def test_the_joiner_acts_on_reject_codes_never_on_the_reason(joiner, msg, code, game):
    (rejected,) = of(joiner.receive(1, msg, 0.1), Rejected)
    assert rejected == Rejected(msg["reason"], code, game)


def test_cannot_connect_at_all():
    j = JoinSession(fake_game())
    j.start(0.0)
    outs = j.connection_failed(1, "refused", 0.1)
    assert of(outs, Closed) == [Closed("could not connect: refused")]


def test_host_moves_checked_like_any_peer(joiner):
    joiner.receive(1, welcome(you="light"), 0.1)
    assert of(joiner.receive(1, m.move(0, "m0"), 0.2), MoveReceived)
    outs = joiner.receive(1, m.move(1, "m1"), 0.3)  # the host moving for us
    assert sent(outs)[0]["code"] == "illegal-move"
    assert joiner.adapter.moves() == ["m0"]


def test_unexpected_before_welcome(joiner):
    outs = joiner.receive(1, m.move(0, "m0"), 0.1)
    assert sent(outs)[0]["code"] == "bad-message"


def test_rejoin_after_lost_link_catches_up(joiner):
    joiner.receive(1, welcome(["m0"]), 0.1)
    joiner.play("m1", 0.2)
    outs = joiner.connection_lost(1, 5.0)
    assert of(outs, LinkLost) and joiner.state == "lost"
    assert of(joiner.tick(5.0), Connect) == [Connect(2)]
    (h,) = sent(joiner.connection_made(2, 5.1))
    assert h["token"] == TOKEN
    outs = joiner.receive(2, welcome(["m0", "m1", "m2"]), 5.2)
    assert of(outs, GameStarted)[0].resumed and joiner.adapter.moves() == ["m0", "m1", "m2"]


def test_rejoin_resends_moves_the_host_never_got(joiner):
    joiner.receive(1, welcome(["m0"]), 0.1)
    joiner.connection_lost(1, 1.0)
    joiner.play("m1", 1.5)  # played while the link was down
    joiner.tick(1.5)
    joiner.connection_made(2, 1.6)
    outs = joiner.receive(2, welcome(["m0"]), 1.7)
    assert sent(outs) == [m.move(1, "m1", moves_digest(["m0", "m1"]))]


def test_a_rejoin_whose_record_parted_takes_the_hosts(joiner):
    """1.1 rule 6: after a desync the host's record is authoritative, and a rejoin's
    welcome brings the joiner back in step (ours is replaced, nothing is resent)."""
    joiner.receive(1, welcome(["m0"]), 0.1)
    joiner.play("m1", 0.2)
    outs = joiner.receive(1, m.move(1, "m1x"), 0.3)  # a different move for an n we have
    assert [e["code"] for e in sent(outs)] == ["desync"] and of(outs, Close)
    assert of(outs, LinkLost) and joiner.state == "lost"  # the game is kept
    assert joiner.adapter.moves() == ["m0", "m1"]
    assert joiner.tick(0.3) == []  # the host broke a rule: the redial waits a retry
    assert of(joiner.tick(1.3), Connect) == [Connect(2)]
    (h,) = sent(joiner.connection_made(2, 1.4))
    assert h["token"] == TOKEN
    outs = joiner.receive(2, welcome(["m0"]), 1.5)  # the host never took our m1
    assert sent(outs) == [m.move(1, "m1", moves_digest(["m0", "m1"]))]  # resent
    joiner.connection_lost(2, 2.0)
    joiner.tick(2.0)
    joiner.connection_made(3, 2.1)
    outs = joiner.receive(3, welcome(["m0", "m1", "m2"]), 2.2)
    assert sent(outs) == [] and joiner.adapter.moves() == ["m0", "m1", "m2"]
    assert of(outs, GameStarted)[0].resumed
    # records that parted: the host's wins
    joiner.connection_lost(3, 3.0)
    joiner.tick(3.0)
    joiner.connection_made(4, 3.1)
    joiner.adapter._moves = ["m0", "zz"]  # as if ours had gone astray
    outs = joiner.receive(4, welcome(["m0", "m1", "m2", "m3"]), 3.2)
    assert sent(outs) == [] and not of(outs, Closed)
    assert joiner.adapter.moves() == ["m0", "m1", "m2", "m3"] and joiner.state == "playing"
    (started,) = of(outs, GameStarted)
    assert started.resumed and started.moves == ("m0", "m1", "m2", "m3")


def test_a_rejoin_the_engine_cannot_follow_gives_up(joiner):
    joiner.receive(1, welcome(["m0"]), 0.1)
    joiner.connection_lost(1, 1.0)
    joiner.tick(1.0)
    joiner.connection_made(2, 1.1)
    outs = joiner.receive(2, welcome(["x0"]), 1.2)
    assert sent(outs)[0]["code"] == "desync" and of(outs, Closed)


def test_retries_until_the_rejoin_window_closes(joiner):
    joiner.receive(1, welcome(), 0.1)
    joiner.connection_lost(1, 10.0)
    assert of(joiner.tick(10.0), Connect) == [Connect(2)]
    joiner.connection_failed(2, "refused", 10.1)
    assert joiner.tick(10.5) == []
    assert of(joiner.tick(11.1), Connect) == [Connect(3)]
    joiner.connection_failed(3, "refused", 11.2)
    assert of(joiner.tick(130.0), Closed) == [Closed("link lost", link_lost=True)]


def test_silence_then_rejoin():
    j = JoinSession(fake_game(), ping_interval=2.0, silence_limit=10.0)
    j.start(0.0)
    j.connection_made(1, 0.0)
    j.receive(1, welcome(), 0.1)
    assert sent(j.tick(2.1)) == [m.ping(1)]
    outs = j.tick(10.1)
    assert of(outs, Close) and of(outs, LinkLost)


def test_rematch_welcome_resets(joiner):
    joiner.receive(1, welcome(["m0"]), 0.1)
    assert sent(joiner.propose_rematch(0.2)) == [m.rematch()]
    outs = joiner.receive(1, welcome([], you="dark", token="cd" * 16), 0.3)
    assert of(outs, GameStarted) == [GameStarted("dark", "Host", "cd" * 16, (), False)]
    assert joiner.adapter.moves() == [] and joiner.seat == "dark"


def test_the_hosts_bye_mid_game_is_a_pause(joiner):
    """1.1: kept exactly as after a lost link: the joiner keeps its game and token
    and redials for the rejoin window (rule 4); nobody resigned."""
    joiner.receive(1, welcome(["m0"]), 0.1)
    outs = joiner.receive(1, m.bye(), 0.2)
    assert of(outs, LinkLost) == [LinkLost("host said bye", bye=True)] and of(outs, Close)
    assert of(outs, Closed) == [] and joiner.state == "lost" and joiner.resigned is None
    assert joiner.token == TOKEN and joiner.adapter.moves() == ["m0"]
    assert joiner.tick(0.5) == []  # the host is going: the first redial is paced
    assert of(joiner.tick(1.2), Connect) == [Connect(2)]
    (h,) = sent(joiner.connection_made(2, 1.3))
    assert h["token"] == TOKEN
    outs = joiner.receive(2, welcome(["m0"]), 1.4)
    assert of(outs, GameStarted)[0].resumed and joiner.state == "playing"


def test_the_hosts_bye_after_the_end_closes(joiner):
    joiner.receive(1, welcome(["m0"]), 0.1)
    joiner.receive(1, m.resign(), 0.2)
    outs = joiner.receive(1, m.bye(), 0.3)
    assert of(outs, Closed) == [Closed("host left")] and not of(outs, LinkLost)


def test_a_bye_before_the_welcome_ends_a_first_dial(joiner):
    outs = joiner.receive(1, m.bye(), 0.1)
    assert sent(outs) == [] and of(outs, Closed) == [Closed("host said bye")]


def test_a_welcome_of_4000_moves_arrives_whole():
    """1.1 rule 8: `welcome.moves` may hold 4,000 items (every other array 1,000)."""
    kept = fake_game(length=5000)
    for n in range(4000):
        kept.try_apply(f"m{n}")
    host = HostSession(kept, name="H", seat="light", keep_token=TOKEN)  # a long game, kept
    joiner = JoinSession(fake_game(length=5000), name="J", token=TOKEN)
    w = Wire(host, joiner)
    w.joiner_out(joiner.start(0))
    w.pump()
    assert joiner.state == "playing" and len(joiner.adapter.moves()) == 4000
    assert joiner.adapter.moves() == host.adapter.moves()


def test_leave(joiner):
    joiner.receive(1, welcome(), 0.1)
    outs = joiner.leave(0.2)
    assert sent(outs) == [m.bye()] and of(outs, Closed) == [Closed("left")]


def test_stale_connection_is_closed(joiner):
    assert of(joiner.connection_made(7, 0.1), Close) == [Close(7, "stale connection")]


class Wire:
    """Host conn 1 <-> joiner conn 1 through real encoding, delivered on demand."""

    def __init__(self, host: HostSession, joiner: JoinSession) -> None:
        self.host, self.joiner = host, joiner
        self.to_host: list[bytes] = []
        self.to_joiner: list[bytes] = []
        self.host_events: list = []
        self.joiner_events: list = []
        self.hdec, self.jdec = FrameDecoder(), FrameDecoder()

    def host_out(self, outs):
        for o in outs:
            if isinstance(o, Send):
                self.to_joiner.append(encode(o.msg))
            elif not isinstance(o, Close):
                self.host_events.append(o)

    def joiner_out(self, outs):
        for o in outs:
            if isinstance(o, Send):
                self.to_host.append(encode(o.msg))
            elif isinstance(o, Connect):
                self.host_out(self.host.connection_made(o.conn, 0))
                self.joiner_out(self.joiner.connection_made(o.conn, 0))
            elif not isinstance(o, Close):
                self.joiner_events.append(o)

    def pump(self):
        while self.to_host or self.to_joiner:
            if self.to_host:
                for msg in self.hdec.feed(self.to_host.pop(0)):
                    self.host_out(self.host.receive(1, msg, 0))
            if self.to_joiner:
                for msg in self.jdec.feed(self.to_joiner.pop(0)):
                    self.joiner_out(self.joiner.receive(1, msg, 0))


def test_a_whole_game_through_the_wire():
    host = HostSession(fake_game(length=6), name="H", seat="light")
    joiner = JoinSession(fake_game(length=6), name="J")
    w = Wire(host, joiner)
    w.joiner_out(joiner.start(0))
    w.pump()
    assert joiner.seat == "dark" and host.seat == "light"
    for n in range(6):
        side = joiner if n % 2 == 0 else host
        (w.joiner_out if side is joiner else w.host_out)(side.play(f"m{n}", 0))
        w.pump()
    assert host.adapter.moves() == joiner.adapter.moves() == [f"m{n}" for n in range(6)]
    assert of(w.host_events, MoveReceived) == [MoveReceived(n, f"m{n}") for n in (0, 2, 4)]
    w.host_out(host.resign(0))
    w.pump()
    assert of(w.joiner_events, PeerResigned)
    w.joiner_out(joiner.propose_rematch(0))
    w.host_out(host.propose_rematch(0))
    w.pump()
    assert joiner.seat == "light" and host.seat == "dark" and joiner.adapter.moves() == []
