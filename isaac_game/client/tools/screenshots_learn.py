"""Learn to play's screens for `screenshots.py`: the chooser, and every step of each
game's lesson before and after its move (plus one wrong try), played through the real
match scene and its lesson control."""

from __future__ import annotations

from collections.abc import Callable

from ..learn.control import LessonControl
from ..scenes.match import MatchScene


def shoot_learn(app, save: Callable[[str], None]) -> None:
    save_chooser = app.open("learn")
    save("learn")
    app.pop(save_chooser)
    shoot_lesson(app, save, "isaac", "lesson")
    shoot_steps(app, save)
    shoot_lesson(app, save, "foundations", "lesson-foundations")
    shoot_lesson(app, save, "hari", "lesson-hari")


def shoot_lesson(app, save: Callable[[str], None], game_name: str, prefix: str) -> None:
    """A game's lesson: a wrong try on its first step, then every step before and after
    the move it asks (a HARI turn is several steps: a slide keeps the turn)."""
    chooser = app.open("learn")
    game = app.open("lesson", game_name)
    assert isinstance(game, MatchScene) and isinstance(game.control, LessonControl)
    control = game.control
    steps = control.lesson.steps
    first = steps[0]
    wrong = next(m for m in first.state.legal_moves() if m not in first.asked)
    game.submit(wrong)  # legal, not the move asked: the kind refusal
    save(f"{prefix}-01-wrong")
    for i, step in enumerate(steps, start=1):
        game.bar.seconds = 0.0
        save(f"{prefix}-{i:02d}")
        if not control.explained:  # a pass may have been played for the player already
            move = min(step.moves) if step.moves else str(step.state.legal_moves()[-1])
            game.submit(game.match.state.parse_move(move))
            game.update(0.0)
        assert control.explained, f"{game_name} step {i}: {game.bar.text}"
        save(f"{prefix}-{i:02d}-done")
        control.next_step()
    save(f"{prefix}-complete")
    while app.top is not chooser:
        app.pop()
    app.pop(chooser)


def shoot_steps(app, save: Callable[[str], None]) -> None:
    """A lesson's pause menu and its step chooser."""
    chooser = app.open("learn")
    game = app.open("lesson", "isaac")
    assert isinstance(game, MatchScene) and isinstance(game.control, LessonControl)
    app.open("pause", game)
    save("lesson-pause")
    game.control.choose_step()
    save("lesson-steps")
    while app.top is not chooser:
        app.pop()
    app.pop(chooser)
