"""The window hosts through a real relay: the relay typed in Settings, Play online >
Host online shows the code, the real headless `join --relay --code` (another program,
as a friend's machine would be) joins with it, both chat, and the game is played to
the end with posted key and mouse events. The host's lobby counts the wrong codes
tried in its room and says when it refuses the code; a relay that cannot be reached
is one line on the menu, the window never waiting on it."""

from __future__ import annotations

import random

import pygame
import pytest
from lanhelpers import Cli
from relayclient import back_on, host_online, play_online, relay_in_settings, wait_for_code

from isaac_game.client.lan.online import OnlineHostScene
from isaac_game.client.lan.online_lobby import OnlineLobbyScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import CLOSED
from isaac_game.lan.online import join_online, parse_code
from isaac_game.match import HumanSeat
from isaac_game.rules import Player
from tests.client.driver import key, menu_to
from tests.client.kinds import is_lan_game
from tests.client.lan.lanclient import play_to_the_end, play_turn, pump, type_text

pytestmark = pytest.mark.relay


@pytest.mark.timeout(180)
def test_the_window_hosts_online_chats_and_plays_a_whole_game(app, relay, tmp_path):
    app.settings.player_name = "Ann"
    relay_in_settings(app, relay.address)
    lobby = host_online(app)
    code = wait_for_code(app, lobby)
    assert parse_code(code) and str(parse_code(code)) == code
    assert lobby.heading() == "Hosting online"
    rows = [text for _style, text in lobby.lines()]
    assert rows[:2] == ["ISAAC, hosted by Ann", "Read this code to your friend:"]
    app.draw()
    join = Cli(["join", "--relay", relay.address, "--code", code, "--ai", "random",
                "--name", "Bob", "--seed", "5", "--greet", "hi Ann"],
               env={"ISAAC_GAME_HOME": str(tmp_path / "bob")})  # fmt: skip
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        assert session.you == Player.DARK and game.match is session.match
        pump(app, lambda: session.opponent == "Bob")
        assert "Bob" in game.panel_info(Player.LIGHT).who
        # the chat, both ways
        pump(app, lambda: [line.text for line in session.chat_lines] == ["hi Ann"])
        while not play_turn(app, game, random.Random(7), by_mouse=False):
            pass
        key(app, pygame.K_t)
        type_text(app, "gl Bob")
        key(app, pygame.K_RETURN)
        assert [line.text for line in session.chat_lines] == ["hi Ann", "gl Bob"]
        join.wait_line(lambda line: line == "chat from Ann: gl Bob", 30)
        results, _turns = play_to_the_end(app, game, 8, join, mouse_first=False)
        final = results.outcome.state
        assert final.is_over and final.moves == session.state.moves
        assert join.finish(60) == 0, join.dump()
        assert join.out[-1] == "result: " + session.result()
        assert len(join.moves()) == len(final.moves)
        pump(app, lambda: session.link == CLOSED)
        assert results.menu.item("rematch").text() == "Host again"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        join.kill()


@pytest.mark.timeout(120)
def test_the_hosts_lobby_counts_wrong_codes_and_then_refuses_the_code(app, relay):
    app.relay_override = relay.address  # `isaac --relay`: over Settings' (none here)
    lobby = host_online(app)
    code = parse_code(wait_for_code(app, lobby))
    wrong = parse_code(code.room + ("222" if code.secret != "222" else "333"))
    tries = []
    for n in range(1, 6):
        guest = join_online("isaac", HumanSeat("Eve"), relay.address, wrong, name="Eve")
        guest.start()
        tries.append(guest)
        pump(app, lambda g=guest: g.rejected is not None, others=[guest])
        assert guest.rejected == "wrong code"
        pump(app, lambda n=n: lobby.wrong is not None and lobby.wrong.tries == n)
        said = [text for style, text in lobby.lines() if style == "warn"]
        if n < 5:
            expected = "A wrong code was tried" if n == 1 else "Wrong codes were tried"
            assert said == [f"{expected} ({n} of 5)"]
    assert said == ["5 wrong codes tried: this code is refused now. Cancel and host again "
                    "for a new one."]  # fmt: skip
    app.draw()
    # the right code is refused too, now
    friend = join_online("isaac", HumanSeat("Bob"), relay.address, code, name="Bob")
    friend.start()
    tries.append(friend)
    pump(app, lambda: friend.rejected is not None, others=[friend])
    assert friend.rejected_code == "code-locked"
    assert app.top is lobby  # no game started
    for guest in tries:
        guest.close()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, OnlineHostScene)


@pytest.mark.timeout(60)
def test_a_relay_that_cannot_be_reached_is_one_line_back_on_the_menu(app, refused_port):
    address = f"127.0.0.1:{refused_port}"
    app.relay_override = address
    host = play_online(app, "host")
    assert isinstance(host, OnlineHostScene)
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    if lobby is not host:  # (unless the refusal came back within that very frame)
        assert isinstance(lobby, OnlineLobbyScene)
        assert lobby.lines()[0][1].startswith(f"Connecting to the relay at {address}")
        app.draw()
    line = back_on(app, host)
    assert line == f"Cannot reach the relay at {address}: connection refused"
    app.draw()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
