"""One TCP connection of the transport: bytes in -> decoder -> session; messages out.

Both ends of it are bounded whatever the peer does: input is read 64 KiB at a time and
handed to the decoder, which holds at most one message of 64 KiB; output queued for a
peer that does not read is dropped past 1 MiB, and the connection with it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from net.framing import FrameDecoder, ProtocolViolation, encode

READ_CHUNK = 65536
MAX_WRITE_BUFFER = 1 << 20  # a peer that stops reading is dropped, not buffered for


class Owner(Protocol):
    """What a connection needs of its endpoint (`net.transport`), which runs it."""

    linger: float
    conns: dict[int, Connection]
    session: Any

    def call(self, fn: Callable[..., Any], *args: Any) -> None: ...


class Connection:
    """One TCP connection: bytes in -> decoder -> session; messages out -> bytes."""

    def __init__(self, ep: Owner, conn: int, reader: Any, writer: Any) -> None:
        self.ep, self.conn, self.reader, self.writer = ep, conn, reader, writer
        self.decoder = FrameDecoder()
        self.closing = False
        self.spoke = False  # something was written to the peer

    def send(self, msg: dict[str, Any]) -> None:
        if self.closing or self.writer.is_closing():
            return
        self.writer.write(encode(msg))
        self.spoke = True
        if self.writer.transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            self.writer.transport.abort()

    def backlog(self) -> int:
        """Bytes written and not yet taken by the peer."""
        return 0 if self.closing else self.writer.transport.get_write_buffer_size()

    def close(self) -> None:
        """Flush, send FIN, and keep reading (discarding) for a moment: closing with
        unread input makes the kernel send RST, which can destroy our `error` before
        the peer reads it."""
        if self.closing:
            return
        self.closing = True
        if not self.spoke:  # no last words to protect: free the connection at once
            self.abort()
            return
        with contextlib.suppress(OSError, RuntimeError):
            if self.writer.can_write_eof():
                self.writer.write_eof()

    def abort(self) -> None:
        """Drop the connection now, unsent data and all."""
        self.closing = True
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.transport.abort()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        deadline: float | None = None
        try:
            while True:
                if self.closing:
                    deadline = deadline or loop.time() + self.ep.linger
                    left = deadline - loop.time()
                    if left <= 0:
                        break
                    data = await asyncio.wait_for(self.reader.read(READ_CHUNK), left)
                    if not data:
                        break
                    continue
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    break
                self._handle(data)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            pass
        finally:
            self.writer.close()
            self.ep.conns.pop(self.conn, None)
            if not self.closing:
                self.closing = True
                self.ep.call(self.ep.session.connection_lost, self.conn)

    def _handle(self, data: bytes) -> None:
        violation = None
        try:
            messages = self.decoder.feed(data)
        except ProtocolViolation as exc:
            violation, messages = exc, exc.messages
        for msg in messages:
            if self.closing:
                return
            self.ep.call(self.ep.session.receive, self.conn, msg)
        if violation is not None and not self.closing:
            self.ep.call(self.ep.session.violation, self.conn, violation)
            self.close()  # the stream is unreadable from here on, whatever the session says
