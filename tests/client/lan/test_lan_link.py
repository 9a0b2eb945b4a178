"""A dropped link: "reconnecting..." on screen, on the host's side (the joining
subprocess is killed) and on the joiner's (a loopback proxy cuts the link), the
game resuming by itself when the link returns, and, once the rejoin window is over,
the choice to save the game or leave."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from isaac_game.client.lan.dialogs import GiveUpScene, away_words
from isaac_game.client.lan.hud import link_text
from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.theme import recording
from isaac_game.lan import CONNECTED, LOST, RECONNECTING, LanSession
from isaac_game.match import RandomSeat
from isaac_game.rules import Player

from ..driver import key, menu_to
from ..kinds import is_lan_game
from .lanclient import Cli, Proxy, fast_lan, play_turn, pump, type_text
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_host_shows_reconnecting_then_offers_save_or_leave(app, storage, monkeypatch):
    monkeypatch.setenv("ISAAC_LAN_REJOIN_WINDOW", "2.5")
    lobby = host_from_the_menu(app)
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--ai", "random", "--name", "Bob"])
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        session = game.control.session
        rng = random.Random(1)
        turns = 0
        while turns < 3:
            turns += play_turn(app, game, rng, by_mouse=False)
        pump(app, lambda: game.human_to_move() is not None)  # Bob has answered
        join.kill()
        pump(app, lambda: session.link == RECONNECTING)
        assert link_text(session).startswith("reconnecting...")
        assert game.panel_info(Player.LIGHT).status == RECONNECTING
        app.draw()  # the notice over the board draws
        # the local player may still move while the link is down
        ply = game.match.state.ply
        play_turn(app, game, rng, by_mouse=True)
        assert game.match.state.ply > ply
        # the window passes: save or leave
        pump(app, lambda: isinstance(app.top, GiveUpScene), timeout=15)
        give_up = app.top
        assert session.can_give_up
        # how long, as a person says it (not "187 s")
        assert re.search(r"unreachable for \d+ seconds?\.$", give_up.text), give_up.text
        pump(app, lambda: session.link == LOST)  # the host's window closes too
        assert app.top is give_up
        assert not give_up.menu.item("wait").enabled()
        assert give_up.menu.current.key == "save"
        key(app, pygame.K_RETURN)
        assert "Saved as" in give_up.message
        saves = storage.list_saves()
        assert len(saves) == 1
        record, error = storage.load_game(saves[0])
        assert error is None and record.state.moves == game.match.state.moves
        menu_to(app, give_up.menu, "leave")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, TitleScene)
    finally:
        join.kill()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_joiner_shows_reconnecting_on_both_sides_and_resumes(app):
    host = LanSession.host("isaac", RandomSeat("Hal", seed=8), name="Hal", bind="127.0.0.1",
                           port=0, announce=False)  # fmt: skip
    _, port = host.start()
    proxy = Proxy(port)
    try:
        menu_to(app, app.top.menu, "lan_join")
        key(app, pygame.K_RETURN)
        join = app.top
        menu_to(app, join.menu, "address")
        key(app, pygame.K_RETURN)
        type_text(app, f"127.0.0.1:{proxy.port}")
        key(app, pygame.K_RETURN)  # Enter in the address field joins it
        # the lobby until the welcome, which on loopback may come within the frame
        assert isinstance(app.top, LanLobbyScene) or is_lan_game(app.top, "isaac")
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=[host])
        game = app.top
        session = game.control.session
        rng = random.Random(2)
        turns = 0
        while turns < 3:
            turns += play_turn(app, game, rng, by_mouse=True, others=[host])
        proxy.stall()  # refuse redials until resume(): the link stays down a while
        proxy.cut()
        pump(app, lambda: session.link == RECONNECTING and host.link == RECONNECTING,
             others=[host])  # fmt: skip
        assert link_text(session).startswith("reconnecting...")
        assert game.panel_info(Player.DARK).status == RECONNECTING
        app.draw()
        # moves made while the link is down reach the host on rejoin
        ply = game.match.state.ply
        while game.match.state.ply == ply and game.match.state.to_move == session.you:
            play_turn(app, game, rng, by_mouse=False, others=[host])
        proxy.resume()
        pump(app, lambda: session.link == CONNECTED and host.link == CONNECTED, others=[host])
        assert "Reconnected" in game.bar.text
        assert game.match is session.match
        while turns < 6:
            turns += play_turn(app, game, rng, by_mouse=False, others=[host])
        pump(app, lambda: host.state.moves == session.state.moves, others=[host])
    finally:
        proxy.close()
        host.close()


def seat_kept(app) -> list[int]:
    """The seconds every text drawn now says the seat is still kept ("... the
    opponent's seat is kept 1:48 more": 108), in drawing order."""
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    lines = " ".join(t.text for t in log.texts)  # a wrapped text: its lines in order
    found = re.findall(r"seat is kept (\d+):(\d\d) more", lines)
    return [int(minutes) * 60 + int(seconds) for minutes, seconds in found]


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_the_seat_kept_counts_down_from_the_rejoin_window(app):
    """The link box and the notice over the board count down the time the seat is
    kept (the rejoin window), from the whole window, a second at a time."""
    lobby = host_from_the_menu(app)
    bob = LanSession.join("isaac", RandomSeat("Bob", seed=3), "127.0.0.1", lobby.port,
                          name="Bob")  # fmt: skip
    bob.start()
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=[bob])
        game = app.top
        session = game.control.session
        rng = random.Random(3)
        while not session.worth_keeping:  # Bob has played: his seat is kept for him
            play_turn(app, game, rng, by_mouse=False, others=[bob])
        bob.close()  # gone mid-game: a pause, his seat kept for the window
        pump(app, lambda: session.link == RECONNECTING)
        window = round(session.timers.rejoin_window)
        assert window == 60  # fast_lan's (the protocol's is 120)
        first = seat_kept(app)
        assert first == [window, window]  # the link box and the notice, from the top
        shown = [first[0]]
        pump(app, lambda: shown.append(seat_kept(app)[0]) or shown[-1] < window, timeout=5)
        assert shown == sorted(shown, reverse=True) and shown[-1] == window - 1
        assert link_text(session).startswith("reconnecting... the opponent's seat is kept ")
    finally:
        bob.close()


def test_how_long_a_peer_is_away_reads_as_people_say_it():
    assert away_words(1) == "1 second" and away_words(45.9) == "45 seconds"
    assert away_words(60) == "1 minute" and away_words(187) == "3 minutes"
