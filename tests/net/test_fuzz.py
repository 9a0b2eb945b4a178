"""Throw >= 20,000 random and mutated messages at a live host, then check that it
is alive, never sent anything malformed, never logged an internal error, and that
its game holds nothing but legal moves.

Each fuzz connection rejoins the one game with its token (so the in-game code is
what gets fuzzed, not just the handshake) and streams a batch in which most
messages are survivable (pings, chat, unknown types, extra keys, duplicates) and
some are fatal (wrong types, garbage, truncation), after which the host hangs up.
"""

from __future__ import annotations

import contextlib
import logging
import random
import socket
import threading
import time

import msgpack
import pytest
from nethelpers import RawPeer

from net import messages as m
from net.framing import FrameDecoder, ProtocolViolation, encode
from net.game import ListGame, moves_digest
from net.transport import NetHost

SEED = 20240611
TOTAL = 20_000
WORKERS = 2
PER_CONN = 60


def random_value(rng: random.Random, depth: int = 0):
    kinds = ["int", "bigint", "neg", "str", "longstr", "bool", "none", "float", "bytes"]
    if depth < 2:
        kinds += ["list", "map"]
    k = rng.choice(kinds)
    if k == "int":
        return rng.randint(0, 10)
    if k == "bigint":
        return rng.randint(2**40, 2**63)
    if k == "neg":
        return -rng.randint(1, 2**40)
    if k == "str":
        return "".join(rng.choice("ambdl0123é\\x00") for _ in range(rng.randint(0, 12)))
    if k == "longstr":
        return "w" * rng.choice([33, 201, 4096, 4097])
    if k == "bool":
        return rng.random() < 0.5
    if k == "none":
        return None
    if k == "float":
        return rng.uniform(-1e9, 1e9)
    if k == "bytes":
        return rng.randbytes(rng.randint(0, 300))
    if k == "list":
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {
        random_value(rng, 2) if rng.random() < 0.2 else f"k{i}": random_value(rng, depth + 1)
        for i in range(rng.randint(0, 4))
    }


def valid_message(rng: random.Random, next_n: list[int]) -> dict:
    """A well-formed message; moves are mostly the right next one (so they apply)."""
    if rng.random() < 0.01:
        return rng.choice([m.resign(), m.bye(), m.hello("f", "fuzz", "isaac")])
    kind = rng.randrange(10)
    if kind < 3:
        n = next_n[0]
        if rng.random() < 0.9:
            next_n[0] += 1
            record = [f"m{i}" for i in range(n + 1)]
            return m.move(n, f"m{n}", moves_digest(record) if kind else None)
        n = max(0, n + rng.randint(-3, 2))
        return m.move(n, f"m{n}", rng.choice([None, "0" * 16]))
    return rng.choice(
        [
            m.ping(rng.randint(0, 2**31)),
            m.pong(rng.randint(0, 99)),
            m.chat("hi"),
            m.rematch(),
            m.error("desync", "?"),
            {"t": rng.choice(["x", "", "PING", "hello!"])},
        ]
    )


def mutate(rng: random.Random, msg: dict) -> bytes:
    """One of several mutations, returned as bytes on the wire."""
    msg = dict(msg)
    choice = rng.randrange(16)
    if choice == 0 and len(msg) > 1:  # a key gets a random value
        msg[rng.choice([k for k in msg if k != "t"])] = random_value(rng)
    elif choice == 1:  # an extra key (ignored)
        msg[f"x{rng.randrange(99)}"] = random_value(rng)
    elif choice == 2:  # an unknown type (answered, survivable)
        msg["t"] = rng.choice(["teleport", "Move", "ping ", "\u2603"])
    elif choice == 3:  # a key dropped
        msg.pop(rng.choice(list(msg)))
    elif choice == 4:  # not a map at all
        return msgpack.packb(random_value(rng), use_bin_type=True)
    data = msgpack.packb(msg, use_bin_type=True)
    if choice == 5:  # bit flips
        b = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)
    if choice == 6:  # pure garbage
        return rng.randbytes(rng.randint(1, 64))
    return data


