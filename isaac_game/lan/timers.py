"""Protocol timers for LAN play: docs/protocol.md's values, or shorter ones for tests.

Each timer can be shortened by an environment variable (read when the options are
built) or by a hidden command-line option of `host`/`join` (`--ping-interval`...).
Real play uses the defaults; tests shrink them so a lost link is noticed in a
second instead of ten.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import asdict, dataclass
from typing import TypedDict

from net.discovery import BEACON_INTERVAL
from net.session import (
    HELLO_TIMEOUT,
    PING_INTERVAL,
    REJOIN_WINDOW,
    SILENCE_LIMIT,
    WELCOME_TIMEOUT,
)

#: option name -> (environment variable, docs/protocol.md default: the network's own)
TIMERS: dict[str, tuple[str, float]] = {
    "hello_timeout": ("ISAAC_LAN_HELLO_TIMEOUT", HELLO_TIMEOUT),
    "ping_interval": ("ISAAC_LAN_PING_INTERVAL", PING_INTERVAL),
    "silence_limit": ("ISAAC_LAN_SILENCE_LIMIT", SILENCE_LIMIT),
    "rejoin_window": ("ISAAC_LAN_REJOIN_WINDOW", REJOIN_WINDOW),
    "retry_interval": ("ISAAC_LAN_RETRY_INTERVAL", 1.0),
    "connect_timeout": ("ISAAC_LAN_CONNECT_TIMEOUT", 3.0),
    "welcome_timeout": ("ISAAC_LAN_WELCOME_TIMEOUT", WELCOME_TIMEOUT),
    "beacon_interval": ("ISAAC_LAN_BEACON_INTERVAL", BEACON_INTERVAL),
}


class HostTimers(TypedDict):
    """The timers `net.NetHost` takes (its beacon's interval, and its session's
    keyword arguments)."""

    hello_timeout: float
    ping_interval: float
    silence_limit: float
    rejoin_window: float
    beacon_interval: float


class JoinTimers(TypedDict):
    """The timers `net.NetJoin` takes."""

    ping_interval: float
    silence_limit: float
    rejoin_window: float
    retry_interval: float
    connect_timeout: float
    welcome_timeout: float


@dataclass(frozen=True)
class Timers:
    hello_timeout: float = HELLO_TIMEOUT
    ping_interval: float = PING_INTERVAL
    silence_limit: float = SILENCE_LIMIT
    rejoin_window: float = REJOIN_WINDOW  # how long a lost peer's seat is kept
    retry_interval: float = 1.0
    connect_timeout: float = 3.0
    welcome_timeout: float = WELCOME_TIMEOUT
    beacon_interval: float = BEACON_INTERVAL

    @classmethod
    def from_env(cls) -> Timers:
        values = {}
        for key, (env, default) in TIMERS.items():
            raw = os.environ.get(env, "")
            try:
                values[key] = float(raw) if raw.strip() else default
            except ValueError:
                values[key] = default
        return cls(**values)

    def host_args(self) -> HostTimers:
        """Keyword arguments for `net.NetHost`."""
        return HostTimers(
            hello_timeout=self.hello_timeout,
            ping_interval=self.ping_interval,
            silence_limit=self.silence_limit,
            rejoin_window=self.rejoin_window,
            beacon_interval=self.beacon_interval,
        )

    def join_args(self) -> JoinTimers:
        """Keyword arguments for `net.NetJoin`."""
        return JoinTimers(
            ping_interval=self.ping_interval,
            silence_limit=self.silence_limit,
            rejoin_window=self.rejoin_window,
            retry_interval=self.retry_interval,
            connect_timeout=self.connect_timeout,
            welcome_timeout=self.welcome_timeout,
        )


def add_timer_options(parser: argparse.ArgumentParser) -> None:
    """Hidden options, one per timer (seconds); defaults come from the environment."""
    for key in TIMERS:
        parser.add_argument(
            "--" + key.replace("_", "-"), type=float, default=None, help=argparse.SUPPRESS
        )


def timers_from_args(args: argparse.Namespace) -> Timers:
    base = asdict(Timers.from_env())
    for key in TIMERS:
        value = getattr(args, key, None)
        if value is not None:
            base[key] = value
    return Timers(**base)
