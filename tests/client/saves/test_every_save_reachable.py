"""Every saved game can be reached, however many there are: the Continue and Replay
lists scroll, and the oldest game opens by keys, by the mouse and by a pad."""

from __future__ import annotations

import os

import pygame
import pytest

from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.rules import new_game

from ..driver import click, key, menu_to, move_mouse, pad, run

COUNT = 12


def make_saves(storage, finished: bool) -> list[str]:
    """COUNT saves, newest first by name; the oldest is the one with the fewest moves."""
    names = []
    for n in range(COUNT):
        state = new_game("foundations" if finished else "isaac")
        if finished:
            while not state.is_over:
                legal = state.legal_moves()
                state = state.play(legal[n % len(legal)])
        else:
            for _ in range(n + 1):
                state = state.play(state.legal_moves()[0])
        name = f"2026-08-{n + 1:02d}_10-00-00.isaac.txt"
        storage.save_game(storage.saves_dir / name, state, {"Dark": f"Player {n + 1}"})
        stamp = 1_700_000_000 + n * 60
        os.utime(storage.saves_dir / name, (stamp, stamp))
        names.append(name)
    return names[::-1]


def open_list(app, which: str) -> SavesScene:
    app.open("title")
    run(app, 1)
    menu_to(app, app.top.menu, which)
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    return saves


def shown(saves: SavesScene) -> list[str]:
    """The keys of the rows on screen now."""
    return [item.key for item in saves.menu.items if item.rect.width]


@pytest.mark.parametrize("which", ["continue", "replay"])
def test_the_oldest_save_is_reached_with_the_arrow_keys(app, storage, which):
    names = make_saves(storage, finished=which == "replay")
    saves = open_list(app, which)
    assert [item.key for item in saves.menu.items] == [*names, "back"]  # all listed
    assert names[-1] not in shown(saves)  # more than fit: the list scrolls
    seen = set(shown(saves))
    for _ in range(COUNT - 1):
        key(app, pygame.K_DOWN)
        assert saves.menu.current.key in shown(saves)  # the chosen row is always in view
        seen |= set(shown(saves))
    assert seen >= set(names) and saves.menu.current.key == names[-1]
    assert "Player 1 v" in saves.menu.current.text()
    key(app, pygame.K_RETURN)
    opened = app.top
    kind = MatchScene if which == "continue" else ReplayScene
    assert isinstance(opened, kind)


def test_the_oldest_save_is_reached_with_the_mouse_wheel_and_a_click(app, storage):
    names = make_saves(storage, finished=False)
    saves = open_list(app, "continue")
    move_mouse(app, saves.menu.items[0].rect.center)
    for _ in range(COUNT):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        run(app, 1)
    row = saves.menu.item(names[-1])
    assert row.rect.width  # scrolled into view
    click(app, row.rect.center)
    game = app.top
    assert isinstance(game, MatchScene) and len(game.match.state.moves) == 1


def test_more_below_is_a_button_too(app, storage):
    names = make_saves(storage, finished=False)
    saves = open_list(app, "continue")
    while names[-1] not in shown(saves):
        assert saves.menu.below.height  # "more below" is on screen while rows are hidden
        click(app, saves.menu.below.center)
    assert names[-1] in shown(saves)


def test_the_oldest_save_is_reached_with_a_pad(app, storage):
    names = make_saves(storage, finished=False)
    saves = open_list(app, "continue")
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # a page at a time
    assert saves.menu.index > 1
    while saves.menu.current.key != names[-1]:
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert names[-1] in shown(saves)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    game = app.top
    assert isinstance(game, MatchScene) and len(game.match.state.moves) == 1


def test_home_and_end(app, storage):
    names = make_saves(storage, finished=False)
    saves = open_list(app, "continue")
    key(app, pygame.K_END)
    assert saves.menu.current.key == "back" and "back" in shown(saves)
    key(app, pygame.K_HOME)
    assert saves.menu.current.key == names[0] and names[0] in shown(saves)
