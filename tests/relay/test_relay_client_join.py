"""The window joins through a real relay by the code a real headless `host --relay`
printed, typed as a friend types it (the keyboard, or a pad on the on-screen
keyboard): both chat and the game is played to the end. A wrong code says "wrong
code" on the menu; a code that cannot be one says why; with no relay set, Play online
says what a relay is and how to get one; a relay that cannot be reached is one line."""

from __future__ import annotations

import pygame
import pytest
from lanhelpers import Cli
from relayclient import back_on, play_online, type_code
from relayhelpers import host_code

from isaac_game.client.lan.online import NO_RELAY, OnlineJoinScene
from isaac_game.client.lan.online_lobby import OnlineLobbyScene
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.storage import Settings
from isaac_game.commands import cli
from isaac_game.lan import TicketBook
from isaac_game.lan.online import parse_code
from isaac_game.rules import Player
from tests.client.driver import key, menu_to, pad
from tests.client.kinds import is_lan_game
from tests.client.lan.lanclient import play_to_the_end, pump, type_text
from tests.client.lan.test_onscreen_keyboard import open_keyboard, type_with_pad

pytestmark = pytest.mark.relay


def headless_host(relay, tmp_path, *args: str) -> Cli:
    return Cli(["host", "--relay", relay.address, "--ai", "random", "--name", "Ann",
                "--seed", "3", *args], env={"ISAAC_GAME_HOME": str(tmp_path / "ann")})  # fmt: skip


@pytest.mark.timeout(180)
def test_the_window_joins_by_the_typed_code_chats_and_plays_a_whole_game(app, relay, tmp_path):
    app.settings.player_name = "Bob"
    app.relay_override = relay.address  # `isaac --relay`
    host = headless_host(relay, tmp_path, "--as", "dark", "--greet", "hi Bob")
    try:
        code = host_code(host)
        join = play_online(app, "join")
        assert isinstance(join, OnlineJoinScene)
        assert join.menu.current.key == "code"  # where the friend's words go
        type_code(
            app, join, code.lower().replace("-", " ")
        )  # as heard: case and dash do not matter
        lobby = app.top
        assert isinstance(lobby, OnlineLobbyScene) and lobby.heading() == "Joining online"
        assert ("code", code) in lobby.lines()
        app.draw()
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        assert session.you == Player.LIGHT and session.opponent == "Ann"
        pump(app, lambda: [line.text for line in session.chat_lines] == ["hi Bob"])
        key(app, pygame.K_t)
        type_text(app, "thanks Ann")
        key(app, pygame.K_RETURN)
        host.wait_line(lambda line: line == "chat from Bob: thanks Ann", 30)
        # the ticket to rejoin through the relay, with its code, while the game is on
        ticket = TicketBook(app.storage.data_dir, relay=True).load()
        assert ticket is not None and ticket.relay == relay.address and ticket.code == code
        results, turns = play_to_the_end(app, game, 9, host, mouse_first=False)
        final = results.outcome.state
        assert final.is_over and turns > 5
        assert host.finish(60) == 0, host.dump()
        assert host.out[-1] == "result: " + session.result()
        assert len(host.moves()) == len(final.moves)
        assert TicketBook(app.storage.data_dir, relay=True).load() is None  # over: forgotten
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_wrong_code_typed_on_the_pad_says_wrong_code(app, relay, tmp_path):
    app.relay_override = relay.address
    host = headless_host(relay, tmp_path, "--game", "hari")
    try:
        code = parse_code(host_code(host))
        wrong = f"{code.room}-{'222' if code.secret != '222' else '333'}"
        join = play_online(app, "join")
        keyboard = open_keyboard(app, join, "code")
        assert keyboard.heading == "The code your friend reads you"
        type_with_pad(app, keyboard, wrong.lower())
        pad(app, pygame.CONTROLLER_BUTTON_START)  # Done: joins
        line = back_on(app, join)
        assert line == "Wrong code: check it with your friend and type it again"
        app.draw()
        host.wait_line(lambda s: s == "a joiner tried a wrong code (1 of 5)", 30)
        assert isinstance(app.top, OnlineJoinScene)
    finally:
        host.kill()


def test_a_code_that_cannot_be_one_says_why(app, relay):
    app.relay_override = relay.address
    join = play_online(app, "join")
    type_code(app, join, "K7M-4QU")
    assert app.top is join
    assert (
        join.message == "'U' cannot be in a code: a code has digits and letters only, like K7M-4QP"
    )
    menu_to(app, join.menu, "code")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert join.code.text == "K7M-4Q" and app.top is join
    assert join.message == "A code has 6 characters, like K7M-4QP; this one has 5"


@pytest.mark.timeout(60)
def test_joining_through_a_relay_that_cannot_be_reached_is_one_line(app, refused_port):
    address = f"127.0.0.1:{refused_port}"
    app.relay_override = address
    join = play_online(app, "join")
    type_code(app, join, "K7M-4QP")
    line = back_on(app, join)
    assert line == f"Cannot reach the relay at {address}: connection refused"


def test_with_no_relay_play_online_says_what_a_relay_is(app):
    assert Settings.from_dict({"player_name": "Ann"}).relay == ""  # an older settings file
    title = app.top
    menu_to(app, title.menu, "online")
    key(app, pygame.K_RETURN)
    message = app.top
    assert isinstance(message, MessageScene)
    assert message.title == "Play online" and message.text == NO_RELAY
    assert message.text.count(". ") == 0 and "python -m isaac_game relay" in message.text
    app.draw()
    key(app, pygame.K_RETURN)
    assert app.top is title


def test_a_bad_relay_on_the_command_line_stops_before_the_window(capsys):
    assert cli.main(["--relay", "club.example.org:99999", "--size", "1280x720"]) == 2
    assert capsys.readouterr().err.startswith("isaac: bad port in relay address")
