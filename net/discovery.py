"""LAN discovery by UDP broadcast beacons (port 7756).

A hosting program sends a small MessagePack map once a second to the broadcast
address of every up, broadcast-capable IPv4 interface (and to 127.255.255.255, so
a host and a joiner on one machine see each other). A joiner binds UDP port 7756 on
all addresses and lists the senders, forgetting those not heard for 3 s.

Why not DNS-SD/mDNS: it needs a dependency (python-zeroconf), multicast routing
that namespaces and some Wi-Fi access points get wrong, and a resolver thread;
broadcast beacons are 100 lines of standard library, work across a bare veth pair
with no default route (we send to each subnet's broadcast address, never relying on
a route for 255.255.255.255), and fail soft: an address can always be typed.

Beacon payload: {"t": "beacon", "proto": 1, "app": str, "name": str,
"game": str, "port": int, "id": str, "playing": bool}; `playing` (1.2, optional) says
a game is under way there, one a spectator may watch. The address to dial is the datagram's source
address. `id` (random per Beacon) lets a browser show a host heard on two addresses
(its LAN address and loopback, when host and joiner share a machine) once.
"""

from __future__ import annotations

import contextlib
import fcntl
import secrets
import select
import socket
import struct
import threading
import time
from dataclasses import dataclass
from typing import Any

import msgpack

from net import messages as m

BEACON_PORT = 7756
BEACON_INTERVAL = 1.0
STALE_AFTER = 3.0
MAX_BEACON = 512  # bytes; anything larger is not ours
#: Anyone on the network can send beacons, as fast as they like and each with a new
#: `id`: one poll reads at most this many, and the list holds at most this many hosts,
#: of which at most MAX_PER_ADDRESS from one address (so one flooding machine cannot
#: push the others off the list).
MAX_READS = 256
MAX_HOSTS = 64
MAX_PER_ADDRESS = 8

_SIOCGIFFLAGS = 0x8913
_SIOCGIFBRDADDR = 0x8919
_IFF_UP = 0x1
_IFF_BROADCAST = 0x2


def broadcast_addresses() -> list[str]:
    """Broadcast addresses of the up IPv4 interfaces, plus loopback's.

    Linux only (ioctl); elsewhere falls back to 255.255.255.255, which needs a
    default route but is all the portable socket API offers.
    """
    found: list[str] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for name in names:
                req = struct.pack("256s", name.encode()[:15])
                try:
                    flags = struct.unpack_from("H", fcntl.ioctl(s, _SIOCGIFFLAGS, req), 16)[0]
                    if not (flags & _IFF_UP and flags & _IFF_BROADCAST):
                        continue
                    res = fcntl.ioctl(s, _SIOCGIFBRDADDR, req)
                except OSError:
                    continue  # no IPv4 address on it
                addr = socket.inet_ntoa(res[20:24])
                if addr not in found and addr != "0.0.0.0":
                    found.append(addr)
    except (OSError, AttributeError):
        pass
    return [*found, "127.255.255.255"] if found else ["255.255.255.255", "127.255.255.255"]


def beacon_payload(
    name: str,
    game: str,
    port: int,
    app: str = "isaac_game",
    ident: str = "",
    playing: bool = False,
) -> bytes:
    """A beacon; `playing` (1.2) says a game is under way there: one to watch."""
    msg = {"t": "beacon", "proto": m.PROTO, "app": app, "name": m.clip_name(name)}
    msg.update(game=game, port=port, id=ident, playing=playing)
    return msgpack.packb(msg, use_bin_type=True)


def parse_beacon(data: bytes) -> dict[str, Any] | None:
    """Decode a beacon, or None for anything else (never raises: it is UDP noise)."""
    if len(data) > MAX_BEACON:
        return None
    try:
        msg = msgpack.unpackb(data, raw=False, max_str_len=256, max_array_len=8, max_map_len=16)
    except Exception:
        return None
    if not isinstance(msg, dict) or msg.get("t") != "beacon":
        return None
    port, proto = msg.get("port"), msg.get("proto")
    ok = (
        isinstance(port, int)
        and 0 < port < 65536
        and isinstance(proto, int)
        and all(isinstance(msg.get(k), str) for k in ("name", "game", "app"))
        and isinstance(msg.get("id", ""), str)
        and isinstance(msg.get("playing", False), bool)
    )
    return msg if ok else None


