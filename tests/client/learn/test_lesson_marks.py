"""A lesson's step chooser ticks the steps whose move the player made (kept in
learn.json, for a new app too), and a step whose player cannot move waits for the
player to pass rather than passing for them and praising them for it. Driven with
real events."""

from __future__ import annotations

import pygame

from isaac_game.client.learn.progress import Progress
from isaac_game.client.registry import make_app
from isaac_game.client.widgets.hand_cursor import focus_for

from ..driver import click, key, menu_to, pad, run
from .test_lesson_steps import go_to_step, open_lesson

TICK = "✓"


def step_rows(app) -> dict[str, str]:
    """Esc, "Choose a step": each row's text by its key; Esc twice back to the game."""
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "steps")
    key(app, pygame.K_RETURN)
    assert app.top.name == "chooser"
    rows = {item.key: item.text() for item in app.top.menu.items}
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    return rows


def test_the_step_chooser_ticks_the_steps_finished(app, storage):
    scene = open_lesson(app, "isaac")
    rows = step_rows(app)
    assert app.top is scene
    assert not any(TICK in text for text in rows.values())
    # step 1 played with the mouse, and step 6 chosen out of order and played
    click(app, scene.play.board.cell_center(focus_for(0, 7, "h")))
    run(app, 2)
    assert scene.control.explained
    pad(app, pygame.CONTROLLER_BUTTON_A)  # on to step 2, not played
    go_to_step(app, scene, 5)
    click(app, scene.play.board.cell_center(43))
    key(app, pygame.K_RETURN)
    run(app, 2)
    assert scene.control.explained
    rows = step_rows(app)
    assert rows["step0"] == "1. Place a piece  ✓" and rows["step5"].endswith(TICK)
    ticked = {k for k, text in rows.items() if TICK in text}
    assert ticked == {"step0", "step5"}  # not step 2, shown but not played
    assert Progress(storage).steps_done("lesson:isaac") == {0, 5}
    assert all(m is not None for m in app.fonts.font(30).metrics(TICK))  # the font draws it
    app.shutdown()
    again = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        again.open("title")
        again.open("lesson", "isaac")
        again.frame()
        rows = step_rows(again)
        assert {k for k, text in rows.items() if TICK in text} == {"step0", "step5"}
    finally:
        again.shutdown()


def test_isaac_step_3_waits_for_the_players_pass(app, storage):
    scene = open_lesson(app, "isaac")
    control = scene.control
    go_to_step(app, scene, 2)  # "Passing": the last piece fits nowhere
    run(app, 240)  # four seconds: nothing passes for the player
    assert scene.match.state is control.step.state and not scene.match.state.moves
    assert control.explained is None
    assert "Well done" not in scene.bar.heading("")
    assert scene.bar.text == "You cannot move, so you pass: Enter, click or A"
    assert 2 not in Progress(storage).steps_done("lesson:isaac")
    key(app, pygame.K_RETURN)  # the player's own pass
    run(app, 2)
    assert scene.match.state.moves == ("pass",)
    assert control.explained.startswith("You passed first")
    assert scene.bar.heading("") == "Well done: read the box, then go on"
    assert 2 in Progress(storage).steps_done("lesson:isaac")
    key(app, pygame.K_RETURN)
    assert control.index == 3


def test_a_pass_by_click_or_pad_in_the_other_lessons(app):
    scene = open_lesson(app, "hari")
    go_to_step(app, scene, 7)  # "Passing": no piece 7 cells long
    run(app, 240)
    assert scene.match.state is scene.control.step.state and scene.control.explained is None
    click(app, scene.play.board.cell_center(55))
    run(app, 2)
    assert (
        scene.match.state.moves[-1] == "pass" and "can never play again" in scene.control.explained
    )
    app.pop_to("title")
    scene = open_lesson(app, "foundations")
    go_to_step(app, scene, 6)  # "The end": both pass in a row
    run(app, 240)
    assert scene.match.state is scene.control.step.state and scene.control.explained is None
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run(app, 2)
    assert (
        scene.match.state.moves[-1] == "pass"
        and scene.match.state.is_over
        and scene.control.explained
    )
