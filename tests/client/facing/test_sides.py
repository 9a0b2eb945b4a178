"""Which side of the board faces the screen: the human's against the computer, Dark's
in a demo and (by default) in a hotseat, the player to move's in a hotseat with the
setting on; F and the pause menu turn it at any time. The panels, clicks and arrow
keys follow the side shown, in all three games."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.widgets.board_view import own_cell
from isaac_game.client.widgets.hand_cursor import START_FOCUS, focus_for
from isaac_game.rules import Place, Player

from ..driver import click, frames_until, key, menu_to, run
from .sides import on_screen, start


def input_of(scene):
    return scene.play.move_input if scene.setup.game == "hari" else scene.play.placement


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_against_the_computer_the_humans_side_faces_them(app, game):
    scene = start(app, game, dark="random", light="human")
    frames_until(app, lambda: scene.human_to_move() == Player.LIGHT)
    board, layout = scene.play.board, scene.view.layout
    assert board.facing == Player.LIGHT
    # Light's panel is on the left, as Dark's is in Dark's view; the move list goes right
    assert layout.panels[Player.LIGHT].right < board.rect.left < board.rect.right
    assert layout.panels[Player.DARK].left > board.rect.right
    assert scene.view.moves_box.tall.left > board.rect.right
    # Right goes right on the screen: on Light's side, to Dark's lower column
    ui = input_of(scene)
    assert ui.focus == START_FOCUS and not ui.pointer
    key(app, pygame.K_RIGHT)
    assert ui.focus == START_FOCUS - 1
    x0, y0 = on_screen(scene, START_FOCUS, Player.LIGHT)
    assert on_screen(scene, ui.focus, Player.LIGHT) == (x0 + board.cell, y0)
    key(app, pygame.K_UP)
    assert on_screen(scene, ui.focus, Player.LIGHT) == (x0 + board.cell, y0 - board.cell)
    # a click on a screen cell places on the board cell shown there
    state = scene.match.state
    move = next(
        m
        for m in state.legal_moves()
        if isinstance(m, Place) and m.level == 1 and m.direction == "h" and m.length == 4
    )
    click(app, scene.hand_rows(Player.LIGHT)[move.length].center)
    if ui.direction[Player.LIGHT] != "h":
        key(app, pygame.K_r)
    click(app, on_screen(scene, focus_for(move.cell, move.length, move.direction), Player.LIGHT))
    assert scene.match.state.moves[len(state.moves)] == str(move)


def test_a_demo_and_a_game_as_dark_face_dark(app):
    demo = app.push(app.make("match", GameSetup("isaac", "random", "random", demo=True)))
    run(app, 2)
    assert demo.play.board.facing == Player.DARK
    app.pop(demo)
    scene = start(app, "isaac", dark="human", light="random")
    assert scene.play.board.facing == Player.DARK
    assert scene.view.layout.panels[Player.DARK].right < scene.play.board.rect.left


def play_first_legal(app, scene) -> None:
    move = next(m for m in scene.match.state.legal_moves() if isinstance(m, Place))
    scene.submit(move)
    run(app, 2)


def test_hotseat_faces_dark_unless_the_setting_turns_it_for_the_mover(app):
    scene = start(app, "isaac", dark="human", light="human")
    play_first_legal(app, scene)
    assert scene.match.state.to_move == Player.LIGHT
    assert scene.play.board.facing == Player.DARK  # off by default: Light reads Dark's side
    app.pop(scene)
    app.settings.turn_board = True
    scene = start(app, "isaac", dark="human", light="human")
    assert scene.play.board.facing == Player.DARK
    play_first_legal(app, scene)
    assert scene.play.board.facing == Player.LIGHT
    assert scene.view.layout.panels[Player.LIGHT].right < scene.play.board.rect.left
    play_first_legal(app, scene)
    assert scene.play.board.facing == Player.DARK


def test_f_and_the_pause_menu_turn_the_board_at_any_time(app):
    app.settings.turn_board = True
    scene = start(app, "foundations", dark="human", light="human")
    assert scene.play.board.facing == Player.DARK
    key(app, pygame.K_f)
    assert scene.play.board.facing == Player.LIGHT
    # the board turned: a click goes to the cell shown under it
    cell = scene.play.board.cell_at(on_screen(scene, 0, Player.LIGHT))
    assert cell == 0
    key(app, pygame.K_f)
    assert scene.play.board.facing == Player.DARK
    key(app, pygame.K_f)
    play_first_legal(app, scene)  # the turn passes: the board turns to the player to move
    assert scene.play.board.facing == Player.LIGHT
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "turn")
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.play.board.facing == Player.DARK


def bar_words(scene) -> str:
    """What the bottom bar says now (the fresh message, the move told)."""
    return scene.bar.status(scene.human_to_move(), lambda player: "")[0]


def test_the_bar_tells_the_last_move_from_the_side_the_board_turned_to(app):
    """Issue 41: in a hotseat turning the board, the bar kept the mover's numbers
    ("row 2") while the board and the move list read it from Light's side ("row 7")."""
    app.settings.turn_board = True
    scene = start(app, "isaac", dark="human", light="human")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Dark places its 6 along a row, with the keyboard
    run(app, 2)
    assert scene.play.board.facing == Player.LIGHT and scene.match.state.to_move == Player.LIGHT
    move = scene.match.last_played.move
    assert isinstance(move, Place) and move.direction == "h"
    for side in (Player.LIGHT, Player.DARK):  # the turn passed; then F turns it back
        assert scene.play.board.facing == side
        row, _column = own_cell(move.cell, side)
        told = bar_words(scene)
        assert f"on row {row}" in told, (side, told)
        assert told == scene.bar.history.entries[-1].words.announcement()
        key(app, pygame.K_f)
