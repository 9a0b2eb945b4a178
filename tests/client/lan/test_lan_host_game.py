"""The client hosts a LAN game from the title menu on 127.0.0.1; the real headless
`python -m isaac_game join 127.0.0.1:PORT --ai random` joins it; the client's moves
are entered by posted mouse and keyboard events until the results screen shows."""

from __future__ import annotations

import random

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanHostScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import CLOSED
from isaac_game.rules import Player

from ..driver import key, menu_to
from ..kinds import is_lan_game, is_lan_results
from .lanclient import Cli, fast_lan, play_turn, pump, type_text

__all__ = ["fast_lan"]


def host_from_the_menu(app, name: str = "Ann") -> LanLobbyScene:
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    assert isinstance(host, LanHostScene)
    assert host.game == "isaac" and host.colour == "dark"
    menu_to(app, host.menu, "name")
    key(app, pygame.K_RETURN)  # edit the name
    assert host.editing is host.name_field
    for _ in range(40):
        key(app, pygame.K_BACKSPACE)
    assert host.name_field.text == ""
    type_text(app, name)
    key(app, pygame.K_RETURN)
    assert host.editing is None and host.name_field.text == name
    assert app.settings.player_name == name  # remembered for next time
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LanLobbyScene)
    assert lobby.addresses == [f"127.0.0.1:{lobby.port}"]
    return lobby


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_host_from_the_menu_and_play_a_whole_game_against_a_joining_subprocess(app):
    lobby = host_from_the_menu(app)
    app.frame()
    assert isinstance(app.top, LanLobbyScene)  # waits, and the render loop goes on
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--ai", "random", "--name", "Bob",
                "--seed", "5"])  # fmt: skip
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        session = game.control.session
        assert session.you == Player.DARK and game.match is session.match
        pump(app, lambda: session.opponent == "Bob")
        info = game.panel_info(Player.LIGHT)
        assert "Bob" in info.who
        rng = random.Random(7)
        turns = 0
        while is_lan_game(app.top, "isaac"):
            assert app.top is game, join.dump()
            if play_turn(app, game, rng, by_mouse=turns % 2 == 0):
                turns += 1
            assert turns < 200
        results = app.top
        assert is_lan_results(results), join.dump()
        final = results.outcome.state
        assert final.is_over and final.moves == session.state.moves
        assert turns > 5
        assert join.finish() == 0, join.dump()
        assert join.out[-1] == "result: " + session.result()
        assert len(join.moves()) == len(final.moves)
        # the joiner has gone: no rematch to offer
        pump(app, lambda: session.link == CLOSED)
        assert not results.menu.item("rematch").enabled()
        assert "left" in results.control.rematch_status()
        app.draw()
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        join.kill()


@pytest.mark.usefixtures("fast_lan")
def test_cancel_the_waiting_host_with_escape(app):
    lobby = host_from_the_menu(app, "Cat")
    session = lobby.session
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LanHostScene)
    assert not session.endpoint._thread.is_alive()  # the port is released
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
