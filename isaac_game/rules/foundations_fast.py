"""FOUNDATIONS' fastest internal path: whole random games on mutable locals.

The same rules as `foundations.py` (RULES.md section 2) on plain ints, lists and
dicts; a test plays these games back through the public API to prove they agree.
Each legal move, in the order `FoundationsState.legal_moves` lists them, is equally
likely at every turn.
"""

from __future__ import annotations

import random

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES
from .common import FULL_HAND, LENGTHS, hand_value
from .isaac_fast import _fits

_MASK = [s.mask if s else 0 for s in SHAPES]
_CELLS = [s.cells if s else () for s in SHAPES]
#: Bit distance from a piece's first end to its last, per kind (length - 3) * 2 + v.
_SPAN = [(k // 2 + 2) * (11 if k & 1 else 1) for k in range(10)]
_FAR = [(k // 2 + 2) * (10 if k & 1 else 1) for k in range(10)]


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal FOUNDATIONS game: (dark hand, light hand, moves)."""
    rand = rng.random
    moves: list[str] = []
    occ = [0]  # index level - 1: cells covered on that level
    own = [[0, 0]]  # index level - 1: (Dark's, Light's) cells on that level
    where: list[dict[int, int]] = [{}]  # index level - 1: cell -> piece number
    hands = [list(FULL_HAND), list(FULL_HAND)]
    level = [1, 1]
    least = [0, 0]
    stuck = [False, False]  # a player who passed never places again
    pieces = 0
    passes = 0
    turn = 0
    while passes < 2:
        me = turn
        turn = 1 - me
        options: list[tuple[int, int, int, list[int] | None]] = []
        if not stuck[me]:
            hand = hands[me]
            for up in (0, 1):
                lv = level[me] + up
                low = 0 if up else least[me]
                covered = 0
                for mask in occ[lv - 1 :]:
                    covered |= mask
                fits = _fits(ALL_CELLS & ~covered)
                if lv > 1:
                    support = own[lv - 2][me]
                    below = where[lv - 2]
                for i, length in enumerate(LENGTHS):
                    if not hand[i] or length < low:
                        continue
                    for k in (2 * i, 2 * i + 1):
                        mask = fits[k]
                        if lv == 1:
                            if mask:
                                options.append((mask.bit_count(), k, mask, None))
                            continue
                        mask &= support & (support >> _SPAN[k])
                        found = []
                        far = _FAR[k]
                        while mask:
                            b = (mask & -mask).bit_length() - 1
                            mask &= mask - 1
                            a = BIT_TO_CELL[b]
                            if below[a] != below[a + far]:
                                found.append(a)
                        if found:
                            options.append((len(found), k, 0, found))
                if options:
                    break
        if not options:
            stuck[me] = True
            passes += 1
            if record:
                moves.append("pass")
            continue
        passes = 0
        total = sum(o[0] for o in options)
        pick = int(rand() * total)
        for option in options:
            if pick < option[0]:
                break
            pick -= option[0]
        _, k, mask, anchors = option
        if anchors is None:
            for _ in range(pick):
                mask &= mask - 1
            anchor = BIT_TO_CELL[(mask & -mask).bit_length() - 1]
        else:
            anchor = anchors[pick]
        sid = k * 100 + anchor
        if len(occ) < lv:
            occ.append(0)
            own.append([0, 0])
            where.append({})
        m = _MASK[sid]
        occ[lv - 1] |= m
        own[lv - 1][me] |= m
        here = where[lv - 1]
        for cell in _CELLS[sid]:
            here[cell] = pieces
        pieces += 1
        hands[me][k >> 1] -= 1
        level[me] = lv
        least[me] = k // 2 + 3
        if record:
            at = f"@{lv}" if lv > 1 else ""
            moves.append(f"{k // 2 + 3}{'hv'[k & 1]}{anchor:02d}{at}")
    return hand_value(tuple(hands[0])), hand_value(tuple(hands[1])), moves
