"""The hint button: H / pad Y / the bar's button / the pause menu, by posted events.

A hint is computed in a worker process, so the tests pump frames (in real time)
until it arrives, with a generous timeout.
"""

from __future__ import annotations

import time

import pygame

from isaac_game.client.game_scene import GameScene
from isaac_game.client.pause import PauseScene
from isaac_game.client.saves_scene import history_of
from isaac_game.client.scene import GameSetup
from isaac_game.client.screenshots import positions
from isaac_game.rules import Place, Remove

from .driver import click, key, menu_to, pad, run

BUDGET = 0.3  # seconds of thinking per hint: enough for a legal, explained move
TIMEOUT = 60.0

Y = pygame.CONTROLLER_BUTTON_Y
X = pygame.CONTROLLER_BUTTON_X


def start_game(app, **setup) -> GameScene:
    if setup:
        game = app.push(GameScene(app, GameSetup(**setup)))
    else:
        key(app, pygame.K_RETURN)  # New game from the title: both seats human
        game = app.top
    assert isinstance(game, GameScene)
    game.hint_helper.budget = BUDGET
    run(app, 2)
    return game


def wait_for_hint(app, game: GameScene) -> None:
    deadline = time.monotonic() + TIMEOUT
    while game.hint_helper.pending:
        assert time.monotonic() < deadline, "no hint within the timeout"
        run(app, 1)
        time.sleep(0.01)
    run(app, 1)


def bar_text(app, game: GameScene) -> str:
    """The text the bottom bar shows (drawn for real, read back from the helper)."""
    app.draw()
    return game.hint_helper.line()


def test_h_in_hotseat_shows_a_legal_hint_in_the_hud(app):
    game = start_game(app)
    state = game.state
    key(app, pygame.K_h)
    helper = game.hint_helper
    assert helper.pending and helper.worker is not None
    assert bar_text(app, game) == "Hint: thinking..."
    key(app, pygame.K_h)  # again while busy: nothing new is asked
    assert helper.pending and helper.state is state
    wait_for_hint(app, game)
    assert helper.shown, helper.error
    assert isinstance(helper.move, Place)
    assert str(helper.move) in {str(m) for m in state.legal_moves()}
    assert helper.text and "places" in helper.text
    assert helper.text in bar_text(app, game)
    assert game.state is state  # a hint never plays the move
    # pressing H again with the hint on the board does nothing either
    key(app, pygame.K_h)
    assert helper.shown and not helper.pending


def test_hint_disappears_after_a_move(app):
    game = start_game(app)
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    assert game.hint_helper.shown
    key(app, pygame.K_RETURN)  # Dark places the preselected piece at the cursor
    assert len(game.state.moves) == 1
    assert not game.hint_helper.shown
    assert bar_text(app, game) == ""


def test_h_during_a_computers_turn_does_nothing(app):
    game = start_game(app, dark="random", light="human")
    assert game.human_to_move() is None  # Dark, the computer, is to move
    key(app, pygame.K_h)
    pad(app, Y)
    assert not game.hint_helper.pending
    assert game.hint_helper.worker is None  # no worker was even started
    assert not game.hint_helper.available()
    app.draw()
    assert game.hint_helper.button.width == 0  # no button to click either


def test_pad_y_asks_for_a_hint_and_x_still_rotates(app):
    game = start_game(app)
    dark = game.state.to_move
    direction = game.placement.direction[dark]
    pad(app, X)
    assert game.placement.direction[dark] != direction
    pad(app, Y)
    assert game.hint_helper.pending
    assert game.placement.direction[dark] != direction  # Y did not rotate
    wait_for_hint(app, game)
    assert game.hint_helper.shown


def test_the_bar_button_and_the_pause_menu_ask_too(app):
    game = start_game(app)
    app.draw()
    button = game.hint_helper.button
    assert button.width > 0
    click(app, button.center)
    assert game.hint_helper.pending
    assert not game.state.moves  # the click did not place a piece
    wait_for_hint(app, game)
    assert game.hint_helper.shown
    key(app, pygame.K_UP)  # the pointer left the board: a key brings the cursor back
    key(app, pygame.K_RETURN)  # a move: the hint goes
    assert len(game.state.moves) == 1
    assert not game.hint_helper.shown
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "hint")
    key(app, pygame.K_RETURN)
    assert app.top is game  # the menu closes so the answer can be shown
    assert game.hint_helper.pending
    wait_for_hint(app, game)
    assert game.hint_helper.shown
    assert game.hint_helper.state is game.state


def test_a_stale_answer_is_dropped(app):
    game = start_game(app)
    key(app, pygame.K_h)
    assert game.hint_helper.pending
    key(app, pygame.K_RETURN)  # move before the answer arrives
    assert len(game.state.moves) == 1
    assert not game.hint_helper.pending and not game.hint_helper.shown
    deadline = time.monotonic() + 2 * BUDGET + 1.0
    while time.monotonic() < deadline:  # the late answer comes and is ignored
        run(app, 1)
        time.sleep(0.01)
    assert not game.hint_helper.shown
    assert game.hint_helper.line() == ""


def test_scoring_hint_names_a_removal(app):
    _mid, scoring, _final = positions()
    game = start_game(app, history=history_of(scoring))
    assert game.state.phase == "scoring" and game.human_to_move() is not None
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    move = game.hint_helper.move
    assert isinstance(move, Remove)
    assert str(move) in {str(m) for m in game.state.legal_moves()}
    assert "removes" in game.hint_helper.text
    app.draw()  # the piece and its target drawn without trouble


def test_hint_worker_closed_with_the_scene(app):
    game = start_game(app)
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    worker = game.hint_helper.worker
    assert worker is not None
    process = worker.worker._process
    assert process is not None and process.is_alive()
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    assert game.hint_helper.worker is None
    process.join(2.0)
    assert not process.is_alive()


def test_against_the_computer_only_on_the_humans_turn(app):
    game = start_game(app, dark="human", light="random")
    key(app, pygame.K_h)  # Dark, the human, is to move
    wait_for_hint(app, game)
    assert game.hint_helper.shown
    key(app, pygame.K_RETURN)
    assert game.human_to_move() is None  # now the computer thinks
    key(app, pygame.K_h)
    assert not game.hint_helper.pending and not game.hint_helper.shown
    assert bar_text(app, game) == ""


def test_no_hints_with_a_remote_seat(app, monkeypatch):
    game = start_game(app)
    monkeypatch.setattr(GameScene, "local", property(lambda self: False))
    key(app, pygame.K_h)
    assert not game.hint_helper.pending
    app.draw()
    assert game.hint_helper.button.width == 0
