"""The client joins: the join screen lists a host announced on loopback, the client
joins it and plays; a chat line goes both ways (typing P or W in it neither pauses
nor moves); resign from the pause menu with its confirmation; rematch from the
results screen. The host is an in-process LanSession with a RandomSeat."""

from __future__ import annotations

import random

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanJoinScene
from isaac_game.client.scenes.dialog import ConfirmScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import LanSession
from isaac_game.match import RandomSeat
from isaac_game.rules import Player

from ..driver import click, key, menu_to, pad
from ..kinds import is_lan_game, is_lan_results
from .lanclient import fast_lan, play_turn, pump, type_text

__all__ = ["fast_lan"]


@pytest.fixture
def loopback_host(loopback_lan_only):
    """An announced host on 127.0.0.1 (beacons to 127.255.255.255, on the test's
    beacon port), played by a RandomSeat."""
    host = LanSession.host("isaac", RandomSeat("Hal", seed=3), name="Hal", bind="127.0.0.1",
                           port=0, beacon_port=loopback_lan_only)  # fmt: skip
    host.start()
    yield host
    host.close()


def join_from_the_list(app, host: LanSession) -> MatchScene:
    title = app.top
    menu_to(app, title.menu, "lan_join")
    key(app, pygame.K_RETURN)
    join = app.top
    assert isinstance(join, LanJoinScene)
    port = host.endpoint.port
    wanted = f"host:127.0.0.1:{port}"
    pump(app, lambda: any(i.key == wanted for i in join.menu.items), timeout=10, others=[host])
    item = join.menu.item(wanted)
    assert "Hal" in item.text() and "ISAAC" in item.text()
    menu_to(app, join.menu, wanted, via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    # the lobby shows until the host's welcome; on a quick host that may be at once
    assert isinstance(app.top, LanLobbyScene) or is_lan_game(app.top, "isaac")
    pump(app, lambda: is_lan_game(app.top, "isaac"), others=[host])
    return app.top


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_join_a_listed_host_chat_resign_and_rematch(app, loopback_host):
    host = loopback_host
    game = join_from_the_list(app, host)
    session = game.control.session
    assert session.you == Player.LIGHT and session.opponent == "Hal"
    rng = random.Random(3)
    turns = 0
    while turns < 3:
        turns += play_turn(app, game, rng, by_mouse=turns % 2 == 1, others=[host])
    assert host.state.ply >= 3
    # chat: T opens the line; P, W and Space are typed, not obeyed
    key(app, pygame.K_t)
    assert game.control.chat.typing
    for ch in "gl, pw":
        k = pygame.K_SPACE if ch == " " else getattr(pygame, f"K_{ch}", pygame.K_COMMA)
        key(app, k)
        type_text(app, ch)
    assert app.top is game and game.control.chat.field.text == "gl, pw"
    key(app, pygame.K_RETURN)
    assert not game.control.chat.typing
    pump(app, lambda: host.chat_lines, others=[host])
    assert host.chat_lines[-1].text == "gl, pw" and host.chat_lines[-1].who == session.name
    host.chat("thanks")
    pump(app, lambda: len(session.chat_lines) == 2, others=[host])
    assert session.chat_lines[-1].text == "thanks" and not session.chat_lines[-1].mine
    # Esc while typing cancels the line and does not pause
    key(app, pygame.K_t)
    type_text(app, "never sent")
    key(app, pygame.K_ESCAPE)
    assert app.top is game and not game.control.chat.typing and len(session.chat_lines) == 2
    # undo is off
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert "off" in game.bar.text
    # resign: pause menu, confirm
    pump(app, lambda: not game.motion.anims, others=[host])
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert not pause.menu.item("undo").enabled() and not pause.menu.item("save").enabled()
    menu_to(app, pause.menu, "resign")
    key(app, pygame.K_RETURN)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.menu.current.key == "no"  # the safe answer first
    menu_to(app, confirm.menu, "yes")
    key(app, pygame.K_RETURN)
    assert app.top is game
    pump(app, lambda: host.finished, others=[host])
    assert host.remote.peer_resigned and host.result() == "light resigns, dark wins"
    pump(app, lambda: is_lan_results(app.top), others=[host])
    results = app.top
    winner, _title, reason = results.headline()
    assert winner == Player.DARK and "resigned" in reason
    # rematch: we ask, the host answers; colours swap
    menu_to(app, results.menu, "rematch")
    key(app, pygame.K_RETURN)
    assert "waiting for Hal" in results.control.rematch_status()
    pump(app, lambda: host.remote.rematch_proposed, others=[host])
    host.rematch()
    pump(app, lambda: is_lan_game(app.top, "isaac"), others=[host])
    again = app.top
    assert again is not game and again.control.session is session
    assert session.games == 2 and session.you == Player.DARK
    assert again.match is session.match and again.match.state.ply == 0
    # the host resigns this one
    pump(app, lambda: host.match is not None and host.games == 2, others=[host])
    host.resign()
    pump(app, lambda: is_lan_results(app.top), others=[host])
    winner, _title, reason = app.top.headline()
    assert winner == Player.DARK and reason == "Light (Hal) resigned"
    # the main menu says bye: the host sees the table free
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    pump(app, lambda: host.link == "closed", others=[host])


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_the_join_list_follows_hosts_coming_and_going(app, loopback_lan_only):
    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    join = app.top
    app.draw()
    assert join.menu.item("none").text().startswith("Looking for games")
    hosts = []
    try:
        for name in ("Ann", "Bea"):
            host = LanSession.host("isaac", RandomSeat(name), name=name, bind="127.0.0.1",
                                   port=0, beacon_port=loopback_lan_only)  # fmt: skip
            host.start()
            hosts.append(host)
        keys = [f"host:127.0.0.1:{h.endpoint.port}" for h in hosts]
        listed = lambda: {i.key for i in join.menu.items}  # noqa: E731
        pump(app, lambda: set(keys) <= listed(), timeout=10, others=hosts)
        hosts.pop(0).close()  # Ann stops announcing: her row goes within a few seconds
        pump(app, lambda: keys[0] not in listed(), timeout=10, others=hosts)
        assert keys[1] in listed()
        app.draw()
        click(app, join.menu.item(keys[1]).rect.center)  # choose Bea with the mouse
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=hosts)
        assert app.top.control.session.opponent == "Bea"
    finally:
        for host in hosts:
            host.close()


@pytest.mark.usefixtures("fast_lan")
def test_a_typed_address_with_nobody_there_says_so(app, refused_port):
    port = refused_port  # nobody listens there
    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    join = app.top
    menu_to(app, join.menu, "address")
    key(app, pygame.K_RETURN)
    type_text(app, "not an address!")
    key(app, pygame.K_RETURN)
    assert app.top is join and "bad address" in join.message.lower()
    key(app, pygame.K_RETURN)
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LanLobbyScene)
    pump(app, lambda: lobby.failed)
    assert "Could not connect to 127.0.0.1" in lobby.failed
    key(app, pygame.K_ESCAPE)
    assert app.top is join
