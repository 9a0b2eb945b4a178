"""Shared helpers for net/ tests: a tiny fake game and a raw socket peer.

The fake game's move n is the string "m<n>"; sides alternate, Dark first, and the
game ends after `length` moves. That is enough to exercise every protocol rule
without the real engine (net/ must not import it).
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

from net.framing import FrameDecoder, ProtocolViolation, encode
from net.game import ListGame


def fake_game(game: str = "isaac", length: int = 6) -> ListGame:
    def side(moves: Any) -> str | None:
        if len(moves) >= length:
            return None
        return "dark" if len(moves) % 2 == 0 else "light"

    def legal(moves: Any, move: str) -> str | None:
        return None if move == f"m{len(moves)}" else f"expected m{len(moves)}"

    return ListGame(game, legal, side)


def wait_until(cond: Callable[[], Any], timeout: float = 5.0, step: float = 0.01) -> Any:
    """Poll `cond` until it returns something truthy; fail the test on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(step)


class RawPeer:
    """A blocking socket that speaks (or abuses) the protocol, for transport tests."""

    def __init__(self, port: int, host: str = "127.0.0.1", window: int | None = None) -> None:
        """`window`: a small receive buffer, set before connecting (a peer that reads
        slowly, or not at all, fills it at once)."""
        if window is None:
            self.sock = socket.create_connection((host, port), timeout=5)
        else:
            self.sock = socket.socket()
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, window)
            self.sock.settimeout(5)
            self.sock.connect((host, port))
        self.decoder = FrameDecoder()
        self.inbox: list[dict[str, Any]] = []
        self.eof = False

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode(msg))

    def send_raw(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError:
            self.eof = True  # the host hung up on us mid-send: expected for abuse

    def _fill(self, timeout: float) -> bool:
        if self.eof:
            return False
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return True
        except OSError:
            data = b""
        if not data:
            self.eof = True
            return False
        try:
            self.inbox.extend(self.decoder.feed(data))
        except ProtocolViolation as exc:  # the host must never send bad data
            raise AssertionError(f"host sent bad data: {exc}") from exc
        return True

    def expect(self, t: str, timeout: float = 5.0, skip: tuple[str, ...] = ("ping",)) -> dict:
        """Next message of type `t`, skipping heartbeat; fail on anything else."""
        return self.expect_any((t,), timeout, skip)

    def expect_any(
        self, kinds: tuple[str, ...], timeout: float = 5.0, skip: tuple[str, ...] = ("ping",)
    ) -> dict:
        """Next message whose type is one of `kinds`, skipping `skip`; fail on others."""
        deadline = time.monotonic() + timeout
        while True:
            while self.inbox:
                msg = self.inbox.pop(0)
                if msg["t"] in kinds:
                    return msg
                if msg["t"] not in skip:
                    raise AssertionError(f"expected {' or '.join(map(repr, kinds))}, got {msg!r}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {' or '.join(map(repr, kinds))} within {timeout} s")
            if not self._fill(min(left, 0.2)) and not self.inbox:
                raise AssertionError(f"connection closed while waiting for {kinds}")

    def wait_closed(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Read until EOF; return what arrived. Fails if the host keeps it open."""
        deadline = time.monotonic() + timeout
        while self._fill(0.2):
            if time.monotonic() > deadline:
                raise AssertionError(f"connection still open after {timeout} s")
        got, self.inbox = self.inbox, []
        return got

    def read_for(self, seconds: float) -> None:
        """Read whatever comes for `seconds` into the inbox."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self._fill(0.05):
            pass

    def close(self) -> None:
        self.sock.close()

    def hello(self, name: str = "raw", game: str = "isaac", token: str | None = None) -> dict:
        msg: dict[str, Any] = {"t": "hello", "proto": 1, "app": "test", "name": name}
        msg["game"] = game
        if token is not None:
            msg["token"] = token
        self.send(msg)
        return self.expect("welcome")
