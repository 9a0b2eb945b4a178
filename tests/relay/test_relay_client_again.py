"""A game the window hosted online, kept when its joiner was gone for good, is hosted
again through the same relay with the same code (the record keeps both), so the
joiner's relay ticket finds it: the real headless `join --relay --code`, killed
mid-game and started again, rejoins and the game goes on from the same move to the
end, in the same file. After an online game the results' "Host again" opens the
online lobby again, with a code a new joiner takes."""

from __future__ import annotations

import random

import pygame
import pytest
from lanhelpers import Cli, home
from relayclient import host_online, shown_code, wait_for_code

from isaac_game.client.lan.again import OnlineHostAgainScene
from isaac_game.client.lan.dialogs import GiveUpScene
from isaac_game.client.lan.online_lobby import OnlineLobbyScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.lan import CLOSED, TicketBook
from isaac_game.lan.online import join_online, parse_code
from isaac_game.match import HumanSeat
from isaac_game.rules import Headers, Player, load_record
from tests.client.driver import key, menu_to
from tests.client.kinds import is_lan_game, is_lan_results
from tests.client.lan.lanclient import (
    play_to_the_end,
    play_turn,
    pump,
    resign_from_the_pause_menu,
)

pytestmark = pytest.mark.relay


def relay_joiner(relay, tmp_path, who: str, code: str, seed: int) -> Cli:
    """A headless joiner of `code`, playing at random, with files of its own."""
    return Cli(["join", "--relay", relay.address, "--code", code, "--ai", "random",
                "--name", who.title(), "--seed", str(seed)], env=home(tmp_path, who))  # fmt: skip


@pytest.mark.timeout(240)
def test_host_it_again_through_the_relay_and_the_old_joiner_rejoins(
    app, storage, relay, tmp_path, monkeypatch
):
    monkeypatch.setenv("ISAAC_LAN_REJOIN_WINDOW", "2.0")
    app.settings.player_name = "Ann"
    app.relay_override = relay.address  # this run's relay; none in Settings
    lobby = host_online(app)
    code = wait_for_code(app, lobby)
    bob = relay_joiner(relay, tmp_path, "bob", code, seed=31)
    bob2 = None
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        rng, turns = random.Random(31), 0
        while turns < 3:
            turns += play_turn(app, game, rng, by_mouse=False)
        pump(app, lambda: game.human_to_move() is not None)  # Bob has answered
        assert (tmp_path / "bob" / "data" / "relay-ticket.json").exists()
        bob.kill()
        pump(app, lambda: isinstance(app.top, GiveUpScene) and session.held, timeout=30)
        kept = game.match.state.moves
        (path,) = storage.list_saves()
        read = Headers(load_record(path).headers)
        assert (read.lan_role, read.lan_relay, read.lan_code) == ("host", relay.address, code)
        menu_to(app, app.top.menu, "leave")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, TitleScene)
        # the next run: no relay given at all; the record knows which one the game used
        app.relay_override = ""
        assert app.settings.relay == ""
        app.open("saves", "continue")
        saves = app.top
        assert isinstance(saves, SavesScene)
        saves.open(path)
        again = app.top
        assert isinstance(again, OnlineHostAgainScene), type(again)
        assert wait_for_code(app, again) == code  # the same code: Bob's ticket has it
        rows = [text for _style, text in again.lines()]
        assert rows[:2] == [
            "ISAAC against Bob, hosted again by Ann",
            f"The game goes on from move {len(kept) + 1}. Bob can join with the code:",
        ]
        app.draw()
        bob2 = relay_joiner(relay, tmp_path, "bob", code, seed=32)  # Bob's program again
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game2 = app.top
        s2 = game2.control.session
        assert s2.opponent == "Bob" and s2.you == Player.DARK
        assert game2.match.state.moves[: len(kept)] == kept  # from the same move
        results, _turns = play_to_the_end(app, game2, 33, bob2, mouse_first=False)
        final = results.outcome.state
        assert bob2.finish(60) == 0, bob2.dump()
        assert any(line.startswith("rejoining the game with Ann") for line in bob2.err)
        assert [line.split()[-1] for line in bob2.moves()] == list(final.moves)
        assert bob2.out[-1] == "result: " + s2.result()
        assert TicketBook(tmp_path / "bob" / "data", relay=True).load() is None
        assert load_record(path).state.moves == final.moves  # kept in the same file
    finally:
        bob.kill()
        if bob2 is not None:
            bob2.kill()


