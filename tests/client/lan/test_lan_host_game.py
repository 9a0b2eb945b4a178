"""The client hosts a LAN game from the title menu on 127.0.0.1; the real headless
`python -m isaac_game join 127.0.0.1:PORT --ai random` joins it; the client's moves
are entered by posted mouse and keyboard events until the results screen shows."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanHostScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import CLOSED, HostBrowser
from isaac_game.rules import Player

from ..driver import key, menu_to
from ..kinds import is_lan_game, is_lan_results
from .lanclient import (
    Cli,
    fast_lan,
    play_to_the_end,
    play_turn,
    pump,
    resign_from_the_pause_menu,
    type_text,
)

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
        results, turns = play_to_the_end(app, game, 7, join)
        final = results.outcome.state
        assert final.is_over and final.moves == session.state.moves
        assert turns > 5
        assert join.finish() == 0, join.dump()
        assert join.out[-1] == "result: " + session.result()
        assert len(join.moves()) == len(final.moves)
        # the joiner has gone: no rematch to offer, but hosting again
        pump(app, lambda: session.link == CLOSED)
        assert results.menu.item("rematch").text() == "Host again"
        assert "left" in results.control.rematch_status()
        app.draw()
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        join.kill()


def listed(browser, port: int) -> bool:
    """Is the host on `port` on the join list now?"""
    return any(h.port == port for h in browser.poll())


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_a_finished_host_is_unlisted_and_closed_until_its_player_hosts_again(
    app, loopback_lan_only
):
    """Issue 41: after a game the host leaves the join list and turns new joiners away
    (nobody pulls it into a game unasked); "Host again" lists it and seats the next
    joiner, in a new game with a chat of its own."""
    browser = HostBrowser(beacon_port=loopback_lan_only)
    lobby = host_from_the_menu(app)
    port = lobby.port
    pump(app, lambda: listed(browser, port), timeout=10)
    bob = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--name", "Bob", "--seed", "6"])
    eve = cat = None
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        session = game.control.session
        while not play_turn(app, game, random.Random(8), by_mouse=False):
            pass
        key(app, pygame.K_t)
        type_text(app, "gl Bob")
        key(app, pygame.K_RETURN)
        assert [line.text for line in session.chat_lines] == ["gl Bob"]
        resign_from_the_pause_menu(app, game)
        pump(app, lambda: is_lan_results(app.top))
        results = app.top
        assert bob.finish() == 0, bob.dump()
        pump(app, lambda: session.link == CLOSED)
        # unlisted, and a joiner who dials the address anyway is turned away
        pump(app, lambda: not listed(browser, port), timeout=10)
        eve = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--name", "Eve"])
        pump(app, lambda: eve.p.poll() is not None, timeout=30)
        assert eve.finish() == 3, eve.dump()
        assert eve.err[-1] == f"error: rejected by 127.0.0.1:{port}: table full"
        assert app.top is results and not listed(browser, port)
        # its player hosts again: the lobby, listed, and the next joiner plays
        item = results.menu.item("rematch")
        assert item.text() == "Host again" and item.enabled()
        menu_to(app, results.menu, "rematch")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, LanLobbyScene) and app.top.session is session
        assert app.top.port == port
        pump(app, lambda: listed(browser, port), timeout=10)
        cat = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--name", "Cat"])
        pump(app, lambda: is_lan_game(app.top, "isaac") and session.opponent == "Cat")
        assert app.top.match.state.ply == 0 and session.games == 2
        assert session.chat_lines == [] and app.top.control.chat.session.chat_lines == []
        kept = json.loads((app.storage.data_dir / "lan-chat-host.json").read_text("utf-8"))
        assert kept == {"token": session.token, "lines": []}
    finally:
        browser.close()
        for joiner in (bob, eve, cat):
            if joiner is not None:
                joiner.kill()


@pytest.mark.usefixtures("fast_lan")
def test_cancel_the_waiting_host_with_escape(app):
    lobby = host_from_the_menu(app, "Cat")
    session = lobby.session
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LanHostScene)
    assert not session.endpoint._thread.is_alive()  # the port is released
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
