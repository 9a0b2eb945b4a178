"""HARI's slides go the way the screen shows them: on Light's side of the board, a
slide to Dark's higher columns goes left, in the bar's words, by the arrow keys and
in the move list; F turns the board and the words with it."""

from __future__ import annotations

import re

import pygame

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.match import MatchScene
from isaac_game.rules import Player, Slide, new_game

from ..driver import click, key, move_mouse, run
from .sides import on_screen


def light_to_slide(app) -> MatchScene:
    """Light (the human, against the computer) to move, its 1 on row 0, columns 3-5 of
    Dark's coordinates: free to slide 3 cells to Dark's column 0 and 4 to column 9."""
    state = new_game("hari").play("3h55").play("3h03").play("4h75")
    setup = GameSetup("hari", dark="random", light="human", history=history_of(state))
    scene = app.push(app.make("match", setup))
    run(app, 2)
    assert scene.human_to_move() == Player.LIGHT
    return scene


def test_slides_go_the_way_the_screen_shows_them(app):
    scene = light_to_slide(app)
    board, ui = scene.play.board, scene.play.move_input
    assert board.facing == Player.LIGHT
    move_mouse(app, on_screen(scene, 4, Player.LIGHT))
    words = ui.info(scene.match.state, Player.LIGHT)
    # to Dark's column 9 (4 cells) is to the left on Light's side, to column 0 the right
    assert re.search(r"left[^;]*\b4\b", words) and re.search(r"right[^;]*\b3\b", words), words
    key(app, pygame.K_f)  # facing Dark, the same slides go the other ways
    assert board.facing == Player.DARK
    move_mouse(app, on_screen(scene, 4, Player.DARK))
    words = ui.info(scene.match.state, Player.LIGHT)
    assert re.search(r"right[^;]*\b4\b", words) and re.search(r"left[^;]*\b3\b", words), words
    key(app, pygame.K_f)
    assert board.facing == Player.LIGHT
    # picked up, Left steps it towards Dark's higher columns: one cell left on the screen
    click(app, on_screen(scene, 4, Player.LIGHT))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=on_screen(scene, 4, Player.LIGHT), button=1)
    )
    run(app, 1)
    assert ui.piece is not None
    key(app, pygame.K_LEFT)
    assert ui.target == Slide(3, 1, 1)
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "s03+1"
    entry = scene.bar.history.entries[-1]
    assert "cell left" in entry.words.text, entry.words.text
    # F: the board faces Dark, and the move list reads it from there
    key(app, pygame.K_f)
    assert board.facing == Player.DARK
    assert "cell right" in scene.bar.history.entries[-1].words.text


def test_a_drag_on_lights_side_slides_the_way_the_pointer_goes(app):
    scene = light_to_slide(app)
    board, ui = scene.play.board, scene.play.move_input
    start = on_screen(scene, 4, Player.LIGHT)
    move_mouse(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app, 1)
    assert ui.piece is not None and ui.dragging
    # two cells to the left on the screen: towards Dark's higher columns
    to = (start[0] - 2 * board.cell, start[1])
    move_mouse(app, to)
    assert ui.target == Slide(3, 1, 2)
    assert ui.drag_shift(scene.match.state) == (-2 * board.cell, 0)  # the piece rides the pointer
    # past the screen's left edge: off the board through Dark's column 9
    beyond = (board.grid.left - board.margin // 2, start[1])
    move_mouse(app, beyond)
    assert ui.target == Slide(3, 1, None)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    run(app, 1)
    assert scene.match.state.moves[-1] == "s03+2"
