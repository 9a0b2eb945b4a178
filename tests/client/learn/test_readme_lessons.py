"""The README's Learn to play says what exists: every game with a lesson is named there
with its number of steps, and none is said to be "still to come"."""

from __future__ import annotations

from pathlib import Path

from isaac_game.client.registry import GAMES

README = Path(__file__).resolve().parents[3] / "README.md"
COUNTS = {8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def test_the_readme_names_every_lesson_with_its_steps():
    text = README.read_text(encoding="utf-8")
    learn = text[text.index("### Learn to play") :]
    learn = " ".join(learn[: learn.index("**Puzzles**")].split())
    assert "still to come" not in learn
    for game in GAMES.values():
        if game.lesson is None:
            continue
        steps = COUNTS[len(game.lesson.steps)]
        assert game.title in learn, game.title
        after = learn[learn.index(game.title) :]
        assert f"{steps} " in after[:200], (game.title, steps)