@pytest.mark.timeout(180)
def test_host_again_after_an_online_game_opens_the_online_lobby_for_a_new_joiner(
    app, relay, tmp_path
):
    app.settings.player_name = "Ann"
    app.relay_override = relay.address
    lobby = host_online(app)
    code = wait_for_code(app, lobby)
    bob = relay_joiner(relay, tmp_path, "bob", code, seed=41)
    cat = None
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        while not play_turn(app, game, random.Random(41), by_mouse=False):
            pass
        resign_from_the_pause_menu(app, game)
        pump(app, lambda: is_lan_results(app.top))
        pump(app, lambda: session.link == CLOSED and bob.p.poll() is not None, 60)
        assert bob.finish() == 0, bob.dump()
        results = app.top
        assert results.menu.item("rematch").text() == "Host again"
        menu_to(app, results.menu, "rematch")
        key(app, pygame.K_RETURN)
        again = app.top
        assert isinstance(again, OnlineLobbyScene), type(again)
        assert again.heading() == "Hosting online"
        new_code = shown_code(again)
        assert new_code, again.lines()
        app.draw()
        cat = relay_joiner(relay, tmp_path, "cat", new_code, seed=42)
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game2 = app.top
        s2 = game2.control.session
        assert s2 is session and s2.opponent == "Cat" and game2.match.state.ply == 0
        while not play_turn(app, game2, random.Random(43), by_mouse=False):
            pass
        cat.wait_line(lambda line: line.startswith("1. "), stream="out")
    finally:
        bob.kill()
        if cat is not None:
            cat.kill()


@pytest.mark.timeout(180)
def test_host_again_once_the_code_is_refused_hosts_with_a_new_code(app, relay, tmp_path):
    """Five wrong codes tried during the game shut its room for good: "Host again" then
    hosts in a new room with a new code, which the next joiner takes."""
    app.settings.player_name = "Ann"
    app.relay_override = relay.address
    lobby = host_online(app)
    code = wait_for_code(app, lobby)
    bob = relay_joiner(relay, tmp_path, "bob", code, seed=51)
    guests, cat = [], None
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        game = app.top
        session = game.control.session
        while not play_turn(app, game, random.Random(51), by_mouse=False):
            pass
        wrong = parse_code(code)
        wrong = parse_code(wrong.room + ("222" if wrong.secret != "222" else "333"))
        for _ in range(5):
            guest = join_online("isaac", HumanSeat("Eve"), relay.address, wrong, name="Eve")
            guest.start()
            guests.append(guest)
            pump(app, lambda g=guest: g.rejected is not None, others=[guest])
        assert session.endpoint.locked
        resign_from_the_pause_menu(app, game)
        pump(app, lambda: is_lan_results(app.top))
        pump(app, lambda: session.link == CLOSED and bob.p.poll() is not None, 60)
        results = app.top
        menu_to(app, results.menu, "rematch")
        key(app, pygame.K_RETURN)
        again = app.top
        assert isinstance(again, OnlineLobbyScene), type(again)
        new_code = wait_for_code(app, again)
        assert new_code != code
        assert not any(style == "warn" for style, _text in again.lines())
        cat = relay_joiner(relay, tmp_path, "cat", new_code, seed=52)
        pump(app, lambda: is_lan_game(app.top, "isaac"), 60)
        s2 = app.top.control.session
        assert s2.opponent == "Cat" and s2.you == Player.DARK  # the colour Ann chose
        session.update()  # its last news: the old one, with its shut room, is closed
        assert session.closed == "host closed"
    finally:
        for guest in guests:
            guest.close()
        bob.kill()
        if cat is not None:
            cat.kill()
