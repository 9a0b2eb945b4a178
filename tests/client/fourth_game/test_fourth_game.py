"""A fourth game is one new folder and one line: TOY (its rules in `toy_rules.py`, its
client folder `toy/` with its record) is registered at run time, with the rules'
`register_game` and the client's `register`, and nothing else is touched. The title
offers it and plays it, the results and the replay show it, Learn to play lists it,
the saved games list it, and the arena plays it.

Both lists are copies for the test's time (monkeypatched back after), so TOY is known
to no other test.
"""

from __future__ import annotations

import argparse

import pygame
import pytest

from isaac_game.client import registry
from isaac_game.client.registry import make_app, register
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.rulebook import RulesScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.commands import arena
from isaac_game.rules import Place, Player, game_names, new_game, register_game
from isaac_game.rules import state as rules_registry

from ..driver import click, key, menu_to, run
from ..kinds import is_game
from . import toy
from .toy_rules import ToyState


@pytest.fixture
def toy_registered(monkeypatch):
    """TOY known to the rules and to the client: the one line each."""
    monkeypatch.setattr(rules_registry, "_GAMES", dict(rules_registry._GAMES))
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    register_game("toy", ToyState)
    register(toy.GAME)


@pytest.fixture
def toy_app(storage, toy_registered):
    application = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    application.open("title")
    application.frame()
    yield application
    if pygame.get_init():
        application.shutdown()


def choose_toy(app) -> TitleScene:
    title = app.top
    assert isinstance(title, TitleScene)
    item = title.menu.item("game")
    assert "toy" in item.values  # offered beside the three
    menu_to(app, title.menu, "game")
    while title.game != "toy":
        key(app, pygame.K_RIGHT)
    assert item.text() == "Game:  < TOY >"
    return title


def play_toy(app) -> None:
    """New game from the title, both moves entered with the mouse, on to the results."""
    choose_toy(app)
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert is_game(game, "toy") and game.human_to_move() == Player.DARK
    app.draw()
    assert game.bar.heading("lay your piece") == "Dark: lay your piece"
    click(app, game.play.board.cell_center(11))  # along row 1 from 11: two centre cells
    assert game.match.state.moves == ("3h11",)
    assert game.bar.text == "Dark lays its piece on 3h11"
    assert [e.words.text for e in game.bar.history.entries] == ["Dark lays its piece on 3h11"]
    click(app, game.play.board.cell_center(11))  # taken: Light is told so
    assert game.match.state.moves == ("3h11",) and game.bar.warn
    click(app, game.play.board.cell_center(30))  # along row 3: no centre cell
    assert game.match.state.moves == ("3h11", "3h30") and game.match.state.is_over
    assert game.last_move() == (Player.LIGHT, Place(3, "h", 30), game.match.history[-2])
    run(app, 120)  # the results follow
    assert isinstance(app.top, ResultsScene)


def test_the_title_plays_a_fourth_game_and_its_results_and_replay_show_it(toy_app):
    app = toy_app
    play_toy(app)
    results = app.top
    assert results.headline() == (Player.DARK, "Dark wins!", "Cells in the centre: Dark 2, Light 0")
    app.draw()
    menu_to(app, results.menu, "review")
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.state.game == "toy"
    key(app, pygame.K_RIGHT)
    assert replay.bar_text() == "Move 1 of 2: Dark lays its piece on 3h11"
    key(app, pygame.K_RIGHT)
    assert replay.bar_text().startswith("Move 2 of 2: Light lays its piece on 3h30")
    app.draw()


def test_the_saved_games_list_a_fourth_game_and_replay_it(toy_app, storage):
    app = toy_app
    play_toy(app)
    menu_to(app, app.top.menu, "menu")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    (path,) = storage.list_saves()
    assert "TOY" in saves.row_label(path).upper()
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.record.state.moves == ("3h11", "3h30")
    key(app, pygame.K_END)
    app.draw()
    assert replay.view.over_text(replay.state) == "Game over: Dark wins"


def test_learn_to_play_offers_a_fourth_game_its_rules_until_it_has_a_lesson(toy_app):
    """A game with no lesson yet is listed all the same: its row opens its rules pages
    (what a player who asks to learn it wants), and it has no puzzle row."""
    app = toy_app
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    learn = app.top
    row = learn.menu.item("lesson_toy")
    assert row.text() == "TOY: the rules (no lesson yet)" and row.enabled()
    assert "puzzles_toy" not in {item.key for item in learn.menu.items}
    assert learn.menu.item("lesson_isaac").text().startswith("ISAAC: learn to play")
    menu_to(app, learn.menu, "lesson_toy")
    key(app, pygame.K_RETURN)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game == "toy"
    app.draw()
    assert [name for name, _text in rules.book.pages] == ["1. The game", "2. Controls"]


def test_the_rules_know_a_fourth_game_and_the_arena_plays_it_at_every_level(toy_registered):
    assert "toy" in game_names() and isinstance(new_game("toy"), ToyState)
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    args = parser.parse_args(["random", "hard", "--game", "toy", "--games", "2"])
    assert args.game == "toy"
    for level in arena.BOT_NAMES:  # TOY has no fast core: the generic path plays it
        result = arena.play_game(level, "random", 0, 1, 0.02, game="toy")
        assert result.plies == 2 and result.a_won in (0.0, 0.5, 1.0), level


@pytest.mark.timeout(60)
def test_a_fourth_game_is_hosted_on_the_lan_and_played_to_its_end(toy_app, monkeypatch):
    """The LAN menu offers the games the client plays, TOY among them: hosted from the
    menu on loopback, a joiner plays it through the protocol, and both see its end."""
    from isaac_game.client.lan.menu import LanHostScene
    from isaac_game.lan import LanSession
    from isaac_game.match import RandomSeat

    from ..kinds import is_lan_game, is_lan_results
    from ..lan.lanclient import pump

    monkeypatch.setattr("isaac_game.client.lan.menu.HOST_BIND", "127.0.0.1")
    app = toy_app
    menu_to(app, app.top.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    assert isinstance(host, LanHostScene) and "toy" in host.menu.item("game").values
    menu_to(app, host.menu, "game")
    while host.game != "toy":
        key(app, pygame.K_RIGHT)
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    bob = LanSession.join("toy", RandomSeat("Bob", seed=3), "127.0.0.1", lobby.port, name="Bob")
    bob.start()
    try:
        pump(app, lambda: is_lan_game(app.top, "toy"), others=[bob])
        game = app.top
        pump(app, lambda: game.human_to_move() == Player.DARK, others=[bob])
        click(app, game.play.board.cell_center(11))
        assert game.match.state.moves == ("3h11",)
        pump(app, lambda: is_lan_results(app.top), others=[bob])
        assert app.top.outcome.state.is_over and bob.state is not None and bob.state.is_over
    finally:
        bob.close()
