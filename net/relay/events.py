"""What the relay transport itself tells its caller, beyond the contract's events.

Light on purpose (no NATS, no cryptography): a program shows these without loading the
relay until it uses one.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.events import Event


@dataclass(frozen=True)
class WrongCode(Event):
    """Host: a joiner tried this room's code with a wrong secret (its confirmation did
    not hold: it was told "wrong code"). `tries` wrong ones so far of `limit`; once
    `locked`, the host refuses every new attempt with this code (its person should host
    again, with a new code). A game under way goes on. `watch` (1.2): it was the
    watch code that was tried (counted apart: its lock shuts out spectators only)."""

    tries: int
    limit: int
    locked: bool
    watch: bool = False
