"""Clocks in a LAN game (docs/protocol.md 1.2), the real scenes driven by real keys on
127.0.0.1: the host chooses the clock on its menu (the title's Clock row, the same
remembered choice), both panels show both clocks, which run under the pause menu and
while the link is down (the host's clock does not stop), are set to the host's word
after each move, and a time out ends the game with the results saying so. A joiner
whose program has no clock is named once on the host's bar."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanHostScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.clock import clock_text, note_clocks
from isaac_game.lan import CONNECTED, RECONNECTING, LanSession
from isaac_game.lan.timers import Timers
from isaac_game.match import RandomSeat
from isaac_game.rules import Player, load_journal

from ..driver import key, menu_to, run
from ..kinds import is_lan_game, is_lan_results
from ..lan.lanclient import Cli, Proxy, RawPeer, fast_lan, play_turn, pump, type_text

__all__ = ["fast_lan"]


def host_with_a_clock(app) -> LanLobbyScene:
    """Host a LAN game from the title, its Clock row stepped to 5 min + 3 s."""
    menu_to(app, app.top.menu, "lan_host")
    key(app, pygame.K_RETURN)
    hosting = app.top
    assert isinstance(hosting, LanHostScene)
    menu_to(app, hosting.menu, "clock")
    row = hosting.menu.current
    assert row.text() == "Clock:  < None >"
    key(app, pygame.K_RIGHT)
    assert row.text() == "Clock:  < 5 min + 3 s >" and app.settings.clock == "5+3"
    assert app.storage.load_settings()[0].clock == "5+3"  # the title's choice, kept
    menu_to(app, hosting.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LanLobbyScene)
    assert ("dim", "Played to a clock: 5 min + 3 s") in lobby.lines()
    return lobby


def join_by_address(app, port: int) -> None:
    """Join the host at 127.0.0.1:`port` by its typed address."""
    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "address")
    key(app, pygame.K_RETURN)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)


def clock_host(clock: str, seed: int = 3) -> tuple[LanSession, int]:
    """An in-process host played by a computer, its games to `clock`."""
    from isaac_game.clock import TimeControl

    host = LanSession.host("isaac", RandomSeat("Hal", seed=seed), name="Hal", bind="127.0.0.1",
                           port=0, announce=False, timers=Timers.from_env(),
                           clock=TimeControl.parse(clock))  # fmt: skip
    _, port = host.start()
    return host, port


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_the_host_chooses_the_clock_and_it_runs_under_the_pause_menu(app):
    lobby = host_with_a_clock(app)
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--ai", "random", "--name", "Bob",
                "--move-delay", "30"])  # fmt: skip
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        session = game.control.session
        clocks = game.match.clocks
        assert clocks is not None and str(clocks.control) == "5+3"
        run(app, 1)
        dark, light = game.panel_info(Player.DARK).clock, game.panel_info(Player.LIGHT).clock
        assert dark.text == "4:59" and light.text == "5:00"  # a frame of Dark's turn
        assert dark.running and not light.running
        before = clocks.left(Player.DARK)
        run(app, 60)  # a second of the window's frames
        assert clocks.left(Player.DARK) == pytest.approx(before - 1.0)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        paused = clocks.left(Player.DARK)
        run(app, 120)  # the host's clock does not stop for a pause menu: nor does this one
        assert clocks.left(Player.DARK) == pytest.approx(paused - 2.0)
        assert clocks.left(Player.LIGHT) == 300.0
        key(app, pygame.K_ESCAPE)
        assert app.top is game
        while not play_turn(app, game, random.Random(4), by_mouse=False):
            pass
        # the host's word after our move: the panels show it
        pump(app, lambda: 0 in session.clock.after)
        said = session.clock.after[0]
        assert clocks.left(Player.DARK) == said[0] > 300.0  # less than 3 s, plus 3
        assert clocks.left(Player.LIGHT) == pytest.approx(said[1], abs=0.5)  # running
        assert game.panel_info(Player.DARK).clock.text == clock_text(said[0])
        assert game.panel_info(Player.LIGHT).clock.running
    finally:
        join.kill()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_the_joiner_shows_the_hosts_clocks_and_they_run_while_reconnecting(app):
    host, port = clock_host("5+3")
    proxy = Proxy(port)
    try:
        join_by_address(app, proxy.port)
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=[host])
        game = app.top
        session = game.control.session
        assert session.you == Player.LIGHT
        pump(app, lambda: 0 in session.clock.after and game.match.state.ply >= 1, others=[host])
        said = session.clock.after[0]
        assert game.panel_info(Player.DARK).clock.text == clock_text(said[0])
        assert game.match.clocks.left(Player.LIGHT) <= said[1]
        assert game.panel_info(Player.LIGHT).clock.running
        # a move of ours (a joiner that never moved is not waited for), the host's answer
        while not play_turn(app, game, random.Random(5), by_mouse=False, others=[host]):
            pass
        pump(app, lambda: game.match.state.to_move == Player.LIGHT, others=[host])
        proxy.stall()  # refuse redials until resume(): the link stays down a while
        proxy.cut()
        pump(app, lambda: session.link == RECONNECTING, others=[host])
        before = game.match.clocks.left(Player.LIGHT)
        run(app, 90)
        assert game.match.clocks.left(Player.LIGHT) == pytest.approx(before - 1.5)
        assert game.panel_info(Player.LIGHT).clock.running
        proxy.resume()
        pump(app, lambda: session.link == CONNECTED and host.link == CONNECTED, others=[host])
        # the host's word on our way back (its clock ran through the break too)
        hosts = host.endpoint.session.clock.time_left("light", time.monotonic())
        assert game.match.clocks.left(Player.LIGHT) == pytest.approx(hosts, abs=0.5)
    finally:
        proxy.close()
        host.close()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_a_joiner_that_runs_out_of_time_is_told_so_by_the_results_and_the_file(app):
    """3 s each: the host moves, the window's player never does."""
    host, port = clock_host("0.05+0")
    try:
        join_by_address(app, port)
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=[host])
        game = app.top
        session = game.control.session
        pump(app, lambda: game.match.out_of_time is not None, others=[host])
        assert game.bar.text == "Light ran out of time"
        assert session.result() == host.result() == "light ran out of time, dark wins"
        path = game.keeping.path
        pump(app, lambda: is_lan_results(app.top), others=[host])
        winner, _title, reason = app.top.headline()
        assert winner == Player.DARK and reason == "Light ran out of time"
        record = load_journal(path)
        assert record.headers["Clock"] == "0.05+0"
        assert record.headers["Result"] == "light ran out of time, dark wins"
        assert note_clocks(record.notes[0]) == pytest.approx(session.clock.after[0], abs=0.1)
    finally:
        host.close()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_a_joiner_without_clocks_is_named_once_and_the_game_has_none(app):
    lobby = host_with_a_clock(app)
    old = RawPeer(lobby.port)
    try:
        old.send({"t": "hello", "proto": 1, "app": "old", "name": "Joe", "game": "isaac"})
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        run(app, 2)
        said = "Joe's program has no clock: this game is played without one"
        assert game.bar.text == said and game.bar.warn
        assert game.match.clocks is None
        assert game.panel_info(Player.DARK).clock is game.panel_info(Player.LIGHT).clock is None
        assert game.control.session.clock_notice() == ""  # said once
    finally:
        old.close()
