"""The hint button: H / pad Y / the bar's button / the pause menu, by posted events.

A hint is computed in a worker process, so the tests pump frames (in real time)
until it arrives, with a generous timeout.
"""

from __future__ import annotations

import time

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.tools.screenshots import positions
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import GameState, Move, Place, Player, Remove, Slide, new_game

from ..driver import click, frames_until, key, leave_if_asked, menu_to, move_mouse, pad, run
from ..kinds import is_game
from ..lan.lanclient import fast_lan, pump
from ..lan.test_lan_join import join_from_the_list, loopback_host

__all__ = ["fast_lan", "loopback_host"]

BUDGET = 0.3  # seconds of thinking per hint: enough for a legal, explained move
TIMEOUT = 60.0

Y = pygame.CONTROLLER_BUTTON_Y
X = pygame.CONTROLLER_BUTTON_X


def start_game(app, **setup) -> MatchScene:
    if setup:
        game = app.push(app.make("match", GameSetup(**setup)))
    else:
        key(app, pygame.K_RETURN)  # New game from the title: both seats human
        game = app.top
    assert is_game(game, "isaac")
    game.play.hints.budget = BUDGET
    run(app, 2)
    return game


def wait_for_hint(app, game: MatchScene) -> None:
    frames_until(app, lambda: not game.play.hints.pending, TIMEOUT, then=1)


def bar_text(app, game: MatchScene) -> str:
    """The text the bottom bar shows (drawn for real, read back from the helper)."""
    app.draw()
    return game.play.hints.line()


def test_h_in_hotseat_shows_a_legal_hint_in_the_hud(app):
    game = start_game(app)
    state = game.match.state
    key(app, pygame.K_h)
    helper = game.play.hints
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
    assert game.match.state is state  # a hint never plays the move
    # pressing H again with the hint on the board does nothing either
    key(app, pygame.K_h)
    assert helper.shown and not helper.pending


def test_hint_disappears_after_a_move(app):
    game = start_game(app)
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    assert game.play.hints.shown
    key(app, pygame.K_RETURN)  # Dark places the preselected piece at the cursor
    assert len(game.match.state.moves) == 1
    assert not game.play.hints.shown
    assert bar_text(app, game) == ""


def test_h_during_a_computers_turn_does_nothing(app):
    game = start_game(app, dark="random", light="human")
    assert game.human_to_move() is None  # Dark, the computer, is to move
    key(app, pygame.K_h)
    pad(app, Y)
    assert not game.play.hints.pending
    assert game.play.hints.worker is None  # no worker was even started
    assert not game.play.hints.available()
    app.draw()
    assert game.play.hints.button() is None  # no button to click either


def test_pad_y_asks_for_a_hint_and_x_still_rotates(app):
    game = start_game(app)
    dark = game.match.state.to_move
    direction = game.play.placement.direction[dark]
    pad(app, X)
    assert game.play.placement.direction[dark] != direction
    pad(app, Y)
    assert game.play.hints.pending
    assert game.play.placement.direction[dark] != direction  # Y did not rotate
    wait_for_hint(app, game)
    assert game.play.hints.shown


def test_the_bar_button_and_the_pause_menu_ask_too(app):
    game = start_game(app)
    app.draw()
    button = game.play.hints.button()
    assert button.width > 0
    click(app, button.center)
    assert game.play.hints.pending
    assert not game.match.state.moves  # the click did not place a piece
    wait_for_hint(app, game)
    assert game.play.hints.shown
    hinted = str(game.play.hints.move)
    key(app, pygame.K_RETURN)  # the hint made its move ready: Enter plays it, and it goes
    assert game.match.state.moves == (hinted,)
    assert not game.play.hints.shown
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "hint")
    key(app, pygame.K_RETURN)
    assert app.top is game  # the menu closes so the answer can be shown
    assert game.play.hints.pending
    wait_for_hint(app, game)
    assert game.play.hints.shown
    assert game.play.hints.state is game.match.state


def test_a_stale_answer_is_dropped(app):
    game = start_game(app)
    key(app, pygame.K_h)
    assert game.play.hints.pending
    key(app, pygame.K_RETURN)  # move before the answer arrives
    assert len(game.match.state.moves) == 1
    assert not game.play.hints.pending and not game.play.hints.shown
    deadline = time.monotonic() + 2 * BUDGET + 1.0
    while time.monotonic() < deadline:  # the late answer comes and is ignored
        run(app, 1)
        time.sleep(0.01)
    assert not game.play.hints.shown
    assert game.play.hints.line() == ""


def test_scoring_hint_names_a_removal(app):
    _mid, scoring, _final = positions()
    game = start_game(app, history=history_of(scoring))
    assert game.match.state.phase == "scoring" and game.human_to_move() is not None
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    move = game.play.hints.move
    assert isinstance(move, Remove)
    assert str(move) in {str(m) for m in game.match.state.legal_moves()}
    assert "removes" in game.play.hints.text
    app.draw()  # the piece and its target drawn without trouble


