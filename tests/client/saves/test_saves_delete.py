"""Deleting a saved game from the saves list: by its row's delete button, a right-click,
the Delete key or a pad's X; always after a question whose first answer keeps it; the
list shows what is left. A save (or the whole folder) deleted while its analysis runs
leaves no analysis file behind, and the folder is not made again for one."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from isaac_game.client.scenes.dialog import QuestionScene
from isaac_game.client.scenes.saves import SavesScene, delete_rect
from isaac_game.client.storage import analysis_path
from isaac_game.client.widgets import review as review_module
from isaac_game.client.widgets.review import ReviewAnalysis
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


def analysing(storage) -> tuple[ReviewAnalysis, Path]:
    """A saved game of three moves and its analysis, just started (four positions)."""
    (name,) = write_saves(storage, 1)
    path = storage.saves_dir / name
    record, error = storage.load_game(path)
    assert record is not None, error
    analysis = ReviewAnalysis("isaac", record.state.moves, path, scale=0.02)
    assert analysis.start() and analysis.running
    return analysis, path


def pump(analysis: ReviewAnalysis, until: Callable[[], bool], seconds: float = 60.0) -> None:
    """Collect the worker's answers until `until()` holds (as the Review's frames do)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert not analysis.error and time.monotonic() < deadline, "the analysis did not go on"
        analysis.update()
        time.sleep(0.005)


@pytest.mark.timeout(120)
def test_a_save_deleted_while_analysed_leaves_no_analysis_file(storage):
    analysis, path = analysing(storage)
    assert storage.delete_save(path) is None  # at once, before any answer is in
    pump(analysis, lambda: analysis.done)
    assert not analysis_path(path).exists()
    assert list(storage.saves_dir.iterdir()) == []
    # left half-way instead: leaving the Review keeps nothing either
    analysis, path = analysing(storage)
    pump(analysis, lambda: len(analysis.views) >= 1)
    assert storage.delete_save(path) is None
    analysis.close()
    assert not analysis.done and not analysis_path(path).exists()
    assert list(storage.saves_dir.iterdir()) == []


@pytest.mark.timeout(120)
def test_a_save_deleted_as_its_analysis_is_written_takes_the_file_with_it(storage, monkeypatch):
    """The deletion comes between the analysis's look for the save and its write (the
    deletion found no analysis file to remove): the file just written goes at once."""
    analysis, path = analysing(storage)
    write = review_module.write_atomically

    def deleted_meanwhile(target: Path, data: str, **options: bool) -> None:
        assert storage.delete_save(path) is None
        write(target, data, **options)

    monkeypatch.setattr(review_module, "write_atomically", deleted_meanwhile)
    pump(analysis, lambda: analysis.done)
    assert not analysis_path(path).exists()
    assert list(storage.saves_dir.iterdir()) == []


@pytest.mark.timeout(120)
def test_the_saves_folder_deleted_while_a_save_is_analysed_is_not_made_again(storage):
    analysis, _path = analysing(storage)
    shutil.rmtree(storage.data_dir)
    pump(analysis, lambda: analysis.done)
    assert not storage.saves_dir.exists() and not storage.data_dir.exists()
    analysis, _path = analysing(storage)
    pump(analysis, lambda: len(analysis.views) >= 1)
    shutil.rmtree(storage.saves_dir)
    analysis.close()  # left half-way
    assert not storage.saves_dir.exists()


def test_a_save_open_in_another_window_is_refused_at_once_not_after_the_question(app, storage):
    from isaac_game.client.scenes.dialog import MessageScene
    from isaac_game.rules import GameLock

    names = write_saves(storage, 1)
    other_window = GameLock(storage.saves_dir / names[0])  # conflicts as another program's
    assert other_window.acquire()
    try:
        title = app.top
        menu_to(app, title.menu, "replay")
        key(app, pygame.K_RETURN)
        saves = app.top
        assert isinstance(saves, SavesScene) and saves.menu.current.key == names[0]
        key(app, pygame.K_DELETE)
        told = app.top
        assert isinstance(told, MessageScene), told  # said at once: no question first
        assert "open in another window" in told.text
        assert names[0] in saved(storage)
    finally:
        other_window.release()
