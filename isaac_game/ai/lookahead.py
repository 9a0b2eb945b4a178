"""ISAAC placement looked at several moves deep: negamax over the placement judgement.

`PlacementEval` scores a placement by what it adds to the mover's outlook (and takes
from the opponent's). Summed along a line of play, mine counting for and theirs
against, those gains say how a sequence of placements leaves the two sides; a
negamax with alpha-beta over the likeliest placements of each side (the judgement's
own top few) finds the placement whose worst case is best. Hard1 looks two moves
deep this way (its move, then the opponent's best reply); Hard goes deeper as its
budget allows, deepening one move at a time and keeping the deepest finished answer.
"""

from __future__ import annotations

import time

from .board import Board
from .placement import PlacementEval, Weights

#: How many placements each side looks at, by depth (the first is ours).
WIDTHS = (14, 9, 6, 5, 4)
#: Judgements (`PlacementEval.ranked`) a second on the machine Hard was tuned on: a
#: budget of S seconds allows S x this many, so Hard plays the same move for the same
#: position on any machine. The clock, at SAFETY x S, is only a net for slow ones.
NOMINAL_RATE = 550
SAFETY = 1.5


class _OutOfTime(Exception):
    pass


class _Allowance:
    def __init__(self, seconds: float) -> None:
        self.left = max(1, int(seconds * NOMINAL_RATE))
        self.deadline = time.perf_counter() + SAFETY * seconds + 0.05

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0 or time.perf_counter() > self.deadline:
            raise _OutOfTime


def _negamax(
    board: Board, depth: int, alpha: float, beta: float, weights: Weights, work: _Allowance
) -> float:
    """The best sum of gains for the side to move, `depth` placements deep."""
    if depth == 0 or board.phase != "placement":
        return 0.0
    work.spend()
    me = board.turn
    ranked = PlacementEval(board, weights).ranked(me)[: WIDTHS[min(len(WIDTHS) - 1, depth)]]
    if not ranked:
        return 0.0  # nothing fits: the side passes, and the gains stop here
    best = -float("inf")
    for gain, sid in ranked:
        child = board.copy()
        child.place(sid)
        if child.turn == me:  # the opponent has passed: we go on placing
            value = gain + _negamax(child, depth - 1, alpha - gain, beta - gain, weights, work)
        else:
            value = gain - _negamax(child, depth - 1, gain - beta, gain - alpha, weights, work)
        if value > best:
            best = value
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def deepest_placement(
    board: Board, weights: Weights, seconds: float, max_depth: int = 5
) -> tuple[int, int]:
    """(shape id, depth reached): the placement whose line of play, as deep as the
    budget allows, leaves the mover best off."""
    work = _Allowance(seconds)
    ranked = PlacementEval(board, weights).ranked(board.turn)
    if not ranked:
        raise ValueError("no placement fits: the side to move passes")
    best, reached = ranked[0][1], 1
    candidates = ranked[: WIDTHS[0]]
    for depth in range(2, max_depth + 1):
        try:
            scored = []
            for gain, sid in candidates:
                child = board.copy()
                child.place(sid)
                rest = _negamax(child, depth - 1, -float("inf"), float("inf"), weights, work)
                scored.append((gain + rest if child.turn == board.turn else gain - rest, sid))
        except _OutOfTime:
            break
        scored.sort(key=lambda x: (-x[0], x[1]))
        best, reached = scored[0][1], depth
        candidates = [(gain_of(ranked, sid), sid) for _, sid in scored]  # best first next time
    return best, reached


def gain_of(ranked: list[tuple[float, int]], sid: int) -> float:
    return next(g for g, s in ranked if s == sid)
