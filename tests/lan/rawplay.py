"""A peer written from docs/protocol.md alone, on a raw socket: it plays a real game (the
rules engine picks its moves) and may misbehave beside it (flood chat). The tests use
it against the real headless `host` and `join`, as a hostile program would."""

from __future__ import annotations

import random
import socket
import threading
import time
from typing import Any

from isaac_game.rules import new_game
from net import messages as m
from net.framing import FrameDecoder, ProtocolViolation, encode
from net.game import moves_digest

TOKEN = "c0" * 16


class RawPlayer:
    """One side of a game over `sock`. A thread reads: it answers pings and applies
    the other side's moves; `play_turn()` sends one of ours when it is our turn."""

    def __init__(self, sock: socket.socket, game: str = "isaac", seed: int = 0) -> None:
        self.sock = sock
        self.state = new_game(game)
        self.seat: str | None = None
        self.rng = random.Random(seed)
        self.send_lock = threading.Lock()  # one writer at a time: frames never interleave
        self.state_lock = threading.Lock()
        self.received: list[dict[str, Any]] = []
        self.closed = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)

    @classmethod
    def joining(cls, port: int, name: str, game: str = "isaac", seed: int = 0) -> RawPlayer:
        """Join the host at 127.0.0.1:`port`; returns once welcomed."""
        player = cls(socket.create_connection(("127.0.0.1", port), timeout=10), game, seed)
        player.reader.start()
        player.send(m.hello("rawplay", name, game))
        player.wait_for(lambda: player.seat is not None, "a welcome")
        return player

    @classmethod
    def hosting(
        cls, server: socket.socket, name: str, game: str = "isaac", seed: int = 0
    ) -> RawPlayer:
        """Take the next joiner on `server`: welcome it as Dark; we play Light."""
        sock, _ = server.accept()
        player = cls(sock, game, seed)
        player.reader.start()
        player.wait_for(lambda: any(msg["t"] == "hello" for msg in player.received), "a hello")
        player.seat = "light"
        player.send(m.welcome("rawplay", name, game, "dark", TOKEN, []))
        return player

    # -- talking ------------------------------------------------------------------------

    def send(self, msg: dict[str, Any]) -> None:
        self.send_raw(encode(msg))

    def send_raw(self, data: bytes) -> None:
        with self.send_lock:
            self.sock.sendall(data)

    def _read(self) -> None:
        decoder = FrameDecoder()
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                for msg in decoder.feed(data):
                    self._on(msg)
        except (OSError, ProtocolViolation):
            pass
        finally:
            self.closed.set()

    def _on(self, msg: dict[str, Any]) -> None:
        self.received.append(msg)
        if msg["t"] == "welcome":
            self.seat = msg["you"]
        elif msg["t"] == "ping":
            self.send(m.pong(msg["id"]))
        elif msg["t"] == "move":
            with self.state_lock:
                if msg["n"] == len(self.state.moves):
                    self.state = self.state.play(msg["move"])

    # -- playing ------------------------------------------------------------------------

    @property
    def plies(self) -> int:
        return len(self.state.moves)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def play_turn(self) -> bool:
        """Send our move if it is our turn (True), else do nothing (False)."""
        with self.state_lock:
            state = self.state
            if state.is_over or state.to_move is None or state.to_move.value != self.seat:
                return False
            move = str(self.rng.choice(list(state.legal_moves())))
            self.state = state.play(move)
            record = self.state.moves
        self.send(m.move(len(record) - 1, move, moves_digest(record)))
        return True

    def wait_for(self, cond: Any, what: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not cond():
            if self.closed.is_set() and not cond():
                raise AssertionError(f"connection closed while waiting for {what}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {timeout} s")
            time.sleep(0.01)

    def close(self) -> None:
        self.sock.close()


def chat_flood(player: RawPlayer, stop: threading.Event, text: str = "x" * 200) -> int:
    """Send chat as fast as the socket takes it until `stop`; the lines sent."""
    batch = encode(m.chat(text)) * 100
    sent = 0
    while not stop.is_set() and not player.closed.is_set():
        try:
            player.send_raw(batch)
        except OSError:
            break
        sent += 100
    return sent
