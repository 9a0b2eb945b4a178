"""Learn to play: the HARI lesson (docs/rules.md 3) played to its end with real events: a
slide by drag and by keys, placements by mouse and keys, a discard by D, a pad press; a
wrong try answered kindly, the engine's reason for an illegal one, the progress kept."""

from __future__ import annotations

import pygame

from isaac_game.client.learn.progress import Progress
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Player

from ..driver import click, key, menu_to, move_mouse, pad, run


def open_lesson(app):
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    menu_to(app, app.top.menu, "lesson_hari")
    assert "learn to play" in app.top.menu.current.text()
    key(app, pygame.K_RETURN)
    assert app.top.name == "match" and app.top.match.state.game == "hari"
    return app.top


def cell(scene, n: int) -> tuple[int, int]:
    return scene.play.board.cell_center(n)


def step_done(app, scene, frames: int = 2) -> str:
    """The step's move is in: its explanation shows (returned)."""
    run(app, frames)
    assert scene.control.explained, scene.bar.text
    run(app, 3)
    return scene.control.explained


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    move_mouse(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app, 1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    move_mouse(app, mid)
    move_mouse(app, end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    run(app, 1)


def test_the_hari_lesson_to_its_end(app, storage):
    scene = open_lesson(app)
    control = scene.control
    # 1. pieces and placing: a legal but other move is refused kindly; nothing is played
    click(app, cell(scene, focus_for(55, 3, "h")))
    assert "this step asks for the lit cells (row 0)" in scene.bar.text
    assert not scene.match.state.moves and control.explained is None
    click(app, cell(scene, focus_for(0, 3, "h")))
    assert scene.match.state.moves == ("3h00",)
    assert "Dark 1, Light 0" in step_done(app, scene)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run(app, 2)
    # 2. plays never get shorter: keys choose the piece, the mouse puts it down
    assert control.index == 1 and scene.match.state.to_move == Player.DARK
    key(app, pygame.K_2)
    click(app, cell(scene, focus_for(20, 4, "h")))
    assert "at least 4 cells long" in step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 3. slide by drag: the turn stays with Dark
    assert control.index == 2
    drag(app, cell(scene, 1), cell(scene, 3))
    assert scene.match.state.moves[-1] == "s00+2", scene.bar.text
    assert "Value slid this turn: 1" in step_done(app, scene)
    assert scene.match.state.to_move == Player.DARK
    key(app, pygame.K_RETURN)
    # 4. slide by keys: pick it up, Right, Enter; the budget is the engine's
    assert control.index == 3
    click(app, cell(scene, 21))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "s20+1", scene.bar.text
    assert "Value slid this turn: 3" in step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 5. then play: the 2 is refused with the engine's reason; the 3 by keys
    assert control.index == 4
    key(app, pygame.K_2)
    assert "worth less than the 3 you slid" in scene.bar.text, scene.bar.text
    key(app, pygame.K_3)
    move_mouse(app, cell(scene, focus_for(40, 5, "h")))
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "5h40", scene.bar.text
    assert "Dark 6, Light 3" in step_done(app, scene)
    click(app, cell(scene, 99))
    # 6. slide off the board, dragged past the edge
    assert control.index == 5
    row = scene.play.board.cell_center(3)
    drag(app, row, (row[0] - scene.play.board.cell * 5, row[1]))
    assert scene.match.state.moves[-1] == "s02-x", scene.bar.text
    assert "out of the game" in step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 7. discard with D: the first asks, the second discards
    assert control.index == 6
    key(app, pygame.K_d)
    assert scene.match.state.moves[-1] != "d5" and "Discard your 3 (5 cells)?" in scene.bar.text
    key(app, pygame.K_d)
    assert scene.match.state.moves[-1] == "d5"
    assert "at least 5 cells from now" in step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 8. passing: the player who cannot play passes, with Enter
    assert control.index == 7
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "pass"
    assert "can never play again" in step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 9. the end: Light places its 6 (7 cells) and wins by value on the board
    assert control.index == 8 and scene.match.state.to_move == Player.LIGHT
    key(app, pygame.K_6)
    click(app, cell(scene, focus_for(60, 7, "h")))
    assert scene.match.state.moves[-1] == "7h60", scene.bar.text
    assert "Dark 11, Light 12: Light wins" in step_done(app, scene)
    assert not Progress(storage).done("lesson:hari")
    key(app, pygame.K_RETURN)
    assert app.top.name == "message" and "Lesson complete" in app.top.title
    assert Progress(storage).done("lesson:hari")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    assert "(done)" in app.top.menu.item("lesson_hari").text()


def test_learn_to_play_opens_on_the_game_the_title_offers(app):
    """HARI chosen on the title: Learn to play opens with HARI's lesson selected, and
    Enter starts it (it used to open on ISAAC's)."""
    title = app.top
    menu_to(app, title.menu, "game")
    while title.game != "hari":
        key(app, pygame.K_RIGHT)
    menu_to(app, title.menu, "learn")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn" and app.top.menu.current.key == "lesson_hari"
    key(app, pygame.K_RETURN)
    assert app.top.name == "match" and app.top.match.state.game == "hari"
