"""asyncio TCP transport: runs a session on its own thread and event loop.

The caller (pygame main loop, headless tool) never waits on the network: commands
(`play`, `chat`, ...) are posted into the loop with `call_soon_threadsafe`, and
everything the session reports comes back through a queue drained by `poll()`. The
session, the adapter and every socket are touched only on the network thread, so none
of them needs a lock. A caller that sleeps while nothing happens (a window resting
between frames) sets `on_event`: it is called, on the network thread, each time news
is queued, so the caller can wake up and drain it at once instead of at its next
frame.

Nothing a peer sends can make these grow without bound: each connection's input is
read as the decoder takes it (64 KiB at a time, one message at most 64 KiB), its output
is dropped past 1 MiB, the events for the caller are bounded (`EventQueue`), and the
number of connections is capped, the oldest that never said hello going first.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from net.connection import Connection
from net.discovery import BEACON_INTERVAL, BEACON_PORT, Beacon
from net.events import Close, Closed, Connect, Event, Output, Send
from net.gallery import SPECTATOR_BACKLOG
from net.game import GameAdapter
from net.host_session import HostSession
from net.inbox import EventQueue
from net.join_session import JoinSession
from net.watch_session import WatchSession

log = logging.getLogger(__name__)

DEFAULT_PORT = 7755
LINGER = 1.0  # after our error/bye: keep draining the peer so it gets our last words
MAX_CONNECTIONS = 128  # open at once; past that the oldest closing ones go first


class _Endpoint:
    """What host and joiner share: the loop thread, the tick, the event queue."""

    session: Any

    def __init__(self, *, tick_interval: float, linger: float) -> None:
        self.tick_interval = tick_interval
        self.linger = linger
        self.conns: dict[int, Connection] = {}
        self._events = EventQueue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run_loop, name="net-loop", daemon=True)
        self._stopped = threading.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Called (on the network thread, so it must only set a flag or post an event)
        #: each time an event is queued for the caller.
        self.on_event: Callable[[], None] | None = None

    # -- caller side (any thread) ---------------------------------------------------

    def poll(self) -> list[Event]:
        """Every event since the last call; never blocks."""
        out: list[Event] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._events.get())
        return out

    def wait(self, timeout: float) -> list[Event]:
        """Block up to `timeout` s for at least one event (headless tools, tests)."""
        try:
            first = self._events.get(timeout=timeout)
        except queue.Empty:
            return []
        return [first, *self.poll()]

    def play(self, move: str) -> None:
        """Play a local move; answered by a `MoveSent` or `MoveRefused` event."""
        self._post(self.session.play, move)

    def chat(self, text: str) -> None:
        self._post(self.session.chat, text)

    def resign(self) -> None:
        self._post(self.session.resign)

    def rematch(self) -> None:
        self._post(self.session.propose_rematch)

    def close(self, timeout: float = 5.0) -> None:
        """Say bye, close every connection and stop the thread. A shutdown that takes
        longer than `timeout` (a relay that never answers, on a machine too busy to
        give up in time) is left to finish on its thread: closing never raises."""
        if not self._thread.is_alive():
            return
        with contextlib.suppress(RuntimeError, TimeoutError):  # the loop closed; too slow
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(timeout)
        self._thread.join(timeout)

    def __enter__(self) -> _Endpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- network thread ------------------------------------------------------------

    def _post(self, fn: Callable[..., list[Output]], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # loop already closed
            self._loop.call_soon_threadsafe(self.call, fn, *args)

    def _run_loop(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()
            self._stopped.set()

    def _spawn(self, coro: Any) -> None:
        task = self._loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def call(self, fn: Callable[..., list[Output]], *args: Any) -> None:
        """Run a session method with the time appended and carry out its outputs.
        A bug in the session or the caller's adapter is logged, never fatal."""
        try:
            outputs = fn(*args, self._loop.time())
        except Exception:
            log.exception("session error in %s", getattr(fn, "__name__", fn))
            return
        for out in outputs:
            if isinstance(out, Send):
                try:
                    self._send(out.conn, out.msg)
                except (ValueError, OSError, RuntimeError):
                    log.exception("cannot send %r", out.msg.get("t"))
            elif isinstance(out, Close):
                self._close(out.conn)
            elif isinstance(out, Connect):
                self._spawn(self._connect(out.conn))
            elif isinstance(out, Event):
                self._queue(out)

    def _send(self, conn: int, msg: dict[str, Any]) -> None:
        """Carry out a `Send`: here on a TCP connection (the relay: a sealed frame)."""
        c = self.conns.get(conn)
        if c is not None:
            c.send(msg)

    def _close(self, conn: int) -> None:
        """Carry out a `Close`: flush, then close (the relay: a sealed close frame)."""
        c = self.conns.get(conn)
        if c is not None:
            c.close()

    def _queue(self, event: Event) -> None:
        """Hand `event` to the caller, and wake it if it asked to be woken."""
        self._events.put(event)
        wake = self.on_event
        if wake is not None:
            try:
                wake()
            except Exception:  # the caller's bug must not stop the network
                log.exception("on_event failed")

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(self.tick_interval)
            self.call(self.session.tick)

    async def _connect(self, conn: int) -> None:
        raise NotImplementedError

    async def _shutdown(self) -> None:
        self._before_shutdown()
        await asyncio.sleep(0)
        for c in list(self.conns.values()):
            c.close()
        deadline = time.monotonic() + self.linger
        while self.conns and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for c in list(self.conns.values()):
            c.abort()
        await self._before_stop()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._loop.call_soon(self._loop.stop)

    def _before_shutdown(self) -> None:
        pass

    async def _before_stop(self) -> None:
        """The last words are out (or given up on); before the loop stops (the relay
        flushes them to the server and leaves it)."""


