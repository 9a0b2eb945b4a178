"""Puzzles' screens for `screenshots.py`: each game's list, a puzzle before its turn,
solved, after a wrong try (told so, with the clue asked for) and with the answer shown
(marked), through the real match scene and its puzzle control."""

from __future__ import annotations

from collections.abc import Callable

from ..learn.puzzle_control import PuzzleControl
from ..learn.puzzles import best, measure_turn, turns
from ..registry import GAMES
from ..scenes.match import MatchScene


def shoot_puzzles(app, save: Callable[[str], None]) -> None:
    for game, puzzles in ((g.name, g.puzzles) for g in GAMES.values() if g.puzzles):
        listing = app.open("puzzles", game)
        save(f"puzzles-{game}")
        scene = app.open("puzzle", game, 0)
        assert isinstance(scene, MatchScene) and isinstance(scene.control, PuzzleControl)
        control = scene.control
        scene.update(0.0)
        save(f"puzzle-{game}")
        for action in puzzles[0].solution:
            scene.submit(scene.match.state.parse_move(action))
        scene.update(0.0)
        assert control.verdict is True
        scene.bar.seconds = 0.0
        save(f"puzzle-{game}-solved")
        control.retry()
        mark = best(puzzles[0])
        tries = turns(control.start)
        wrong = next(a for a, after in tries if measure_turn(puzzles[0], after) < mark)
        for action in wrong:
            scene.submit(scene.match.state.parse_move(action))
        scene.update(0.0)
        control.show_clue()
        scene.bar.seconds = 0.0
        save(f"puzzle-{game}-wrong")
        control.show_answer()
        scene.bar.seconds = 0.0
        save(f"puzzle-{game}-answer")
        while app.top is not listing:
            app.pop()
        app.pop(listing)
