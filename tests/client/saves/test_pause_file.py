"""The pause menu's file row (issue 41): a game is kept after every move, so the row
shows where its file is ("Show the file", as on the results), never "Saved as" for a
game that was saved already. It offers to save only a game the disk refused ("Try to
save it again", and says how that went) or one with no move yet ("Save game")."""

from __future__ import annotations

import pygame

from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.rules import load_journal

from ..driver import key, menu_to
from .test_not_saved import break_the_disk, play, start


def pause_on_the_file_row(app) -> PauseScene:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "save")
    return pause


def test_a_kept_game_shows_its_file_and_is_not_saved_again(app, storage):
    game = start(app)
    play(app, game, 2)
    (path,) = storage.list_saves()  # kept after every move
    written = path.stat().st_mtime_ns
    pause = pause_on_the_file_row(app)
    assert pause.menu.current.text() == "Show the file"
    key(app, pygame.K_RETURN)
    shown = app.top
    assert isinstance(shown, MessageScene) and shown.title == "Your game is saved"
    assert shown.text == f"It is kept in {path}"
    assert path.stat().st_mtime_ns == written and pause.message == ""
    key(app, pygame.K_RETURN)
    assert app.top is pause


def test_a_game_the_disk_refused_is_saved_from_the_row_once_it_can_be(app, storage):
    blocker = break_the_disk(storage)
    game = start(app)
    play(app, game, 3)
    pause = pause_on_the_file_row(app)
    assert pause.menu.current.text() == "Try to save it again"
    key(app, pygame.K_RETURN)
    assert app.top is pause and pause.message.startswith("The game cannot be saved")
    blocker.unlink()  # room on the disk again
    key(app, pygame.K_RETURN)
    (path,) = storage.list_saves()
    assert pause.message == f"Saved as {path.name}"
    assert load_journal(path).state.moves == game.match.state.moves
    assert pause.menu.current.text() == "Show the file"


def test_before_the_first_move_the_row_saves_the_game(app, storage):
    start(app)
    pause = pause_on_the_file_row(app)
    assert pause.menu.current.text() == "Save game" and not storage.list_saves()
    key(app, pygame.K_RETURN)
    (path,) = storage.list_saves()
    assert pause.message == f"Saved as {path.name}"
    assert pause.menu.current.text() == "Show the file"
