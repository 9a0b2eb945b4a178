"""docs/protocol.md 1.2 over real sockets on 127.0.0.1: a spectator watches a game
between a host and a joiner, and no spectator (one that stops reading, floods or
sends moves; a seventeenth) slows or stops the game."""

from __future__ import annotations

import pytest
from nethelpers import RawPeer, fake_game, wait_until
from test_transport import FAST, Events

from net import messages as m
from net.events import ChatReceived, Closed, GameStarted, MoveReceived, Rejected, Watchers
from net.gallery import MAX_SPECTATORS
from net.transport import NetHost, NetJoin, NetWatch

#: A joiner's and a spectator's timers: the host's, but for its hello timeout.
DIAL = {key: value for key, value in FAST.items() if key != "hello_timeout"}


@pytest.fixture
def table(request):
    """A host (Dark) and a joiner (Light) in a game of 40 moves, both started; a
    test's `host_args` mark changes the host's timers."""
    mark = request.node.get_closest_marker("host_args")
    host_args = dict(FAST, **(mark.kwargs if mark else {}))
    host = NetHost(fake_game(length=40), bind="127.0.0.1", port=0, name="H", linger=0.2,
                   **host_args)  # fmt: skip
    host.start()
    join = NetJoin(fake_game(length=40), "127.0.0.1", host.port, name="J", **DIAL)
    join.start()
    host_events, join_events = Events(host), Events(join)
    host_events.wait_for(GameStarted)
    join_events.wait_for(GameStarted)
    yield host, join, host_events, join_events
    join.close()
    host.close()


def play_moves(host, join, host_events, join_events, first, count):
    """Moves `first`.. `first+count-1`, alternately by host (even) and joiner (odd)."""
    for n in range(first, first + count):
        (host if n % 2 == 0 else join).play(f"m{n}")
        (join_events if n % 2 == 0 else host_events).wait_for(MoveReceived, lambda e, n=n: e.n == n)


def watcher(port, name="W"):
    raw = RawPeer(port)
    raw.send(m.watch("test", name, "isaac"))
    return raw


def test_a_spectator_watches_the_game_and_sees_the_players_chat(table):
    host, join, host_events, join_events = table
    play_moves(host, join, host_events, join_events, 0, 2)
    spectator = NetWatch(fake_game(length=40), "127.0.0.1", host.port, name="Ann", **DIAL)
    spectator.start()
    seen = Events(spectator)
    try:
        assert seen.wait_for(Watchers).count == 1
        assert host_events.wait_for(Watchers).count == 1
        assert join_events.wait_for(Watchers).count == 1  # the players see how many watch
        play_moves(host, join, host_events, join_events, 2, 2)
        seen.wait_for(MoveReceived, lambda e: e.n == 3)
        assert spectator.session.adapter.moves() == ["m0", "m1", "m2", "m3"]
        join.chat("good luck")
        line = seen.wait_for(ChatReceived)
        assert (line.text, line.sender, line.side) == ("good luck", "J", "light")
        spectator.chat("the 8 is loose")  # the players see it only after the game
        host.resign()
        said = host_events.wait_for(ChatReceived, lambda e: e.watcher)
        assert (said.text, said.sender) == ("the 8 is loose", "Ann") and said.watcher
    finally:
        spectator.close()


@pytest.mark.host_args(silence_limit=60.0)  # dropped for its queue, not its silence
def test_a_spectator_that_stops_reading_is_dropped_and_the_game_goes_on(table):
    host, join, host_events, join_events = table
    sleepy = RawPeer(host.port, window=4096)
    sleepy.send(m.watch("test", "Sleepy", "isaac"))  # and never reads again
    assert host_events.wait_for(Watchers).count == 1
    for i in range(40000):  # 8 MB of chat: past what any kernel takes in, and the queue
        host.chat(f"{i:04d} " + "x" * 190)
    assert host_events.wait_for(Watchers, timeout=15).count == 0
    play_moves(host, join, host_events, join_events, 0, 4)  # the game goes on
    assert host.session.link is not None  # the players' link never went
    sleepy.close()


def test_a_flooding_spectator_and_one_that_moves_change_nothing(table):
    host, join, host_events, join_events = table
    flooder, mover, quiet = watcher(host.port, "F"), watcher(host.port, "M"), watcher(host.port)
    for raw in (flooder, mover, quiet):
        raw.expect("watching")
    for i in range(2000):
        flooder.send(m.chat(f"spam {i}"))
    mover.send(m.move(0, "m0"))
    assert mover.expect("error", skip=("ping", "chat", "watchers"))["code"] == "illegal-move"
    mover.wait_closed()
    play_moves(host, join, host_events, join_events, 0, 4)
    wait_until(lambda: quiet.read_for(0.05) or any(
        msg["t"] == "move" and msg["n"] == 3 for msg in quiet.inbox))  # fmt: skip
    spam = [msg for msg in quiet.inbox if msg["t"] == "chat"]
    assert len(spam) <= 12  # the flooder's burst, not its 2,000 lines
    assert host.session.adapter.moves() == ["m0", "m1", "m2", "m3"]


def test_sixteen_spectators_watch_and_a_seventeenth_is_refused(table):
    host, _join, host_events, _ = table
    peers = [watcher(host.port, f"W{i}") for i in range(MAX_SPECTATORS)]
    for peer in peers:
        peer.expect("watching")
    wait_until(lambda: len(host.session.gallery) == MAX_SPECTATORS)
    late = watcher(host.port, "Late")
    assert late.expect("reject", skip=("ping",))["code"] == "watch-full"
    peers[0].send(m.bye())
    wait_until(lambda: len(host.session.gallery) == MAX_SPECTATORS - 1)
    again = watcher(host.port, "Again")
    assert again.expect("watching")["watchers"] == MAX_SPECTATORS


def test_no_game_to_watch_is_a_refusal():
    host = NetHost(fake_game(), bind="127.0.0.1", port=0, name="H", linger=0.2, **FAST)
    host.start()
    spectator = NetWatch(fake_game(), "127.0.0.1", host.port, name="Ann", **DIAL)
    spectator.start()
    try:
        events = Events(spectator)
        assert events.wait_for(Rejected).code == "no-game"
        events.wait_for(Closed)
    finally:
        spectator.close()
        host.close()
