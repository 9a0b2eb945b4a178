"""pytest setup for isaac_game/lan tests. Helpers live in lanhelpers.py (a unique
module name); the net/ tests' helpers (wait_until, RawPeer, Proxy) are reused.

Network safety: every test here runs with ISAAC_LAN_BEACON_TARGETS=127.255.255.255,
so no host it starts can announce itself beyond loopback; the namespace test sets
its namespace's own subnet instead, and only inside the namespaces.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
for extra in (str(_HERE), str(_HERE.parent / "net"), str(_HERE.parents[1])):
    if extra not in sys.path:
        sys.path.insert(0, extra)


@pytest.fixture(autouse=True)
def loopback_beacons_only(monkeypatch):
    monkeypatch.setenv("ISAAC_LAN_BEACON_TARGETS", "127.255.255.255")
