"""ISAAC's removal search (docs/rules.md 1.3): the moves it tries at each position are
the plain reading of its pruning rule, worked out here the slow way, piece by piece."""

from __future__ import annotations

import random

import pytest

from isaac_game.ai.scoring import ScoringSearch
from isaac_game.commands.search_bench import finished_placements
from isaac_game.rules import CELL_COL, CELL_ROW, WINNING_SCORE


def plain_targets(search: ScoringSearch, i: int, pts: int) -> list[int]:
    """The targets for removing piece i as `ScoringSearch._targets` words them: one
    target a class of cells (the relevant lines it sits on, and the piece under it if
    that piece still matters), the highest of each class, the best guesses past
    `max_targets`."""
    me = search.turn
    p = search.scores[me]
    forbidden = 99 - search.scores[1 - me]
    alive = search.alive & ~(1 << i)
    floor = list(search.min_len)
    floor[me] = max(floor[me], search.length[i])

    def matters(j: int) -> bool:
        return bool(alive >> j & 1) and search.length[j] >= floor[search.owner[j]]

    relevant = [0] * 20
    lines_that_matter = set()
    for j in range(len(search.sids)):
        if matters(j):
            line = search.line[j]
            lines_that_matter.add(line)
            est = search.value[j] * max(search.counts[line] - 2, 0)
            relevant[line] += est if search.owner[j] == me else -est
    best: dict[tuple[int, int, int], int] = {}
    for t in range(p + pts, p - 1, -1):
        if t == forbidden:
            continue
        cell = t if me == 0 else 99 - t
        row, column, under = CELL_ROW[cell], CELL_COL[cell], search.cell_piece[cell]
        kind = (
            row if row in lines_that_matter else -1,
            column if column in lines_that_matter else -1,
            under if under >= 0 and matters(under) else -1,
        )
        best.setdefault(kind, t)
    targets = list(best.values())
    if len(targets) <= search.max_targets:
        return targets

    def guess(t: int) -> float:
        cell = t if me == 0 else 99 - t
        g = t + 0.7 * (relevant[CELL_ROW[cell]] + relevant[CELL_COL[cell]])
        j = search.cell_piece[cell]
        if j >= 0 and matters(j):
            g += -search.value[j] * 4 if search.owner[j] == me else search.value[j] * 4 + 6
        return g

    rest = sorted(targets[1:], key=guess, reverse=True)
    return [targets[0], *rest[: search.max_targets - 1]]


def plain_moves(search: ScoringSearch) -> list[tuple[int, int]]:
    me = search.turn
    out = []
    for i in search.removable(me):
        pts = search.points(i)
        if search.scores[me] + pts >= WINNING_SCORE:
            return [(i, search.scores[me] + pts)]
        out.extend((i, t) for t in plain_targets(search, i, pts))
    return out


@pytest.mark.parametrize("max_targets", [2, 5])
def test_rules_1_3_the_search_tries_the_targets_its_rule_names(max_targets):
    """Down random lines of the search's own moves, from several finished placements:
    the same moves, in the same order, as the plain reading."""
    rng = random.Random(max_targets)
    checked = 0
    for board in finished_placements(seed=0, count=6):
        search = ScoringSearch(board, max_targets=max_targets)
        while True:
            moves = search.moves()
            assert moves == plain_moves(search)
            checked += 1
            if not moves or moves[0][1] >= WINNING_SCORE:
                break
            search.play(*rng.choice(moves))
    assert checked > 30
