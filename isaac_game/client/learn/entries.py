"""The rows of the Learn to play chooser, from the games' records: a lesson per game,
then each game's puzzles.

A game with no lesson yet still offers its rules pages (a player who asks to learn a
game wants to read how it is played more than to be told "coming soon"); a game with
no puzzles has no puzzle row.

The labels are in the player's language when made: the chooser asks for them afresh
each time it shows, and when the language changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from isaac_game.i18n import _

from ..games.base import GameEntry
from .lesson import LearnEntry
from .progress import Progress
from .puzzles import progress_key


def lesson_entries(games: Iterable[GameEntry], progress: Progress) -> list[LearnEntry]:
    """A lesson per game (done or not), or its rules pages while it has none."""
    rows = []
    for game in games:
        key = f"lesson_{game.name}"
        if game.lesson is None:
            label = _("{game}: the rules (no lesson yet)").format(game=game.title)
            rows.append(LearnEntry(label, "rules", (game.name,), key=key))
            continue
        label = _("{game}: learn to play").format(game=game.title)
        if progress.done(game.lesson.key):
            label = _("{game}: learn to play  (done)").format(game=game.title)
        at = progress.step_at(game.lesson.key)  # left there: the lesson comes back to it
        if 0 < at < len(game.lesson.steps):
            # TRANSLATORS: a lesson left unfinished: "ISAAC: learn to play  (step 3 of 12)"
            label = _("{game}: learn to play  (step {step} of {steps})").format(
                game=game.title, step=at + 1, steps=len(game.lesson.steps)
            )
        rows.append(LearnEntry(label, "lesson", (game.name,), key=key))
    return rows


def puzzle_entries(games: Iterable[GameEntry], progress: Progress) -> list[LearnEntry]:
    """Each game's puzzle set, with how many are solved."""
    rows = []
    for game in games:
        if not game.puzzles:
            continue
        solved = sum(progress.done(progress_key(p)) for p in game.puzzles)
        label = _("{game}: puzzles ({solved} of {count} solved)").format(
            game=game.title, solved=solved, count=len(game.puzzles)
        )
        rows.append(LearnEntry(label, "puzzles", (game.name,), key=f"puzzles_{game.name}"))
    return rows


def learn_entries(games: Iterable[GameEntry], progress: Progress) -> list[LearnEntry]:
    """The whole chooser: the lessons, then the puzzles."""
    games = tuple(games)
    return lesson_entries(games, progress) + puzzle_entries(games, progress)
