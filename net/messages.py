"""The schema of every docs/protocol.md message, validation, and builders.

Validation is table driven so the schema reads like the table in docs/protocol.md and a
new message type is one entry. `validate` returns a new dict holding only the known
keys (unknown keys are ignored: room to grow), so the session never sees anything
it did not ask for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from net.clocks import ms_pair
from net.framing import BAD_MESSAGE, MAX_WELCOME_MOVES, ProtocolViolation

PROTO = 1
#: docs/protocol.md 1.2: a peer that says `minor: 2` in its hello (and a host in its
#: welcome) keeps clocks and knows spectators; one that says nothing speaks 1.1.
MINOR = 2
GAMES = ("isaac", "foundations", "hari")
SEATS = ("dark", "light")
MAX_NAME = 32
MAX_CHAT = 200
ERROR_CODES = ("bad-message", "illegal-move", "desync")
# docs/protocol.md 1.1's reject codes: every `reject` carries one.
BAD_PROTO = "bad-proto"
WRONG_GAME = "wrong-game"  # the reject then names the host's `game`
TABLE_FULL = "table-full"
BAD_TOKEN = "bad-token"
BAD_HELLO = "bad-hello"
# 1.2, for spectators: nothing to watch yet, 16 already watch, and a `hello` through a
# code that lets one watch only (the relay's watch code).
NO_GAME = "no-game"
WATCH_FULL = "watch-full"
WATCH_ONLY = "watch-only"
REJECT_CODES = (
    BAD_PROTO, WRONG_GAME, TABLE_FULL, BAD_TOKEN, BAD_HELLO, NO_GAME, WATCH_FULL, WATCH_ONLY
)  # fmt: skip

_HEX32 = re.compile(r"[0-9a-fA-F]{32}")

Check = Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    # bool is an int subclass in Python but a distinct type in MessagePack.
    return isinstance(v, int) and not isinstance(v, bool)


def _str(max_len: int | None = None) -> Check:
    return lambda v: isinstance(v, str) and (max_len is None or len(v) <= max_len)


def _one_of(values: tuple[str, ...]) -> Check:
    return lambda v: isinstance(v, str) and v in values


def _count(v: Any) -> bool:
    return _is_int(v) and v >= 0


def _moves(v: Any) -> bool:
    return (
        isinstance(v, list) and len(v) <= MAX_WELCOME_MOVES and all(isinstance(m, str) for m in v)
    )


def is_token(v: Any) -> bool:
    """A game token: 32 hex chars (ours are lower case, from `secrets.token_hex(16)`;
    docs/protocol.md does not fix the case, so either is accepted)."""
    return isinstance(v, str) and _HEX32.fullmatch(v) is not None


# t -> {key: (check, required)}. Values are checked after the framing layer's limits.
SCHEMA: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {
        "proto": (_is_int, True),
        "app": (_str(), True),
        "name": (_str(MAX_NAME), True),
        # Any string game/token: a wrong one is answered with `reject`, not `error`.
        # (A hello that fails this schema is refused with `reject bad-hello`.)
        "game": (_str(), True),
        "token": (_str(), False),
        "minor": (_is_int, False),  # 1.2: 2 (absent: 1.1)
    },
    "welcome": {
        "proto": (_is_int, True),
        "app": (_str(), True),
        "name": (_str(), True),  # 1.1 limits the hello's name only (we clip for show)
        "game": (_str(), True),
        "you": (_one_of(SEATS), True),
        "token": (is_token, True),
        "moves": (_moves, True),
        # 1.2, to a joiner that said `minor: 2` only: the time control, both clocks as
        # the host has them, and the side whose time ran out, if one did.
        "minor": (_is_int, False),
        "clock": (_str(16), False),
        "left": (ms_pair, False),
        "flag": (_one_of(SEATS), False),
    },
    # 1.1: a `code` on every reject (a 1.0 host sent the reason alone: still read, as
    # a refusal with no code), and the host's `game` with `wrong-game`.
    "reject": {"reason": (_str(), True), "code": (_str(), False), "game": (_str(), False)},
    "move": {
        "n": (_is_int, True),  # a negative n is a wrong n: `illegal-move`, not a bad type
        "move": (_str(), True),
        "digest": (_str(), False),
        "think": (_count, False),  # 1.2, the joiner's: ms it thought on this turn
    },
    # 1.2: the host's, after each move it applies, and when a side's time is out
    "clock": {"n": (_is_int, True), "left": (ms_pair, True)},
    "flag": {"side": (_one_of(SEATS), True)},
    # 1.2: `side` names who resigned (to spectators)
    "resign": {"side": (_one_of(SEATS), False)},
    # 1.2: `from` (a name) and `side` (a player's seat) on lines the host passes on: a
    # line with `from` and no `side` is a spectator's
    "chat": {
        "text": (_str(MAX_CHAT), True),
        "from": (_str(MAX_NAME), False),
        "side": (_one_of(SEATS), False),
    },
    "ping": {"id": (_is_int, True)},
    "pong": {"id": (_is_int, True)},
    "rematch": {},
    "error": {"code": (_str(), True), "msg": (_str(), True)},
    "bye": {},
    # 1.2, spectators: a spectator's first message, the host's answer (the whole game
    # so far: again at each new game on the table), and how many watch
    "watch": {
        "proto": (_is_int, True),
        "app": (_str(), True),
        "name": (_str(MAX_NAME), True),
        "game": (_str(), True),
        "minor": (_is_int, False),
    },
    "watching": {
        "proto": (_is_int, True),
        "minor": (_is_int, True),
        "app": (_str(), True),
        "game": (_str(), True),
        "dark": (_str(), True),
        "light": (_str(), True),
        "moves": (_moves, True),
        "watchers": (_count, True),
        "clock": (_str(16), False),
        "left": (ms_pair, False),
        "flag": (_one_of(SEATS), False),
        "resigned": (_one_of(SEATS), False),
    },
    "watchers": {"n": (_count, True)},
}


def validate(message: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded map against the schema; return it with only the known keys.

    Raises `ProtocolViolation("bad-message")`: fatal for wrong types or limits,
    non-fatal (`fatal=False`) for an unknown `t`, which docs/protocol.md says must not
    cost the connection.
    """
    t = message.get("t")
    if not isinstance(t, str):
        raise ProtocolViolation(BAD_MESSAGE, "missing or non-string 't'")
    fields = SCHEMA.get(t)
    if fields is None:
        raise ProtocolViolation(BAD_MESSAGE, f"unknown message type {t[:40]!r}", fatal=False)
    clean: dict[str, Any] = {"t": t}
    for key, (check, required) in fields.items():
        if key not in message:
            if required:
                raise ProtocolViolation(BAD_MESSAGE, f"{t}: missing {key!r}")
            continue
        value = message[key]
        if not check(value):
            raise ProtocolViolation(BAD_MESSAGE, f"{t}: bad value for {key!r}")
        clean[key] = value
    return clean


