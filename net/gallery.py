"""The host's spectators (docs/protocol.md 1.2): who watches, and what they are owed.

A spectator is a connection that said `watch` instead of `hello`. It is sent the game
and never changes it: what it may send is `chat` (to the other spectators; the players
see it only once the game is over, so it cannot give advice), `ping`, `pong` and `bye`.
Anything else closes its connection, and only its own.

The gallery keeps at most `MAX_SPECTATORS`. Each one's output waits in the transport
behind a bounded queue (`SPECTATOR_BACKLOG`: past it the spectator is dropped, never
waited for), and when a newcomer finds every place taken, the slowest spectator (the
one with the most output waiting) gives up its place if it is behind at all; otherwise
the newcomer is refused (`watch-full`). So however many watch, and however slowly
they read, the game's own messages are never held up behind theirs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from net.events import Close, Output, Send
from net.limits import Budget

MAX_SPECTATORS = 16
#: Bytes that may wait to be sent to one spectator before it is dropped (the players'
#: own limit is 1 MiB: a spectator is let go sooner).
SPECTATOR_BACKLOG = 256 * 1024
#: The players' last lines a newcomer is shown; the spectators' lines held for the
#: players until the game ends (past that, the oldest go).
RECENT_CHAT = 50
HELD_CHAT = 200


@dataclass
class Spectator:
    """One spectator's connection and its heartbeat, as a game link has."""

    conn: int
    name: str
    last_heard: float
    next_ping: float
    budget: Budget
    ping_id: int = 0


class Gallery:
    """The spectators of one host, and the chat they see and hold."""

    def __init__(self, limit: int = MAX_SPECTATORS) -> None:
        self.limit = limit
        self.spectators: dict[int, Spectator] = {}
        #: Connections that may watch and nothing else (the relay's watch code).
        self.watch_only: set[int] = set()
        #: The players' recent lines: (name, side, text), shown to a newcomer.
        self.recent: deque[tuple[str, str, str]] = deque(maxlen=RECENT_CHAT)
        #: Spectators' lines the players have not seen: (name, text).
        self.held: deque[tuple[str, str]] = deque(maxlen=HELD_CHAT)
        #: Bytes waiting to be sent on a connection (the transport's answer; 0 when it
        #: cannot tell, as through a relay).
        self.backlog: Callable[[int], int] = lambda conn: 0

    def __len__(self) -> int:
        return len(self.spectators)

    def __contains__(self, conn: object) -> bool:
        return conn in self.spectators

    def __iter__(self) -> Iterator[Spectator]:
        return iter(list(self.spectators.values()))

    def add(self, spectator: Spectator) -> None:
        self.spectators[spectator.conn] = spectator

    def remove(self, conn: int) -> bool:
        """Forget `conn`; True if it was a spectator."""
        self.watch_only.discard(conn)
        return self.spectators.pop(conn, None) is not None

    def room_for_one(self) -> Output | None:
        """Make room for a newcomer if every place is taken: the slowest spectator, if
        it is behind at all, is closed (its `Close`). None when there is room already;
        raises `LookupError` when there is none to make."""
        if len(self.spectators) < self.limit:
            return None
        slowest = max(self.spectators, key=self.backlog, default=None)
        if slowest is None or self.backlog(slowest) <= 0:
            raise LookupError("every place is taken, by spectators who keep up")
        self.remove(slowest)
        return Close(slowest, "a slow spectator makes room for a newcomer")

    def sends(self, msg: dict[str, Any], *, but: int | None = None) -> list[Output]:
        """`msg` to every spectator (but `but`)."""
        return [Send(conn, msg) for conn in self.spectators if conn != but]

    def tick(
        self, now: float, ping_interval: float, silence_limit: float, ping: Callable[[int], Any]
    ) -> list[Output]:
        """The heartbeat: a `ping` to each spectator in turn, and a spectator silent for
        `silence_limit` is closed and forgotten."""
        out: list[Output] = []
        for spectator in self:
            if now - spectator.last_heard >= silence_limit:
                self.remove(spectator.conn)
                out.append(Close(spectator.conn, "spectator silent"))
            elif now >= spectator.next_ping:
                spectator.ping_id += 1
                spectator.next_ping = now + ping_interval
                out.append(Send(spectator.conn, ping(spectator.ping_id)))
        return out
