"""What one peer may send that the game does not need: budgets, per connection.

A peer decides how fast it writes; we decide how much of it we keep. Chat lines, the
peer's `error` messages and our answers to its unknown message types are shown to a
person or written to a log, and a peer that sends them as fast as it can would fill
memory, the log and the screen (docs/protocol.md, receiver limits: 1.1, clarified). Each is
given a token bucket: a burst, then a steady rate. What is over budget is dropped
without an answer; the connection stays, since nothing the game needs was lost.
Moves, pings and the handshake are never budgeted: the protocol bounds them itself.
"""

from __future__ import annotations

from dataclasses import dataclass

CHAT = "chat"
ERRORS = "error"
UNKNOWN = "unknown"

#: kind -> (burst, lines a second afterwards). A person types far slower than this;
#: a program that greets with a few lines fits in the burst.
BUDGETS: dict[str, tuple[float, float]] = {
    CHAT: (10.0, 2.0),
    ERRORS: (10.0, 2.0),
    UNKNOWN: (10.0, 2.0),
}

#: What the caller is told, once per connection, when a kind first goes over budget.
WHAT = {
    CHAT: "chat lines",
    ERRORS: "error messages",
    UNKNOWN: "messages of unknown types",
}


@dataclass
class Bucket:
    """A token bucket: holds up to `burst` tokens, refilled at `rate` a second."""

    burst: float
    rate: float
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        """Spend one token if there is one (True); otherwise spend nothing (False)."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = max(self.stamp, now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Budget:
    """One connection's budgets, and which kinds it has already been reported for."""

    def __init__(self, now: float, budgets: dict[str, tuple[float, float]] | None = None) -> None:
        table = BUDGETS if budgets is None else budgets
        self._buckets = {
            kind: Bucket(burst, rate, burst, now) for kind, (burst, rate) in table.items()
        }
        self._told: set[str] = set()

    def allow(self, kind: str, now: float) -> bool:
        """May one more message of `kind` be kept? Unbudgeted kinds always may."""
        bucket = self._buckets.get(kind)
        return bucket is None or bucket.take(now)

    def first(self, what: str) -> bool:
        """True the first time `what` is asked about on this connection: a misbehaving
        connection is reported once, however long it goes on."""
        if what in self._told:
            return False
        self._told.add(what)
        return True