# Builders. They produce exactly what `validate` accepts, so our own output is
# checked by the same table (see tests).


def hello(app: str, name: str, game: str, token: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {
        "t": "hello", "proto": PROTO, "minor": MINOR, "app": app, "name": name, "game": game
    }  # fmt: skip
    if token is not None:
        msg["token"] = token
    return msg


def welcome(
    app: str,
    name: str,
    game: str,
    you: str,
    token: str,
    moves: list[str],
    timing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The host's welcome; `timing` (for a 1.2 joiner: `minor`, and with a clock its
    `clock`, `left` and `flag`) is added as it is."""
    return {
        "t": "welcome",
        "proto": PROTO,
        "app": app,
        "name": name,
        "game": game,
        "you": you,
        "token": token,
        "moves": list(moves),
        **(timing or {}),
    }


def reject(code: str, reason: str, game: str | None = None) -> dict[str, Any]:
    """A refusal with its 1.1 `code` (REJECT_CODES); `wrong-game` names the host's
    `game`."""
    if code not in REJECT_CODES:
        raise ValueError(f"not a reject code: {code!r}")
    if (code == WRONG_GAME) != (game is not None):
        raise ValueError("the host's game goes with wrong-game, and only there")
    msg: dict[str, Any] = {"t": "reject", "code": code, "reason": reason}
    if game is not None:
        msg["game"] = game
    return msg


def move(
    n: int, notation: str, digest: str | None = None, think: int | None = None
) -> dict[str, Any]:
    msg: dict[str, Any] = {"t": "move", "n": n, "move": notation}
    if digest is not None:
        msg["digest"] = digest
    if think is not None:
        msg["think"] = max(0, think)
    return msg


def clock(n: int, left: list[int]) -> dict[str, Any]:
    return {"t": "clock", "n": n, "left": list(left)}


def flag(side: str) -> dict[str, Any]:
    return {"t": "flag", "side": side}


def resign(side: str | None = None) -> dict[str, Any]:
    return {"t": "resign"} if side is None else {"t": "resign", "side": side}


def chat(text: str, sender: str | None = None, side: str | None = None) -> dict[str, Any]:
    """A chat line; the host passing a line on names its `sender` (and the player's
    `side`; none for a spectator's line)."""
    msg: dict[str, Any] = {"t": "chat", "text": text}
    if sender is not None:
        msg["from"] = clip_name(sender)
    if side is not None:
        msg["side"] = side
    return msg


def watch(app: str, name: str, game: str) -> dict[str, Any]:
    return {"t": "watch", "proto": PROTO, "minor": MINOR, "app": app, "name": name, "game": game}


def watching(
    app: str, game: str, names: dict[str, str], moves: list[str], watchers: int,
    timing: dict[str, Any] | None = None, resigned: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The whole game so far, for a spectator: the players' `names` by seat, and the
    clocks in `timing` (`clock`, `left`, `flag`) if the game has them."""
    msg: dict[str, Any] = {
        "t": "watching", "proto": PROTO, "minor": MINOR, "app": app, "game": game,
        "dark": clip_name(names.get("dark", "")), "light": clip_name(names.get("light", "")),
        "moves": list(moves), "watchers": watchers, **(timing or {}),
    }  # fmt: skip
    if resigned is not None:
        msg["resigned"] = resigned
    return msg


def watchers(n: int) -> dict[str, Any]:
    return {"t": "watchers", "n": n}


def ping(ident: int) -> dict[str, Any]:
    return {"t": "ping", "id": ident}


def pong(ident: int) -> dict[str, Any]:
    return {"t": "pong", "id": ident}


def rematch() -> dict[str, Any]:
    return {"t": "rematch"}


def error(code: str, msg: str) -> dict[str, Any]:
    return {"t": "error", "code": code, "msg": msg[:400]}


def bye() -> dict[str, Any]:
    return {"t": "bye"}


def clip_name(name: str) -> str:
    """Names longer than the protocol allows are cut rather than refused locally."""
    return name[:MAX_NAME]
