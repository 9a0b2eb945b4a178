"""docs/protocol.md 1.1's handshake on the sans-I/O host: every refusal is a `reject` with
its `code` (and `game` with `wrong-game`), then the host closes; a malformed `hello`
is `reject bad-hello`, not `error bad-message`; `proto` is looked at first."""

from __future__ import annotations

import pytest
from nethelpers import fake_game

from net import messages as m
from net.events import Close, GameStarted, PeerMisbehaved, Send
from net.host_session import HostSession

TOKEN = "ab" * 16


def hello(**changes):
    msg = m.hello("test", "Joe", "isaac")
    msg.update(changes)
    return {k: v for k, v in msg.items() if v is not DROP}


DROP = object()


def answer(host, msg, conn=1):
    """Knock on `conn` with `msg`; (what was sent back, whether `conn` was closed)."""
    host.connection_made(conn, 0.0)
    outs = host.receive(conn, msg, 0.0)
    replies = [o.msg for o in outs if isinstance(o, Send) and o.conn == conn]
    return replies, conn in [o.conn for o in outs if isinstance(o, Close)]


def refused(host, msg, code, conn=1):
    replies, closed = answer(host, msg, conn)
    (reply,) = replies
    assert reply["t"] == "reject" and reply["code"] == code, reply
    assert m.validate(reply) == reply and reply["reason"]  # well-formed, with a reason
    assert closed
    return reply


@pytest.mark.parametrize(
    "msg",
    [
        hello(proto=DROP),
        hello(app=DROP),
        hello(name=DROP),
        hello(game=DROP),
        hello(proto="1"),
        hello(proto=True),
        hello(proto=1.0),
        hello(app=5),
        hello(name=["Joe"]),
        hello(name="J" * 33),  # name (str, <= 32 chars)
        hello(game=None),
        hello(token=5),
    ],
)
def test_a_malformed_hello_gets_reject_bad_hello(msg):
    host = HostSession(fake_game())
    host.connection_made(1, 0.0)
    outs = host.receive(1, msg, 0.0)
    replies = [o.msg for o in outs if isinstance(o, Send)]
    assert [(r["t"], r["code"]) for r in replies] == [("reject", "bad-hello")]  # no `error`
    assert [e.code for e in outs if isinstance(e, PeerMisbehaved)] == ["bad-hello"]
    assert [o.conn for o in outs if isinstance(o, Close)] == [1]
    assert host.table_free and host.link is None
    refused(HostSession(fake_game()), msg, "bad-hello")


def test_a_name_of_32_characters_is_fine():
    host = HostSession(fake_game())
    (welcome,), closed = answer(host, hello(name="J" * 32))
    assert welcome["t"] == "welcome" and not closed


@pytest.mark.parametrize("proto", [0, 2, 99])
def test_another_proto_is_bad_proto_even_if_its_hello_looks_different(proto):
    """A hello of another protocol version may have other keys: `proto` comes first."""
    refused(HostSession(fake_game()), {"t": "hello", "proto": proto}, "bad-proto")
    refused(HostSession(fake_game()), hello(proto=proto, game="hari"), "bad-proto")


@pytest.mark.parametrize("game", ["hari", "foundations", "chess"])
def test_wrong_game_names_the_hosts_game(game):
    reply = refused(HostSession(fake_game("isaac")), hello(game=game), "wrong-game")
    assert reply["game"] == "isaac"


def test_bad_token_and_table_full_carry_their_codes_and_no_game():
    host = HostSession(fake_game())
    for token in ("f" * 32, "not hex at all", ""):
        assert "game" not in refused(host, hello(token=token), "bad-token")
    (welcome,), _ = answer(host, hello(), conn=2)
    assert "game" not in refused(host, hello(), "table-full", conn=3)
    assert "game" not in refused(host, hello(token="0" * 32), "bad-token", conn=4)
    replies, closed = answer(host, hello(token=welcome["token"]), conn=5)
    assert replies[0]["t"] == "welcome" and not closed  # the right token rejoins


def test_unknown_keys_in_a_hello_are_ignored():
    host = HostSession(fake_game())
    host.connection_made(1, 0.0)
    outs = host.receive(1, {**hello(), "future": {"x": [1, 2]}, "colour": "red"}, 0.0)
    assert [e.you for e in outs if isinstance(e, GameStarted)] == ["dark"]


def test_a_hello_on_the_games_link_is_an_error_not_a_reject():
    host = HostSession(fake_game())
    answer(host, hello())
    outs = host.receive(1, hello(), 0.1)
    assert [(o.msg["t"], o.msg["code"]) for o in outs if isinstance(o, Send)] == [
        ("error", "bad-message")
    ]


def test_a_kept_games_rejects():
    game = fake_game()
    game.try_apply("m0")
    host = HostSession(game, seat="dark", keep_token=TOKEN)
    refused(host, hello(), "table-full")
    refused(host, hello(token=TOKEN.replace("a", "c")), "bad-token", conn=2)
    (welcome,), _ = answer(host, hello(token=TOKEN), conn=3)
    assert welcome["t"] == "welcome" and welcome["moves"] == ["m0"]
