"""The computer's view of a game: for every move, what Hard would have played and
how much win chance the move played gave away.

Every number here is the judge's (`judge.py`), the same the hint, the coach and practice
read: each position of the game is judged once (Hard's move there, its win chance, and
the chance once Hard's move is played), and a move's loss is the mover's chance after
Hard's move minus the mover's chance after the move played. Win chances are what the
playouts can state honestly in all three games: ISAAC's points and FOUNDATIONS' hand
values only mean something against what the opponent can do.
"""

from __future__ import annotations

from collections.abc import Callable

from isaac_game.rules import Player, positions, replay

from .judge import (
    BLUNDER,
    MISTAKE,
    Judge,
    Known,
    Mark,
    MoveReview,
    PositionView,
    WinChance,
)

__all__ = [
    "BLUNDER",
    "MISTAKE",
    "Mark",
    "MoveReview",
    "PositionView",
    "analyse",
    "reviews_of",
    "summary",
    "view_position",
]


def view_position(
    game: str,
    moves: tuple[str, ...],
    seed: int = 0,
    known: Known | None = None,
    scale: float = 1.0,
) -> tuple[PositionView | None, Known]:
    """The judge's view of the position after `moves` (None once the game is over), and
    everything the judge knows now (a worker's task: plain values in and out; `known`
    is what the window knew, so nothing is judged twice; `scale`: see `Judge`)."""
    judge = Judge(known, seed, scale)
    return judge.view(replay(game, moves)), judge.known


def reviews_of(
    game: str, moves: tuple[str, ...] | list[str], views: list[PositionView | None]
) -> list[MoveReview]:
    """Every move's review, from the views of all positions (`len(moves) + 1` of them)."""
    if len(views) != len(moves) + 1:
        raise ValueError("one view per position is needed")
    states = positions(game, moves)
    reviews = []
    for i, move in enumerate(moves):
        before, view, after = states[i], views[i], states[i + 1]
        mover = before.to_move
        assert mover is not None and view is not None
        played = before.parse_move(move)
        if str(played) == view.best:
            reached = view.after_best
        elif after.is_over:
            reached = WinChance.outcome(after)
        else:
            later = views[i + 1]
            assert later is not None
            reached = later.chance
        reviews.append(
            MoveReview(
                i,
                mover,
                played,
                before.parse_move(view.best),
                view.after_best.pov(mover),
                reached.pov(mover),
                game,
            )
        )
    return reviews


def analyse(
    game: str,
    moves: tuple[str, ...] | list[str],
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    known: Known | None = None,
) -> list[MoveReview]:
    """Review every move of a game given by its name and moves (finished or not).

    `progress(done, total)` is called after each position judged; `known`: what the
    judge knows already (and learns here: it is updated in place)."""
    moves = tuple(moves)
    judge = Judge(seed=seed)
    if known is not None:
        judge.known = known
    state = replay(game, ())
    views: list[PositionView | None] = []
    for i in range(len(moves) + 1):
        views.append(judge.view(state))
        if i < len(moves):
            state = state.play(moves[i])
        if progress is not None:
            progress(i + 1, len(moves) + 1)
    return reviews_of(game, moves, views)


def summary(reviews: list[MoveReview]) -> str:
    """`analysis: N moves, M mistakes, B blunders; Dark: m mistakes, b blunders; Light: ...`
    (a count of one in the singular: "1 mistake")."""

    def count(mark: Mark, who: Player | None = None) -> str:
        n = sum(r.mark == mark and (who is None or r.mover == who) for r in reviews)
        return f"{n} {mark.value}" if n == 1 else f"{n} {mark.value}s"

    def both(who: Player | None = None) -> str:
        return f"{count(Mark.MISTAKE, who)}, {count(Mark.BLUNDER, who)}"

    moves = f"{len(reviews)} move" if len(reviews) == 1 else f"{len(reviews)} moves"
    parts = [f"analysis: {moves}, {both()}"]
    for who in (Player.DARK, Player.LIGHT):
        parts.append(f"{who.title}: {both(who)}")
    return "; ".join(parts)
