"""The key exchange and the sealed messages of one joiner's attempt (docs/protocol.md,
the relay transport). No cryptography is written here: SPAKE2 (the `spake2` package,
as magic-wormhole uses it) agrees on a key from the code's secret part, BLAKE2b keyed
with that key (PyNaCl) derives the confirmations and the two directions' keys, and
PyNaCl's `SecretBox` (XSalsa20-Poly1305) seals every message.

Why each piece:
- SPAKE2 makes each guess of the secret cost an online attempt: what an attacker sees
  of an exchange, or runs itself, lets it test one guess, never a dictionary.
- The joiner confirms first and the host answers only a right confirmation: a client
  that does not know the code learns nothing it could test at home, and every wrong
  confirmation is an attempt the host counts (five, then the code is refused).
- Each direction has its own key, drawn for this attempt (its 8 random bytes are in
  the derivation), and a counter that is the nonce: a message replayed, reordered or
  from another attempt fails to open, and is dropped.
"""

from __future__ import annotations

import hmac

from nacl.encoding import RawEncoder
from nacl.exceptions import CryptoError
from nacl.hash import blake2b
from nacl.secret import SecretBox
from spake2 import SPAKE2_A, SPAKE2_B

from net.relay.code import RoomCode
from net.relay.wire import COUNTER_BYTES, MAC_BYTES

PERSON = b"isaac-relay-v1"  # BLAKE2b's personalisation: these keys are for this alone
JOIN, HOST = "join", "host"


class HandshakeError(Exception):
    """The peer's key-exchange message cannot be used (malformed, or reflected)."""


def identities(room: str) -> tuple[bytes, bytes]:
    """SPAKE2's idA (the joiner) and idB (the host): the protocol and the room, so a
    key agreed in one room is worth nothing in another."""
    return (f"isaac_game relay 1 join {room}".encode(), f"isaac_game relay 1 host {room}".encode())


def derive(key: bytes, label: bytes, attempt: bytes) -> bytes:
    """A 32-byte key for `label` in this attempt, from the exchanged key."""
    return blake2b(label + b"\x00" + attempt, key=key, person=PERSON, digest_size=32,
                   encoder=RawEncoder)  # fmt: skip


class Handshake:
    """One side (`JOIN` is SPAKE2's A, `HOST` its B) of one attempt's exchange:
    `start()` -> our message; `finish(theirs)`; then `confirmation()` to send and
    `confirms(theirs)` to check; then `channel()`."""

    def __init__(self, code: RoomCode, attempt: bytes, side: str) -> None:
        id_a, id_b = identities(code.room)
        kind = SPAKE2_A if side == JOIN else SPAKE2_B
        self._spake = kind(code.password, idA=id_a, idB=id_b)
        self.side, self.attempt = side, attempt
        self._key: bytes | None = None

    def start(self) -> bytes:
        return bytes(self._spake.start())

    def finish(self, theirs: bytes) -> None:
        try:
            self._key = bytes(self._spake.finish(theirs))
        except Exception as exc:  # spake2 raises SPAKEError, ValueError, ... on junk
            raise HandshakeError(f"{type(exc).__name__}: {exc}") from None

    def _derive(self, label: bytes) -> bytes:
        assert self._key is not None, "finish() first"
        return derive(self._key, label, self.attempt)

    def confirmation(self) -> bytes:
        """Ours: proof that we hold the key, and so the code."""
        return self._derive(b"confirm " + self.side.encode())

    def confirms(self, theirs: bytes) -> bool:
        """Does the peer's confirmation prove it holds our key?"""
        other = HOST if self.side == JOIN else JOIN
        return hmac.compare_digest(theirs, self._derive(b"confirm " + other.encode()))

    def channel(self) -> Channel:
        out, inn = (b"to host", b"to join") if self.side == JOIN else (b"to join", b"to host")
        return Channel(self._derive(out), self._derive(inn))


class Channel:
    """Sealing and opening one attempt's messages, each direction with its own key and
    counter. A counter is used once: it is the nonce (24 bytes, big-endian)."""

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._out, self._in = SecretBox(send_key), SecretBox(receive_key)
        self._sent = 0  # the next counter we send
        self._expected = 0  # the lowest counter we still accept

    @staticmethod
    def _nonce(counter: int) -> bytes:
        return counter.to_bytes(SecretBox.NONCE_SIZE, "big")

    def seal(self, plaintext: bytes) -> bytes:
        """Counter | ciphertext, for a data frame's body."""
        counter, self._sent = self._sent, self._sent + 1
        sealed = self._out.encrypt(plaintext, self._nonce(counter)).ciphertext
        return counter.to_bytes(COUNTER_BYTES, "big") + sealed

    def open(self, body: bytes) -> bytes | None:
        """The plaintext of a data frame's body; None for a forgery, a message of
        another key, or a counter already passed (a replay, or one overtaken). A gap
        is allowed: a message lost on the way is the contract's to notice."""
        if len(body) < COUNTER_BYTES + MAC_BYTES:
            return None
        counter = int.from_bytes(body[:COUNTER_BYTES], "big")
        if counter < self._expected:
            return None
        try:
            plaintext = self._in.decrypt(body[COUNTER_BYTES:], self._nonce(counter))
        except CryptoError:
            return None
        self._expected = counter + 1
        return bytes(plaintext)
