"""LanSession host and joiner in one process, on 127.0.0.1 with a free port: whole
games, rematch with colours swapped, resign, chat, and a cut link that resumes."""

from __future__ import annotations

import time

import pytest
from lanhelpers import pump
from netproxy import Proxy

import net
from isaac_game.lan import CONNECTED, RECONNECTING, LanSession, Timers
from isaac_game.match import MovePlayed, RandomSeat
from isaac_game.rules import Player

FAST = Timers(
    hello_timeout=2, ping_interval=0.2, silence_limit=1.0, retry_interval=0.2, connect_timeout=1
)


@pytest.fixture
def pair(request):
    game = getattr(request, "param", "isaac")
    made = []

    def make(port_via=None, **host_args):
        host = LanSession.host(
            game, RandomSeat("H", seed=1), name="Ann", bind="127.0.0.1", port=0,
            timers=FAST, announce=False, **host_args,
        )  # fmt: skip
        made.append(host)
        _, port = host.start()
        dial = port_via(port) if port_via else port
        join = LanSession.join(game, RandomSeat("J", seed=2), "127.0.0.1", dial, name="Bob",
                               timers=FAST)  # fmt: skip
        made.append(join)
        join.start()
        return host, join

    yield make
    for s in made:
        s.close()


@pytest.mark.parametrize("pair", ["isaac", "foundations", "hari"], indirect=True)
def test_a_whole_game(pair):
    host, join = pair()
    pump([host, join], lambda: host.finished and join.finished and host.synced and join.synced)
    assert host.you == Player.DARK and join.you == Player.LIGHT
    assert host.opponent == "Bob" and join.opponent == "Ann"
    assert host.state.moves == join.state.moves == tuple(host.adapter.moves())
    assert host.result() == join.result() != "*"
    assert host.link == join.link == CONNECTED


def test_rematch_swaps_colours_and_plays_again(pair):
    host, join = pair(seat="light")
    pump([host, join], lambda: host.finished and join.finished)
    assert host.you == Player.LIGHT
    first = host.state.moves
    join.rematch()
    pump([host, join], lambda: host.remote.rematch_proposed)
    host.rematch()
    pump([host, join], lambda: host.games == join.games == 2)
    assert host.you == Player.DARK and join.you == Player.LIGHT
    pump([host, join], lambda: host.finished and join.finished and host.synced and join.synced)
    assert host.state.moves == join.state.moves != first


def test_chat_and_resign(pair):
    host, join = pair()
    pump([host, join], lambda: join.match is not None)
    join.chat("hello there")
    pump([host, join], lambda: host.chat_lines)
    assert host.chat_lines[0].text == "hello there" and host.chat_lines[0].who == "Bob"
    assert join.chat_lines[0].mine
    host.resign()
    pump([host, join], lambda: join.finished)
    assert join.remote.peer_resigned
    assert host.result() == join.result() == "dark resigns, light wins"


def test_a_cut_link_resumes_the_same_game():
    proxy = None
    sessions = []
    try:

        def via(port):
            nonlocal proxy
            proxy = Proxy(port)
            return proxy.port

        host = LanSession.host("isaac", RandomSeat("H", seed=5), name="Ann", bind="127.0.0.1",
                               port=0, timers=FAST, announce=False)  # fmt: skip
        sessions.append(host)
        _, port = host.start()
        join = LanSession.join("isaac", RandomSeat("J", seed=6), "127.0.0.1", via(port),
                               name="Bob", timers=FAST)  # fmt: skip
        sessions.append(join)
        join.start()
        # Hold the joiner's moves until the link is cut, so the cut is mid-game.
        pump(sessions, lambda: join.match is not None)
        seen = []
        while join.state is None or join.state.ply < 6:
            seen += host.update() + join.update()
            time.sleep(0.002)
        proxy.cut()
        seen += pump(sessions, lambda: join.link == RECONNECTING or host.link == RECONNECTING)
        seen += pump(sessions, lambda: host.finished and join.finished and host.synced
                     and join.synced, timeout=30)  # fmt: skip
        assert host.state.moves == join.state.moves
        assert any(isinstance(e, net.GameStarted) and e.resumed for e in seen)
        plies = [len(e.after.moves) for e in seen if isinstance(e, MovePlayed)]
        assert plies  # every ply appears once on each side
        assert host.result() == join.result()
    finally:
        for s in sessions:
            s.close()
        if proxy is not None:
            proxy.close()


class ScriptedEndpoint:
    """Stands in for NetHost: `poll()` hands out scripted batches of events."""

    def __init__(self, batches):
        self.batches = list(batches)
        self.played: list[str] = []

    def poll(self):
        return self.batches.pop(0) if self.batches else []

    def wait(self, timeout):
        return self.poll()

    def play(self, move):
        self.played.append(move)

    def abandon(self):
        pass

    def close(self):
        pass


