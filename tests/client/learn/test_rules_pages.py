"""The rules pages: the game chosen on the title, the game in play from pause, every
page of every game drawn, turned by keys, pad and clicks; tabs switch the game."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.registry import GAMES, names
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.rulebook import RulesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.theme import Fonts

from ..driver import click, key, menu_to, pad

GAME_NAMES = ("isaac", "foundations", "hari")


def choose_game(app, game: str, via_pad: bool = False) -> TitleScene:
    """Step the title's Game option to `game` with Right (keys or D-pad)."""
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "game", via_pad)
    for _ in range(len(GAME_NAMES)):
        if title.game == game:
            return title
        if via_pad:
            pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        else:
            key(app, pygame.K_RIGHT)
    raise AssertionError(f"the Game option never showed {game}")


def open_rules_from_title(app, game: str, via_pad: bool = False) -> RulesScene:
    title = choose_game(app, game, via_pad)
    menu_to(app, title.menu, "rules", via_pad)
    if via_pad:
        pad(app, pygame.CONTROLLER_BUTTON_A)
    else:
        key(app, pygame.K_RETURN)
    rules = app.top
    assert isinstance(rules, RulesScene)
    return rules


def test_every_game_has_illustrated_pages_with_controls():
    assert names() == GAME_NAMES
    books = [game.rules_book(Fonts()) for game in GAMES.values()]
    for book in books:
        assert 4 <= len(book.pages) <= 6
        assert book.pages[-1][0].endswith("Controls")
    hari = dict(books[2].pages)["5. Controls"]
    assert "drag" in hari and "D, pad Y" in hari


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_from_title_show_the_chosen_game_and_turn_by_keys(app, game):
    rules = open_rules_from_title(app, game)
    assert rules.game == game and rules.page == 0
    for page in range(1, rules.pages):
        key(app, pygame.K_RIGHT)
        assert rules.page == page
        app.draw()  # each page's picture is built through the engine and drawn
    key(app, pygame.K_RIGHT)  # stays on the last page
    assert rules.page == rules.pages - 1
    key(app, pygame.K_LEFT)
    assert rules.page == rules.pages - 2
    key(app, pygame.K_PAGEUP)  # Page Up / Down turn pages too, not games
    assert rules.page == rules.pages - 3 and rules.game == game
    key(app, pygame.K_HOME)
    assert rules.page == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_by_pad_page_with_dpad_switch_game_with_shoulders(app, game):
    rules = open_rules_from_title(app, game, via_pad=True)
    assert rules.game == game
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert rules.page == 2
    app.draw()
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    following = GAME_NAMES[(GAME_NAMES.index(game) + 1) % 3]
    assert rules.game == following and rules.page == 0
    app.draw()
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert rules.game == game
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # stays on the first page
    assert rules.page == 0
    for _ in range(rules.pages - 1):
        pad(app, pygame.CONTROLLER_BUTTON_A)
    assert rules.page == rules.pages - 1
    pad(app, pygame.CONTROLLER_BUTTON_A)  # A on the last page closes
    assert isinstance(app.top, TitleScene)


def test_tabs_and_sides_of_the_screen_respond_to_clicks(app):
    rules = open_rules_from_title(app, "isaac")
    app.draw()
    click(app, rules.tabs["hari"].center)
    assert rules.game == "hari" and rules.page == 0
    w, h = app.screen.get_size()
    click(app, (w * 3 // 4, h // 2))
    assert rules.page == 1
    click(app, (w // 4, h // 2))
    assert rules.page == 0
    click(app, rules.tabs["foundations"].center)
    assert rules.game == "foundations"
    key(app, pygame.K_TAB)  # Tab: the next game's rules
    assert rules.game == "hari"
    key(app, pygame.K_q)
    assert rules.game == "foundations"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_from_pause_show_the_game_in_play(app, game):
    title = choose_game(app, game)
    menu_to(app, title.menu, "new")
    key(app, pygame.K_RETURN)
    playing = app.top
    assert playing.setup.game == game
    title.game = GAME_NAMES[(GAME_NAMES.index(game) + 1) % 3]  # the pause menu must not ask it
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "rules")
    key(app, pygame.K_RETURN)
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert rules.game == game
    for _ in range(rules.pages - 1):
        key(app, pygame.K_DOWN)
        app.draw()
    assert rules.page == rules.pages - 1
    key(app, pygame.K_ESCAPE)
    assert app.top is pause
    key(app, pygame.K_ESCAPE)
    assert app.top is playing


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160), (1024, 768)])
def test_every_page_fits_its_text(app, size):
    """The text shrinks to fit its panel, but never below a readable size."""
    from isaac_game.client.theme import ui_scale

    app.resize(size)
    rules = app.open("rules")
    for game in GAME_NAMES:
        rules.switch(game=game)
        for page in range(rules.pages):
            rules.page = page
            app.draw()
            assert rules.text_px >= int(22 * ui_scale(size)), (game, page)
