"""docs/protocol.md 1.1 over real sockets on 127.0.0.1: a joiner learns the host's game from
`reject wrong-game`'s `game`; `bye` mid-game is a pause on both sides (the game and
its token are kept, the joiner comes back); `desync` closes the connection, keeps
the game, and the rejoin's welcome brings the joiner back in step. A knock (hello,
welcome, gone before any move of its own) frees the table at once, not after the
rejoin window: the next joiner is seated."""

from __future__ import annotations

from nethelpers import RawPeer, fake_game
from test_transport import FAST, Events

from net import messages as m
from net.events import (
    Closed,
    GameClosed,
    GameHeld,
    GameStarted,
    LinkLost,
    MoveReceived,
    MoveSent,
    PeerError,
    PeerMisbehaved,
    Rejected,
)
from net.game import moves_digest
from net.transport import NetHost, NetJoin

JOIN = dict(ping_interval=0.2, silence_limit=1.0, rejoin_window=10.0, retry_interval=0.1)


def start_host(game="isaac", port=0, adapter=None, **kw):
    args = dict(FAST, name="H", linger=0.2, **kw)
    h = NetHost(adapter or fake_game(game, length=8), bind="127.0.0.1", port=port, **args)
    h.start()
    return h


def start_joiner(port, game="isaac", **kw):
    j = NetJoin(fake_game(game, length=8), "127.0.0.1", port, name="J", linger=0.2,
                **{**JOIN, **kw})  # fmt: skip
    j.start()
    return j


def test_a_joiner_learns_the_hosts_game_from_wrong_game():
    host = start_host("hari")
    joiners = []
    try:
        joiners.append(start_joiner(host.port))  # a typed address: the game is a guess
        ev = Events(joiners[0])
        rejected = ev.wait_for(Rejected)
        assert (rejected.code, rejected.game) == ("wrong-game", "hari")
        assert ev.wait_for(Closed).reason.startswith("rejected")
        joiners.append(start_joiner(host.port, rejected.game))  # the game the host named
        assert Events(joiners[1]).wait_for(GameStarted).you == "light"
    finally:
        for j in joiners:
            j.close()
        host.close()


def test_the_joiners_bye_mid_game_is_a_pause_and_its_token_comes_back():
    host = start_host()
    ev = Events(host)
    j = start_joiner(host.port)
    again = None
    try:
        jev = Events(j)
        token = jev.wait_for(GameStarted).token
        host.play("m0")
        jev.wait_for(MoveReceived)
        j.play("m1")  # the joiner has played: its game is worth the window
        assert ev.wait_for(MoveReceived) == MoveReceived(1, "m1")
        j.leave()  # bye mid-game
        assert ev.wait_for(LinkLost) == LinkLost("peer said bye", bye=True)
        ev.seen += host.poll()
        assert not [e for e in ev.seen if isinstance(e, GameClosed | GameHeld)]
        assert host.session.token == token and host.session.resigned is None
        other = RawPeer(host.port)  # the seat is kept: nobody else takes it
        other.send(m.hello("t", "Eve", "isaac"))
        assert other.expect("reject")["code"] == "table-full"
        again = start_joiner(host.port, token=token)  # the same player, back
        started = Events(again).wait_for(GameStarted)
        assert started.token == token and started.moves == ("m0", "m1")
        assert started.you == "light"
        assert ev.wait_for(GameStarted, lambda e: e.resumed).token == token
        host.play("m2")
        assert Events(again).wait_for(MoveReceived) == MoveReceived(2, "m2")
    finally:
        j.close()
        if again is not None:
            again.close()
        host.close()


def test_the_hosts_bye_mid_game_is_a_pause_and_the_joiner_comes_back():
    """The host program closes mid-game (bye) and hosts the game again on the same
    port: the joiner, which kept its game and token and went on redialling, is back."""
    host = start_host()
    j = start_joiner(host.port)
    jev = Events(j)
    again = None
    try:
        token = jev.wait_for(GameStarted).token
        host.play("m0")
        jev.wait_for(MoveReceived)
        j.play("m1")
        jev.wait_for(MoveSent)
        port, record = host.port, host.session.adapter
        host.close()  # bye
        assert jev.wait_for(LinkLost) == LinkLost("host said bye", bye=True)
        jev.seen += j.poll()
        assert not [e for e in jev.seen if isinstance(e, Closed)]
        assert j.session.token == token and j.session.resigned is None
        again = start_host(port=port, adapter=record, seat="dark", keep_token=token)
        started = jev.wait_for(GameStarted, timeout=5)
        assert started.resumed and started.moves == ("m0", "m1")
        again.play("m2")
        assert jev.wait_for(MoveReceived) == MoveReceived(2, "m2")
    finally:
        j.close()
        host.close()
        if again is not None:
            again.close()


def test_desync_closes_keeps_the_game_and_the_rejoin_resyncs():
    """The host's digests are wrong (a bug on its side): the joiner finds the digest
    differs, does not apply the move (1.1, clarified), answers `error desync` and
    closes; both keep the game, and the joiner's redial is welcomed with the host's
    record, which brings it the move. The joiner (dark, sending no digests) played
    first: a game it has played in is kept for the window (rule 4)."""
    host = start_host(digest_fn=lambda record: "0" * 16, seat="light")
    ev = Events(host)
    j = start_joiner(host.port, send_digests=False)
    jev = Events(j)
    try:
        token = jev.wait_for(GameStarted).token
        j.play("m0")
        assert ev.wait_for(MoveReceived) == MoveReceived(0, "m0")
        host.play("m1")
        assert jev.wait_for(PeerMisbehaved).code == "desync"
        assert not any(isinstance(e, MoveReceived) for e in jev.seen)  # not applied
        assert jev.wait_for(LinkLost).reason.startswith("desync")
        assert ev.wait_for(PeerError).code == "desync"
        assert ev.wait_for(LinkLost).reason == "connection closed by peer"
        started = jev.wait_for(GameStarted, timeout=5)
        assert started.resumed and started.token == token and started.moves == ("m0", "m1")
        assert ev.wait_for(GameStarted, lambda e: e.resumed).token == token
        assert j.session.adapter.moves() == host.session.adapter.moves() == ["m0", "m1"]
        assert moves_digest(["m0", "m1"]) != "0" * 16
    finally:
        j.close()
        host.close()


def test_a_knock_frees_the_table_at_once_and_the_next_joiner_is_seated():
    """A peer that says hello, takes its welcome and closes (or looks at the host's
    opening first) has played nothing: the host frees the seat as soon as it is gone,
    though the rejoin window is two minutes, and a real joiner gets the table."""
    host = start_host(rejoin_window=120.0)
    ev = Events(host)
    j = None
    try:
        knock = RawPeer(host.port)
        token = knock.hello(name="Knock")["token"]
        knock.close()  # hello, welcome, gone
        assert not ev.wait_for(GameClosed).window_over
        look = RawPeer(host.port)
        assert look.hello(name="Look")["token"] != token  # a new game, not table-full
        host.play("m0")
        assert look.expect("move")["n"] == 0  # the host's opening, then gone
        look.close()
        assert not ev.wait_for(GameClosed).window_over
        assert not [e for e in ev.seen if isinstance(e, LinkLost | GameHeld)]
        j = start_joiner(host.port)
        started = Events(j).wait_for(GameStarted)
        assert started.moves == () and not started.resumed and started.opponent == "H"
    finally:
        if j is not None:
            j.close()
        host.close()