class Shared:
    """What the fuzz workers share: the current token and how much they threw."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.thrown = 0
        self.lock = threading.Lock()


def handshake(sock: socket.socket, shared: Shared) -> bool:
    """Rejoin with the shared token, or start a new game if it is stale."""
    decoder = FrameDecoder()
    sock.sendall(encode(m.hello("fuzz", "fuzz", "isaac", shared.token)))
    while True:
        data = sock.recv(65536)
        if not data:
            return False
        for reply in decoder.feed(data):
            if reply["t"] == "welcome":
                with shared.lock:
                    shared.token = reply["token"]
                return True
            if reply["t"] == "reject":
                if reply["code"] == "bad-token":
                    with shared.lock:
                        shared.token = None
                return False


def fuzz_connection(rng: random.Random, port: int, shared: Shared, next_n: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        if rng.random() < 0.9 and not handshake(sock, shared):
            return  # else: fuzz the handshake itself
        batch = []
        counter = [next_n]
        for _ in range(PER_CONN):
            msg = valid_message(rng, counter)
            batch.append(mutate(rng, msg) if rng.random() < 0.03 else encode(msg))
        batch.append(b"\xc1")  # end with garbage so the host hangs up now
        with contextlib.suppress(OSError):  # the host may hang up on a fatal one earlier
            sock.sendall(b"".join(batch))
        with shared.lock:
            shared.thrown += len(batch)
        decoder = FrameDecoder()
        with contextlib.suppress(OSError):
            while data := sock.recv(65536):
                for reply in decoder.feed(data):  # the host's output is always valid
                    m.validate(reply)


def welcome_after_fuzz(host: NetHost, timeout: float = 10.0) -> dict:
    """Rejoin with the game's token (or join afresh), retrying while the table is full."""
    deadline = time.monotonic() + timeout
    while True:
        peer = RawPeer(host.port)
        peer.send(m.hello("t", "after", "isaac", host.session.token))
        reply = peer.expect_any(("welcome", "reject"))
        if reply["t"] == "welcome":
            return reply
        assert reply["code"] == "table-full", reply
        assert time.monotonic() < deadline, "the host never freed its table after the fuzz"
        time.sleep(0.05)  # the host closes the last fuzzing connections meanwhile


@pytest.mark.timeout(120)
def test_fuzz_host_with_20000_random_and_mutated_messages(caplog):
    caplog.set_level(logging.ERROR)
    # Light (the peer) is always to move, so well-formed moves get applied.
    game = ListGame(
        "isaac", lambda ms, mv: None if mv == f"m{len(ms)}" else "no", lambda ms: "light"
    )
    host = NetHost(
        game,
        bind="127.0.0.1",
        port=0,
        hello_timeout=1.0,
        ping_interval=0.5,
        silence_limit=5.0,
        rejoin_window=60.0,
        linger=0.1,
    )
    host.start()
    processed = []
    receive = host.session.receive
    host.session.receive = lambda *a: (processed.append(1), receive(*a))[1]
    try:
        shared = Shared("0" * 32)
        t0 = time.monotonic()

        def worker(i: int) -> None:
            rng = random.Random(SEED + i)
            while len(processed) < TOTAL and time.monotonic() - t0 < 60:
                fuzz_connection(rng, host.port, shared, len(game.moves()))

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(WORKERS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(100)
        print(
            f"thrown {shared.thrown}, processed {len(processed)}, moves {len(game.moves())},"
            f" {time.monotonic() - t0:.1f} s"
        )
        assert len(processed) >= TOTAL
        moves = game.moves()
        assert moves == [f"m{i}" for i in range(len(moves))]
        assert "session error" not in caplog.text
        # Still alive: a fresh peer gets a welcome with the whole record, once the
        # host has noticed the last fuzzing connections close ("table full" until then).
        assert welcome_after_fuzz(host)["moves"] == game.moves()
    finally:
        host.close()


def test_decoder_fuzz_random_bytes_never_escape_as_other_exceptions():
    rng = random.Random(SEED)
    for _ in range(20_000):
        dec = FrameDecoder()
        try:
            for _ in range(3):
                for msg in dec.feed(rng.randbytes(rng.randint(1, 40))):
                    with contextlib.suppress(ProtocolViolation):
                        m.validate(msg)
        except ProtocolViolation:
            pass