def double_move_game():
    """A random isaac game in which one side moves twice in a row, and where."""
    import random

    from isaac_game.rules import new_game

    for seed in range(200):
        rng, s = random.Random(seed), new_game("isaac")
        while not s.is_over:
            before = s.to_move
            s = s.play(rng.choice(s.legal_moves()))
            if s.to_move == before and before is not None:
                return s, before
    pytest.skip("no double move found")


def test_moves_in_flight_when_the_peer_leaves_are_played_before_giving_up():
    from isaac_game.lan import EngineAdapter

    s, mover = double_move_game()  # `mover` moves again after s.moves[-1]
    moves = s.moves
    nxt = str(s.legal_moves()[0])
    prefix = moves[:-1]  # mover's two moves: moves[-1] and nxt
    you = mover.other.value
    batch = [
        net.GameStarted(you, "Bob", "t" * 32, tuple(prefix), False),
        net.MoveReceived(len(prefix), moves[-1]),
        net.MoveReceived(len(prefix) + 1, nxt),
        net.GameClosed("peer left"),
    ]
    ep = ScriptedEndpoint([batch])
    session = LanSession(ep, EngineAdapter("isaac"), RandomSeat("me", seed=1), role="host",
                         name="Ann", timers=FAST)  # fmt: skip
    session.update()
    assert session.state.ply == len(prefix) + 1
    assert not session.stalled  # the peer's second move is still to be played
    session.update()
    assert session.state.ply == len(prefix) + 2
    assert session.state.moves[-1] == nxt
    assert session.stalled or session.finished
    assert ep.played == []  # the peer's moves are never sent back


def test_a_rejoin_whose_record_parted_is_rebuilt_from_the_hosts():
    """docs/protocol.md 1.1 rule 6: after a desync the host's record is authoritative, and
    the rejoin's welcome brings the joiner back in step: the match is rebuilt from it
    (the same game: same token, same colours, not a new game)."""
    from isaac_game.lan import EngineAdapter
    from isaac_game.rules import new_game

    s0 = new_game("isaac")
    a, b = (str(m) for m in s0.legal_moves()[:2])
    reply = str(s0.play(b).legal_moves()[0])
    token = "ab" * 16
    batches = [
        [net.GameStarted("light", "Ann", token, (a,), False)],
        [net.LinkLost("desync: digest after move 0 differs")],
        [net.GameStarted("light", "Ann", token, (b, reply), True)],
    ]
    session = LanSession(ScriptedEndpoint(batches), EngineAdapter("isaac"),
                         RandomSeat("me", seed=1), role="join", name="Bob",
                         timers=FAST)  # fmt: skip
    session.update()
    first = session.match
    assert first is not None and first.state.moves[0] == a  # (and maybe our reply)
    session.update()
    assert session.link == RECONNECTING
    session.update()
    assert session.match is not first and session.match.state.moves == (b, reply)
    assert session.remote.record == [b, reply] and session.problem is None
    assert session.games == 1 and session.token == token and session.you == Player.LIGHT
    assert session.link == CONNECTED and session.playing


@pytest.mark.parametrize(
    ("closed", "link"),
    [
        (net.GameClosed("rejoin window expired", window_over=True), "lost"),
        (net.GameClosed("peer left"), "closed"),
        (net.GameClosed("abandoned"), "closed"),
        # the reason is for people: words in it decide nothing
        (net.GameClosed("the window of opportunity closed"), "closed"),
    ],
)
def test_a_freed_table_says_lost_only_when_the_rejoin_window_passed(closed, link):
    """The host's table freed: the peer is `lost` (the window passed without it, the
    player may save or leave) or `closed` (it left, or the game was given up), read from
    the event's typed field, never from its text."""
    from isaac_game.lan import EngineAdapter

    started = net.GameStarted("dark", "Bob", "t" * 32, (), False)
    ep = ScriptedEndpoint([[started], [closed]])
    session = LanSession(ep, EngineAdapter("isaac"), RandomSeat("me", seed=1), role="host",
                         name="Ann", timers=FAST)  # fmt: skip
    session.update()
    assert session.link == CONNECTED
    session.update()
    assert session.link == link and session.link_reason == closed.reason


def test_a_host_beacons_as_often_as_its_timers_say(monkeypatch):
    """`ISAAC_LAN_BEACON_INTERVAL` (tests shorten it, so a join list fills at once)
    reaches the host's beacon: at 0.05 s, five beacons arrive well before the second
    that the default interval would take for two."""
    import socket

    monkeypatch.setenv("ISAAC_LAN_BEACON_INTERVAL", "0.05")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as listener:
        listener.bind(("", 0))
        listener.settimeout(0.1)
        host = LanSession.host("isaac", RandomSeat("H", seed=1), name="Ann", bind="127.0.0.1",
                               port=0, beacon_port=listener.getsockname()[1])  # fmt: skip
        try:
            host.start()
            arrived, deadline = 0, time.monotonic() + 2.0
            while arrived < 5 and time.monotonic() < deadline:
                try:
                    listener.recv(2048)
                    arrived += 1
                except TimeoutError:
                    pass
        finally:
            host.close()
    assert arrived == 5
