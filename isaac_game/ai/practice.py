"""How much a move tried in a practice position gives away: the judge's loss (`judge.py`),
the very number the analysis gave the blunder that made the position.

A position is solved by Hard's move there (the judge's, now), or by a move that gives
away less than `stats.practice.SOLVED_WITHIN` by the same judge; never by the move that
made it a position to practise, whatever a later judge thinks of that move (a worker's
task: plain values in and out).
"""

from __future__ import annotations

from isaac_game.rules import replay

from .judge import Judge, Known


def tried_loss(
    game: str, moves: tuple[str, ...], tried: str, known: Known | None = None, seed: int = 0
) -> tuple[str, float, Known]:
    """Hard's move in the position after `moves`, the win chance `tried` gives away
    against it (0 for Hard's move itself, never below 0), and what the judge knows now."""
    judge = Judge(known, seed)
    review = judge.review(replay(game, moves), tried)
    return str(review.preferred), review.loss, judge.known
