"""Placement-phase judgement (docs/rules.md 1.1): where a piece is worth putting.

A piece scores `value x N x M` when it leaves (1.3.3), N being the other pieces with
a cell on its line. So during placement each side wants its valuable pieces on
lines that many pieces touch, wants to cross its own lines and not the opponent's,
and wants room left for the long pieces still in hand (a piece never placed never
scores). `PlacementEval` scores a placement by how it changes those quantities; the
change is a few table lookups, so every legal placement can be looked at.
"""

from __future__ import annotations

from dataclasses import dataclass

from isaac_game.rules import (
    CELL_LINES,
    S_LEN,
    S_LINE,
    S_LINES,
    S_MASK,
    S_VAL,
    VALUE,
    IsaacCore,
    cell_bit,
    fit_kinds,
)

#: Line (rows 0-9, columns 10-19) -> bitboard of its ten cells.
LINE_MASKS = [0] * 20
for _cell, _lines in enumerate(CELL_LINES):
    for _line in _lines:
        LINE_MASKS[_line] |= cell_bit(_cell)


@dataclass(frozen=True)
class Weights:
    """Knobs of the placement judgement (tuned in the arena)."""

    future: float = 0.35  # per empty cell left on a new piece's line, per point of value
    room: float = 1.0  # per piece likely never to fit, per point of value, times 3
    deny: float = 0.6  # share of the opponent's lost room that counts for us
    opp_cross: float = 1.0  # how much helping the opponent's lines hurts


class PlacementEval:
    """Line values per side, so a placement's effect is a sum over its lines."""

    def __init__(self, board: IsaacCore, weights: Weights | None = None) -> None:
        self.board = board
        self.w = weights or Weights()
        self.line_value = [[0] * 20, [0] * 20]  # value of each side's pieces scoring on a line
        for side in (0, 1):
            for sid in board.owned[side]:
                self.line_value[side][S_LINE[sid]] += S_VAL[sid]

    def room_loss(self, empty: int, side: int) -> float:
        """Value of `side`'s hand that probably will not fit any more."""
        return room_loss(self.board, empty, side)

    def score(self, sid: int, side: int) -> float:
        """How much placing `sid` improves `side`'s outlook (the opponent's counts against)."""
        b = self.board
        w = self.w
        mine, theirs = self.line_value[side], self.line_value[1 - side]
        line = S_LINE[sid]
        value = S_VAL[sid]
        gain: float = value * b.counts[line]
        for ln in S_LINES[sid]:
            gain += mine[ln] - w.opp_cross * theirs[ln]
        empty = b.empty & ~S_MASK[sid]
        gain += w.future * value * (empty & LINE_MASKS[line]).bit_count()
        return gain

    def score_with_room(self, sid: int, side: int, base_mine: float, base_theirs: float) -> float:
        empty = self.board.empty & ~S_MASK[sid]
        s = self.score(sid, side)
        # room: a placed piece leaves the hand, so count the hand as it will be
        hand = self.board.hands[side]
        hand[S_LEN[sid] - 3] -= 1
        mine = self.room_loss(empty, side)
        hand[S_LEN[sid] - 3] += 1
        theirs = self.room_loss(empty, 1 - side)
        return s - self.w.room * (mine - base_mine) + self.w.deny * (theirs - base_theirs)

    def ranked(self, side: int, with_room: bool = True) -> list[tuple[float, int]]:
        """Every legal placement for `side` with its score, best first."""
        moves = self.board.placements(side)
        if with_room:
            base_mine = self.room_loss(self.board.empty, side)
            base_theirs = self.room_loss(self.board.empty, 1 - side)
            scored = [(self.score_with_room(s, side, base_mine, base_theirs), s) for s in moves]
        else:
            scored = [(self.score(s, side), s) for s in moves]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return scored


def room_loss(board: IsaacCore, empty: int, side: int) -> float:
    """Value of `side`'s hand that probably will not fit in the `empty` cells: each
    length's pieces beyond the places it still fits, counted three times."""
    hand = board.hands[side]
    if board.done[side] or not any(hand):
        return 0.0
    fits = fit_kinds(empty)
    loss = 0.0
    for length in range(3, 8):
        h = hand[length - 3]
        if h:
            kind = (length - 3) * 2
            room = (fits[kind].bit_count() + fits[kind + 1].bit_count()) / 2
            if room < h:
                loss += (h - room) * VALUE[length] * 3
    return loss


def best_reply_value(board: IsaacCore, sid: int, weights: Weights, width: int = 0) -> float:
    """The opponent's best placement score after we place `sid` (0 if they cannot)."""
    after = board.copy()
    after.place(sid)
    opp = 1 - board.turn
    if after.turn != opp:
        return 0.0
    ranked = PlacementEval(after, weights).ranked(opp, with_room=width > 0)
    return ranked[0][0] if ranked else 0.0
