"""The relay transport: `RelayHost` and `RelayJoin`, the contract over a NATS server.

Each is an endpoint of `net.transport` (its thread, its tick, its caller API: `poll`,
`wait`, `play`, `chat`, ..., `close`) whose connections are *virtual*: each attempt of
a joiner, named by 8 random bytes, is one connection of the sessions, opened by a key
exchange on the code (`crypto.Handshake`), then carrying sealed frames (`wire`) on the
room's two subjects. To a session nothing differs from TCP: `connection_made`,
`receive`, `violation`, `connection_lost`, `connection_failed` (and, the joiner,
`connection_refused` for a wrong code). A lost relay connection is a lost link for
every virtual connection: the session's "reconnecting...", redial and rejoin window do
the rest, with a new attempt and a new key exchange on the same code.

What reaches a session is authenticated: a frame that does not open (garbage, a
forgery, a replay, a frame of another attempt) is dropped without a word, and the game
goes on. A frame that opens is the peer's, and its mistakes are the contract's.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from net.framing import BAD_MESSAGE, FrameDecoder, ProtocolViolation, encode
from net.game import GameAdapter
from net.limits import Bucket
from net.relay import wire
from net.relay.address import shown
from net.relay.code import RoomCode, new_code
from net.relay.crypto import HOST, JOIN, Channel, Handshake, HandshakeError
from net.relay.events import WrongCode
from net.relay.line import NatsLine
from net.relay.wire import CONFIRM, DATA, PAKE, PROBE, REFUSE, TAKEN, Frame, pack
from net.transport import LINGER, HostEndpoint, JoinEndpoint, _Endpoint

log = logging.getLogger(__name__)

MAX_WRONG_CODES = 5  # wrong confirmations a room takes; then the code is refused
HANDSHAKE_TIMEOUT = 10.0  # s a host keeps an attempt waiting for its confirmation
MAX_HANDSHAKES = 16  # attempts waiting at once; past that the oldest goes
#: Key exchanges (and probes) a host answers: a burst, then a steady rate. Each costs
#: it a few milliseconds of SPAKE2; a client flooding a room must not cost more.
DOOR_BUDGET = (10.0, 2.0)
PROBE_WAIT = 0.3  # s a new host listens for another host already in its room
PROBES = 8  # rooms tried before a host takes one that answered "taken" anyway


class Refused(Exception):
    """The host refused the attempt, in plain text (`wire.REFUSALS`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass
class Link:
    """One virtual connection, past its key exchange: sealed frames both ways."""

    conn: int
    attempt: bytes
    channel: Channel
    subject: str  # where our frames go: the peer's subject
    closing: bool = False

    def frame(self, inner: bytes) -> bytes:
        return pack(DATA, self.attempt, self.channel.seal(inner))


@dataclass
class Door:
    """One code a host answers in its own room: the game's, or (1.2) the watch code,
    whose connections may only watch. Each counts its own wrong tries."""

    code: RoomCode
    watch_only: bool = False
    wrong: int = 0

    @property
    def subjects(self) -> tuple[str, str]:
        return wire.subjects(self.code.room)


class _RelayEndpoint(_Endpoint):
    """What both ends share: the relay connection, the links, sealed frames in and out."""

    session: Any

    def __init__(self, servers: list[str], *, client: str, **endpoint_args: Any) -> None:
        """`endpoint_args` go on to the host's or joiner's endpoint (its adapter, timers
        and session arguments)."""
        super().__init__(**endpoint_args)
        self.servers = servers
        self.address = shown(servers)
        self.line = NatsLine(servers, name=client, on_down=self._relay_down)
        self.links: dict[int, Link] = {}
        self._by_attempt: dict[bytes, int] = {}

    # -- session actions ------------------------------------------------------------

    def _send(self, conn: int, msg: dict[str, Any]) -> None:
        link = self.links.get(conn)
        if link is not None:
            self.line.publish(link.subject, link.frame(wire.MESSAGE + encode(msg)))

    def _close(self, conn: int) -> None:
        """The session closes a connection: a sealed close frame after its last words
        (which go first: one queue, in order), and the link is forgotten."""
        link = self._forget(conn)
        if link is not None:
            self.line.publish(link.subject, link.frame(wire.CLOSE))

    def _forget(self, conn: int) -> Link | None:
        link = self.links.pop(conn, None)
        if link is not None:
            link.closing = True
            self._by_attempt.pop(link.attempt, None)
        return link

    def _add_link(self, conn: int, attempt: bytes, channel: Channel, subject: str) -> None:
        self.links[conn] = Link(conn, attempt, channel, subject)
        self._by_attempt[attempt] = conn

    # -- frames in ------------------------------------------------------------------

    def _on_data(self, frame: Frame) -> None:
        """A data frame: opened, it is one contract message (or the peer's close) of
        one of our links; anything else is dropped."""
        conn = self._by_attempt.get(frame.attempt)
        link = self.links.get(conn) if conn is not None else None
        if link is None:
            return
        plain = link.channel.open(frame.body)
        if plain is None:
            return  # not sealed with this link's key, or a counter already passed
        kind, data = plain[:1], plain[1:]
        if kind == wire.CLOSE:
            self._forget(link.conn)
            self.call(self.session.connection_lost, link.conn)
        elif kind == wire.MESSAGE:
            self._deliver(link.conn, data)

    def _deliver(self, conn: int, data: bytes) -> None:
        """One frame, one whole message: checked as the TCP decoder checks a stream."""
        decoder = FrameDecoder()
        try:
            messages = decoder.feed(data)
            if len(messages) != 1 or decoder.pending:
                raise ProtocolViolation(BAD_MESSAGE, "a relay frame holds one whole message")
        except ProtocolViolation as exc:
            self.call(self.session.violation, conn, exc)
            return
        self.call(self.session.receive, conn, messages[0])

    # -- the relay connection ---------------------------------------------------------

    def _relay_down(self) -> None:
        """The relay connection went: every link with it (the client reconnects by
        itself; the sessions redial, or wait, as after any lost link)."""
        for conn in list(self.links):
            self._forget(conn)
            self.call(self.session.connection_lost, conn)

    async def _before_stop(self) -> None:
        await self.line.close(self.linger)


class RelayHost(_RelayEndpoint, HostEndpoint):
    """Hosts one game at a time in a room of the relay at `servers`, for whoever holds
    `code` (a new one by default, in a room no other host is in: `self.code`).

    Answers each attempt's key exchange; an attempt whose confirmation is wrong is told
    "wrong code" and counted, and after `max_wrong` of them the code is refused
    (`WrongCode(locked=True)`), the game under way going on.

    With `watch` (1.2), a second code in a room of its own (`self.watch_code`; the one
    given, or a new one) lets spectators in, and only spectators: the session is told
    its connections may only watch. Its wrong tries are counted apart.
    """

    def __init__(
        self,
        adapter: GameAdapter,
        servers: list[str],
        *,
        code: RoomCode | None = None,
        watch: bool = False,
        watch_code: RoomCode | None = None,
        max_wrong: int = MAX_WRONG_CODES,
        connect_timeout: float = 5.0,
        tick_interval: float = 0.05,
        linger: float = LINGER,
        **session_args: Any,
    ) -> None:
        super().__init__(servers, client="isaac_game host", adapter=adapter,
                         tick_interval=tick_interval, linger=linger, **session_args)  # fmt: skip
        self.door = Door(code if code is not None else new_code())
        self.watch_door: Door | None = None
        if watch or watch_code is not None:
            self.watch_door = Door(watch_code or new_code(), watch_only=True)
        self._given = (code is not None, watch_code is not None)
        self.connect_timeout = connect_timeout
        self.max_wrong = max_wrong
        self._ids = itertools.count(1)
        self._waiting: OrderedDict[bytes, tuple[Handshake, float, Door]] = OrderedDict()
        self._bucket = Bucket(*DOOR_BUDGET, DOOR_BUDGET[0], 0.0)

    @property
    def code(self) -> RoomCode:
        return self.door.code

    @property
    def watch_code(self) -> RoomCode | None:
        return None if self.watch_door is None else self.watch_door.code

    @property
    def wrong(self) -> int:
        """Wrong confirmations of the game's code so far."""
        return self.door.wrong

    @property
    def locked(self) -> bool:
        return self._locked(self.door)

    def _locked(self, door: Door) -> bool:
        return door.wrong >= self.max_wrong

    def start(self, timeout: float | None = None) -> tuple[str, int]:
        """Connect to the relay and find a free room; returns the relay's address (and
        0: no port of ours). Raises `RelayUnreachable` (an OSError) if no server of the
        relay answers within `connect_timeout`."""
        if timeout is None:
            timeout = self.connect_timeout + PROBES * PROBE_WAIT + 5.0
        return super().start(timeout)

    async def _start(self) -> tuple[str, int]:
        await self.line.open(self.connect_timeout)
        doors = [(self.door, self._given[0]), (self.watch_door, self._given[1])]
        for door, given in doors:
            if door is None:
                continue
            for _ in range(PROBES):
                if given or not await self._room_taken(door.subjects):
                    break
                door.code = new_code()
            await self.line.listen(door.subjects[0], functools.partial(self._on_frame, door))
        self._spawn(self._ticker())
        return self.address, 0

    async def _room_taken(self, subjects: tuple[str, str]) -> bool:
        """Is another host in our room? It answers our probe (`TAKEN`)."""
        nonce = secrets.token_bytes(wire.ATTEMPT_BYTES)
        answered = asyncio.Event()

        def hear(data: bytes) -> None:
            frame = wire.parse(data)
            if frame is not None and frame.kind == TAKEN and frame.attempt == nonce:
                answered.set()

        sub = await self.line.listen(subjects[1], hear)
        self.line.publish(subjects[0], pack(PROBE, nonce))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(answered.wait(), PROBE_WAIT)
        await self.line.unlisten(sub)
        return answered.is_set()

    def _on_frame(self, door: Door, data: bytes) -> None:
        frame = wire.parse(data)
        if frame is None:
            return
        now = self._loop.time()
        if frame.kind == DATA:
            self._on_data(frame)
        elif frame.kind in (PAKE, PROBE):
            copy = frame.attempt in self._waiting or frame.attempt in self._by_attempt
            if not copy and self._bucket.take(now):  # over budget: dropped unanswered
                self._knock(door, frame, now)
        elif frame.kind == CONFIRM:
            self._on_confirm(door, frame)

    def _refuse(self, door: Door, attempt: bytes, code: str) -> None:
        self.line.publish(door.subjects[1], pack(REFUSE, attempt, code.encode()))

    def _knock(self, door: Door, frame: Frame, now: float) -> None:
        """A probe from a host looking for a free room, or a joiner's key exchange (a
        new attempt: a copy of one under way is not answered again)."""
        if frame.kind == PROBE:
            self.line.publish(door.subjects[1], pack(TAKEN, frame.attempt))
            return
        if self._locked(door):
            self._refuse(door, frame.attempt, wire.CODE_LOCKED)
            return
        for attempt, (_, since, _door) in list(self._waiting.items()):
            if now - since >= HANDSHAKE_TIMEOUT or len(self._waiting) >= MAX_HANDSHAKES:
                del self._waiting[attempt]
        handshake = Handshake(door.code, frame.attempt, HOST)
        ours = handshake.start()
        try:
            handshake.finish(frame.body)
        except HandshakeError:
            return  # not a SPAKE2 message: junk
        self._waiting[frame.attempt] = (handshake, now, door)
        self.line.publish(door.subjects[1], pack(PAKE, frame.attempt, ours))

    def _on_confirm(self, door: Door, frame: Frame) -> None:
        """The joiner's proof that it holds the code: answered with ours and the
        connection is made; a wrong one is "wrong code", counted."""
        waiting = self._waiting.get(frame.attempt)
        if waiting is None or waiting[2] is not door:
            return
        del self._waiting[frame.attempt]
        handshake = waiting[0]
        if not handshake.confirms(frame.body):
            door.wrong += 1
            self._refuse(door, frame.attempt, wire.WRONG_CODE)
            locked = self._locked(door)
            self._queue(WrongCode(door.wrong, self.max_wrong, locked, door.watch_only))
            return
        conn = next(self._ids)
        reply = door.subjects[1]
        self._add_link(conn, frame.attempt, handshake.channel(), reply)
        self.line.publish(reply, pack(CONFIRM, frame.attempt, handshake.confirmation()))
        if door.watch_only:
            self.call(self.session.watcher_connected, conn)
        else:
            self.call(self.session.connection_made, conn)

    def _relay_down(self) -> None:
        self._waiting.clear()
        super()._relay_down()


@dataclass
class _Attempt:
    """The joiner's attempt under way: its name and the frames the host sent it."""

    attempt: bytes
    frames: asyncio.Queue[Frame] = field(default_factory=lambda: asyncio.Queue(16))


class RelayJoin(_RelayEndpoint, JoinEndpoint):
    """Joins the host of `code`'s room on the relay at `servers`; redials (a new
    attempt, a new key exchange, the same code) after a lost link, as `NetJoin` does.
    A wrong code ends the session with `Rejected(code="wrong-code")`; a host that
    refuses the code after too many wrong ones, `Rejected(code="code-locked")`."""

    def __init__(
        self,
        adapter: GameAdapter,
        servers: list[str],
        code: RoomCode,
        *,
        connect_timeout: float = 3.0,
        tick_interval: float = 0.05,
        linger: float = LINGER,
        **session_args: Any,
    ) -> None:
        super().__init__(servers, client="isaac_game join", adapter=adapter,
                         tick_interval=tick_interval, linger=linger, **session_args)  # fmt: skip
        self.code = code
        self.connect_timeout = connect_timeout
        self._subjects = wire.subjects(code.room)
        self._listening = False
        self._attempt: _Attempt | None = None

    async def _connect(self, conn: int) -> None:
        try:
            await self.line.open(self.connect_timeout)
            if not self._listening:
                await self.line.listen(self._subjects[1], self._on_frame)
                self._listening = True
            link = await asyncio.wait_for(self._handshake(conn), self.connect_timeout)
        except Refused as refused:
            self._refused(conn, refused.code)
            return
        except TimeoutError:
            if self.line.connected:
                why = "no host answered"
            else:
                why = "the relay connection is down (reconnecting)"
            self.call(self.session.connection_failed, conn, why)
            return
        except (OSError, HandshakeError) as exc:
            self.call(self.session.connection_failed, conn, str(exc) or type(exc).__name__)
            return
        finally:
            self._attempt = None
        self._add_link(conn, link.attempt, link.channel, link.subject)
        self.call(self.session.connection_made, conn)

    async def _handshake(self, conn: int) -> Link:
        """The key exchange of one attempt: ours, theirs, our confirmation, theirs."""
        await self.line.wait_connected()
        attempt = _Attempt(secrets.token_bytes(wire.ATTEMPT_BYTES))
        self._attempt = attempt
        handshake = Handshake(self.code, attempt.attempt, JOIN)
        self.line.publish(self._subjects[0], pack(PAKE, attempt.attempt, handshake.start()))
        while True:  # the first key exchange answered is the host's (an impostor's fails)
            frame = await self._next(attempt, PAKE)
            try:
                handshake.finish(frame.body)
                break
            except HandshakeError:
                continue
        mine = pack(CONFIRM, attempt.attempt, handshake.confirmation())
        self.line.publish(self._subjects[0], mine)
        while not handshake.confirms((await self._next(attempt, CONFIRM)).body):
            pass  # a forged confirmation: the host's may still come
        return Link(conn, attempt.attempt, handshake.channel(), self._subjects[0])

    async def _next(self, attempt: _Attempt, kind: bytes) -> Frame:
        while True:
            frame = await attempt.frames.get()
            if frame.kind == REFUSE:
                raise Refused(frame.body.decode("ascii"))
            if frame.kind == kind:
                return frame

    def _refused(self, conn: int, code: str) -> None:
        if code == wire.WRONG_CODE:
            reason = "wrong code"
        else:
            reason = "too many wrong codes: the host refuses this code now"
        self.call(self.session.connection_refused, conn, reason, code)

    def _on_frame(self, data: bytes) -> None:
        frame = wire.parse(data)
        if frame is None:
            return
        if frame.kind == DATA:
            self._on_data(frame)
        elif frame.kind in (PAKE, CONFIRM, REFUSE):
            attempt = self._attempt
            ours = attempt is not None and frame.attempt == attempt.attempt
            if attempt is not None and ours and not attempt.frames.full():
                attempt.frames.put_nowait(frame)


class RelayWatch(RelayJoin):
    """Watches, through the relay, the game of the host whose watch code (or game
    code) is `code` (docs/protocol.md 1.2): a `WatchSession` on a joiner's line."""

    def __init__(
        self, adapter: GameAdapter, servers: list[str], code: RoomCode, **args: Any
    ) -> None:
        super().__init__(adapter, servers, code, watching=True, **args)
