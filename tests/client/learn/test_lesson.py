"""Learn to play: the ISAAC lesson played to its end with real events (mouse, keys, pad),
a wrong try answered kindly with the engine's reason, and the progress kept."""

from __future__ import annotations

import json

import pygame

from isaac_game.client.learn.progress import Progress
from isaac_game.client.registry import GAMES, make_app
from isaac_game.client.widgets.hand_cursor import focus_for

from ..driver import click, key, menu_to, pad, run


def open_lesson(app):
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    assert app.top.menu.current.key == "lesson_isaac"
    assert "learn to play" in app.top.menu.item("lesson_hari").text()
    key(app, pygame.K_RETURN)
    assert app.top.name == "match"
    return app.top


def cell(scene, n: int) -> tuple[int, int]:
    return scene.play.board.cell_center(n)


def step_done(app, scene, frames: int = 2) -> None:
    """The step's move is in: its explanation shows; A on a pad goes on."""
    run(app, frames)
    assert scene.control.explained, scene.bar.text
    run(app, 3)


def next_step(app) -> None:
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run(app, 2)


def test_the_isaac_lesson_to_its_end(app, storage):
    scene = open_lesson(app)
    control = scene.control
    # 1. place: a legal but other move is refused kindly; nothing is played
    click(app, cell(scene, 55))
    assert "this step asks for the lit cells (row 0)" in scene.bar.text
    assert not scene.match.state.moves and control.explained is None
    click(app, cell(scene, focus_for(0, 7, "h")))
    assert scene.match.state.moves == ("7h00",)
    step_done(app, scene)
    next_step(app)
    # 2. turn a piece; first an illegal try: the engine's reason, in words, kindly put
    assert control.index == 1
    key(app, pygame.K_3)  # the 3 (5 cells), by its printed value
    key(app, pygame.K_r)
    click(app, cell(scene, 3))  # the 5 upright over the 7 on row 0
    assert scene.bar.text.startswith("Not quite: "), scene.bar.text
    reason = scene.bar.text.removeprefix("Not quite: ").removesuffix(". Try again.")
    assert reason == "That cell is taken (row 0, column 3)"  # no notation
    click(app, cell(scene, focus_for(14, 5, "v")))
    step_done(app, scene)
    key(app, pygame.K_RETURN)
    # 3. passing: the player who cannot place passes, with Enter (no pass is made for them)
    assert control.index == 2
    run(app, 90)
    assert scene.match.state is control.step.state
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "pass"
    step_done(app, scene)
    click(app, cell(scene, 0))
    # 4. N and M: the engine's numbers in the explanation
    assert control.index == 3 and scene.match.state.phase == "scoring"
    click(app, cell(scene, 52))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert control.explained.startswith("3 x 3 x 2 = 18: value 3, N = 3")
    next_step(app)
    # 5. lengths never go down: the shorter piece is refused with the engine's reason
    click(app, cell(scene, 2))
    assert "shorter than your last removal" in scene.bar.text
    click(app, cell(scene, 38))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    next_step(app)
    # 6. M read before the counter moves (the rulebook's example 2)
    click(app, cell(scene, 43))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert control.explained.startswith("4 x 1 x 2 = 8:")
    next_step(app)
    # 7. stop short to block: the full gain is refused, a lit cell is taken
    click(app, cell(scene, 43))
    key(app, pygame.K_RETURN)
    assert "leaves Light a piece" in scene.bar.text and control.explained is None
    click(app, cell(scene, 43))
    click(app, cell(scene, 21))
    step_done(app, scene)
    assert "passes and is out" in control.explained
    next_step(app)
    # 8. play Light: the rulebook's example 3
    click(app, cell(scene, 12))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert control.explained.startswith("3 x 4 = 12:")
    next_step(app)
    # 9. reach 100
    click(app, cell(scene, 50))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert "ends the game at once: Dark wins, 105 to 40" in control.explained
    next_step(app)
    # 10. the tie-break
    click(app, cell(scene, 50))
    click(app, cell(scene, 33))
    step_done(app, scene)
    assert "Tie-break: scores tied at 33" in control.explained
    assert not Progress(storage).done("lesson:isaac")
    key(app, pygame.K_RETURN)
    assert app.top.name == "message" and "Lesson complete" in app.top.title
    assert Progress(storage).done("lesson:isaac")
    assert not list(storage.saves_dir.glob("*")) if storage.saves_dir.exists() else True
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    assert "(done)" in app.top.menu.item("lesson_isaac").text()


def test_progress_is_remembered_by_a_new_app(storage):
    lesson = GAMES["isaac"].lesson
    assert lesson is not None
    Progress(storage).mark(lesson.key)
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        app.open("title")
        app.open("learn")
        app.frame()
        assert "(done)" in app.top.menu.item("lesson_isaac").text()
    finally:
        app.shutdown()


def test_progress_survives_a_corrupt_file(storage):
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    (storage.data_dir / "learn.json").write_text("{not json")
    progress = Progress(storage)
    assert not progress.done("lesson:isaac")
    progress.mark("lesson:isaac")
    assert json.loads((storage.data_dir / "learn.json").read_text()) == {"done": ["lesson:isaac"]}


def test_isaac_learn_opens_the_lesson(storage):
    """`isaac learn --game isaac` opens the lesson; a game without one, the chooser."""
    from isaac_game.commands import learn as learn_command
    from isaac_game.commands.cli import COMMANDS, build_parser
    from isaac_game.commands.play import first_scene

    assert COMMANDS["learn"][0] == "isaac_game.commands.learn"
    for argv, expected in (
        (["learn", "--game", "isaac"], ("lesson", ("isaac",))),
        (["learn", "--game", "hari"], ("lesson", ("hari",))),
        (["learn"], ("learn", ())),
    ):
        parser, subparsers = build_parser()
        learn_command.add_arguments(subparsers["learn"])
        args = learn_command.as_play(parser.parse_args(argv))
        assert first_scene(args, storage) == expected
