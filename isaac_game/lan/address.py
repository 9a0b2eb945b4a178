"""Reading a typed host address (`host`, `host:port`, `[v6]:port`), for the join menu and
the headless `join` alike."""

from __future__ import annotations

import ipaddress

from net import DEFAULT_PORT


class AddressError(ValueError):
    """A typed address that cannot be dialled; the message (English, for the command
    line) says what is wrong."""


class BadPort(AddressError):
    """The address's port is not a number from 1 to 65535 (the window says so in the
    player's words, told apart by this class rather than by the message)."""


def parse_address(text: str) -> tuple[str, int]:
    """`host`, `host:port`, `[v6]:port` -> (host, port); raises AddressError."""
    text = text.strip()
    host, port_text = text, ""
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise AddressError(f"bad address {text!r}")
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1:
        host = text  # a bare IPv6 address
    if port_text and (not port_text.isdigit() or not 0 < int(port_text) < 65536):
        raise BadPort(f"bad port in {text!r}")
    port = int(port_text) if port_text else DEFAULT_PORT
    if not host:
        raise AddressError(f"bad address {text!r}")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        label = all(c.isalnum() or c in "-." for c in host) and not host.startswith(".")
        if not label or host.replace(".", "").isdigit():
            raise AddressError(f"bad address {text!r}") from None
    return host, port
