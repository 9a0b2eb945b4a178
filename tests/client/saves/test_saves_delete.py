"""Deleting a saved game from the saves list: by its row's delete button, a right-click,
the Delete key or a pad's X; always after a question whose first answer keeps it; the
list shows what is left."""

from __future__ import annotations

import pygame

from isaac_game.client.scenes.dialog import QuestionScene
from isaac_game.client.scenes.saves import SavesScene, delete_rect
from isaac_game.client.widgets.rules_pages import play_through
from isaac_game.rules import IsaacState

from ..driver import click, key, menu_to, pad


def write_saves(storage, count: int) -> list[str]:
    """`count` unfinished ISAAC games on disk; their file names."""
    state = play_through(IsaacState, ("5v04", "3h71", "4h52"))[-1]
    names = []
    for n in range(count):
        path = storage.saves_dir / f"2026-05-0{n + 1}_1{n}-30-00.isaac.txt"
        assert storage.save_game(path, state, {"Dark": "Human", "Light": "Human"}) is None
        names.append(path.name)
    return names


def saved(storage) -> set[str]:
    return {p.name for p in storage.list_saves()}


def listed(saves: SavesScene) -> list[str]:
    return [item.key for item in saves.menu.items if item.key != "back"]


def open_saves(app) -> SavesScene:
    title = app.top
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    app.draw()  # the rows and their buttons laid out
    return saves


def asked(app) -> QuestionScene:
    question = app.top
    assert isinstance(question, QuestionScene)
    assert question.heading == "Delete this saved game?"
    assert question.menu.current.key == "keep"  # the safe answer comes first
    app.draw()
    return question


def test_delete_key_asks_and_keeping_deletes_nothing(app, storage):
    write_saves(storage, 2)
    saves = open_saves(app)
    first = saves.menu.current.key
    key(app, pygame.K_DELETE)
    asked(app)
    key(app, pygame.K_RETURN)  # "No, keep it"
    assert app.top is saves and first in saved(storage) and len(listed(saves)) == 2
    key(app, pygame.K_DELETE)
    asked(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # "Delete it"
    assert app.top is saves
    assert first not in saved(storage) and len(saved(storage)) == 1
    assert listed(saves) == sorted(saved(storage))  # the list refreshed
    key(app, pygame.K_ESCAPE)  # Esc here leaves the list, as before


def test_mouse_deletes_by_the_rows_button_and_by_right_click(app, storage):
    write_saves(storage, 3)
    saves = open_saves(app)
    row = saves.menu.items[1]
    target = row.key
    click(app, delete_rect(row.rect).center)
    question = asked(app)
    assert target in saved(storage)  # asking deleted nothing
    click(app, question.menu.item("delete").rect.center)
    assert app.top is saves and target not in saved(storage)
    assert target not in listed(saves) and len(listed(saves)) == 2
    app.draw()
    row = saves.menu.items[0]
    target = row.key
    click(app, row.rect.center, button=3)  # a right-click on the row asks too
    asked(app)
    key(app, pygame.K_ESCAPE)  # Esc answers nothing: kept
    assert app.top is saves and target in saved(storage)
    click(app, row.rect.center, button=3)
    question = asked(app)
    click(app, question.menu.item("delete").rect.center)
    assert target not in saved(storage) and len(listed(saves)) == 1
    # a click on the row itself still opens the game, deleting nothing
    app.draw()
    row = saves.menu.items[0]
    click(app, row.rect.center)
    assert app.top is not saves and row.key in saved(storage)


def test_a_pad_deletes_with_x_after_the_question(app, storage):
    names = write_saves(storage, 2)
    saves = open_saves(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    target = saves.menu.current.key
    assert target in names
    pad(app, pygame.CONTROLLER_BUTTON_X)
    asked(app)
    pad(app, pygame.CONTROLLER_BUTTON_B)  # B: no answer, nothing deleted
    assert app.top is saves and target in saved(storage)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    asked(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert target not in saved(storage) and listed(saves) == sorted(saved(storage))
    # X on Back asks nothing
    menu_to(app, saves.menu, "back", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert app.top is saves
