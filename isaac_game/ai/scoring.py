"""Scoring-phase search (docs/rules.md 1.3): alpha-beta with a transposition table.

In the scoring phase no piece is ever added, so the pieces on the board at the root
are numbered once and a position is a bitmask of those still there plus the scores,
the length floors, who is out and who moves: a small hashable key, and many removal
orders reach the same one. Iterative deepening runs until the budget is spent; when
a whole iteration finishes without ever cutting a line short, the result is exact
(up to the target pruning described in `_targets`) and the search stops early.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from isaac_game.rules import (
    CELL_COL,
    CELL_ROW,
    S_CELLS,
    S_LEN,
    S_LINE,
    S_LINES,
    S_VAL,
    WINNING_SCORE,
    IsaacCore,
)

WIN = 100_000
#: Nominal search speed: a budget of t seconds allows t * NODE_RATE nodes, so that a
#: search is deterministic. The wall clock is only a safety net for a machine far
#: slower (or busier) than this one, at SAFETY x the budget; then, and only then, the
#: same seed may give a different move.
NODE_RATE = 12_000
SAFETY = 1.5


class LinesLeft(NamedTuple):
    """A position's lines as the removal's targets see them, for all of the mover's
    removals: the opponent's pieces that still matter (value against the mover and
    number, by line; `theirs` as a bitmask), and the mover's that may (`mine`: piece,
    length, line, value: a removal raises the mover's length floor to its piece's
    length, so which of them matter depends on the piece removed)."""

    against: list[int]
    number: list[int]
    mine: list[tuple[int, int, int, int]]
    theirs: int


class Timeout(Exception):
    """The budget ran out in the middle of an iteration."""


def tie_winner(hands: list[list[int]]) -> int:
    """Who wins equal scores (docs/rules.md 1.4.2-3): longer unplaced line, fewer pieces, Dark."""
    cells = [sum(n * (i + 3) for i, n in enumerate(h)) for h in hands]
    if cells[0] != cells[1]:
        return 0 if cells[0] > cells[1] else 1
    counts = [sum(h) for h in hands]
    if counts[0] != counts[1]:
        return 0 if counts[0] < counts[1] else 1
    return 0


class ScoringSearch:
    """Negamax over one scoring-phase position; values are for the side to move."""

    def __init__(self, board: IsaacCore, max_targets: int = 5, pot_weight: float = 0.5) -> None:
        self.sids = board.owned[0] + board.owned[1]
        n = len(self.sids)
        self.owner = [0] * len(board.owned[0]) + [1] * len(board.owned[1])
        self.length = [S_LEN[s] for s in self.sids]
        self.value = [S_VAL[s] for s in self.sids]
        self.line = [S_LINE[s] for s in self.sids]
        self.lines = [S_LINES[s] for s in self.sids]
        self.cell_piece = [-1] * 100
        for i, s in enumerate(self.sids):
            for x in S_CELLS[s]:
                self.cell_piece[x] = i
        #: each side's score track, score by score: the cell's row, column and piece
        self.track = [
            ([CELL_ROW[x] for x in c], [CELL_COL[x] for x in c], [self.cell_piece[x] for x in c])
            for c in (range(100), range(99, -1, -1))
        ]
        #: each side's pieces at least so long, as a bitmask by length (0 to 7)
        self.at_least = [
            [
                sum(1 << i for i in range(n) if self.owner[i] == side and self.length[i] >= low)
                for low in range(8)
            ]
            for side in (0, 1)
        ]
        self.alive = (1 << n) - 1
        self.counts = list(board.counts)
        self.scores = list(board.scores)
        self.min_len = list(board.min_len)
        self.out = list(board.done)
        self.turn = board.turn
        self.tie = tie_winner(board.hands)
        self.max_targets = max_targets
        self.pot_weight = pot_weight
        self.tt: dict[tuple, tuple[int, float, int, tuple | None]] = {}
        #: each position's moves, worked out once: iterative deepening comes back to
        #: most positions at every depth, and a position's moves depend on its key alone
        self.moves_at: dict[tuple, list[tuple[int, int]]] = {}
        self.nodes = 0
        self.max_nodes = 0
        self.deadline = 0.0
        self.cut = False  # an iteration cut some line short (not exact)

    # ----- the position -------------------------------------------------------

    def key(self) -> tuple:
        return (
            self.alive,
            self.scores[0],
            self.scores[1],
            self.min_len[0],
            self.min_len[1],
            self.out[0],
            self.out[1],
            self.turn,
        )

    def _mult(self, line: int) -> int:
        m = 1
        s0, s1 = self.scores
        if s0 < WINNING_SCORE and (CELL_ROW[s0] == line or CELL_COL[s0] == line):
            m = 2
        if s1 < WINNING_SCORE:
            x = 99 - s1
            if CELL_ROW[x] == line or CELL_COL[x] == line:
                m *= 2
        return m

    def _blocked(self) -> tuple[int, int]:
        s0, s1 = self.scores
        a = self.cell_piece[s0] if s0 < WINNING_SCORE else -1
        b = self.cell_piece[99 - s1] if s1 < WINNING_SCORE else -1
        return a, b

    def removable(self, side: int) -> list[int]:
        if self.out[side]:
            return []
        a, b = self._blocked()
        free = self.alive & self.at_least[side][self.min_len[side]]
        if a >= 0:
            free &= ~(1 << a)
        if b >= 0:
            free &= ~(1 << b)
        out = []
        while free:
            low_bit = free & -free
            out.append(low_bit.bit_length() - 1)  # lowest first, as the pieces are numbered
            free ^= low_bit
        return out

    def points(self, i: int) -> int:
        line = self.line[i]
        return self.value[i] * (self.counts[line] - 1) * self._mult(line)

    # ----- moves ---------------------------------------------------------------

    def moves(self) -> list[tuple[int, int]]:
        """(piece, target) pairs worth searching, best guesses first; [] means pass."""
        me = self.turn
        pieces = self.removable(me)
        if not pieces:
            return []
        p = self.scores[me]
        gains = []
        for i in pieces:
            pts = self.points(i)
            if p + pts >= WINNING_SCORE:
                return [(i, p + pts)]  # winning at once beats everything
            gains.append(pts)
        lines = self._lines_left(me)
        out = []
        for i, pts in zip(pieces, gains, strict=True):
            for t in self._targets(i, pts, lines):
                out.append((i, t))
        return out

    def _lines_left(self, me: int) -> LinesLeft:
        """What `_targets` needs of every line, worked out once a position."""
        opp = 1 - me
        length, owner, line, value = self.length, self.owner, self.line, self.value
        counts, alive = self.counts, self.alive
        my_floor, opp_floor = self.min_len[me], self.min_len[opp]
        against = [0] * 20
        number = [0] * 20
        mine = []
        theirs = 0
        for j in range(len(self.sids)):
            if alive >> j & 1:
                ln = line[j]
                est = value[j] * max(counts[ln] - 2, 0)
                if owner[j] == me:
                    if length[j] >= my_floor:
                        mine.append((j, length[j], ln, est))
                elif length[j] >= opp_floor:
                    against[ln] -= est
                    number[ln] += 1
                    theirs |= 1 << j
        return LinesLeft(against, number, mine, theirs)

    def _targets(self, i: int, pts: int, lines: LinesLeft) -> list[int]:
        """Targets for removing piece i, pruned.

        Two targets whose cells sit on the same relevant lines and the same relevant
        piece (one that still matters for removals or blocking) differ only in the
        score, and more is better: keep the highest of each such class. A line is
        relevant if some piece that can still be removed scores on it. Past
        `max_targets` classes, the best by a quick guess are kept (the top always).
        `tests/ai/test_scoring_search.py` holds this to the plain reading of these words.
        """
        me = self.turn
        p = self.scores[me]
        top = p + pts
        forbidden = 99 - self.scores[1 - me]
        floor = self.length[i]  # my new floor: at least the old one, as i is removable
        relevant = lines.against[:]  # net value of the line for me (+), the opponent (-)
        matters = lines.number[:]
        live = lines.theirs  # the pieces that still matter once i is gone
        for j, long, ln, est in lines.mine:
            if long >= floor and j != i:
                relevant[ln] += est
                matters[ln] += 1
                live |= 1 << j
        span = len(self.sids) + 1
        mark = [ln + 1 if matters[ln] else 0 for ln in range(20)]
        rows, columns, under = self.track[me]
        best: dict[int, int] = {}
        for t in range(top, p - 1, -1):
            if t == forbidden:
                continue
            j = under[t]
            if j >= 0 and not live >> j & 1:
                j = -1
            k = (mark[rows[t]] * 21 + mark[columns[t]]) * span + j + 1
            if k not in best:
                best[k] = t
        ts = list(best.values())
        if len(ts) <= self.max_targets:
            return ts
        value, owner = self.value, self.owner

        def guess(t: int) -> float:
            g = t + 0.7 * (relevant[rows[t]] + relevant[columns[t]])
            j = under[t]
            if j >= 0 and live >> j & 1:
                g += -value[j] * 4 if owner[j] == me else value[j] * 4 + 6
            return g

        rest = sorted(ts[1:], key=guess, reverse=True)
        return [ts[0], *rest[: self.max_targets - 1]]

    def play(self, i: int, t: int) -> tuple:
        me = self.turn
        undo = (i, self.scores[me], self.min_len[me], self.turn)
        self.alive &= ~(1 << i)
        for ln in self.lines[i]:
            self.counts[ln] -= 1
        self.min_len[me] = self.length[i]
        self.scores[me] = t
        if not self.out[1 - me]:
            self.turn = 1 - me
        return undo

    def unplay(self, undo: tuple) -> None:
        i, score, low, turn = undo
        self.turn = turn
        self.alive |= 1 << i
        for ln in self.lines[i]:
            self.counts[ln] += 1
        self.min_len[turn] = low
        self.scores[turn] = score

    # ----- values ----------------------------------------------------------------

    def final_value(self, side: int) -> float:
        """Both out: higher score wins, else the tie-break; margin as a tie-breaker."""
        diff = self.scores[side] - self.scores[1 - side]
        if diff > 0 or (diff == 0 and self.tie == side):
            return WIN + diff
        return -WIN + diff

    def evaluate(self, side: int) -> float:
        """Score difference plus a share of what each side can still plausibly score."""
        pot = [0.0, 0.0]
        for s in (0, 1):
            if self.out[s]:
                continue
            total = 0.0
            for i in self.removable(s):
                total += self.points(i)
            pot[s] = min(total, 1.5 * (WINNING_SCORE - self.scores[s]))
        me, opp = side, 1 - side
        return (self.scores[me] - self.scores[opp]) + self.pot_weight * (pot[me] - pot[opp])

    # ----- search ---------------------------------------------------------------------

    def negamax(self, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.max_nodes or (
            self.nodes & 255 == 0 and time.perf_counter() > self.deadline
        ):
            raise Timeout
        key = self.key()
        hit = self.tt.get(key)
        best_move = None
        if hit is not None:
            d, v, flag, best_move = hit
            if d >= depth:
                if flag == 0:
                    return v
                if flag == 1 and v >= beta:
                    return v
                if flag == -1 and v <= alpha:
                    return v
        me = self.turn
        known = self.moves_at.get(key)
        if known is None:
            known = self.moves_at[key] = self.moves()
        moves = list(known)
        if not moves:
            # pass: out for good
            self.out[me] = True
            if self.out[1 - me]:
                v = self.final_value(me)
            else:
                self.turn = 1 - me
                v = -self.negamax(depth, -beta, -alpha)
                self.turn = me
            self.out[me] = False
            return v
        if depth <= 0:
            self.cut = True
            return self.evaluate(me)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        a0 = alpha
        best = -float("inf")
        for mv in moves:
            i, t = mv
            if t >= WINNING_SCORE:
                v = WIN + t - self.scores[1 - me]
            else:
                undo = self.play(i, t)
                if self.turn == me:
                    v = self.negamax(depth - 1, alpha, beta)
                else:
                    v = -self.negamax(depth - 1, -beta, -alpha)
                self.unplay(undo)
            if v > best:
                best, best_move = v, mv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = 0 if a0 < best < beta else (1 if best >= beta else -1)
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def search(
        self, budget: float, max_depth: int = 60
    ) -> tuple[tuple[int, int] | None, float, bool]:
        """Best (piece, target), its value for the mover, and whether it is exact."""
        self.deadline = time.perf_counter() + SAFETY * budget + 0.05
        self.max_nodes = int(budget * NODE_RATE)
        root_moves = self.moves()
        if not root_moves:
            return None, 0.0, True
        if len(root_moves) == 1:
            return root_moves[0], 0.0, False
        best: tuple[int, int] | None = root_moves[0]
        value = 0.0
        exact = False
        for depth in range(1, max_depth + 1):
            self.cut = False
            try:
                value = self.negamax(depth, -float("inf"), float("inf"))
            except Timeout:
                break
            hit = self.tt.get(self.key())
            if hit is not None and hit[3] is not None:
                best = hit[3]
            if not self.cut:
                exact = True
                break
            if abs(value) >= WIN // 2:
                break  # a forced result within the horizon
            if self.nodes > self.max_nodes * 0.4:
                break  # the next iteration would not finish
        return best, value, exact
