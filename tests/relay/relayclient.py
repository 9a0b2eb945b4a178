"""Steps of the window's relay tests, each taken as a player takes it: real key (and
pad) events posted to the client on the title, the settings, Play online and the
lobby. The lobby's code is read from what the screen shows (its "code" row)."""

from __future__ import annotations

import time

import pygame

from isaac_game.client.lan.online import OnlineJoinScene, PlayOnlineScene, RelaySettingScene
from isaac_game.client.lan.online_lobby import OnlineLobbyScene
from isaac_game.client.scenes.settings import SettingsScene
from isaac_game.client.scenes.title import TitleScene
from tests.client.driver import key, menu_to
from tests.client.lan.lanclient import pump, type_text


def relay_in_settings(app, address: str) -> None:
    """Title > Settings > Relay: type `address`, Enter; back to the title."""
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "settings")
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    menu_to(app, settings.menu, "relay")
    assert settings.menu.current.text() == "Relay:  none"
    key(app, pygame.K_RETURN)
    screen = app.top
    assert isinstance(screen, RelaySettingScene)
    key(app, pygame.K_RETURN)  # edit the row
    type_text(app, address)
    key(app, pygame.K_RETURN)
    assert screen.message == "" and app.settings.relay == address
    key(app, pygame.K_ESCAPE)
    assert app.top is settings and settings.menu.current.text() == f"Relay:  {address}"
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def play_online(app, row: str):
    """Title > Play online > `row` ("host" or "join"): the screen it opens."""
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "online")
    key(app, pygame.K_RETURN)
    online = app.top
    assert isinstance(online, PlayOnlineScene), type(online)
    menu_to(app, online.menu, row)
    key(app, pygame.K_RETURN)
    return app.top


def host_online(app) -> OnlineLobbyScene:
    """Play online > Host online > Start hosting (ISAAC, Dark): the lobby, connecting."""
    host = play_online(app, "host")
    assert host.game == "isaac" and host.colour == "dark"
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, OnlineLobbyScene)
    return lobby


def shown_code(lobby: OnlineLobbyScene) -> str:
    """The code the lobby shows, once it shows one."""
    codes = [text for style, text in lobby.lines() if style == "code"]
    return codes[0] if codes else ""


def wait_for_code(app, lobby: OnlineLobbyScene) -> str:
    """Frames until the host's lobby shows its code; none of them waits on the relay
    (each frame is quick while the screen says it is connecting)."""
    slowest = 0.0
    deadline = time.monotonic() + 30
    while not shown_code(lobby):
        assert time.monotonic() < deadline, lobby.lines()
        assert app.top is lobby, f"left the lobby: {app.top!r}"
        started = time.monotonic()
        app.frame()
        slowest = max(slowest, time.monotonic() - started)
        time.sleep(0.005)
    assert slowest < 0.5, f"a frame took {slowest:.2f} s while connecting"
    return shown_code(lobby)


def type_code(app, join: OnlineJoinScene, code: str) -> None:
    """On Join online: Enter on the code row, the code typed, Enter (which joins)."""
    menu_to(app, join.menu, "code")
    key(app, pygame.K_RETURN)
    assert join.editing is join.code
    type_text(app, code)
    key(app, pygame.K_RETURN)


def back_on(app, menu, timeout: float = 30.0) -> str:
    """Frames until `menu` is on top again; the line it says."""
    pump(app, lambda: app.top is menu, timeout)
    return menu.message
