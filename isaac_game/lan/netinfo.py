"""Local addresses, and where discovery beacons may go.

Beacon targets follow the bind address (a workplace rule as much as a courtesy):

- bound to a loopback address (127.x, "localhost"): announce on loopback only,
  `127.255.255.255`;
- bound to one address: announce only on the broadcast address of the interface
  that holds it (nothing at all if no up interface holds it);
- bound to every address (`0.0.0.0`, the default): every up interface's broadcast
  address, as `net.discovery` chooses.

`ISAAC_LAN_BEACON_TARGETS` (comma-separated IPv4 addresses) overrides all of that;
the test suite sets it so that nothing it starts broadcasts beyond loopback or its
own network namespaces. Addresses are read with ioctl on Linux: no packet is sent
to find them.
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import os
import socket
import struct

LOOPBACK_BROADCAST = "127.255.255.255"
ANY = ("", "0.0.0.0")
ENV_TARGETS = "ISAAC_LAN_BEACON_TARGETS"

_SIOCGIFFLAGS = 0x8913
_SIOCGIFADDR = 0x8915
_SIOCGIFBRDADDR = 0x8919
_IFF_UP = 0x1
_IFF_BROADCAST = 0x2


def interfaces() -> list[tuple[str, str, str | None]]:
    """(name, IPv4 address, broadcast address or None) of every up interface."""
    found: list[tuple[str, str, str | None]] = []
    with contextlib.suppress(OSError, AttributeError):
        names = [name for _, name in socket.if_nameindex()]
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for name in names:
                req = struct.pack("256s", name.encode()[:15])
                try:
                    flags = struct.unpack_from("H", fcntl.ioctl(s, _SIOCGIFFLAGS, req), 16)[0]
                    if not flags & _IFF_UP:
                        continue
                    addr = socket.inet_ntoa(fcntl.ioctl(s, _SIOCGIFADDR, req)[20:24])
                except OSError:
                    continue  # down, or no IPv4 address
                brd = None
                if flags & _IFF_BROADCAST:
                    with contextlib.suppress(OSError):
                        brd = socket.inet_ntoa(fcntl.ioctl(s, _SIOCGIFBRDADDR, req)[20:24])
                found.append((name, addr, brd))
    return found


def host_addresses() -> list[str]:
    """The IPv4 addresses a joiner on the LAN could dial (loopback last)."""
    addrs = [addr for _, addr, _ in interfaces()]
    return sorted(addrs, key=lambda a: (a.startswith("127."), a)) or ["127.0.0.1"]


def is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def beacon_targets(bind: str) -> list[str] | None:
    """Where a host bound to `bind` may announce itself.

    A list of addresses (possibly empty: then do not announce at all), or None for
    "every interface" (`net.discovery`'s default), which only an any-address bind
    without an override gets. Never pass an empty list to `net.Beacon`: it treats
    an empty list like None.
    """
    override = os.environ.get(ENV_TARGETS, "").strip()
    if override:
        return [a.strip() for a in override.split(",") if a.strip()]
    if is_loopback(bind):
        return [LOOPBACK_BROADCAST]
    if bind in ANY:
        return None
    return [brd for _, addr, brd in interfaces() if addr == bind and brd]
