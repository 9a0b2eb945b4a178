"""The relay's frames: one NATS message each, on the two subjects of a room.

    version (1 byte, 1) | kind (1 byte) | attempt (8 bytes) | body

`attempt` names one joiner's attempt (a virtual connection, drawn at random by the
joiner); `kind` says what the body is:

    P  key exchange: the sender's SPAKE2 message (33 bytes)
    C  key confirmation (32 bytes): the joiner's first, then the host's
    D  data: counter (8 bytes, big-endian) | XSalsa20-Poly1305 ciphertext (`crypto`)
    R  refusal, host to joiner, in plain text: `wrong-code` or `code-locked`
    Q  probe, host to host: is this room taken? (`attempt` is a random nonce)
    T  taken: a host's answer to another host's probe of its room (same nonce)

Nothing here trusts a frame: `parse` returns None for anything that is not one, and
the caller drops it without a word (the relay is shared, anyone on it may write).
"""

from __future__ import annotations

from dataclasses import dataclass

from net.framing import MAX_MESSAGE_BYTES

VERSION = 1
PAKE, CONFIRM, DATA, REFUSE, PROBE, TAKEN = b"P", b"C", b"D", b"R", b"Q", b"T"
KINDS = (PAKE, CONFIRM, DATA, REFUSE, PROBE, TAKEN)
ATTEMPT_BYTES = 8
HEADER = 2 + ATTEMPT_BYTES
COUNTER_BYTES = 8
MAC_BYTES = 16  # Poly1305's tag, the only thing SecretBox adds to a plaintext
#: What a data frame's plaintext starts with: one contract message follows, or the
#: attempt's virtual connection is closed by its sender.
MESSAGE, CLOSE = b"M", b"X"
#: The largest frame we send: a contract message of 64 KiB, sealed and framed.
MAX_FRAME = HEADER + COUNTER_BYTES + MAC_BYTES + 1 + MAX_MESSAGE_BYTES
#: The relay's `max_payload` (`isaac relay`): room for the largest frame, and no more
#: than the next KiB.
RELAY_MAX_PAYLOAD = (MAX_FRAME // 1024 + 1) * 1024
#: What a refusal may say (anything else is not a frame).
WRONG_CODE, CODE_LOCKED = "wrong-code", "code-locked"
REFUSALS = (WRONG_CODE, CODE_LOCKED)
#: The room's subjects: the prefix a relay lets its clients use (`isaac relay`).
SUBJECT_PREFIX = "isaac.room"
TO_HOST, TO_JOIN = "host", "join"


def subjects(room: str) -> tuple[str, str]:
    """The room's two subjects: to its host, to its joiners."""
    return f"{SUBJECT_PREFIX}.{room}.{TO_HOST}", f"{SUBJECT_PREFIX}.{room}.{TO_JOIN}"


def subject_patterns() -> list[str]:
    """Every room's subjects, as NATS wildcards: what a relay allows, and no more."""
    return [f"{SUBJECT_PREFIX}.*.{TO_HOST}", f"{SUBJECT_PREFIX}.*.{TO_JOIN}"]


@dataclass(frozen=True)
class Frame:
    kind: bytes
    attempt: bytes
    body: bytes


def pack(kind: bytes, attempt: bytes, body: bytes = b"") -> bytes:
    assert kind in KINDS and len(attempt) == ATTEMPT_BYTES
    return bytes((VERSION,)) + kind + attempt + body


def parse(data: bytes) -> Frame | None:
    """The frame in `data`, or None: not ours, another version, or the wrong size."""
    if len(data) < HEADER or len(data) > MAX_FRAME or data[0] != VERSION:
        return None
    kind, attempt, body = data[1:2], data[2:HEADER], data[HEADER:]
    if kind not in KINDS:
        return None
    sizes = {PAKE: (33, 33), CONFIRM: (32, 32), PROBE: (0, 0), TAKEN: (0, 0)}
    if kind == DATA:
        low, high = COUNTER_BYTES + MAC_BYTES + 1, MAX_FRAME
    elif kind == REFUSE:
        if body.decode("ascii", "replace") not in REFUSALS:
            return None
        low, high = 1, 32
    else:
        low, high = sizes[kind]
    return Frame(kind, attempt, body) if low <= len(body) <= high else None
