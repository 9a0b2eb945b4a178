"""The code two players share to meet on a relay: `K7M-4QP`.

Six characters of Crockford's base 32 (the digits and the letters but I, L, O and U), so
a code read aloud or copied by hand cannot be mistaken: case does not matter, a typed
O is read as 0 and an I or L as 1, and the dash (or a space) may be left out. As in
magic-wormhole, a code has two parts with two jobs:

- the *room* (`K7M`), public: it names the room's subjects on the relay, which sees it;
- the *secret* (`4QP`), never sent anywhere: only the key exchange uses it
  (`net.relay.crypto`), so the relay and anyone on it cannot learn it by looking, and
  each guess costs an online attempt that the host counts (docs/protocol.md).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

#: Crockford's base 32: 5 bits a character, nothing two readers could see differently.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: What a person may type for a character of the alphabet.
FOLD = {"O": "0", "I": "1", "L": "1"}
ROOM_LEN = 3  # 15 bits: 32,768 rooms (a host makes sure its room is free)
SECRET_LEN = 3  # 15 bits: one chance in 32,768 a guess
SEPARATORS = "- "
EXAMPLE = "K7M-4QP"


class CodeError(ValueError):
    """A code that cannot be read; the message says why, in one line for a person.
    A window saying it in the player's language reads what was wrong from `char`
    (the character that cannot be in a code) or, when that is "", `count` (how many
    characters were given, not ROOM_LEN + SECRET_LEN)."""

    def __init__(self, message: str, *, char: str = "", count: int = 0) -> None:
        super().__init__(message)
        self.char = char
        self.count = count


@dataclass(frozen=True)
class RoomCode:
    """A code read or made: its room (public) and its secret, each canonical (upper
    case, in the alphabet)."""

    room: str
    secret: str

    def __str__(self) -> str:
        return f"{self.room}-{self.secret}"

    @property
    def password(self) -> bytes:
        """What the key exchange is run on: the secret part alone."""
        return self.secret.encode("ascii")


def parse_code(text: str) -> RoomCode:
    """`k7m4qp`, `K7M-4QP`, `K7M 4QP`... -> RoomCode; `CodeError` saying what is wrong."""
    chars = [c for c in text.strip().upper() if c not in SEPARATORS]
    want = ROOM_LEN + SECRET_LEN
    for c in chars:
        if FOLD.get(c, c) not in ALPHABET:
            shown = c if c.isprintable() else repr(c)
            why = f"'{shown}' cannot be in a code: a code has digits and letters only"
            raise CodeError(f"{why}, like {EXAMPLE}", char=shown)
    if len(chars) != want:
        raise CodeError(
            f"a code has {want} characters, like {EXAMPLE}; this one has {len(chars)}",
            count=len(chars),
        )
    canonical = "".join(FOLD.get(c, c) for c in chars)
    return RoomCode(canonical[:ROOM_LEN], canonical[ROOM_LEN:])


def is_room(text: str) -> bool:
    """Is `text` a canonical room (a subject's room part)?"""
    return len(text) == ROOM_LEN and all(c in ALPHABET for c in text)


def new_code() -> RoomCode:
    """A fresh code, every character drawn with `secrets`."""
    text = "".join(secrets.choice(ALPHABET) for _ in range(ROOM_LEN + SECRET_LEN))
    return RoomCode(text[:ROOM_LEN], text[ROOM_LEN:])
