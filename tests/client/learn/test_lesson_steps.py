"""A lesson's steps: any step may be chosen (the pause menu's "Choose a step", by keys,
mouse or pad); leaving goes back to Learn to play, and coming back resumes at the step
left (kept in learn.json, for a new app too); a piece the step does not ask for is
refused at the first click, not after the move is made. Driven with real events."""

from __future__ import annotations

import pygame

from isaac_game.client.learn.progress import Progress
from isaac_game.client.registry import GAMES, make_app
from isaac_game.rules import Player

from ..driver import click, key, menu_to, pad, run


def open_lesson(app, game: str):
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    menu_to(app, app.top.menu, f"lesson_{game}")
    key(app, pygame.K_RETURN)
    assert app.top.name == "match"
    return app.top


def go_to_step(app, scene, index: int) -> None:
    """Esc, "Choose a step", the step's row, Enter: its position on the board."""
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    menu_to(app, app.top.menu, "steps")
    key(app, pygame.K_RETURN)
    assert app.top.name == "chooser"
    menu_to(app, app.top.menu, f"step{index}")
    key(app, pygame.K_RETURN)
    run(app, 2)
    assert app.top is scene and scene.control.index == index
    assert scene.match.state is scene.control.step.state


def leave(app) -> None:
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    if app.top.asks is not None:  # "Leave the lesson?" once a move was made
        key(app, pygame.K_RETURN)


def test_the_chooser_lists_every_step_with_the_current_one_chosen(app):
    scene = open_lesson(app, "isaac")
    steps = scene.control.lesson.steps
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "steps")
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert [item.text() for item in chooser.menu.items] == [
        f"{i + 1}. {step.title}" for i, step in enumerate(steps)
    ]
    assert chooser.menu.current.key == "step0"
    chooser.draw(app.screen)  # ten rows fit, scrolling if they must
    row = chooser.menu.item("step6")
    if row.rect.width == 0:  # scrolled out of view: bring it in with the keys
        menu_to(app, chooser.menu, "step6")
        chooser.draw(app.screen)
    click(app, row.rect.center)
    run(app, 2)
    assert app.top is scene and scene.control.index == 6
    # Esc in the chooser changes nothing
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "steps")
    key(app, pygame.K_RETURN)
    assert app.top.menu.current.key == "step6"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"


def test_leaving_returns_to_learn_to_play_and_coming_back_resumes(app, storage):
    scene = open_lesson(app, "isaac")
    go_to_step(app, scene, 3)
    leave(app)
    assert app.top.name == "learn"
    assert Progress(storage).step_at("lesson:isaac") == 3
    assert "(step 4 of 10)" in app.top.menu.item("lesson_isaac").text()
    key(app, pygame.K_RETURN)  # the same row again
    back = app.top
    assert back.name == "match" and back.control.index == 3
    assert back.match.state is back.control.step.state
    # a pad: Start, down to the chooser, A; then the next step is kept too
    pad(app, pygame.CONTROLLER_BUTTON_START)
    menu_to(app, app.top.menu, "steps", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    menu_to(app, app.top.menu, "step8", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run(app, 2)
    assert back.control.index == 8
    app.shutdown()
    again = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        again.open("title")
        again.frame()
        again.open("lesson", "isaac")
        again.frame()
        assert again.top.control.index == 8
    finally:
        again.shutdown()


def test_a_finished_lesson_starts_again_from_its_first_step(storage):
    progress = Progress(storage)
    progress.keep_step("lesson:hari", 4)
    assert progress.step_at("lesson:hari") == 4
    progress.mark("lesson:hari")
    assert progress.done("lesson:hari") and progress.step_at("lesson:hari") == 0
    progress.keep_step("lesson:isaac", 99)  # a lesson grown shorter since
    app = make_app(size=(800, 600), fullscreen=False, storage=storage, sound=False)
    try:
        app.open("title")
        app.open("lesson", "isaac")
        app.frame()
        assert app.top.control.index == 0
    finally:
        app.shutdown()


def test_isaac_step_4_refuses_another_piece_at_the_first_click(app):
    scene = open_lesson(app, "isaac")
    go_to_step(app, scene, 3)  # "Scoring: N and M": remove the lit 3 on row 5
    step, scoring = scene.control.step, scene.play.scoring
    for other in (20, 49):  # Dark's 4 (6 cells) and 1 (3 cells): removable, not asked
        assert other in {p.anchor for p in scoring.removable(scene.match.state, Player.DARK)}
        click(app, scene.play.board.cell_center(other))
        assert scene.bar.text == step.wrong
        assert scoring.anchor is None and not scoring.targets  # no counter to choose
        assert scene.match.state is step.state
    click(app, scene.play.board.cell_center(52))
    assert scoring.anchor == 52 and scoring.targets


def test_foundations_refuses_another_piece_from_the_hand_at_once(app):
    scene = open_lesson(app, "foundations")
    go_to_step(app, scene, 2)  # "Lengths never go down": the 6 (7 cells) on 90-96
    placement = scene.play.placement
    before = placement.length[Player.DARK]
    key(app, pygame.K_1)  # the 1 (3 cells): legal, not asked
    assert scene.bar.text == scene.control.step.wrong
    assert placement.length[Player.DARK] == before
    key(app, pygame.K_6)
    assert placement.length[Player.DARK] == 7


def test_hari_refuses_another_piece_to_slide_at_once(app):
    scene = open_lesson(app, "hari")
    go_to_step(app, scene, 2)  # "Slide a piece": the 1 on 00-02, two cells right
    move_input = scene.play.move_input
    click(app, scene.play.board.cell_center(21))  # the 2 on 20-23: it may slide, not asked
    assert scene.bar.text == scene.control.step.wrong
    assert move_input.piece is None and scene.match.state is scene.control.step.state
    click(app, scene.play.board.cell_center(1))
    assert move_input.piece is not None and move_input.piece.anchor == 0


def test_every_lesson_offers_its_chooser(app):
    for game in GAMES.values():
        if game.lesson is None:
            continue
        scene = app.open("lesson", game.name)
        run(app, 1)
        assert "steps" in {item.key for item in scene.control.pause_items()}
        app.pop_to("title")


def test_isaac_learn_from_the_command_line_leaves_to_learn_to_play(storage, monkeypatch):
    """`isaac learn --game isaac` opens the lesson over Learn to play: leaving it goes
    there, as from the menu."""
    import argparse

    from isaac_game.client.app import App
    from isaac_game.commands import learn as learn_command

    stacks: list[list[str]] = []

    def run(self) -> None:
        stacks.append([scene.name for scene in self.scenes])
        leave(self)
        stacks.append([scene.name for scene in self.scenes])
        self.shutdown()

    monkeypatch.setattr(App, "run", run)
    parser = argparse.ArgumentParser()
    learn_command.add_arguments(parser)
    args = parser.parse_args(["--game", "isaac", "--windowed", "--size", "1280x720"])
    assert learn_command.run(args) == 0
    assert stacks[0][-2:] == ["learn", "match"]
    assert stacks[1][-1] == "learn"
