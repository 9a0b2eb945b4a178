"""ISAAC placement looked at several moves deep: negamax over the likeliest placements.

`PlacementEval` says which placements are worth a look: each side's top few by the
placement judgement (`WIDTHS`, by depth). At the end of each line of play, or when
placement finishes, `outlook` judges the position: the learned log-odds that the
side to move wins. So the look-ahead compares where lines of play lead, not how much
each placement gains on its own, which is what `hard1` sums and what makes it miss
who will start the scoring phase and what stays in hand. Hard deepens one move at a
time while its allowance lasts and keeps the deepest finished answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from isaac_game.rules import IsaacCore

from .outlook import mover_log_odds
from .placement import PlacementEval, Weights

#: How many placements each side looks at, by depth (the first is ours).
WIDTHS = (14, 9, 6, 5, 4)
#: Positions looked at (judged or expanded) a second on the machine Hard was tuned on:
#: a budget of S seconds allows S x this many, so Hard plays the same move for the
#: same position on any machine. The clock, at SAFETY x S, is only a net for slow ones.
NOMINAL_RATE = 4000
SAFETY = 1.5


class _OutOfTime(Exception):
    pass


class _Allowance:
    def __init__(self, seconds: float, rate: int = NOMINAL_RATE) -> None:
        self.left = max(1, int(seconds * rate))
        self.deadline = time.perf_counter() + SAFETY * seconds + 0.05
        self.spent = 0

    def spend(self) -> None:
        self.left -= 1
        self.spent += 1
        if self.left < 0 or time.perf_counter() > self.deadline:
            raise _OutOfTime


def _negamax(
    board: IsaacCore, depth: int, alpha: float, beta: float, weights: Weights, work: _Allowance
) -> float:
    """The learned log-odds for the side to move, `depth` placements deep."""
    work.spend()
    if depth == 0 or board.phase != "placement":
        return mover_log_odds(board)
    me = board.turn
    ranked = PlacementEval(board, weights).ranked(me)[: WIDTHS[min(len(WIDTHS) - 1, depth)]]
    if not ranked:  # nothing fits: the side passes (docs/rules.md 1.1.3)
        child = board.copy()
        child.pass_placement()
        value = _negamax(child, depth - 1, -beta, -alpha, weights, work)
        return value if child.turn == me else -value
    best = -float("inf")
    for _gain, sid in ranked:
        child = board.copy()
        child.place(sid)
        if child.turn == me:  # the opponent has passed: we go on placing
            value = _negamax(child, depth - 1, alpha, beta, weights, work)
        else:
            value = -_negamax(child, depth - 1, -beta, -alpha, weights, work)
        if value > best:
            best = value
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def deepest_placement(
    board: IsaacCore,
    weights: Weights,
    seconds: float,
    max_depth: int = 5,
    rate: int = NOMINAL_RATE,
) -> tuple[int, int]:
    """(shape id, depth reached): the placement whose line of play, as deep as the
    budget allows (`seconds` x `rate` positions), leaves the mover likeliest to win."""
    slices = [scored_depths(board, weights, seconds, max_depth, rate=rate)]
    return best_of(board, weights, slices)


@dataclass(frozen=True)
class Slice:
    """A look-ahead over some of the root placements: depth -> [(value, shape id)] for
    every depth it finished, and how many positions it looked at."""

    scores: dict[int, list[tuple[float, int]]]
    judged: int


def scored_depths(
    board: IsaacCore,
    weights: Weights,
    seconds: float,
    max_depth: int,
    part: int = 0,
    parts: int = 1,
    rate: int = NOMINAL_RATE,
) -> Slice:
    """The scores at every depth finished within the allowance, over slice `part` of
    `parts` of the root placements (`parallel` gives each process one;
    each root placement is searched with a full window, so the slices' values are
    those one process would find)."""
    work = _Allowance(seconds, rate)
    ranked = PlacementEval(board, weights).ranked(board.turn)
    if not ranked:
        raise ValueError("no placement fits: the side to move passes")
    candidates = [sid for _gain, sid in ranked[: WIDTHS[0]]][part::parts]
    found: dict[int, list[tuple[float, int]]] = {}
    for depth in range(1, max_depth + 1):
        try:
            scored = []
            for sid in candidates:
                child = board.copy()
                child.place(sid)
                rest = _negamax(child, depth - 1, -float("inf"), float("inf"), weights, work)
                scored.append((rest if child.turn == board.turn else -rest, sid))
        except _OutOfTime:
            break
        scored.sort(key=lambda x: -x[0])  # likeliest first (stable): the next depth's order
        found[depth] = scored
        candidates = [sid for _value, sid in scored]
    return Slice(found, work.spent)


def best_of(board: IsaacCore, weights: Weights, slices: list[Slice]) -> tuple[int, int]:
    """(shape id, depth): the best placement at the deepest depth every slice finished,
    as one process would pick it. Equal values are common (a transposition gives two
    placements the same line); one process keeps them in the order the depth before
    left them, so that order is rebuilt here, depth by depth from the judgement's, over
    every slice's placements."""
    ranked = PlacementEval(board, weights).ranked(board.turn)
    depth = min((max(s.scores, default=0) for s in slices), default=0)
    if depth == 0:
        return ranked[0][1], 0
    values: list[dict[int, float]] = [{}] + [
        {sid: value for s in slices for value, sid in s.scores[d]} for d in range(1, depth + 1)
    ]
    order = [sid for _gain, sid in ranked[: WIDTHS[0]] if sid in values[1]]
    for scores in values[1:]:
        order.sort(key=lambda sid: -scores[sid])  # stable, as in one process
    return order[0], depth