class HostEndpoint(_Endpoint):
    """A host's caller API, whatever carries it (TCP here, a relay in `net.relay`):
    start, then hold one game at a time; `_start` binds the transport."""

    def __init__(
        self, adapter: GameAdapter, *, tick_interval: float, linger: float, **session_args: Any
    ) -> None:
        super().__init__(tick_interval=tick_interval, linger=linger)
        self.session = HostSession(adapter, **session_args)

    def start(self, timeout: float = 5.0) -> tuple[str, int]:
        """Bind and start the thread; return where it listens. Raises OSError if it
        cannot (the port is taken; the relay cannot be reached)."""
        self._thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            return fut.result(timeout)
        except BaseException:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout)
            raise

    async def _start(self) -> tuple[str, int]:
        raise NotImplementedError

    def abandon(self) -> None:
        """Give up the current game (bye to the peer) and free the table."""
        self._post(self.session.abandon)

    def open_seat(self, allow: bool = True) -> None:
        """A held game: let the next joiner take the peer's seat, token or not."""
        self._post(self.session.open_seat, allow)

    def host_again(self) -> None:
        """After a game (`rest_after_game`): take the next joiner, be listed again."""
        self._post(self.session.host_again)

    def _before_shutdown(self) -> None:
        self.call(self.session.shutdown)
        self._queue(Closed("host closed"))


class JoinEndpoint(_Endpoint):
    """A joiner's caller API, whatever carries it: the session asks for connections
    (`Connect`) and `_connect` opens them. A spectator's is the same with a
    `WatchSession` (`watching=True`): it dials, redials and leaves as a joiner does."""

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        tick_interval: float,
        linger: float,
        watching: bool = False,
        **session_args: Any,
    ) -> None:
        super().__init__(tick_interval=tick_interval, linger=linger)
        kind = WatchSession if watching else JoinSession
        self.session = kind(adapter, **session_args)

    def start(self) -> None:
        """Start the thread and dial; news arrives through `poll()`."""
        self._thread.start()
        self._loop.call_soon_threadsafe(self._begin)

    def leave(self) -> None:
        """Say bye; the session ends with `Closed("left")`."""
        self._post(self.session.leave)

    def _begin(self) -> None:
        self._spawn(self._ticker())
        self.call(self.session.start)

    def _before_shutdown(self) -> None:
        if self.session.state != "closed":
            self.call(self.session.leave)


