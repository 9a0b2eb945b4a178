"""Message schemas: types, limits, unknown keys and unknown types."""

from __future__ import annotations

import pytest

from net import messages as m
from net.framing import ProtocolViolation

TOKEN = "0123456789abcdef0123456789abcdef"

GOOD = [
    m.hello("app", "Ann", "isaac"),
    m.hello("app", "Ann", "hari", token=TOKEN),
    m.welcome("app", "Bob", "foundations", "light", TOKEN, ["a", "b"]),
    m.reject("table-full", "table full"),
    m.reject("wrong-game", "wrong game: this host plays hari", "hari"),
    m.welcome("app", "Bob", "isaac", "dark", TOKEN, ["m"] * 4000),  # 1.1 rule 8
    m.welcome("app", "B" * 40, "isaac", "dark", TOKEN.upper(), []),  # 1.1 fixes neither
    m.move(0, "5v04"),
    m.move(3, "5v04", digest="abc"),
    m.resign(),
    m.chat("hi"),
    m.ping(1),
    m.pong(1),
    m.rematch(),
    m.error("bad-message", "oops"),
    m.bye(),
]


@pytest.mark.parametrize("msg", GOOD, ids=lambda msg: msg["t"])
def test_builders_produce_valid_messages(msg):
    assert m.validate(msg) == msg


def test_unknown_keys_are_dropped():
    assert m.validate({"t": "ping", "id": 3, "future": [1, 2]}) == {"t": "ping", "id": 3}


def test_unknown_type_is_not_fatal():
    with pytest.raises(ProtocolViolation) as info:
        m.validate({"t": "teleport"})
    assert info.value.code == "bad-message"
    assert not info.value.fatal


BAD = [
    {"t": "hello", "proto": "1", "app": "a", "name": "n", "game": "isaac"},
    {"t": "hello", "proto": True, "app": "a", "name": "n", "game": "isaac"},
    {"t": "hello", "proto": 1, "app": "a", "name": "n" * 33, "game": "isaac"},
    {"t": "hello", "proto": 1, "app": "a", "name": "n"},
    {"t": "hello", "proto": 1, "app": "a", "name": "n", "game": "isaac", "token": 5},
    {
        "t": "welcome",
        "proto": 1,
        "app": "a",
        "name": "n",
        "game": "isaac",
        "you": "red",
        "token": TOKEN,
        "moves": [],
    },
    {
        "t": "welcome",
        "proto": 1,
        "app": "a",
        "name": "n",
        "game": "isaac",
        "you": "dark",
        "token": "XYZ",
        "moves": [],
    },
    {
        "t": "welcome",
        "proto": 1,
        "app": "a",
        "name": "n",
        "game": "isaac",
        "you": "dark",
        "token": TOKEN,
        "moves": [1],
    },
    {"t": "move", "n": 1.0, "move": "a"},
    {"t": "move", "n": 0, "move": 7},
    {"t": "move", "n": 0, "move": "a", "digest": 7},
    {"t": "chat", "text": "x" * 201},
    {"t": "chat"},
    {"t": "ping"},
    {"t": "pong", "id": "1"},
    {"t": "error", "code": "x"},
    {"t": "reject", "reason": None},
    {"t": "reject", "reason": "r", "code": 5},
    {
        "t": "welcome",
        "proto": 1,
        "app": "a",
        "name": "n",
        "game": "isaac",
        "you": "dark",
        "token": TOKEN,
        "moves": ["m"] * 4001,
    },
]


@pytest.mark.parametrize("msg", BAD, ids=lambda msg: msg["t"])
def test_wrong_types_and_limits_are_fatal(msg):
    with pytest.raises(ProtocolViolation) as info:
        m.validate(msg)
    assert info.value.code == "bad-message"
    assert info.value.fatal


def test_chat_limit_counts_characters_not_bytes():
    assert m.validate(m.chat("é" * 200))["text"] == "é" * 200


def test_token_format():
    """docs/protocol.md: "32 hex chars"; ours are lower case, a peer's may be either."""
    assert m.is_token(TOKEN) and m.is_token(TOKEN.upper())
    assert not m.is_token(TOKEN[:-1]) and not m.is_token("g" * 32)


def test_a_negative_n_is_well_typed():
    """A wrong `n` is `illegal-move` (the session's call), not a bad type."""
    assert m.validate(m.move(-1, "a"))["n"] == -1


def test_reject_builder_carries_a_1_1_code_and_game_only_with_wrong_game():
    assert m.reject("bad-hello", "bad hello") == {
        "t": "reject",
        "code": "bad-hello",
        "reason": "bad hello",
    }
    assert set(m.REJECT_CODES) == {
        "bad-proto",
        "wrong-game",
        "table-full",
        "bad-token",
        "bad-hello",
        # 1.2, spectators'
        "no-game",
        "watch-full",
        "watch-only",
    }
    assert set(m.ERROR_CODES) == {"bad-message", "illegal-move", "desync"}
    with pytest.raises(ValueError):
        m.reject("go-away", "no")
    with pytest.raises(ValueError):
        m.reject("wrong-game", "no game named")
    with pytest.raises(ValueError):
        m.reject("table-full", "full", "isaac")
