"""docs/protocol.md 1.2, spectators, on the sans-I/O sessions: a spectator is sent the
game and every move, clock and player's line; it changes nothing; at most 16 watch;
its chat reaches the players only once the game is over."""

from __future__ import annotations

from nethelpers import fake_game

from net import messages as m
from net.events import (
    ChatReceived,
    Close,
    Closed,
    Flagged,
    MoveReceived,
    Rejected,
    Send,
    SideResigned,
    Watchers,
    WatchStarted,
)
from net.gallery import MAX_SPECTATORS
from net.host_session import HostSession, TimeControl
from net.watch_session import WatchSession


def sent(outs, conn=None, t=None):
    return [
        o.msg
        for o in outs
        if isinstance(o, Send) and conn in (None, o.conn) and t in (None, o.msg["t"])
    ]


def of(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def playing(clock=None):
    """A host (Dark, "Host") playing Joe (Light) on connection 1."""
    host = HostSession(fake_game(length=40), name="Host", clock=clock)
    host.connection_made(1, 0.0)
    host.receive(1, m.hello("test", "Joe", "isaac"), 0.0)
    return host


def watch(host, conn, now=0.0, name="Ann"):
    host.connection_made(conn, now)
    return host.receive(conn, m.watch("test", name, "isaac"), now)


def test_a_spectator_gets_the_game_so_far_then_every_move_and_clock():
    host = playing(TimeControl("5+3", 300.0, 3.0))
    host.play("m0", 1.0)
    host.receive(1, m.move(1, "m1", think=500), 2.0)
    outs = watch(host, 9, 2.5)
    first = sent(outs, 9, "watching")[0]
    assert m.validate(first) == first
    assert first["moves"] == ["m0", "m1"] and first["dark"] == "Host" and first["light"] == "Joe"
    assert first["clock"] == "5+3" and first["watchers"] == 1  # itself included
    outs = host.play("m2", 4.0)
    assert [msg["t"] for msg in sent(outs, 9)] == ["move", "clock"]
    assert sent(outs, 9, "move")[0] == {"t": "move", "n": 2, "move": "m2"}


def test_the_players_see_how_many_watch():
    host = playing()
    outs = watch(host, 9)
    assert of(outs, Watchers) == [Watchers(1)]
    assert sent(outs, 1, "watchers") == [{"t": "watchers", "n": 1}]
    outs = host.connection_lost(9, 1.0)
    assert of(outs, Watchers) == [Watchers(0)]


def test_a_spectator_that_sends_a_move_is_dropped_and_the_game_goes_on():
    host = playing()
    watch(host, 9)
    for msg in (m.move(0, "m0"), m.resign(), m.rematch()):
        host.connection_made(10, 0.0)
        host.receive(10, m.watch("test", "Bob", "isaac"), 0.0)
        outs = host.receive(10, msg, 0.1)
        assert sent(outs, 10, "error")[0]["code"] == "illegal-move"
        assert 10 in [o.conn for o in outs if isinstance(o, Close)]
        assert host.adapter.moves() == [] and host.resigned is None
        assert not host.rematch_peer
    assert host.link is not None and 9 in host.gallery


def test_a_flooding_spectator_is_held_to_its_chat_budget():
    host = playing()
    watch(host, 9)
    watch(host, 10, name="Bob")
    outs = []
    for i in range(100):
        outs += host.receive(9, m.chat(f"line {i}"), 0.0)
    assert len(sent(outs, 10, "chat")) == 10  # the burst; the rest dropped
    assert 9 in host.gallery  # dropped lines, not the connection


def test_spectators_chat_reaches_the_players_only_after_the_game():
    host = playing()
    watch(host, 9)
    watch(host, 10, name="Bob")
    outs = host.receive(9, m.chat("Light should take the 8"), 1.0)
    assert sent(outs, 10, "chat") == [{"t": "chat", "text": "Light should take the 8",
                                       "from": "Ann"}]  # fmt: skip
    assert sent(outs, 1) == [] and of(outs, ChatReceived) == []
    outs = host.resign(2.0)
    assert of(outs, ChatReceived) == [ChatReceived("Light should take the 8", "Ann")]
    assert sent(outs, 1, "chat")[0]["from"] == "Ann"
    assert sent(outs, 9, "resign") == [{"t": "resign", "side": "dark"}]


def test_spectators_see_the_players_chat_and_a_newcomer_the_last_lines():
    host = playing()
    watch(host, 9)
    outs = host.receive(1, m.chat("good luck"), 1.0)
    assert sent(outs, 9, "chat") == [{"t": "chat", "text": "good luck", "from": "Joe",
                                      "side": "light"}]  # fmt: skip
    outs = watch(host, 10, 2.0, name="Bob")
    assert [msg["t"] for msg in sent(outs, 10)] == ["watching", "chat", "watchers"]


def test_sixteen_watch_and_a_seventeenth_is_refused_unless_one_is_behind():
    host = playing()
    for conn in range(10, 10 + MAX_SPECTATORS):
        assert sent(watch(host, conn), conn, "watching")
    outs = watch(host, 99)
    assert sent(outs, 99, "reject")[0]["code"] == "watch-full"
    backlog = {12: 300_000}
    host.gallery.backlog = lambda conn: backlog.get(conn, 0)
    outs = watch(host, 100)
    assert sent(outs, 100, "watching") and 12 in [o.conn for o in outs if isinstance(o, Close)]
    assert 12 not in host.gallery and len(host.gallery) == MAX_SPECTATORS


def test_no_game_no_spectator():
    host = HostSession(fake_game(), name="Host")
    outs = watch(host, 9)
    assert sent(outs, 9, "reject")[0]["code"] == "no-game"


def test_a_watch_only_connection_cannot_play():
    host = HostSession(fake_game(), name="Host")
    host.watcher_connected(5, 0.0)
    outs = host.receive(5, m.hello("test", "Eve", "isaac"), 0.0)
    assert sent(outs, 5, "reject")[0]["code"] == "watch-only"
    assert host.token is None


def test_a_silent_spectator_is_let_go():
    host = playing()
    watch(host, 9)
    host.receive(1, m.ping(1), 9.0)
    outs = host.tick(10.5)
    assert 9 in [o.conn for o in outs if isinstance(o, Close)] and 9 not in host.gallery
    assert host.link is not None


def test_the_spectator_session_follows_the_game():
    spectator = WatchSession(fake_game(length=40), name="Ann")
    spectator.start(0.0)
    spectator.connection_made(1, 0.0)
    names = {"dark": "Host", "light": "Joe"}
    watching = m.watching("test", "isaac", names, ["m0"], 2,
                          {"clock": "5+3", "left": [299_000, 300_000]})  # fmt: skip
    outs = spectator.receive(1, watching, 0.1)
    started = of(outs, WatchStarted)[0]
    assert started.moves == ("m0",) and started.names == names and started.left == (299.0, 300.0)
    assert of(spectator.receive(1, m.move(1, "m1"), 0.2), MoveReceived) == [MoveReceived(1, "m1")]
    outs = spectator.receive(1, m.chat("hi", "Joe", "light"), 0.3)
    assert of(outs, ChatReceived) == [ChatReceived("hi", "Joe", "light")]
    assert of(spectator.receive(1, m.flag("dark"), 0.4), Flagged) == [Flagged("dark")]
    assert sent(spectator.play("m2", 0.5)) == []  # a spectator has no seat
    assert sent(spectator.chat("nice", 0.6), t="chat") == [{"t": "chat", "text": "nice"}]


def test_the_spectator_does_not_believe_an_illegal_move_and_looks_again():
    spectator = WatchSession(fake_game(length=40), name="Ann")
    spectator.start(0.0)
    spectator.connection_made(1, 0.0)
    spectator.receive(1, m.watching("test", "isaac", {}, [], 0), 0.1)
    outs = spectator.receive(1, m.move(0, "m7"), 0.2)
    assert sent(outs, t="error")[0]["code"] == "desync" and spectator.adapter.moves() == []
    assert spectator.state == "lost"
    outs = spectator.tick(1.5)
    assert outs and spectator.state == "connecting"


def test_a_spectator_refused_stops_and_a_resignation_is_news():
    spectator = WatchSession(fake_game(), name="Ann")
    spectator.start(0.0)
    spectator.connection_made(1, 0.0)
    outs = spectator.receive(1, m.reject("watch-full", "16 already watch"), 0.1)
    assert of(outs, Rejected)[0].code == "watch-full" and of(outs, Closed)
    other = WatchSession(fake_game(), name="Bob")
    other.start(0.0)
    other.connection_made(1, 0.0)
    other.receive(1, m.watching("test", "isaac", {}, [], 0), 0.1)
    assert of(other.receive(1, m.resign("light"), 0.2), SideResigned) == [SideResigned("light")]