class NetHost(HostEndpoint):
    """Hosts one game at a time on `bind`:`port` (port 0 picks a free one).

    Keeps accepting connections: while a game has a live peer, newcomers get
    `reject "table full"`; when the table is free, the next hello starts a game.
    With `announce`, a discovery beacon is sent every `beacon_interval` seconds (one
    by default, docs/protocol.md) from the same thread.
    """

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        announce: bool = False,
        beacon_port: int = BEACON_PORT,
        beacon_targets: list[str] | None = None,
        beacon_interval: float = BEACON_INTERVAL,
        max_connections: int = MAX_CONNECTIONS,
        tick_interval: float = 0.05,
        linger: float = LINGER,
        **session_args: Any,
    ) -> None:
        super().__init__(adapter, tick_interval=tick_interval, linger=linger, **session_args)
        self.bind, self.port = bind, port
        self.max_connections = max_connections
        self._beacon_args = (announce, beacon_port, beacon_targets, beacon_interval)
        self._beacon: Beacon | None = None
        self._server: asyncio.AbstractServer | None = None
        self._ids = itertools.count(1)
        self.session.gallery.backlog = self._backlog

    def _backlog(self, conn: int) -> int:
        c = self.conns.get(conn)
        return 0 if c is None else c.backlog()

    def _send(self, conn: int, msg: dict[str, Any]) -> None:
        """As any send; a spectator whose output waits past its bound is let go (the
        session is told its connection is lost), never waited for."""
        super()._send(conn, msg)
        c = self.conns.get(conn)
        if c is not None and conn in self.session.gallery and c.backlog() > SPECTATOR_BACKLOG:
            c.abort()
            self.call(self.session.connection_lost, conn)

    async def _start(self) -> tuple[str, int]:
        self._server = await asyncio.start_server(self._accept, self.bind, self.port)
        addr = self._server.sockets[0].getsockname()
        self.port = addr[1]
        self._spawn(self._ticker())
        announce, beacon_port, targets, interval = self._beacon_args
        if announce:
            s = self.session
            self._beacon = Beacon(
                s.name,
                s.adapter.game,
                self.port,
                app=s.app,
                beacon_port=beacon_port,
                targets=targets,
                interval=interval,
            )
            self._spawn(self._announce())
        return addr[0], addr[1]

    async def _announce(self) -> None:
        assert self._beacon is not None
        while True:
            if self.session.announcing:  # not while a person's host rests after a game
                self._beacon.playing(self.session.token is not None)
                self._beacon.send_once()
            await asyncio.sleep(self._beacon.interval)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Take a connection. At the cap, connections already closing (lingering to
        deliver our last words) are dropped, oldest first, to make room; only if none
        is closing is the newcomer turned away. The session keeps the others few: it
        closes the oldest of those that never said hello (`HostSession.max_pending`)."""
        for old in list(self.conns.values()):
            if len(self.conns) < self.max_connections:
                break
            if old.closing:
                old.abort()
                self.conns.pop(old.conn, None)
        if len(self.conns) >= self.max_connections:
            writer.transport.abort()
            return
        c = Connection(self, next(self._ids), reader, writer)
        self.conns[c.conn] = c
        self.call(self.session.connection_made, c.conn)
        await c.run()

    def _before_shutdown(self) -> None:
        super()._before_shutdown()
        if self._server is not None:
            self._server.close()
        if self._beacon is not None:
            self._beacon.close()


class NetJoin(JoinEndpoint):
    """Joins the host at `host`:`port`, and redials with the game's token after a
    lost link (or the host's `bye` mid-game), for as long as the rejoin window lasts."""

    def __init__(
        self,
        adapter: GameAdapter,
        host: str,
        port: int = DEFAULT_PORT,
        *,
        connect_timeout: float = 3.0,
        tick_interval: float = 0.05,
        linger: float = LINGER,
        **session_args: Any,
    ) -> None:
        super().__init__(adapter, tick_interval=tick_interval, linger=linger, **session_args)
        self.host, self.port = host, port
        self.connect_timeout = connect_timeout

    async def _connect(self, conn: int) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), self.connect_timeout
            )
        except (OSError, TimeoutError) as exc:
            self.call(self.session.connection_failed, conn, str(exc) or type(exc).__name__)
            return
        c = Connection(self, conn, reader, writer)
        self.conns[conn] = c
        self.call(self.session.connection_made, conn)
        await c.run()


class NetWatch(NetJoin):
    """Watches the game of the host at `host`:`port` (docs/protocol.md 1.2): a
    `WatchSession` on a joiner's connection, looking again after a lost link."""

    def __init__(self, adapter: GameAdapter, host: str, port: int = DEFAULT_PORT, **args: Any):
        super().__init__(adapter, host, port, watching=True, **args)
