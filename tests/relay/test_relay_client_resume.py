"""The window, joined through a real relay, is closed mid-game: started again, its title
offers "Resume the online game with Ann" (the relay ticket, with the relay and the
code: no relay needs to be set), which rejoins the real headless host through the
relay, the game going on from the same move to the end."""

from __future__ import annotations

import random

import pygame
import pytest
from lanhelpers import Cli
from relayclient import play_online, type_code
from relayhelpers import host_code

from isaac_game.client.lan.online_lobby import OnlineLobbyScene
from isaac_game.client.registry import make_app
from isaac_game.lan import TicketBook
from tests.client.driver import key
from tests.client.kinds import is_lan_game, is_lan_results
from tests.client.lan.lanclient import play_turn, pump

pytestmark = pytest.mark.relay


@pytest.mark.timeout(180)
def test_a_joiner_closed_mid_game_resumes_from_the_title(app, storage, relay, tmp_path):
    app.settings.player_name = "Bob"
    app.relay_override = relay.address
    args = ["--ai", "random", "--name", "Ann", "--seed", "4", "--as", "dark"]
    host = Cli(["host", "--relay", relay.address, *args], env={"ISAAC_GAME_HOME": str(tmp_path)})
    again = None
    try:
        code = host_code(host)
        type_code(app, play_online(app, "join"), code)
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        rng, turns = random.Random(4), 0
        while turns < 3:
            turns += play_turn(app, game, rng, by_mouse=False)
        pump(app, lambda: session.synced and not game.motion.showing_move())
        before = tuple(game.match.state.moves)
        app.shutdown()  # the window closed mid-game: a pause for the host; the ticket stays
        assert TicketBook(storage.data_dir, relay=True).load().code == code
        again = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
        again.open("title")
        again.frame()
        title = again.top
        assert again.relay_override == "" and again.settings.relay == ""
        assert title.menu.current.key == "resume0"
        assert title.menu.current.text() == "Resume the online game with Ann"
        key(again, pygame.K_RETURN)
        lobby = again.top
        assert isinstance(lobby, OnlineLobbyScene) and ("code", code) in lobby.lines()
        assert lobby.lines()[0] == ("dim", "Rejoining your ISAAC game with Ann")
        pump(again, lambda: is_lan_game(again.top, "isaac"), 60)
        game = again.top
        assert game.match.state.moves[: len(before)] == before
        while is_lan_game(again.top, "isaac"):
            assert again.top is game, host.dump()
            turns += play_turn(again, game, rng, by_mouse=turns % 2 == 0)
            assert turns < 200
        assert is_lan_results(again.top), host.dump()
        assert host.finish(60) == 0, host.dump()
        assert host.out[-1] == "result: " + game.control.session.result()
        assert TicketBook(storage.data_dir, relay=True).load() is None
    finally:
        host.kill()
        if again is not None:
            again.shutdown()
