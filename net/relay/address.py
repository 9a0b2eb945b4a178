"""A relay's address as a player types it -> the NATS server URLs the client dials.

    club.example.org            nats://club.example.org:4222
    club.example.org:4333       nats://club.example.org:4333
    tls://club.example.org      tls://club.example.org:4222 (TLS, the system's CAs)
    a.example:4222,b.example    both: one relay of a cluster, then the next

Several servers, separated by commas, are one relay: the client picks one and moves to
another when its server goes away (the game reconnects as after a lost link).
"""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_RELAY_PORT = 4222
SCHEMES = ("nats", "tls")


class RelayAddressError(ValueError):
    """An address that names no relay; the message says why, in one line."""


def relay_servers(text: str) -> list[str]:
    """The server URLs of `text` (one address or several, comma-separated)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(parts):
        raise RelayAddressError(f"bad relay address {text!r}: give HOST[:PORT]")
    return [_server(p) for p in parts]


def _server(part: str) -> str:
    url = part if "://" in part else f"nats://{part}"
    try:
        split = urlsplit(url)
        port = DEFAULT_RELAY_PORT if split.port is None else split.port
    except ValueError:
        port = 0
    if not 0 < port < 65536:
        raise RelayAddressError(f"bad port in relay address {part!r}")
    host = split.hostname or ""
    if split.scheme not in SCHEMES:
        raise RelayAddressError(f"bad relay address {part!r}: use nats:// or tls://")
    if not host or split.path not in ("", "/") or split.username or split.query:
        raise RelayAddressError(f"bad relay address {part!r}: give HOST[:PORT]")
    shown = f"[{host}]" if ":" in host else host
    return f"{split.scheme}://{shown}:{port}"


def shown(servers: list[str]) -> str:
    """The relay's address as a person reads it: `club.example.org:4222`."""
    return ",".join(s.removeprefix("nats://") for s in servers)
