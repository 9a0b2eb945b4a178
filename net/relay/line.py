"""An endpoint's one connection to the relay (a NATS client), on the network thread.

It keeps the relay's own reconnecting (nats-py's: forever, over every server of the
address, those a cluster announces too) and tells its endpoint when the connection
goes (`on_down`), so the endpoint can hand that to its session as a lost link: the
game's own "reconnecting..." and rejoin window apply, exactly as on the LAN.

What it publishes goes out in order through one queue, bounded as a TCP connection's
output is: past 1 MiB waiting (a relay that takes nothing), frames are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg

from net.connection import MAX_WRITE_BUFFER

log = logging.getLogger(__name__)

RECONNECT_WAIT = 1  # s between two tries of one server (nats-py adds jitter)
PING_INTERVAL = 5  # s; two unanswered and the connection is taken for dead
MAX_PINGS_OUT = 2
#: What one subscription may hold unread before the client drops (a flood of a room).
SUB_PENDING_MSGS = 4096
SUB_PENDING_BYTES = 8 << 20


class RelayUnreachable(OSError):
    """No server of the relay's address answered (in one line for a person)."""


def _reason(exc: BaseException | None) -> str:
    if exc is None:
        return "no answer"
    text = str(exc) or type(exc).__name__
    if isinstance(exc, ConnectionRefusedError) or "Connect call failed" in text:
        return "connection refused"
    return text


class NatsLine:
    """One NATS connection: `open`, `listen`, `publish`, `close`."""

    def __init__(self, servers: list[str], *, name: str, on_down: Callable[[], None]) -> None:
        self.servers = servers
        self.name = name
        self.on_down = on_down
        self.nc: Client | None = None
        self._up = asyncio.Event()  # connected (set again on every reconnection)
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._queued = 0  # bytes waiting in the outbox
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self._last_error: BaseException | None = None

    @property
    def connected(self) -> bool:
        return self.nc is not None and self.nc.is_connected

    async def open(self, timeout: float) -> None:
        """Connect to a server of the relay within `timeout` s, or `RelayUnreachable`.
        From then on the client reconnects by itself, however long it takes."""
        if self.nc is not None:
            return
        nc = nats.NATS()
        try:
            await asyncio.wait_for(
                nc.connect(
                    self.servers,
                    name=self.name,
                    connect_timeout=max(1, int(timeout)),
                    allow_reconnect=True,
                    max_reconnect_attempts=-1,  # a relay that comes back is taken back
                    reconnect_time_wait=RECONNECT_WAIT,
                    ping_interval=PING_INTERVAL,
                    max_outstanding_pings=MAX_PINGS_OUT,
                    error_cb=self._error,
                    disconnected_cb=self._disconnected,
                    reconnected_cb=self._reconnected,
                    closed_cb=self._disconnected,
                ),
                timeout,
            )
        except (OSError, TimeoutError, nats.errors.Error) as exc:
            with contextlib.suppress(Exception):
                await nc.close()
            cause = self._last_error if isinstance(exc, TimeoutError) else exc
            raise RelayUnreachable(_reason(cause)) from None
        self.nc = nc
        self._up.set()
        self._writer = asyncio.get_running_loop().create_task(self._write())

    async def wait_connected(self) -> None:
        """Until the client is connected (again): callers bound it with a timeout."""
        while not self.connected:
            self._up.clear()
            await self._up.wait()

    async def listen(self, subject: str, handler: Callable[[bytes], None]) -> Any:
        """Call `handler` with each message's payload on `subject`, in order; returns
        the subscription (for `unlisten`)."""
        assert self.nc is not None

        async def deliver(msg: Msg) -> None:
            try:
                handler(msg.data)
            except Exception:  # our bug must not stop the subscription
                log.exception("relay frame handler failed")

        return await self.nc.subscribe(
            subject,
            cb=deliver,
            pending_msgs_limit=SUB_PENDING_MSGS,
            pending_bytes_limit=SUB_PENDING_BYTES,
        )

    async def unlisten(self, subscription: Any) -> None:
        with contextlib.suppress(Exception):
            await subscription.unsubscribe()

    def publish(self, subject: str, data: bytes) -> None:
        """Queue one frame; it goes out after every frame queued before it."""
        if self._closing or self._queued + len(data) > MAX_WRITE_BUFFER:
            log.warning("relay output full: a frame to %s is dropped", subject)
            return
        self._queued += len(data)
        self._outbox.put_nowait((subject, data))

    async def flush(self, timeout: float) -> None:
        """Until what is queued has reached the server (at most `timeout` s)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._outbox.join(), timeout)
            if self.nc is not None and self.nc.is_connected:
                await self.nc.flush(timeout=max(1, int(timeout)))

    async def close(self, timeout: float) -> None:
        """Send what is queued (within `timeout`), then leave the relay for good."""
        await self.flush(timeout)
        self._closing = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        if self.nc is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.nc.close(), timeout)

    async def _write(self) -> None:
        assert self.nc is not None
        while True:
            subject, data = await self._outbox.get()
            self._queued -= len(data)
            try:
                await self.nc.publish(subject, data)
            except Exception as exc:  # closed, or its own buffer full while away
                log.debug("relay publish failed: %s", exc)
            finally:
                self._outbox.task_done()

    async def _error(self, exc: Exception) -> None:
        self._last_error = exc
        log.debug("relay: %s", exc)

    async def _disconnected(self) -> None:
        if not self._closing:
            self.on_down()

    async def _reconnected(self) -> None:
        self._up.set()
