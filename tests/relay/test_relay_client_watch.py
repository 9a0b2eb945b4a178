"""Issue 44's spectators through a real relay, in the window: the host's lobby shows the
watch code under the game's code, labelled for whom it is; Play online > Watch online
takes a watch code typed as the host reads it and the watch screen follows the game;
a wrong code is said on the watch screen, with a way back."""

from __future__ import annotations

import pygame
import pytest
from relayclient import host_online, play_online, wait_for_code

from isaac_game.client.lan.online import OnlineWatchScene
from isaac_game.client.lan.online_lobby import WRONG_CODE_SAID
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import online
from isaac_game.match import HumanSeat
from tests.client.driver import key, menu_to
from tests.client.lan.lanclient import type_text
from tests.client.watch.table import Table, pump_all, shows, watch_screen

pytestmark = pytest.mark.relay


@pytest.mark.timeout(90)
def test_the_hosts_lobby_shows_the_watch_code_under_the_games(app, relay):
    app.relay_override = relay.address
    lobby = host_online(app)
    code = wait_for_code(app, lobby)
    rows = lobby.lines()
    watch = online.watch_code_of(lobby.session)
    assert watch is not None and str(watch) != code
    label = rows.index(("dim", "Watch code (to watch, not play):"))
    assert rows.index(("code", code)) < label and rows[label + 1] == ("big", str(watch))
    assert shows(app, str(watch)) and shows(app, "Watch code (to watch, not play):")


def type_watch_code(app, text: str) -> OnlineWatchScene:
    """Title > Play online > Watch online, the code typed (Enter on its row), Enter."""
    screen = play_online(app, "watch")
    assert isinstance(screen, OnlineWatchScene)
    assert screen.menu.current.key == "code"
    key(app, pygame.K_RETURN)
    type_text(app, text)
    key(app, pygame.K_RETURN)
    return screen


@pytest.mark.timeout(120)
def test_watch_online_by_the_hosts_watch_code(app, relay):
    app.relay_override = relay.address
    app.settings.player_name = "Ann"
    host = online.host_online("isaac", HumanSeat("Hal"), relay.address, name="Hal")
    host.start()
    join = online.join_online(
        "isaac", HumanSeat("Bob"), relay.address, online.code_of(host), name="Bob"
    )
    join.start()
    table = Table(host, join)
    try:
        table.play(2)
        watch_code = str(online.watch_code_of(host))
        type_watch_code(app, watch_code.lower().replace("-", " "))  # as heard
        scene, control = watch_screen(app)
        assert control.watch.name == "Ann"
        pump_all(app, lambda: scene.match.state.moves == table.state.moves, table.sessions)
        table.move()
        pump_all(app, lambda: scene.match.state.moves == table.state.moves, table.sessions)
        assert shows(app, "1 watching")
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
        # a code nobody gave: the relay turns it away, said on the watch screen
        wrong = "K7M-4QP" if watch_code != "K7M-4QP" else "K7M-4QR"
        type_watch_code(app, wrong)
        scene, control = watch_screen(app)
        pump_all(app, control.stopped, table.sessions, timeout=60)
        assert shows(app, "Cannot watch") and shows(app, "Back")
        said = control.stopped()
        assert said in (WRONG_CODE_SAID, f"Nobody is hosting with the code {wrong}: check it "
                        "with your friend"), said  # fmt: skip
        menu_to(app, control.back, "back")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, TitleScene)
    finally:
        table.close()
