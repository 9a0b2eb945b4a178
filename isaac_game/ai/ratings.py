"""Ratings on the Elo scale, fitted to arena results by maximum likelihood.

A ladder of computer levels is described by one rating per step, fitted from all
the arena games of a game at once rather than chained pair by pair, so every result
counts and the errors do not pile up along the ladder. The model is Bradley–Terry on
the Elo scale: P(a beats b) = 1 / (1 + 10^((Rb - Ra) / 400)), a draw counting half a
win to each side. Only differences are defined, so one player (the first step) is
anchored at 0, and each other rating's error is that of its difference to the anchor.

Written here, small, because no well-kept pure-Python library does this with errors;
the project takes no numpy, and a ladder has a dozen players, so plain lists will do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

#: Natural log-odds per Elo point: the model is logistic in (Ra - Rb) * SCALE.
SCALE = math.log(10) / 400


class RatingError(ValueError):
    """The results cannot give finite ratings (or the anchor is not among them)."""


class Result(NamedTuple):
    """The games two players played against each other, from `player_a`'s side."""

    player_a: str
    player_b: str
    wins_a: float
    draws: float
    wins_b: float


@dataclass(frozen=True)
class Rating:
    """A rating and its standard error, both in Elo points."""

    value: float
    error: float

    def __str__(self) -> str:
        return f"{round(self.value):,} ± {round(self.error):,}"


def expected_score(gap: float) -> float:
    """The share of the points a player rated `gap` above another scores against it
    under the fitted model (a draw half a point): what the level chooser tells a
    player a difference of ratings means. 150 points: about 0.70."""
    return math.exp(_log_sigmoid(gap * SCALE))


def _log_sigmoid(x: float) -> float:
    """log(1 / (1 + e^-x)), without overflow for large |x|."""
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting; the matrices here are a ladder's size."""
    n = len(matrix)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise RatingError("the results do not determine the ratings (singular)")
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1.0 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def _reach(start: str, edges: dict[str, set[str]]) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _names(group: Iterable[str]) -> str:
    return ", ".join(sorted(group))


def _check_finite(
    players: list[str], games: dict[tuple[str, str], float], score: dict[tuple[str, str], float]
) -> None:
    """Raise unless the MLE exists: the comparison graph must be connected, and no
    group of players may have won (or lost) every game it played against the rest,
    for then pushing that group's ratings up (or down) always raises the likelihood.
    That is the "scored against" graph being strongly connected (Zermelo, Ford)."""
    linked: dict[str, set[str]] = {p: set() for p in players}
    scored: dict[str, set[str]] = {p: set() for p in players}  # a -> b: a scored vs b
    conceded: dict[str, set[str]] = {p: set() for p in players}  # the reverse
    for (a, b), n in games.items():
        if n > 0:
            linked[a].add(b)
            if score[a, b] > 0:
                scored[a].add(b)
                conceded[b].add(a)
    part = _reach(players[0], linked)
    if len(part) < len(players):
        raise RatingError(
            f"the results fall apart into groups that never met: {_names(part)} | "
            f"{_names(set(players) - part)}; play games between them"
        )
    # The smallest closed group: nobody outside it scored against it (it won every
    # game against the rest), or it scored against nobody outside it (lost them all).
    groups = [(g, "won") for p in players if len(g := _reach(p, conceded)) < len(players)]
    groups += [(g, "lost") for p in players if len(g := _reach(p, scored)) < len(players)]
    if groups:
        group, verb = min(groups, key=lambda item: len(item[0]))
        met = {b for a in group for b in linked[a]} - group
        they = "it" if len(group) == 1 else "they"
        raise RatingError(
            f"{_names(group)} {verb} every game {they} played against {_names(met)}, so "
            "the rating would be infinite; play more games (a level between them helps)"
        )


def fit_ratings(
    results: Iterable[tuple[str, str, float, float, float]], anchor: str
) -> dict[str, Rating]:
    """Maximum-likelihood Elo ratings with `anchor` at 0, each with its standard error.

    `results` holds (player_a, player_b, wins_a, draws, wins_b) records; a pair may
    come several times, either way round. The fit is Newton–Raphson on the
    log-likelihood, which is concave, with step halving so it cannot overshoot. The
    errors come from the inverse of the Fisher information with the anchor's row and
    column removed (for this model the observed and expected information agree).
    """
    games: dict[tuple[str, str], float] = {}
    score: dict[tuple[str, str], float] = {}
    players: list[str] = []
    for a, b, wins_a, draws, wins_b in results:
        if a == b:
            raise RatingError(f"{a} is listed as playing itself")
        if min(wins_a, draws, wins_b) < 0:
            raise RatingError(f"negative count in the results of {a} against {b}")
        players += [p for p in (a, b) if p not in players]
        for x, y, s in ((a, b, wins_a + draws / 2), (b, a, wins_b + draws / 2)):
            games[x, y] = games.get((x, y), 0.0) + wins_a + draws + wins_b
            score[x, y] = score.get((x, y), 0.0) + s
    if anchor not in players:
        raise RatingError(f"the anchor {anchor} is not among the players ({_names(players)})")
    _check_finite(players, games, score)

    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    pairs = [(a, b, n, score[a, b]) for (a, b), n in games.items() if a < b and n > 0]

    def log_likelihood(theta: dict[str, float]) -> float:
        return sum(
            s * _log_sigmoid(theta[a] - theta[b]) + (n - s) * _log_sigmoid(theta[b] - theta[a])
            for a, b, n, s in pairs
        )

    def information(theta: dict[str, float]) -> tuple[list[float], list[list[float]]]:
        """The gradient and the Fisher information, over the free players."""
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, n, s in pairs:
            p = 1 / (1 + math.exp(theta[b] - theta[a]))
            w = n * p * (1 - p)
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x in index:
                    grad[index[x]] += sign * (s - n * p)
                    info[index[x]][index[x]] += w
            if a in index and b in index:
                info[index[a]][index[b]] -= w
                info[index[b]][index[a]] -= w
        return grad, info

    theta = dict.fromkeys(players, 0.0)  # in natural log-odds units
    for _ in range(200):
        grad, info = information(theta)
        inverse = _invert(info)
        step = [sum(r * g for r, g in zip(row, grad, strict=True)) for row in inverse]
        current, t = log_likelihood(theta), 1.0
        while True:
            trial = {**theta, **{p: theta[p] + t * step[index[p]] for p in free}}
            if log_likelihood(trial) >= current - 1e-12 or t < 1e-9:
                break
            t /= 2
        theta = trial
        if max((abs(t * d) for d in step), default=0.0) < 1e-9:
            break
    else:
        raise RatingError("the fit did not converge")
    inverse = _invert(information(theta)[1])
    return {
        p: Rating(
            theta[p] / SCALE,
            0.0 if p == anchor else math.sqrt(inverse[index[p]][index[p]]) / SCALE,
        )
        for p in players
    }
