"""Nothing lost over the LAN, the client as host (in this process, posted events; the
joiners are the real headless `join` as processes on 127.0.0.1, each with its own
ISAAC_GAME_HOME as another machine would have):

- once the rejoin window has passed, the host's game is saved before anything is
  asked, a new joiner is refused ("table full"), and only the host's "New game"
  seats the next one; the old game stays in the saves;
- Host it again: that saved game, opened from "Continue a saved game", is hosted
  again; the killed joiner, started again for the same address, rejoins with its
  ticket, the welcome carries every move, and the game goes on from the same move
  to the end, with the same record on both sides.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from isaac_game.client.lan import menu as lan_menu
from isaac_game.client.lan.again import LanHostAgainScene
from isaac_game.client.lan.dialogs import GiveUpScene
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.storage import OPEN_ELSEWHERE
from isaac_game.lan import CLOSED, CONNECTED, LOST
from isaac_game.rules import GameLock, load_record, new_game, save_record

from ..driver import key, menu_to
from ..kinds import is_lan_game, is_lan_results
from .lanclient import Cli, fast_lan, play_turn, pump
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]


def joiner(tmp_path, who: str, port: int, seed: int) -> Cli:
    """A headless joiner playing at random."""
    (tmp_path / who).mkdir(exist_ok=True)
    env = {"ISAAC_GAME_HOME": str(tmp_path / who)}
    return Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--name", who.title(),
                "--seed", str(seed)], env=env)  # fmt: skip


def play_then_lose_the_joiner(app, tmp_path, seed: int):
    """Host from the menu, let Bob (a headless joiner) in, play a few turns, SIGKILL
    Bob, and wait for the window to pass: the give-up dialog over the kept game."""
    lobby = host_from_the_menu(app)
    bob = joiner(tmp_path, "bob", lobby.port, seed)
    pump(app, lambda: is_lan_game(app.top, "isaac"))
    game = app.top
    session = game.control.session
    rng = random.Random(seed)
    turns = 0
    while turns < 3:
        turns += play_turn(app, game, rng, by_mouse=False)
    pump(app, lambda: game.human_to_move() is not None)  # Bob has answered
    bob.kill()
    pump(app, lambda: isinstance(app.top, GiveUpScene) and session.held, timeout=20)
    return lobby, game, session, bob


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_the_host_keeps_the_game_until_its_person_chooses_a_new_one(
    app, storage, tmp_path, monkeypatch
):
    monkeypatch.setenv("ISAAC_LAN_REJOIN_WINDOW", "2.0")
    lobby, game, session, bob = play_then_lose_the_joiner(app, tmp_path, seed=11)
    give_up = app.top
    moves = game.match.state.moves
    # saved before anything is asked, with what marks it as a LAN game hosted here
    assert game.control.kept.startswith("Saved as ") and "Host it again" in give_up.text
    (path,) = storage.list_saves()
    record = load_record(path)
    assert record.state.moves == moves
    assert record.headers["Lan"] == "host" and record.headers["LanPeer"] == "Bob"
    assert record.headers["LanToken"] == session.token and record.headers["LanSeat"] == "dark"
    assert session.link == LOST
    # past the window, nobody else takes Bob's seat
    eve = joiner(tmp_path, "eve", lobby.port, seed=12)
    try:
        pump(app, lambda: eve.p.poll() is not None, timeout=30)
        assert eve.finish() == 3, eve.dump()
        assert eve.err[-1] == f"error: rejected by 127.0.0.1:{lobby.port}: table full"
        assert app.top is give_up and session.match is game.match
        # the host's person chooses: New game
        item = give_up.menu.item("new")
        assert item.text() == "New game (Bob's seat is freed)" and item.enabled()
        menu_to(app, give_up.menu, "new")
        key(app, pygame.K_RETURN)
        assert give_up.freed and not item.enabled()
        pump(app, lambda: not session.held and session.link == CLOSED)  # the table is free
        assert "Bob's seat is free" in give_up.heading
        cat = joiner(tmp_path, "cat", lobby.port, seed=13)
        pump(app, lambda: session.games == 2 and session.link == CONNECTED and app.top is game)
        assert session.opponent == "Cat" and game.match is session.match
        assert game.match.state.ply == 0
        while not play_turn(app, game, random.Random(14), by_mouse=True):
            pass

        def no_file_before_cats_move() -> bool:
            """Every frame until Cat has moved: nothing to lose yet, so no file."""
            if game.match.state.ply >= 2:
                return True
            assert game.keeping.path is None
            return False

        pump(app, no_file_before_cats_move)
        assert game.keeping.path is not None and game.keeping.path != path  # a file of its own
        assert load_record(path).state.moves == moves  # the old one is still there
        cat.kill()
    finally:
        eve.kill()
        bob.kill()


@pytest.mark.timeout(150)
@pytest.mark.usefixtures("fast_lan")
def test_host_it_again_and_the_old_joiner_rejoins_with_its_ticket(
    app, storage, tmp_path, monkeypatch
):
    monkeypatch.setenv("ISAAC_LAN_REJOIN_WINDOW", "2.0")
    lobby, game, session, bob = play_then_lose_the_joiner(app, tmp_path, seed=21)
    kept = game.match.state.moves
    assert (tmp_path / "bob" / "data" / "lan-ticket.json").exists()
    menu_to(app, app.top.menu, "leave")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    # Continue a saved game -> the LAN game -> Host it again, on the same port as before
    monkeypatch.setattr(lan_menu, "HOST_PORT", lobby.port)
    app.open("saves", "continue")
    saves = app.top
    assert isinstance(saves, SavesScene)
    (path,) = storage.list_saves()
    # the file as a person might have kept it: its own date, one header more
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^Date: .*$", "Date: 2001-02-03\nEvent: Club night", text, flags=re.M)
    path.write_text(text, encoding="utf-8")
    saves.open(path)
    again = app.top
    assert isinstance(again, LanHostAgainScene), type(again)
    assert again.port == lobby.port and again.save_path == path
    assert any(f"from move {len(kept) + 1}" in text for _style, text in again.lines())
    app.draw()
    bob2 = joiner(tmp_path, "bob", lobby.port, seed=22)  # Bob's program, started again
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game2 = app.top
        s2 = game2.control.session
        assert s2.opponent == "Bob" and s2.you is not None and s2.you.value == "dark"
        assert game2.match.state.moves[: len(kept)] == kept  # every move, from the welcome
        rng = random.Random(23)
        turns = 0
        while is_lan_game(app.top, "isaac"):
            if play_turn(app, game2, rng, by_mouse=False):
                turns += 1
            assert turns < 200
        assert is_lan_results(app.top), bob2.dump()
        final = app.top.outcome.state
        assert bob2.finish() == 0, bob2.dump()
        # the same record on both sides: Bob's stdout holds the whole game
        assert [line.split()[-1] for line in bob2.moves()] == list(final.moves)
        assert bob2.out[-1] == "result: " + s2.result()
        assert any(line.startswith("rejoining the game with Ann") for line in bob2.err)
        assert not (tmp_path / "bob" / "data" / "lan-ticket.json").exists()
        record = load_record(path)
        assert record.state.moves == final.moves  # kept in the same file
        assert record.headers["Date"] == "2001-02-03"  # as it was: only moves were added
        assert record.headers["Event"] == "Club night"
    finally:
        bob2.kill()
        bob.kill()


def test_a_lan_game_open_in_another_window_is_not_hosted_again(app, storage):
    """Hosting it again would have two programs keep one file: it is refused at once."""
    state = new_game("isaac").play("5v04")
    lan = {"Lan": "host", "LanPeer": "Bob", "LanToken": "ab" * 16, "LanSeat": "dark"}
    path = storage.saves_dir / "kept.isaac.txt"
    save_record(path, state, lan)
    other_window = GameLock(path)
    assert other_window.acquire()
    try:
        app.open("saves", "continue")
        app.top.open(path)
        assert isinstance(app.top, MessageScene)
        assert app.top.text.startswith(OPEN_ELSEWHERE)
    finally:
        other_window.release()
    app.pop(app.top)
    app.top.open(path)  # closed there: now it is hosted again
    assert isinstance(app.top, LanHostAgainScene)
    app.top.cancel()
