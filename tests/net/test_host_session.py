"""Every host rule of docs/protocol.md, on the sans-I/O session with a fake game."""

from __future__ import annotations

import random

import pytest
from nethelpers import fake_game

from net import messages as m
from net.events import (
    ChatReceived,
    Close,
    GameClosed,
    GameStarted,
    LinkLost,
    MoveReceived,
    MoveRefused,
    MoveSent,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    RematchProposed,
    Send,
)
from net.framing import ProtocolViolation
from net.game import moves_digest
from net.host_session import HostSession


def sent(outs, conn=None):
    return [o.msg for o in outs if isinstance(o, Send) and conn in (None, o.conn)]


def closed(outs):
    return [o.conn for o in outs if isinstance(o, Close)]


def events(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def hello(token=None, game="isaac", proto=1):
    msg = m.hello("test", "Joe", game, token)
    msg["proto"] = proto
    return msg


#: The record once `played_in` has run.
M3 = ["m0", "m1", "m2"]


@pytest.fixture
def host():
    return HostSession(fake_game(), name="Host")


def join(host, conn=1, now=0.0, token=None):
    host.connection_made(conn, now)
    outs = host.receive(conn, hello(token), now)
    (welcome,) = sent(outs, conn)
    assert welcome["t"] == "welcome"
    return welcome, outs


def test_welcome_for_a_new_game(host):
    welcome, outs = join(host)
    assert m.validate(welcome) == welcome
    assert welcome["you"] == "light" and welcome["moves"] == [] and welcome["name"] == "Host"
    assert m.is_token(welcome["token"])
    (started,) = events(outs, GameStarted)
    assert started == GameStarted("dark", "Joe", welcome["token"], (), False)


def test_seat_choice():
    w, _ = join(HostSession(fake_game(), seat="light"))
    assert w["you"] == "dark"
    seen = {
        join(HostSession(fake_game(), seat="random", rng=random.Random(i)))[0]["you"]
        for i in range(20)
    }
    assert seen == {"dark", "light"}
    with pytest.raises(ValueError):
        HostSession(fake_game(), seat="red")


def test_fresh_token_per_game(host):
    w1, _ = join(host)
    host.abandon(1.0)
    w2, _ = join(host, conn=2, now=2.0)
    assert w1["token"] != w2["token"]


def test_hello_timeout():
    host = HostSession(fake_game(), hello_timeout=5.0)
    host.connection_made(1, 0.0)
    assert closed(host.tick(4.9)) == []
    assert closed(host.tick(5.0)) == [1]
    assert host.receive(1, hello(), 5.1) == []  # already let go


def test_first_message_must_be_hello(host):
    host.connection_made(1, 0.0)
    outs = host.receive(1, m.chat("hi"), 0.1)
    assert sent(outs) == [m.error("bad-message", "expected hello, got 'chat'")]
    assert closed(outs) == [1]


def test_unknown_t_before_hello_keeps_connection(host):
    host.connection_made(1, 0.0)
    outs = host.receive(1, {"t": "teleport"}, 0.1)
    assert sent(outs)[0]["code"] == "bad-message" and closed(outs) == []
    join_outs = host.receive(1, hello(), 0.2)
    assert sent(join_outs)[0]["t"] == "welcome"


@pytest.mark.parametrize(
    "msg, reason",
    [
        (hello(proto=2), "wrong proto"),
        (hello(game="hari"), "wrong game"),
        (hello(token="0" * 32), "bad token"),
    ],
)
def test_rejects(host, msg, reason):
    host.connection_made(1, 0.0)
    outs = host.receive(1, msg, 0.1)
    assert sent(outs)[0]["t"] == "reject" and sent(outs)[0]["reason"].startswith(reason)
    assert closed(outs) == [1]
    assert host.table_free


def test_table_full_and_wrong_token_while_playing(host):
    w, _ = join(host)
    host.connection_made(2, 0.5)
    outs = host.receive(2, hello(), 0.6)
    assert sent(outs, 2) == [m.reject("table-full", "table full")] and closed(outs) == [2]
    host.connection_made(3, 0.7)
    outs = host.receive(3, hello(token="f" * 32), 0.8)
    assert [r["code"] for r in sent(outs, 3)] == ["bad-token"]
    assert host.link is not None and host.link.conn == 1  # the game is untouched


def playing(host):
    """Host is dark with m0 played; the joiner (light) is to move n=1."""
    w, _ = join(host)
    outs = host.play("m0", 0.1)
    assert sent(outs) == [m.move(0, "m0", moves_digest(["m0"]))]  # 1.1: digests are sent
    assert events(outs, MoveSent) == [MoveSent(0, "m0")]
    return w


def played_in(host):
    """As `playing`, and the joiner answered m1 and the host m2: the joiner has played
    in the game, so a lost link keeps it (rule 4); the joiner is to move n=3."""
    w = playing(host)
    host.receive(1, m.move(1, "m1"), 0.1)
    host.play("m2", 0.1)
    return w


def test_move_accepted_with_and_without_digest(host):
    playing(host)
    outs = host.receive(1, m.move(1, "m1"), 0.2)
    assert events(outs, MoveReceived) == [MoveReceived(1, "m1")] and sent(outs) == []
    host.play("m2", 0.3)
    outs = host.receive(1, m.move(3, "m3", moves_digest(["m0", "m1", "m2", "m3"])), 0.4)
    assert events(outs, MoveReceived) == [MoveReceived(3, "m3")]
    assert host.adapter.moves() == ["m0", "m1", "m2", "m3"]


def assert_refused(outs, code, host, moves, kept=True):
    """Refused, closed, nothing applied; the game kept for a rejoin, or (`kept` False:
    the joiner had not played yet) the table free at once."""
    (err,) = sent(outs)
    assert err["t"] == "error" and err["code"] == code
    assert closed(outs) == [1]
    assert events(outs, PeerMisbehaved)
    assert host.adapter.moves() == moves  # nothing applied
    if kept:
        assert events(outs, LinkLost) and host.token is not None and not host.table_free
    else:
        assert events(outs, GameClosed) and events(outs, LinkLost) == [] and host.table_free


def test_out_of_turn_move(host):
    join(host)
    assert_refused(host.receive(1, m.move(0, "m0"), 0.2), "illegal-move", host, [], kept=False)


def test_illegal_move(host):
    played_in(host)
    assert_refused(host.receive(1, m.move(3, "zz"), 0.2), "illegal-move", host, M3)


def test_wrong_n(host):
    played_in(host)
    assert_refused(host.receive(1, m.move(5, "m5"), 0.2), "illegal-move", host, M3)


def test_duplicate_n_same_move_is_ignored(host):
    playing(host)
    host.receive(1, m.move(1, "m1"), 0.2)
    assert host.receive(1, m.move(1, "m1"), 0.3) == []
    assert host.adapter.moves() == ["m0", "m1"]


def test_duplicate_n_different_move_is_desync(host):
    played_in(host)
    assert_refused(host.receive(1, m.move(0, "x0"), 0.2), "desync", host, M3)


def test_a_move_whose_digest_differs_is_not_applied(host):
    """1.1, clarified: the receiver compares the digest with the one of the record the
    move would end; a mismatch is `error desync`, the move is *not* applied (the game
    stays as it was before it), the connection closes, and the game is kept for a
    rejoin. The same move with the right digest is then taken."""
    played_in(host)
    outs = host.receive(1, m.move(3, "m3", "0123456789abcdef"), 0.2)
    (err,) = sent(outs)
    assert err["t"] == "error" and err["code"] == "desync" and closed(outs) == [1]
    assert events(outs, MoveReceived) == []
    assert events(outs, LinkLost) and host.token is not None and not host.table_free
    assert host.adapter.moves() == M3
    join(host, conn=2, now=0.3, token=host.token)
    outs = host.receive(2, m.move(3, "m3", moves_digest([*M3, "m3"])), 0.4)
    assert events(outs, MoveReceived) == [MoveReceived(3, "m3")] and sent(outs) == []
    assert host.adapter.moves() == [*M3, "m3"]


def test_an_illegal_move_with_a_wrong_digest_is_still_illegal_move(host):
    played_in(host)
    assert_refused(host.receive(1, m.move(3, "zz", "0" * 16), 0.2), "illegal-move", host, M3)


def test_move_after_game_over():
    host = HostSession(fake_game(length=1))
    join(host)
    host.play("m0", 0.1)
    outs = host.receive(1, m.move(1, "m1"), 0.2)
    assert sent(outs)[0]["code"] == "illegal-move"


def test_local_moves_refused(host):
    outs = host.play("m0", 0.0)
    assert events(outs, MoveRefused) == [MoveRefused("m0", "no game in progress")]
    join(host)
    assert events(host.play("zz", 0.1), MoveRefused)[0].reason == "expected m0"
    host.play("m0", 0.2)
    assert events(host.play("m1", 0.3), MoveRefused)[0].reason == "not your turn"
    assert host.adapter.moves() == ["m0"]


def test_ping_pong_and_heartbeat():
    host = HostSession(fake_game(), ping_interval=2.0, silence_limit=10.0)
    played_in(host)  # the joiner has played: silence keeps the game (rule 4)
    assert sent(host.receive(1, m.ping(42), 0.5)) == [m.pong(42)]
    assert sent(host.tick(1.9)) == []
    assert sent(host.tick(2.0)) == [m.ping(1)]
    assert sent(host.tick(4.0)) == [m.ping(2)]
    host.receive(1, m.pong(2), 4.1)
    assert closed(host.tick(14.0)) == []
    outs = host.tick(14.1)
    assert closed(outs) == [1] and events(outs, LinkLost)
    assert host.token is not None


def test_rejoin_with_right_token_gets_every_move():
    host = HostSession(fake_game(), rejoin_window=120.0)
    w = playing(host)
    host.receive(1, m.move(1, "m1"), 0.2)
    host.connection_lost(1, 1.0)
    host.play("m2", 2.0)  # the host may move while the peer is away
    host.connection_made(2, 100.0)
    host.connection_made(3, 100.0)
    assert sent(host.receive(3, hello(), 100.0)) == [m.reject("table-full", "table full")]
    outs = host.receive(2, hello(token=w["token"]), 100.0)
    (welcome,) = sent(outs)
    assert welcome["moves"] == ["m0", "m1", "m2"] and welcome["token"] == w["token"]
    assert welcome["you"] == "light"
    assert events(outs, GameStarted)[0].resumed


def test_rejoin_window_expires():
    host = HostSession(fake_game(), rejoin_window=120.0, hold_games=False)
    w = played_in(host)
    host.connection_lost(1, 1.0)
    assert events(host.tick(120.9), GameClosed) == []
    assert events(host.tick(121.0), GameClosed) == [
        GameClosed("rejoin window expired", window_over=True)
    ]
    host.connection_made(2, 122.0)
    assert [r["code"] for r in sent(host.receive(2, hello(token=w["token"]), 122.0))] == [
        "bad-token"
    ]
    welcome, _ = join(host, conn=3, now=123.0)  # a new game, a fresh record
    assert welcome["moves"] == [] and host.adapter.moves() == []


def test_rejoin_replaces_a_link_not_yet_timed_out(host):
    w = playing(host)
    host.connection_made(2, 1.0)
    outs = host.receive(2, hello(token=w["token"]), 1.0)
    assert closed(outs) == [1] and sent(outs, 2)[0]["moves"] == ["m0"]
    assert host.link.conn == 2
    assert host.receive(1, m.move(1, "m1"), 1.1) == []  # the old connection is deaf


def test_rematch_swaps_colours():
    host = HostSession(fake_game())
    w = playing(host)
    outs = host.receive(1, m.rematch(), 1.0)
    assert events(outs, RematchProposed) and sent(outs) == []
    outs = host.propose_rematch(1.1)
    rematch, welcome = sent(outs)
    assert rematch == m.rematch() and welcome["t"] == "welcome"
    assert welcome["you"] == "dark" and welcome["moves"] == [] and welcome["token"] != w["token"]
    assert host.seat == "light" and host.adapter.moves() == []
    assert events(outs, GameStarted) == [GameStarted("light", "Joe", welcome["token"], (), False)]
    # A second rematch swaps back.
    host.propose_rematch(2.0)
    assert sent(host.receive(1, m.rematch(), 2.1))[0]["you"] == "light"


def test_resign_chat_error(host):
    playing(host)
    assert events(host.receive(1, m.chat("gg"), 0.2), ChatReceived) == [ChatReceived("gg")]
    assert events(host.receive(1, m.error("desync", "x"), 0.2), PeerError)
    assert events(host.receive(1, m.resign(), 0.3), PeerResigned)
    assert sent(host.receive(1, m.move(1, "m1"), 0.4))[0]["code"] == "illegal-move"
    # The game is over and the peer is gone: the table frees at once.
    assert host.table_free


def test_local_resign_and_chat(host):
    join(host)
    assert sent(host.chat("x" * 300, 0.1)) == [m.chat("x" * 200)]
    assert sent(host.resign(0.2)) == [m.resign()]
    assert sent(host.resign(0.3)) == []
    assert events(host.play("m0", 0.4), MoveRefused)


def test_bye_mid_game_is_a_pause_kept_as_a_lost_link(host):
    """1.1: `bye` mid-game is not a resignation: the game and its token are kept
    exactly as after a lost link (rule 4), for the rejoin window and on."""
    w = played_in(host)
    outs = host.receive(1, m.bye(), 0.5)
    assert closed(outs) == [1] and sent(outs) == []
    assert events(outs, LinkLost) == [LinkLost("peer said bye", bye=True)]
    assert events(outs, GameClosed) == [] and host.resigned is None
    assert host.token == w["token"] and host.lost_at == 0.5 and not host.held
    outs = host.tick(200.0)  # the window passes: held (rule 7), never dropped
    assert events(outs, GameClosed) == [] and host.held
    host.connection_made(2, 300.0)
    (welcome,) = sent(host.receive(2, hello(token=w["token"]), 300.0))
    assert welcome["t"] == "welcome" and welcome["moves"] == M3


def test_bye_after_the_end_frees_the_table():
    host = HostSession(fake_game(length=1))
    join(host)
    host.play("m0", 0.1)  # the last move: the game is over
    outs = host.receive(1, m.bye(), 0.5)
    assert closed(outs) == [1] and events(outs, GameClosed) == [GameClosed("peer left")]
    assert host.table_free


def test_unknown_t_in_game_keeps_the_link(host):
    join(host)
    outs = host.receive(1, {"t": "dance", "style": "waltz"}, 0.3)
    assert sent(outs)[0]["code"] == "bad-message" and closed(outs) == []
    assert host.link is not None


@pytest.mark.parametrize("msg", [hello(), m.welcome("a", "b", "isaac", "dark", "0" * 32, [])])
def test_handshake_messages_in_game_are_fatal(host, msg):
    join(host)
    outs = host.receive(1, msg, 0.3)
    assert sent(outs)[0]["code"] == "bad-message" and closed(outs) == [1]


def test_wrong_types_in_game_are_fatal(host):
    join(host)
    outs = host.receive(1, {"t": "move", "n": "zero", "move": "m0"}, 0.3)
    assert sent(outs)[0]["code"] == "bad-message" and closed(outs) == [1]


def test_framing_violation(host):
    join(host)
    outs = host.violation(1, ProtocolViolation("bad-message", "garbage"), 0.3)
    assert sent(outs) == [m.error("bad-message", "garbage")] and closed(outs) == [1]
    host.connection_made(2, 0.4)
    outs = host.violation(2, ProtocolViolation("bad-message", "garbage"), 0.5)
    assert closed(outs) == [2]


def test_too_many_pending_closes_the_oldest_never_the_newcomer():
    """Connections held open without a hello (slow loris) must not lock a real joiner
    out: past `max_pending`, the oldest pending connection goes to make room."""
    host = HostSession(fake_game(), max_pending=2)
    assert host.connection_made(1, 0) == [] and host.connection_made(2, 0.1) == []
    assert closed(host.connection_made(3, 0.2)) == [1]
    assert closed(host.connection_made(4, 0.3)) == [2]
    welcome, _ = join(host, conn=5, now=0.4)
    assert welcome["t"] == "welcome"
    assert host.receive(1, hello(), 0.5) == []  # a connection let go of is ignored


def test_abandon_and_shutdown(host):
    join(host)
    outs = host.abandon(1.0)
    assert sent(outs) == [m.bye()] and closed(outs) == [1] and host.table_free
    host.connection_made(5, 2.0)
    assert closed(host.shutdown(2.0)) == [5]


def test_digests_are_sent_as_1_1_defines_them_unless_turned_off():
    """1.1 makes sending optional; we send the first 16 lower-case hex characters of
    SHA-256 over the record so far, this move included, joined by newlines."""
    import hashlib

    host = HostSession(fake_game())
    join(host)
    (move,) = sent(host.play("m0", 0.3))
    assert move["digest"] == hashlib.sha256(b"m0").hexdigest()[:16]
    host.receive(1, m.move(1, "m1"), 0.4)
    (move,) = sent(host.play("m2", 0.5))
    assert move["digest"] == hashlib.sha256(b"m0\nm1\nm2").hexdigest()[:16]
    assert move["digest"] == moves_digest(["m0", "m1", "m2"])
    quiet = HostSession(fake_game(), send_digests=False)
    join(quiet)
    assert sent(quiet.play("m0", 0.1)) == [m.move(0, "m0")]


def test_the_digest_is_compared_exactly_on_the_record_the_move_would_end():
    import hashlib

    record = hashlib.sha256(b"m0\nm1").hexdigest()
    for digest, ok in [
        (record[:16], True),
        (record[:16].upper(), False),  # 1.1: lower case
        (record[:8], False),  # 16 characters, no fewer
        (record, False),  # and no more
        (moves_digest(["m0"]), False),  # the record before the move
        (hashlib.sha256(b"m0 m1").hexdigest()[:16], False),  # joined by "\n" only
    ]:
        host = HostSession(fake_game())
        playing(host)
        outs = host.receive(1, m.move(1, "m1", digest), 0.2)
        assert events(outs, MoveReceived) == ([MoveReceived(1, "m1")] if ok else []), digest
        assert [e["code"] for e in sent(outs)] == ([] if ok else ["desync"]), digest
        assert host.adapter.moves() == (["m0", "m1"] if ok else ["m0"]), digest


def test_a_negative_n_is_illegal_move(host):
    played_in(host)
    assert_refused(host.receive(1, m.move(-1, "m0"), 0.2), "illegal-move", host, M3)