class Beacon:
    """Announces one host. Use `send_once()` from your own loop, or `start()` for a
    background thread; `targets` overrides the broadcast addresses (tests), and an
    empty list means nowhere."""

    def __init__(
        self,
        name: str,
        game: str,
        port: int,
        *,
        app: str = "isaac_game",
        beacon_port: int = BEACON_PORT,
        targets: list[str] | None = None,
        interval: float = BEACON_INTERVAL,
    ) -> None:
        self._what = (name, game, port, app, secrets.token_hex(4))
        self.payload = beacon_payload(*self._what)
        self.beacon_port = beacon_port
        self.targets = targets
        self.interval = interval
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self._sock.setblocking(False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def playing(self, playing: bool) -> None:
        """Say from the next beacon on whether a game is under way (one to watch)."""
        self.payload = beacon_payload(*self._what, playing=playing)

    def send_once(self) -> int:
        """Send one beacon to each target; return how many went out. Errors (no
        route, interface going down) are skipped: the next beacon tries again."""
        sent = 0
        targets = broadcast_addresses() if self.targets is None else self.targets
        for addr in targets:
            try:
                self._sock.sendto(self.payload, (addr, self.beacon_port))
                sent += 1
            except OSError:
                pass
        return sent

    def start(self) -> Beacon:
        self._thread = threading.Thread(target=self._run, name="net-beacon", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            self.send_once()
            self._stop.wait(self.interval)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._sock.close()

    def __enter__(self) -> Beacon:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class HostInfo:
    """One announced host; dial `address`:`port`."""

    address: str
    port: int
    name: str
    game: str
    proto: int
    app: str
    last_seen: float
    #: 1.2: a game is under way there (the list offers to watch it)
    playing: bool = False


class Browser:
    """Lists announced hosts. Never blocks unless asked to: call `poll()` each
    frame; it drains whatever beacons arrived and drops hosts gone quiet."""

    def __init__(
        self,
        *,
        beacon_port: int = BEACON_PORT,
        bind: str = "",
        stale_after: float = STALE_AFTER,
    ) -> None:
        self.stale_after = stale_after
        self._hosts: dict[tuple[str, int] | str, HostInfo] = {}
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        # SO_REUSEADDR lets several browsers on one machine all receive broadcasts.
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind((bind, beacon_port))
        self._sock.setblocking(False)

    def poll(self, timeout: float = 0.0) -> list[HostInfo]:
        """Current hosts, sorted by name then address; waits up to `timeout` for a
        first datagram when there is none yet."""
        if timeout > 0:
            with contextlib.suppress(OSError, ValueError):
                select.select([self._sock], [], [], timeout)
        now = time.monotonic()
        for _ in range(MAX_READS):
            try:
                data, (addr, _) = self._sock.recvfrom(MAX_BEACON + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            msg = parse_beacon(data)
            if msg is None:
                continue
            key = msg.get("id") or (addr, msg["port"])
            old = self._hosts.get(key)
            if old is None and not self._room_for(addr):
                continue
            if old is not None and addr.startswith("127.") and not old.address.startswith("127."):
                addr = old.address  # same host heard on loopback too: keep the LAN address
            info = (msg["name"], msg["game"], msg["proto"], msg["app"])
            playing = msg.get("playing", False)
            self._hosts[key] = HostInfo(addr, msg["port"], *info, now, playing)
        for key, host in list(self._hosts.items()):
            if now - host.last_seen > self.stale_after:
                del self._hosts[key]
        return sorted(self._hosts.values(), key=lambda h: (h.name, h.address, h.port))

    def _room_for(self, addr: str) -> bool:
        """May a host not listed yet, heard from `addr`, join the list?"""
        if len(self._hosts) >= MAX_HOSTS:
            return False
        return sum(host.address == addr for host in self._hosts.values()) < MAX_PER_ADDRESS

    def close(self) -> None:
        self._sock.close()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
