"""Framing limits: the reader refuses, never crashes, never buffers without bound."""

from __future__ import annotations

import msgpack
import pytest

from net.framing import MAX_MESSAGE_BYTES, FrameDecoder, ProtocolViolation, encode


def feed_all(data: bytes, step: int | None = None) -> list[dict]:
    dec = FrameDecoder()
    out: list[dict] = []
    if step is None:
        return dec.feed(data)
    for i in range(0, len(data), step):
        out += dec.feed(data[i : i + step])
    return out


def refused(data: bytes, step: int | None = None) -> ProtocolViolation:
    with pytest.raises(ProtocolViolation) as info:
        feed_all(data, step)
    assert info.value.code == "bad-message"
    assert info.value.fatal
    return info.value


def test_round_trip_back_to_back_and_split_anywhere():
    msgs = [{"t": "ping", "id": i} for i in range(50)] + [{"t": "chat", "text": "é" * 100}]
    data = b"".join(encode(m) for m in msgs)
    assert feed_all(data) == msgs
    assert feed_all(data, step=1) == msgs
    assert feed_all(data, step=7) == msgs


def test_garbage_bytes():
    refused(b"\xc1\xc1\xc1")  # 0xc1 is never valid MessagePack
    refused(bytes(range(256)) * 10)


def test_non_map_values():
    for value in (1, "hello", [1, 2], None, True, 1.5):
        refused(msgpack.packb(value))


def test_missing_or_non_string_t():
    refused(msgpack.packb({"x": 1}))
    refused(msgpack.packb({"t": 5}))
    refused(msgpack.packb({"t": None}))


def test_non_string_keys():
    refused(msgpack.packb({"t": "ping", 1: 2}))
    refused(b"\x82\xa1t\xa4ping\xc4\x01k\x01")  # a bin key


def test_invalid_utf8_and_ext_types():
    refused(b"\x81\xa1t\xa2\xff\xfe")
    refused(msgpack.packb({"t": "ping", "x": msgpack.ExtType(1, b"ab")}))
    refused(msgpack.packb({"t": "ping", "ts": msgpack.Timestamp(1)}))


def test_huge_string_is_refused_after_at_most_64_kib():
    # A header announcing a 100 MB string: msgpack waits for the body, our byte
    # count refuses it as soon as more than 64 KiB of the message arrived.
    dec = FrameDecoder()
    assert dec.feed(b"\x81\xa1t\xdb" + (100_000_000).to_bytes(4, "big")) == []
    with pytest.raises(ProtocolViolation):
        for _ in range(100):
            dec.feed(b"x" * 8192)
            assert dec.pending <= MAX_MESSAGE_BYTES
    refused(msgpack.packb({"t": "chat", "text": "x" * 5000}))


def test_string_at_limit_is_fine():
    msg = {"t": "chat", "text": "x" * 4096}
    assert feed_all(encode(msg)) == [msg]


def test_huge_array_and_map():
    refused(b"\x81\xa1t\xdd" + (10**9).to_bytes(4, "big"))
    refused(b"\x81\xa1t\xdf" + (10**9).to_bytes(4, "big"))  # a map of a billion keys


def test_arrays_hold_1000_items_but_welcome_moves_4000():
    """docs/protocol.md 1.1 rule 8: the limits apply to every array except `welcome.moves`,
    which may hold up to 4,000 items."""
    welcome = {"t": "welcome", "moves": ["a"] * 4000}
    assert feed_all(encode(welcome)) == [welcome]
    refused(msgpack.packb({"t": "welcome", "moves": ["a"] * 4001}))
    at_limit = {"t": "chat", "text": "x", "pad": [0] * 1000}
    assert feed_all(encode(at_limit)) == [at_limit]
    for over in (
        {"t": "chat", "text": "x", "pad": [0] * 1001},  # an unknown key's array
        {"t": "move", "n": 0, "move": "a", "moves": ["a"] * 1001},  # `moves`, not a welcome's
        {"t": "welcome", "moves": [], "other": ["a"] * 1001},  # a welcome's other array
        {"t": "welcome", "moves": [["a"] * 1001]},  # inside the moves
        {"t": "ping", "id": 1, "deep": {"deeper": [[0] * 1001]}},  # at any depth
    ):
        refused(msgpack.packb(over))


def test_unknown_keys_are_room_to_grow_not_a_limit():
    """1.1 limits no map but by the message's 64 KiB: a peer's extra keys pass."""
    many = {"t": "ping", "id": 1, **{f"k{i}": i for i in range(2000)}}
    assert feed_all(encode(many)) == [many]


def test_deep_nesting():
    refused(b"\x81\xa1t" + b"\x91" * 5000)


def test_message_over_64_kib_even_if_each_piece_is_small():
    # 20 strings of 4000 bytes: every item is within limits, the whole is not.
    big = msgpack.packb({"t": "welcome", "moves": ["y" * 4000] * 20})
    assert len(big) > MAX_MESSAGE_BYTES
    refused(big)
    refused(big, step=1000)


def test_stream_of_big_messages_never_buffers_more_than_the_limit():
    # Streamed forever with no end: refused once 64 KiB of one message arrived.
    dec = FrameDecoder()
    head = b"\x82\xa1t\xa7welcome\xa5moves\xdc\x03\xe8"  # array of 1000
    dec.feed(head)
    with pytest.raises(ProtocolViolation):
        for _ in range(1000):
            dec.feed(msgpack.packb("z" * 1000))
            assert dec.pending <= 2 * MAX_MESSAGE_BYTES


def test_message_just_under_limit_passes():
    msg = {"t": "welcome", "moves": ["y" * 4000] * 15}
    assert len(encode(msg)) < MAX_MESSAGE_BYTES
    assert feed_all(encode(msg) * 3, step=5000) == [msg] * 3


def test_decoder_stays_dead_after_a_violation():
    dec = FrameDecoder()
    with pytest.raises(ProtocolViolation):
        dec.feed(b"\xc1")
    with pytest.raises(ProtocolViolation):
        dec.feed(encode({"t": "ping", "id": 1}))


def test_unknown_t_is_not_a_framing_error():
    assert feed_all(encode({"t": "frobnicate"})) == [{"t": "frobnicate"}]


def test_encode_refuses_oversized_output():
    with pytest.raises(ValueError):
        encode({"t": "welcome", "moves": ["y" * 4000] * 20})


def test_good_messages_before_bad_data_are_kept():
    dec = FrameDecoder()
    good = [{"t": "ping", "id": 1}, {"t": "chat", "text": "last words"}]
    with pytest.raises(ProtocolViolation) as info:
        dec.feed(b"".join(encode(x) for x in good) + b"\xc1")
    assert info.value.messages == good
