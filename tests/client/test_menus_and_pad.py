"""Menus by gamepad alone, settings, rules, demo and a pad unplugged mid-game."""

from __future__ import annotations

import time

import pygame
import pytest

from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.rulebook import RulesScene
from isaac_game.client.scenes.settings import SettingsScene
from isaac_game.client.scenes.title import IDLE_DEMO, TitleScene

from .driver import click, key, leave_if_asked, menu_to, pad, run
from .kinds import is_game

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
START = pygame.CONTROLLER_BUTTON_START
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


def test_pad_only_menu_walk(app):
    title = app.top
    assert isinstance(title, TitleScene)
    # settings: turn on the colour-blind palette, then back
    menu_to(app, title.menu, "settings", via_pad=True)
    pad(app, A)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    menu_to(app, settings.menu, "colour_blind", via_pad=True)
    pad(app, A)
    assert app.settings.colour_blind
    pad(app, B)
    assert app.top is title
    assert app.storage.load_settings()[0].colour_blind  # saved at once
    # rules: turn the pages with the D-pad, the shoulder shows another game's, B closes
    menu_to(app, title.menu, "rules", via_pad=True)
    pad(app, A)
    rules = app.top
    assert isinstance(rules, RulesScene)
    pad(app, RIGHT)
    pad(app, RIGHT)
    assert rules.page == 2
    pad(app, RB)
    assert rules.game == "foundations" and rules.page == 0
    pad(app, B)
    assert app.top is title
    # Light becomes a computer with the D-pad, then a new game starts
    menu_to(app, title.menu, "light", via_pad=True)
    pad(app, RIGHT)
    assert app.settings.light_kind != "human"
    menu_to(app, title.menu, "new", via_pad=True)
    pad(app, A)
    game = app.top
    assert is_game(game, "isaac")
    assert game.setup.light == app.settings.light_kind
    pad(app, A)  # Dark places the preselected piece at the cursor
    assert len(game.match.state.moves) == 1
    run(app, 90)  # the computer answers without any input
    assert len(game.match.state.moves) >= 2
    pad(app, START)
    assert isinstance(app.top, PauseScene)
    pad(app, B)
    assert app.top is game


def test_pad_unplugged_mid_game_pauses(app):
    key(app, pygame.K_RETURN)
    game = app.top
    assert is_game(game, "isaac")
    pad(app, DOWN, instance_id=3)  # the pad is in use
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=3))
    run(app, 1)
    assert isinstance(app.top, PauseScene)
    assert "disconnected" in app.top.message
    # an unknown pad being removed is harmless
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    run(app, 1)


def test_two_pads_each_take_one_colour(app):
    key(app, pygame.K_RETURN)
    game = app.top
    pad(app, DOWN, instance_id=1)
    pad(app, DOWN, instance_id=2)  # now two pads: 1 is Dark, 2 is Light
    pad(app, A, instance_id=2)  # Light's pad cannot move for Dark
    assert game.match.state.moves == ()
    pad(app, A, instance_id=1)
    assert len(game.match.state.moves) == 1


def test_menu_starts_demo_after_idle_and_any_key_returns(app):
    run(app, int(IDLE_DEMO * 12) + 10, dt=1 / 12)  # at most 5 ticks per frame
    demo = app.top
    assert is_game(demo, "isaac") and demo.setup.demo
    assert (demo.setup.dark, demo.setup.light) == ("hard", "hard")  # the game at its best
    deadline = time.monotonic() + 60  # the computer players think in worker processes
    while len(demo.match.state.moves) <= 3 and time.monotonic() < deadline:
        run(app, 5, dt=0.1)
    assert len(demo.match.state.moves) > 3  # computer against computer, on its own
    key(app, pygame.K_x)
    assert isinstance(app.top, TitleScene)


def test_pause_menu_rules_and_quit_to_menu(app):
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "rules")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is pause
    menu_to(app, pause.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    assert isinstance(app.top, TitleScene)
    assert len(app.scenes) == 1


@pytest.mark.parametrize("held", [pygame.K_RETURN, pygame.K_SPACE], ids=["enter", "space"])
def test_the_key_that_ends_the_demo_only_returns_to_the_menu(app, held):
    title = app.top
    run(app, int(IDLE_DEMO * 12) + 10, dt=1 / 12)
    demo = app.top
    assert is_game(demo) and demo.setup.demo
    down = pygame.event.Event(pygame.KEYDOWN, key=held, mod=0, unicode="", scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=held, mod=0, unicode="", scancode=0)
    pygame.event.post(down)
    run(app, 1)
    assert app.top is title
    for _ in range(4):  # the key is held: it repeats, and the menu takes none of it
        pygame.event.post(down)
        run(app, 1)
    assert app.top is title and len(app.scenes) == 1
    assert title.menu.current.key == "new"  # where the repeats would have landed
    pygame.event.post(up)
    run(app, 1)
    key(app, held)  # let go and pressed again: the menu takes it
    assert is_game(app.top) and not app.top.setup.demo


def test_value_rows_go_back_on_their_left_half_and_with_a_right_click(app):
    title = app.top
    row = title.menu.item("game")
    left = (row.rect.left + row.rect.width // 4, row.rect.centery)
    right = (row.rect.right - row.rect.width // 4, row.rect.centery)
    assert title.game == "isaac"
    click(app, right)  # the ">" half: on
    assert title.game == "foundations"
    click(app, left)  # the "<" half: back
    assert title.game == "isaac"
    click(app, left)  # back past the first: the last
    assert title.game == "hari"
    click(app, right, button=3)  # a right-click goes back wherever it lands
    assert title.game == "foundations"
    assert title.menu.current is row
    # a setting row too, and the keys still step it
    light = title.menu.item("light")
    kinds = light.options()
    start = kinds.index(app.settings.light_kind)
    click(app, (light.rect.left + 5, light.rect.centery))
    assert app.settings.light_kind == kinds[(start - 1) % len(kinds)]
    key(app, pygame.K_RIGHT)
    assert app.settings.light_kind == kinds[start]
    # a right-click on a plain row does nothing
    new = title.menu.item("new")
    click(app, new.rect.center, button=3)
    assert app.top is title
