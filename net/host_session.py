"""The host's side of the conversation: one table, any number of knocking connections.

The host owns the game: seat assignment, the token, the record sent in `welcome`.
Connections are named by integers the transport picks; a connection is *pending*
until its `hello`, then it is either refused or becomes the game's link. Keeping
all of that in one object with no I/O lets every rule of PROTOCOL.md be tested
with plain method calls.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from net import messages as m
from net.events import Close, GameClosed, GameStarted, LinkLost, Output, PeerMisbehaved, Send
from net.framing import BAD_MESSAGE, ProtocolViolation
from net.game import GameAdapter
from net.session import HELLO_TIMEOUT, PING_INTERVAL, REJOIN_WINDOW, SILENCE_LIMIT, Session, other


class HostSession(Session):
    """Host state machine. Drive it with `connection_made`, `receive`, `violation`,
    `connection_lost` and `tick`; give it local commands with `play`, `chat`,
    `resign`, `propose_rematch`, `abandon`, `shutdown`.

    `seat` is the host's seat for each new game: "dark" (default, PROTOCOL.md
    rule 2), "light" or "random". A rematch swaps whatever the last game had.
    """

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        name: str = "host",
        app: str = "isaac_game",
        seat: str = "dark",
        hello_timeout: float = HELLO_TIMEOUT,
        ping_interval: float = PING_INTERVAL,
        silence_limit: float = SILENCE_LIMIT,
        rejoin_window: float = REJOIN_WINDOW,
        max_pending: int = 16,
        rng: random.Random | None = None,
        **kwargs: Any,
    ) -> None:
        if seat not in ("dark", "light", "random"):
            raise ValueError(f"seat must be dark, light or random, not {seat!r}")
        super().__init__(
            adapter,
            name=name,
            app=app,
            ping_interval=ping_interval,
            silence_limit=silence_limit,
            rejoin_window=rejoin_window,
            **kwargs,
        )
        self.seat_choice = seat
        self.hello_timeout = hello_timeout
        self.max_pending = max_pending
        self._rng = rng or random.Random()
        self._pending: dict[int, float] = {}  # conn -> when it opened
        self.lost_at: float | None = None  # when the link went, while the game waits
        self._games = 0  # games started; the first keeps the adapter's record as is

    @property
    def table_free(self) -> bool:
        """True when a tokenless hello would start a new game."""
        return self.token is None

    @property
    def peer_connected(self) -> bool:
        return self.link is not None

    # -- transport news ------------------------------------------------------------

    def connection_made(self, conn: int, now: float) -> list[Output]:
        """A TCP connection was accepted; it has `hello_timeout` to say hello."""
        if len(self._pending) >= self.max_pending:
            self._emit(Close(conn, "too many pending connections"))
        else:
            self._pending[conn] = now
        return self._flush()

    def receive(self, conn: int, raw: dict[str, Any], now: float) -> list[Output]:
        """One decoded map (already through `framing.check_envelope`)."""
        on_link = self.link is not None and conn == self.link.conn
        if on_link:
            assert self.link is not None
            self.link.last_heard = now
        elif conn not in self._pending:
            return self._flush()  # a connection we already let go of
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            self._conn_violation(conn, exc, now)
            return self._flush()
        if on_link:
            if msg["t"] in ("hello", "welcome", "reject"):
                self._violate(BAD_MESSAGE, f"unexpected {msg['t']!r}", now)
            else:
                self._on_game_message(msg, now)
        else:
            self._on_first_message(conn, msg, now)
        return self._flush()

    def violation(self, conn: int, exc: ProtocolViolation, now: float) -> list[Output]:
        """The framing layer refused this connection's bytes."""
        if conn in self._pending or (self.link is not None and conn == self.link.conn):
            self._conn_violation(conn, exc, now)
        return self._flush()

    def connection_lost(self, conn: int, now: float) -> list[Output]:
        self._pending.pop(conn, None)
        if self.link is not None and conn == self.link.conn:
            self.link = None
            self._lose_link("connection closed by peer", now)
        return self._flush()

    def tick(self, now: float) -> list[Output]:
        """Hello timeouts, heartbeat, silence, and the end of the rejoin window."""
        for conn, opened in list(self._pending.items()):
            if now - opened >= self.hello_timeout:
                del self._pending[conn]
                self._emit(Close(conn, "no hello in time"))
        self._tick_link(now)
        if (
            self.link is None
            and self.lost_at is not None
            and now - self.lost_at >= self.rejoin_window
        ):
            self._free_table("rejoin window expired")
        return self._flush()

    # -- local commands beyond the shared ones ---------------------------------------

    def abandon(self, now: float) -> list[Output]:
        """Give the game up (say bye to the peer, if any) and free the table."""
        if self.token is not None:
            self._send(m.bye())
            self._close_link("abandoned")
            self._free_table("abandoned")
        return self._flush()

    def shutdown(self, now: float) -> list[Output]:
        """Say bye and close everything; the caller then stops the transport."""
        self._send(m.bye())
        self._close_link("host shutting down")
        for conn in list(self._pending):
            self._emit(Close(conn, "host shutting down"))
        self._pending.clear()
        return self._flush()

    # -- internals -------------------------------------------------------------

    def _conn_violation(self, conn: int, exc: ProtocolViolation, now: float) -> None:
        if self.link is not None and conn == self.link.conn:
            self._violate(exc.code, exc.msg, now, fatal=exc.fatal)
            return
        self._emit(Send(conn, m.error(exc.code, exc.msg)))
        self._emit(PeerMisbehaved(exc.code, exc.msg))
        if exc.fatal:
            self._pending.pop(conn, None)
            self._emit(Close(conn, exc.msg))

    def _refuse(self, conn: int, reason: str) -> None:
        self._emit(Send(conn, m.reject(reason)))
        self._emit(Close(conn, reason))

    def _on_first_message(self, conn: int, msg: dict[str, Any], now: float) -> None:
        """Rule 1: the first message is `hello`; then the handshake decides."""
        if msg["t"] != "hello":
            self._conn_violation(
                conn, ProtocolViolation(BAD_MESSAGE, f"expected hello, got {msg['t']!r}"), now
            )
            return
        del self._pending[conn]
        if msg["proto"] != m.PROTO:
            self._refuse(conn, f"wrong proto: this host speaks proto {m.PROTO}")
        elif msg["game"] != self.adapter.game:
            self._refuse(conn, f"wrong game: this host plays {self.adapter.game}")
        elif "token" in msg:
            if self.token is None or msg["token"] != self.token:
                self._refuse(conn, "bad token")
            else:
                # A rejoin takes over even if the old link has not timed out yet:
                # the token proves it is the same player on a new connection.
                self._close_link("replaced by a rejoin")
                self._attach(conn, msg["name"], now, resumed=True)
        elif self.token is not None:
            self._refuse(conn, "table full")
        else:
            self._new_game(conn, msg["name"], now)

    def _new_game(self, conn: int, peer_name: str, now: float) -> None:
        if self._games > 0:
            self.adapter.reset()
        self._games += 1
        choice = self.seat_choice
        self.seat = self._rng.choice(m.SEATS) if choice == "random" else choice
        self.token = secrets.token_hex(16)
        self._reset_game_flags()
        self._attach(conn, peer_name, now, resumed=False)

    def _attach(self, conn: int, peer_name: str, now: float, *, resumed: bool) -> None:
        assert self.seat is not None and self.token is not None
        self._new_link(conn, now)
        self.peer_name = peer_name
        self.lost_at = None
        moves = self.adapter.moves()
        you = other(self.seat)
        self._send(m.welcome(self.app, self.name, self.adapter.game, you, self.token, moves))
        self._emit(GameStarted(self.seat, peer_name, self.token, tuple(moves), resumed))

    def _lose_link(self, reason: str, now: float) -> None:
        self.link = None
        if self.token is None:
            return
        self._emit(LinkLost(reason))
        if self._game_over():
            # Nothing left to resume: do not make the next player wait 120 s.
            self._free_table("game over and peer gone")
        else:
            self.lost_at = now

    def _on_bye(self, now: float) -> None:
        self._close_link("peer said bye")
        self._free_table("peer left")

    def _free_table(self, reason: str) -> None:
        self.token = None
        self.lost_at = None
        self.peer_name = None
        self._reset_game_flags()
        self._emit(GameClosed(reason))

    def _maybe_rematch(self, now: float) -> None:
        if not (self.rematch_local and self.rematch_peer) or self.link is None:
            return
        assert self.seat is not None
        self.seat = other(self.seat)
        self.adapter.reset()
        self._games += 1
        self.token = secrets.token_hex(16)
        self._reset_game_flags()
        self._attach(self.link.conn, self.peer_name or "", now, resumed=False)
