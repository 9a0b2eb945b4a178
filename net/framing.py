"""Bytes <-> message stream: MessagePack maps written back to back (docs/protocol.md).

This layer knows nothing about message types beyond "a map with a string `t`". Its
job is to turn whatever a peer writes into either well-formed maps or one typed
`ProtocolViolation`, without ever crashing and without ever buffering without bound:
a reader that trusted the peer could be made to allocate gigabytes by a single
length prefix inside a MessagePack string or array.
"""

from __future__ import annotations

from typing import Any

import msgpack

MAX_MESSAGE_BYTES = 64 * 1024
"""One message at most 64 KiB (docs/protocol.md, limits)."""
MAX_STR_BYTES = 4096
"""A string at most 4 KiB. MessagePack counts bytes, so this is the UTF-8 length."""
MAX_ARRAY_LEN = 1000
"""An array at most 1,000 items, every array but one (docs/protocol.md 1.1, rule 8)..."""
MAX_WELCOME_MOVES = 4000
"""...`welcome.moves`, which may hold up to 4,000 (the whole game so far)."""
MAX_MAP_LEN = MAX_MESSAGE_BYTES // 2
"""1.1 bounds no map but by the message's size: unknown keys are room to grow, so a
map may have as many keys as fit in 64 KiB (two bytes each at least)."""
MAX_BIN_LEN = 256
"""No message carries binary data; a little is tolerated (and then fails validation)."""

BAD_MESSAGE = "bad-message"
ILLEGAL_MOVE = "illegal-move"
DESYNC = "desync"


class ProtocolViolation(ValueError):
    """The peer broke the protocol. `code` is the docs/protocol.md error code to send back.

    `fatal` says whether the connection must close afterwards: everything is fatal
    except an unknown `t`, which docs/protocol.md says is answered and otherwise ignored.
    """

    def __init__(self, code: str, msg: str, *, fatal: bool = True) -> None:
        super().__init__(f"{code}: {msg}")
        self.code = code
        self.msg = msg
        self.fatal = fatal
        self.messages: list[dict[str, Any]] = []
        """From `FrameDecoder.feed`: the good messages that came before the bad
        data in the same feed, to be handled first (a peer's last valid words
        still count)."""


def encode(message: dict[str, Any]) -> bytes:
    """Serialise one message. Raises ValueError if it would break our own limits.

    Checking our own output keeps us from sending something a conforming peer must
    reject (and then disconnect us for).
    """
    data = msgpack.packb(message, use_bin_type=True)
    if len(data) > MAX_MESSAGE_BYTES:
        raise ValueError(f"message of {len(data)} bytes exceeds {MAX_MESSAGE_BYTES}")
    return data


class FrameDecoder:
    """Incremental decoder: `feed(bytes)` returns the complete maps received so far.

    msgpack's Unpacker resumes a partially parsed object, so its internal buffer alone
    does not bound a message's size (a 3 MB array of 4 KiB strings streams through a
    64 KiB buffer). We therefore measure every message with `Unpacker.tell()` and
    refuse one as soon as more than `max_message` bytes of it have arrived. Data is fed
    in slices no larger than `max_message`, so the Unpacker's buffer (twice that)
    can never overflow either. After a violation the decoder is dead: the stream
    position is unknown, so the only safe thing is to close the connection.
    """

    def __init__(self, max_message: int = MAX_MESSAGE_BYTES) -> None:
        self._max = max_message
        self._unpacker = msgpack.Unpacker(
            raw=False,
            strict_map_key=True,
            max_buffer_size=2 * max_message,
            max_str_len=MAX_STR_BYTES,
            max_bin_len=MAX_BIN_LEN,
            max_array_len=MAX_WELCOME_MOVES,  # the rest: `check_arrays`
            max_map_len=MAX_MAP_LEN,
            max_ext_len=0,
        )
        self._fed = 0  # bytes fed in total
        self._boundary = 0  # stream offset where the current (incomplete) message starts
        self._dead: ProtocolViolation | None = None

    @property
    def pending(self) -> int:
        """Bytes of an incomplete message held (for tests and diagnostics)."""
        return self._fed - self._boundary

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Consume `data`; return complete messages or raise `ProtocolViolation`.

        Non-fatal violations (unknown `t`) are not raised here: the message layer
        decides that. Here every violation is fatal; the exception's `messages`
        holds what was decoded before the bad data.
        """
        if self._dead is not None:
            self._dead.messages = []
            raise self._dead
        out: list[dict[str, Any]] = []
        view = memoryview(data)
        try:
            while view:
                chunk, view = view[: self._max], view[self._max :]
                self._unpacker.feed(chunk)
                self._fed += len(chunk)
                for obj in self._unpacker:
                    end = self._unpacker.tell()
                    size, self._boundary = end - self._boundary, end
                    if size > self._max:
                        raise ProtocolViolation(BAD_MESSAGE, f"message over {self._max} bytes")
                    out.append(check_envelope(obj))
                if self.pending > self._max:
                    raise ProtocolViolation(BAD_MESSAGE, f"message over {self._max} bytes")
        except ProtocolViolation as exc:
            self._dead = exc
        except Exception as exc:  # msgpack raises ValueError, FormatError, StackError...
            self._dead = ProtocolViolation(BAD_MESSAGE, f"malformed data ({type(exc).__name__})")
            self._dead.__cause__ = exc
        if self._dead is not None:
            self._dead.messages = out
            raise self._dead
        return out


def check_envelope(obj: object) -> dict[str, Any]:
    """A message is a map with string keys and a string `t`, whose arrays keep to the
    limits (`check_arrays`); anything else is fatal."""
    if not isinstance(obj, dict):
        raise ProtocolViolation(BAD_MESSAGE, f"message is a {type(obj).__name__}, not a map")
    for key in obj:
        if not isinstance(key, str):
            raise ProtocolViolation(BAD_MESSAGE, "map keys must be strings")
    t = obj.get("t")
    if not isinstance(t, str):
        raise ProtocolViolation(BAD_MESSAGE, "missing or non-string 't'")
    check_arrays(obj)
    return obj


def check_arrays(message: dict[str, Any]) -> None:
    """Every array of `message`, at any depth, holds at most 1,000 items, except the
    `moves` of a `welcome`, which may hold 4,000 (docs/protocol.md 1.1, rule 8).

    The decoder lets any array of up to 4,000 through (it cannot know where an array
    sits); this walk, iterative so no nesting can exhaust the stack, holds the rest
    to 1,000. A message is at most 64 KiB, so the walk is short.
    """
    welcome_moves = message.get("moves") if message["t"] == "welcome" else None
    todo: list[object] = list(message.values())
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            if len(value) > MAX_ARRAY_LEN and value is not welcome_moves:
                raise ProtocolViolation(BAD_MESSAGE, f"array of {len(value)} items")
            todo.extend(value)