def test_a_placement_hint_is_one_enter_away(app):
    game = start_game(app)
    move_mouse(app, game.play.board.cell_center(90))  # the pointer rests on the board
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    move = game.play.hints.move
    assert isinstance(move, Place)
    ui, dark = game.play.placement, game.match.state.to_move
    # the hinted piece is chosen and turned, the keyboard cursor is on its cells
    assert (ui.length[dark], ui.direction[dark]) == (move.length, move.direction)
    assert ui.focus == focus_for(move.cell, move.length, move.direction)
    assert not ui.pointer
    assert ui.ghost(game.match.state, dark) == (move.length, move.direction, move.cell, True)
    run(app, 10)  # the resting pointer does not take the cursor back
    assert ui.focus == focus_for(move.cell, move.length, move.direction)
    app.draw()
    key(app, pygame.K_RETURN)
    assert game.match.state.moves == (str(move),)


def test_a_removal_hint_is_one_enter_away(app):
    _mid, scoring, _final = positions()
    game = start_game(app, history=history_of(scoring))
    move_mouse(app, game.play.board.cell_center(0))
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    move = game.play.hints.move
    assert isinstance(move, Remove)
    ui = game.play.scoring
    piece = scoring.piece_at(move.cell)
    assert piece is not None and ui.anchor == piece.anchor  # the hinted piece is chosen
    assert ui.target == move.target and ui.pending  # with the hinted target selected
    assert ui.focus == piece.anchor and not ui.pointer
    run(app, 10)
    app.draw()
    key(app, pygame.K_RETURN)
    assert game.match.state.moves[-1] == str(Remove(piece.anchor, move.target))
    assert len(game.match.state.moves) == len(scoring.moves) + 1


def test_hint_worker_closed_with_the_scene(app):
    game = start_game(app)
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    worker = game.play.hints.worker
    assert worker is not None
    process = worker.worker._process
    assert process is not None and process.is_alive()
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    assert game.play.hints.worker is None
    process.join(2.0)
    assert not process.is_alive()


def test_against_the_computer_only_on_the_humans_turn(app):
    game = start_game(app, dark="human", light="random")
    key(app, pygame.K_h)  # Dark, the human, is to move
    wait_for_hint(app, game)
    assert game.play.hints.shown
    key(app, pygame.K_RETURN)
    assert game.human_to_move() is None  # now the computer thinks
    key(app, pygame.K_h)
    assert not game.play.hints.pending and not game.play.hints.shown
    assert bar_text(app, game) == ""


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_h_in_a_lan_game_says_hints_are_not_given(app, loopback_host):
    """Issue 41: H in a LAN game did nothing and said nothing."""
    game = join_from_the_list(app, loopback_host)
    pump(app, lambda: game.human_to_move() == Player.LIGHT, others=[loopback_host])
    key(app, pygame.K_h)
    assert not game.play.hints.pending and game.play.hints.worker is None
    assert game.bar.warn and game.bar.text == "Hints are not given in a LAN game"


def test_no_hints_with_a_remote_seat(app, monkeypatch):
    game = start_game(app)
    monkeypatch.setattr(game.control, "local", False)
    key(app, pygame.K_h)
    assert not game.play.hints.pending
    app.draw()
    assert game.play.hints.button() is None


class AnsweringHint:
    """An `AsyncHint` whose answer is known: the Enter that follows H is under test,
    not Hard's search (its own tests are in tests/ai/test_hint.py)."""

    busy = False
    error = None

    def __init__(self, move: str) -> None:
        self.move = move
        self.state: GameState | None = None

    def start(self, state: GameState, facing: Player) -> None:
        self.state = state

    def poll(self) -> tuple[Move, str] | None:
        return None if self.state is None else (self.state.parse_move(self.move), "a slide")

    def cancel(self) -> None:
        self.state = None

    def close(self) -> None:
        self.state = None


@pytest.mark.parametrize("slide", ["s00+1", "s00+2", "s00-x"])
def test_a_hari_slide_hint_is_one_enter_away(app, slide):
    """Issue 41: H then Enter put the hinted piece back (or, with the cursor on another
    piece, said "That piece cannot slide") instead of playing the hinted slide."""
    state = new_game("hari")
    for move in ("3h00", "3h90", "4h20", "4h70"):  # Dark's 3 on 00 may slide or leave
        state = state.play(move)
    game = app.push(
        app.make("match", GameSetup("hari", "human", "human", history=history_of(state)))
    )
    run(app, 2)
    move_mouse(app, game.play.board.cell_center(21))  # the pointer rests on Dark's other piece
    game.play.hints.worker = AnsweringHint(slide)
    key(app, pygame.K_h)
    wait_for_hint(app, game)
    assert isinstance(game.play.hints.move, Slide) and str(game.play.hints.move) == slide
    ui = game.play.move_input
    assert ui.piece is not None and 0 in ui.piece.cells  # picked up, aimed at the slide
    run(app, 10)  # the resting pointer does not take the slide back
    app.draw()
    key(app, pygame.K_RETURN)
    assert game.match.state.moves == (*state.moves, slide), game.bar.text
    assert not game.bar.warn
