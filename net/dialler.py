"""The side that dials (a joiner, a spectator): its connections, its greeting's time
limit, and redialling for the rejoin window after a lost link.

It owns the retry policy, so it asks the transport for connections with
`Connect(conn)` actions rather than the transport deciding when to redial; that keeps
the whole reconnect logic testable without sockets. What it says first (`hello`,
`watch`), what a lost link means for it and what it makes of the host's answers are
its subclass's (`JoinSession`, `WatchSession`).
"""

from __future__ import annotations

from typing import Any

from net import messages as m
from net.events import Close, Closed, Connect, Output, Rejected
from net.framing import ProtocolViolation
from net.game import GameAdapter
from net.session import PING_INTERVAL, REJOIN_WINDOW, SILENCE_LIMIT, WELCOME_TIMEOUT, Session

IDLE, CONNECTING, HELLO, PLAYING, LOST, CLOSED = (
    "idle",
    "connecting",
    "hello",
    "playing",
    "lost",
    "closed",
)


class Dialler(Session):
    """idle -> connecting -> hello (greeted, waiting for the answer) -> playing; after a
    lost link lost -> connecting -> ... again; `closed` is final. A host that answers
    the greeting with neither a game nor a refusal within `welcome_timeout` is a lost
    link; after a link closed for the host's mistake the redial waits `retry_interval`."""

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        name: str,
        app: str = "isaac_game",
        ping_interval: float = PING_INTERVAL,
        silence_limit: float = SILENCE_LIMIT,
        rejoin_window: float = REJOIN_WINDOW,
        retry_interval: float = 1.0,
        welcome_timeout: float = WELCOME_TIMEOUT,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            adapter,
            name=name,
            app=app,
            ping_interval=ping_interval,
            silence_limit=silence_limit,
            rejoin_window=rejoin_window,
            **kwargs,
        )
        self.retry_interval = retry_interval
        self.welcome_timeout = welcome_timeout
        self.state = IDLE
        #: When the current rejoin window began: the first loss since a link last worked.
        self.lost_at: float | None = None
        self._hello_at = 0.0  # when our greeting went out on the current link
        self._heard_at = 0.0  # when the host was last heard on the current link
        self._next_retry = 0.0
        self._conn = 0  # id of the connection we asked for last

    def _greeting(self) -> dict[str, Any]:
        """The first message on each connection (`hello`, `watch`)."""
        raise NotImplementedError

    def _on_message(self, msg: dict[str, Any], now: float) -> None:
        """A well-formed message from the host on our link, but a `reject`."""
        raise NotImplementedError

    # -- transport news ------------------------------------------------------------

    def start(self, now: float) -> list[Output]:
        """Ask for the first connection."""
        if self.state == IDLE:
            self._dial()
        return self._flush()

    def connection_made(self, conn: int, now: float) -> list[Output]:
        if conn != self._conn or self.state != CONNECTING:
            self._emit(Close(conn, "stale connection"))
            return self._flush()
        self._new_link(conn, now)
        self.state = HELLO
        self._hello_at = now
        self._send(self._greeting())
        return self._flush()

    def connection_failed(self, conn: int, reason: str, now: float) -> list[Output]:
        if conn == self._conn and self.state == CONNECTING:
            self._lose_link(f"could not connect: {reason}", now)
        return self._flush()

    def connection_refused(self, conn: int, reason: str, code: str, now: float) -> list[Output]:
        """The transport's own refusal, before any greeting (the relay: the host refused
        our code): final, as a `reject` is, with its `code` to act on."""
        if conn == self._conn and self.state == CONNECTING:
            self._emit(Rejected(reason, code))
            self._finish(f"rejected: {reason}")
        return self._flush()

    def connection_lost(self, conn: int, now: float) -> list[Output]:
        if self.link is not None and conn == self.link.conn:
            self.link = None
            self._lose_link("connection closed by host", now)
        return self._flush()

    def receive(self, conn: int, raw: dict[str, Any], now: float) -> list[Output]:
        """One decoded map from the host: checked, then a `reject` ends the session
        (final, with its code to act on) and anything else is the subclass's."""
        if self.link is None or conn != self.link.conn:
            return self._flush()
        self.link.last_heard = self._heard_at = now
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            self._decode_error(exc, now)
            return self._flush()
        if msg["t"] == "reject":
            self._close_link(msg["reason"])
            self._emit(Rejected(msg["reason"], msg.get("code", ""), msg.get("game", "")))
            self._finish(f"rejected: {msg['reason']}")
        else:
            self._on_message(msg, now)
        return self._flush()

    def violation(self, conn: int, exc: ProtocolViolation, now: float) -> list[Output]:
        if self.link is not None and conn == self.link.conn:
            self._decode_error(exc, now)
        return self._flush()

    def tick(self, now: float) -> list[Output]:
        """Heartbeat and silence on the link, the greeting's time limit; redial while
        the rejoin window lasts."""
        if self.state == HELLO and now - self._hello_at >= self.welcome_timeout:
            why = f"the host did not answer within {self.welcome_timeout:g} s"
            self._close_link(why)
            self._lose_link(why, now, broken=True)
        self._tick_link(now)
        if self.state == LOST:
            assert self.lost_at is not None
            if now - self.lost_at >= self.rejoin_window:
                self._finish("link lost", link_lost=True)
            elif now >= self._next_retry:
                self._dial()
        return self._flush()

    # -- local commands beyond the shared ones -----------------------------------------

    def leave(self, now: float) -> list[Output]:
        """Orderly close: `bye`, then the session is over."""
        self._send(m.bye())
        self._close_link("bye")
        self._finish("left")
        return self._flush()

    # -- internals ------------------------------------------------------------

    def _dial(self) -> None:
        self._conn += 1
        self.state = CONNECTING
        self._next_retry = float("inf")
        self._emit(Connect(self._conn))

    def _finish(self, reason: str, link_lost: bool = False) -> None:
        if self.state != CLOSED:
            self._close_link(reason)
            self.state = CLOSED
            self._emit(Closed(reason, link_lost))
