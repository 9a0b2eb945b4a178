"""Learn to play: the FOUNDATIONS lesson played to its end with real events (mouse,
keys, pad), a legal-but-other move and an illegal one answered kindly, and the
progress kept."""

from __future__ import annotations

import pygame

from isaac_game.client.learn.progress import Progress
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Player

from ..driver import KEY_FOR_PIECE, click, key, menu_to, pad, run
from ..games.test_hotseat_game import arrows_to


def open_lesson(app):
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    menu_to(app, app.top.menu, "lesson_foundations")
    assert "learn to play" in app.top.menu.current.text()
    key(app, pygame.K_RETURN)
    assert app.top.name == "match"
    return app.top


def choose(app, scene, player: Player, length: int, direction: str) -> None:
    """Pick a piece with its digit key and turn it with R until it lies `direction`."""
    key(app, KEY_FOR_PIECE[length])
    placement = scene.play.placement
    assert placement.length[player] == length
    if placement.direction[player] != direction:
        key(app, pygame.K_r)
    assert placement.direction[player] == direction


def at(scene, anchor: int, length: int, direction: str) -> tuple[int, int]:
    return scene.play.board.cell_center(focus_for(anchor, length, direction))


def step_done(app, scene, frames: int = 2) -> None:
    """The step's move is in: its explanation shows."""
    run(app, frames)
    assert scene.control.explained, scene.bar.text
    run(app, 3)


def test_the_foundations_lesson_to_its_end(app, storage):
    scene = open_lesson(app)
    control = scene.control
    assert control.lesson.game == "foundations" and len(control.lesson.steps) == 8
    # 1. pieces and values: a 1 (3 cells) upright on 00-20, with the keys and a click
    choose(app, scene, Player.DARK, 3, "v")
    click(app, at(scene, 0, 3, "v"))
    assert scene.match.state.moves == ("3v00",)
    step_done(app, scene)
    assert "Value in your hand: 36 to 35" in control.explained
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run(app, 2)
    # 2. level 1, empty cells: a legal but other move is refused kindly, nothing played
    assert control.index == 1
    choose(app, scene, Player.DARK, 3, "v")
    click(app, at(scene, 45, 3, "v"))
    assert "this step asks for your 1 (3 cells) on the lit cells (column 4)" in scene.bar.text
    assert scene.match.state.moves == ("3v00", "3v12") and control.explained is None
    click(app, at(scene, 4, 3, "v"))
    step_done(app, scene)
    assert "shortest piece allowed there is now a 1 (3 cells)" in control.explained
    key(app, pygame.K_RETURN)
    # 3. lengths never go down: the 6 with the arrows and Enter
    assert control.index == 2
    choose(app, scene, Player.DARK, 7, "h")
    placement = scene.play.placement
    arrows_to(app, lambda: placement.focus, focus_for(90, 7, "h"))
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert "only 7-cell pieces or longer may go on level 1" in control.explained
    click(app, scene.play.board.cell_center(0))
    # 4. moving up: both ends on one piece is refused with the engine's reason, in words
    assert control.index == 3
    choose(app, scene, Player.DARK, 3, "v")
    click(app, at(scene, 0, 3, "v"))
    assert scene.bar.text.startswith("Not quite: "), scene.bar.text
    reason = scene.bar.text.removeprefix("Not quite: ").removesuffix(". Try again.")
    assert reason.startswith("Both ends rest on the same piece (your 1 (row 0, column 0))")
    choose(app, scene, Player.DARK, 5, "h")
    click(app, at(scene, 20, 5, "h"))
    step_done(app, scene)
    assert scene.match.state.moves[-1] == "5h20@2"
    assert "You are on level 2 for good" in control.explained
    key(app, pygame.K_RETURN)
    # 5. passing: the player who cannot place passes, with Enter
    assert control.index == 4
    key(app, pygame.K_RETURN)
    assert scene.match.state.moves[-1] == "pass"
    step_done(app, scene)
    assert "with value 10 still in hand" in control.explained
    key(app, pygame.K_RETURN)
    # 6. up with any piece: the mouse picks the 2 in the hand, a right-click turns it
    assert control.index == 5
    click(app, scene.hand_rows(Player.DARK)[4].center)
    if scene.play.placement.direction[Player.DARK] != "v":
        click(app, scene.play.board.cell_center(45), button=3)
    click(app, at(scene, 56, 4, "v"))
    step_done(app, scene)
    assert "Up to level 3 with a 2 (4 cells)" in control.explained
    key(app, pygame.K_RETURN)
    # 7. the end: both pass; the lower value in hand wins
    assert control.index == 6
    key(app, pygame.K_RETURN)
    step_done(app, scene)
    assert scene.match.state.is_over
    assert "Dark 4, Light 10. The lower wins: Dark" in control.explained
    key(app, pygame.K_RETURN)
    # 8. the tie-break, as Light
    assert control.index == 7
    choose(app, scene, Player.LIGHT, 3, "h")
    click(app, at(scene, 36, 3, "h"))
    step_done(app, scene)
    assert "Tie-break: hands tied at 9; level 4: Dark 0 against Light 3" in control.explained
    assert not Progress(storage).done("lesson:foundations")
    key(app, pygame.K_RETURN)
    assert app.top.name == "message" and "Lesson complete" in app.top.title
    assert Progress(storage).done("lesson:foundations")
    key(app, pygame.K_RETURN)
    assert app.top.name == "learn"
    assert "(done)" in app.top.menu.item("lesson_foundations").text()
