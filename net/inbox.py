"""The events the network thread hands its caller, in a queue that a peer cannot fill.

The network thread puts, the caller's thread (the pygame loop, a headless tool) takes,
each frame. A peer decides how fast events are made; this decides how many may wait.
"""

from __future__ import annotations

import queue
import threading

from net.events import ChatReceived, Event, PeerError, PeerMisbehaved, Throttled

#: Notices (chat, errors) waiting for the caller, at most; past that they are dropped.
MAX_QUEUED_NOTICES = 1000
NOTICES = (ChatReceived, PeerError, PeerMisbehaved, Throttled)


class EventQueue:
    """The events the network thread hands the caller, bounded.

    Notices (chat lines, errors, reports of misbehaviour) are news for people: when
    `max_notices` of them wait unread (the caller is busy, or a peer outruns even its
    budgets across many connections), more are dropped rather than kept. Every other
    event is part of the game (a move, a start, a lost link), bounded by the protocol
    itself, and always kept.
    """

    def __init__(self, max_notices: int = MAX_QUEUED_NOTICES) -> None:
        self.max_notices = max_notices
        self._items: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._notices = 0  # notices in the queue
        self.dropped = 0  # notices dropped since the start

    def put(self, event: Event) -> None:
        notice = isinstance(event, NOTICES)
        if notice:
            with self._lock:
                if self._notices >= self.max_notices:
                    self.dropped += 1
                    return
                self._notices += 1
        self._items.put(event)

    def get(self, timeout: float | None = None) -> Event:
        """The next event; waits up to `timeout` (None: no wait); raises queue.Empty."""
        items = self._items
        event = items.get_nowait() if timeout is None else items.get(timeout=timeout)
        if isinstance(event, NOTICES):
            with self._lock:
                self._notices -= 1
        return event
