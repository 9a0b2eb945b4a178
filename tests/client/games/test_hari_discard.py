"""HARI's discard asks once, in a game against the computer as in hotseat: the first
D, pad Y or click on the Discard button says what would go and plays nothing; anything
else keeps the piece; the same again discards it. And one Ctrl+Z takes it back, even
after the computer has answered. Driven with real events on the real match scene."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.handoff import GameSetup
from isaac_game.rules import Player

from ..driver import click, frames_until, key, pad, run


def press_d(app) -> None:
    """D as a real keyboard sends it: the key, then the text it types."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="d"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d"))
    run(app, 1)


def open_hari(app, light: str):
    game = app.open("match", GameSetup("hari", "human", light))
    run(app, 2)
    return game


@pytest.mark.parametrize("light", ["human", "random"])
def test_the_first_discard_asks_the_second_discards(app, light):
    game = open_hari(app, light)
    ui = game.play.move_input
    press_d(app)
    assert game.match.state.moves == () and "Discard your 1 (3 cells)?" in game.bar.text
    assert ui.armed == 3
    app.draw()  # the button asks too
    key(app, pygame.K_LEFT)  # anything else keeps the piece
    assert ui.armed is None
    press_d(app)
    assert game.match.state.moves == ()
    press_d(app)
    assert game.match.state.moves == ("d3",)


def test_a_pad_and_the_mouse_ask_once_too(app):
    game = open_hari(app, "human")
    pad(app, pygame.CONTROLLER_BUTTON_Y)
    assert game.match.state.moves == ()
    pad(app, pygame.CONTROLLER_BUTTON_Y)
    assert game.match.state.moves == ("d3",)
    run(app, 30)
    button = game.play.move_input.discard_button()
    assert button is not None and game.match.state.to_move == Player.LIGHT
    click(app, button.center)
    assert game.match.state.moves == ("d3",)
    click(app, button.center)
    assert game.match.state.moves == ("d3", "d3")


def test_one_ctrl_z_takes_a_discard_back_after_the_computer_answered(app):
    game = open_hari(app, "random")
    press_d(app)
    press_d(app)
    assert game.match.state.moves == ("d3",)
    frames_until(app, lambda: game.match.state.to_move == Player.DARK)
    assert len(game.match.state.moves) >= 2  # the computer's turn is in
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert game.match.state.moves == () and game.match.state.to_move == Player.DARK
