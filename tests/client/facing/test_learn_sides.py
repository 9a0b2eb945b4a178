"""A Light puzzle, or a lesson step Light plays, is shown from Light's side: Light's
own coordinates on the near edges, its panel on the left, the box on the right."""

from __future__ import annotations

from isaac_game.client.registry import GAMES
from isaac_game.rules import Player

from ..driver import run
from ..learn.test_puzzles import open_puzzle


def test_a_light_puzzle_is_shown_from_lights_side(app, storage):
    puzzles = GAMES["isaac"].puzzles
    index = next(i for i, p in enumerate(puzzles) if p.position().to_move == Player.LIGHT)
    scene = open_puzzle(app, "isaac", index)
    board, layout = scene.play.board, scene.view.layout
    assert board.facing == Player.LIGHT and layout.left_player == Player.LIGHT
    assert scene.control.box.left > board.rect.right  # the goal's box stays on the right
    # and a Dark puzzle from Dark's side
    dark = next(i for i, p in enumerate(puzzles) if p.position().to_move == Player.DARK)
    scene = open_puzzle(app, "isaac", dark)
    assert scene.play.board.facing == Player.DARK


def test_a_lesson_step_light_plays_is_shown_from_lights_side(app, storage):
    scene = app.open("lesson", "isaac")
    run(app, 2)
    control = scene.control
    assert scene.play.board.facing == Player.DARK  # the first step: you are Dark
    steps = GAMES["isaac"].lesson.steps
    light = next(i for i, step in enumerate(steps) if step.state.to_move == Player.LIGHT)
    control.go_to(light)
    run(app, 2)
    board, layout = scene.play.board, scene.view.layout
    assert board.facing == Player.LIGHT and layout.left_player == Player.LIGHT
    # the lesson's box is on the right, over the hand of the side not playing
    assert control.box.left > board.rect.right
    assert scene.panel_info(Player.DARK).hand_label == ""
    assert scene.panel_info(Player.LIGHT).hand_label != ""
