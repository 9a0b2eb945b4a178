"""Discovery on loopback: beacons to 127.255.255.255 on a free UDP port.

Tests always pass explicit targets so nothing is broadcast on a real LAN.
"""

from __future__ import annotations

import socket

import msgpack
from nethelpers import fake_game, wait_until

from net.discovery import (
    MAX_PER_ADDRESS,
    Beacon,
    Browser,
    beacon_payload,
    broadcast_addresses,
    parse_beacon,
)
from net.transport import NetHost

LOOP = ["127.255.255.255"]


def test_beacon_appears_and_goes_stale(udp_port):
    with Browser(beacon_port=udp_port, stale_after=0.3) as browser:
        with Beacon("Ann", "hari", 7999, beacon_port=udp_port, targets=LOOP) as beacon:
            assert beacon.send_once() == 1
            (info,) = wait_until(lambda: browser.poll(0.1))
            assert (info.name, info.game, info.port, info.proto) == ("Ann", "hari", 7999, 1)
            assert info.address == "127.0.0.1"
        wait_until(lambda: browser.poll(0.05) == [], timeout=3)


def test_two_browsers_on_one_machine_both_hear(udp_port):
    beacon = Beacon("Ann", "isaac", 7755, beacon_port=udp_port, targets=LOOP)
    with Browser(beacon_port=udp_port) as b1, Browser(beacon_port=udp_port) as b2, beacon:
        beacon.start()
        wait_until(lambda: b1.poll(0.1))
        wait_until(lambda: b2.poll(0.1))


def test_noise_is_ignored(udp_port):
    with Browser(beacon_port=udp_port) as browser:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            for junk in (
                b"\xc1\xc1",
                msgpack.packb([1, 2]),
                msgpack.packb({"t": "beacon"}),
                msgpack.packb({"t": "beacon", "port": 99999, "proto": 1}),
                b"x" * 2000,
            ):
                s.sendto(junk, ("127.255.255.255", udp_port))
        with Beacon("ok", "isaac", 7755, beacon_port=udp_port, targets=LOOP) as beacon:
            beacon.send_once()
            assert [h.name for h in wait_until(lambda: browser.poll(0.1))] == ["ok"]


def test_parse_beacon_never_raises():
    assert parse_beacon(b"") is None
    assert parse_beacon(b"\xdb\xff\xff\xff\xff") is None


def test_broadcast_addresses_include_loopback():
    addrs = broadcast_addresses()
    assert "127.255.255.255" in addrs
    assert all(socket.inet_aton(a) for a in addrs)


def test_net_host_announces_itself(udp_port):
    host = NetHost(
        fake_game(),
        bind="127.0.0.1",
        port=0,
        name="Hosty",
        announce=True,
        beacon_port=udp_port,
        beacon_targets=LOOP,
    )
    with Browser(beacon_port=udp_port, stale_after=1.0) as browser:
        host.start()
        try:
            (info,) = wait_until(lambda: browser.poll(0.1))
            assert (info.name, info.port, info.game) == ("Hosty", host.port, "isaac")
        finally:
            host.close()
        wait_until(lambda: browser.poll(0.1) == [], timeout=5)


def test_an_empty_target_list_announces_nowhere():
    from net.discovery import Beacon

    beacon = Beacon("h", "isaac", 7755, targets=[])
    assert beacon.send_once() == 0


def test_a_beacon_flood_is_read_in_bounded_polls_and_lists_few_hosts(udp_port):
    """Anyone on the network can send beacons, each with a new id: a poll reads a
    bounded number, and one address gets a few rows at most, not thousands."""
    with Browser(beacon_port=udp_port) as browser:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for i in range(2000):
                payload = beacon_payload(f"fake {i}", "isaac", 7755, ident=f"{i:08x}")
                s.sendto(payload, ("127.0.0.1", udp_port))
        hosts = wait_until(lambda: browser.poll(0.1))
        for _ in range(20):  # drain what the kernel kept
            hosts = browser.poll()
        assert 1 <= len(hosts) <= MAX_PER_ADDRESS
