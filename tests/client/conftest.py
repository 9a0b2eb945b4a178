"""Headless client tests: SDL's dummy drivers are chosen before pygame starts."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def storage(tmp_path, monkeypatch):
    from isaac_game.client.storage import Storage

    monkeypatch.setenv("ISAAC_GAME_HOME", str(tmp_path))
    return Storage(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def app(storage):
    from isaac_game.client.registry import make_app

    application = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=True)
    application.open("title")
    application.frame()
    yield application
    if pygame.get_init():
        application.shutdown()


@pytest.fixture(autouse=True)
def loopback_lan_only(monkeypatch, udp_port):
    """Network safety: whatever a client test hosts listens on 127.0.0.1 (a free port)
    and announces itself on loopback only, on a free UDP port; ten times a second, so
    a join list fills without waiting out the beacon a join screen just missed."""
    from isaac_game.client.lan import menu as lan_menu

    beacon_port = udp_port  # kept bound for the test: no other test beacons into it
    monkeypatch.setenv("ISAAC_LAN_BEACON_TARGETS", "127.255.255.255")
    monkeypatch.setenv("ISAAC_LAN_BEACON_INTERVAL", "0.1")
    monkeypatch.setattr(lan_menu, "HOST_BIND", "127.0.0.1")
    monkeypatch.setattr(lan_menu, "HOST_PORT", 0)
    monkeypatch.setattr(lan_menu, "BEACON_PORT", beacon_port)
    return beacon_port
