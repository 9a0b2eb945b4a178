"""HARI's fastest internal path: whole random games on mutable locals.

The same rules as `hari.py` (RULES.md section 3) on plain ints and lists; a test
plays these games back through the public API to prove they agree. Each legal
action, in the order `HariState.legal_moves` lists them, is equally likely.
"""

from __future__ import annotations

import random

from .bitboard import ALL_CELLS, BIT_TO_CELL, SHAPES
from .common import FULL_HAND, VALUE
from .isaac_fast import _fits

_MASK = [s.mask if s else 0 for s in SHAPES]
_VAL = [s.value if s else 0 for s in SHAPES]
_BIT = [(x // 10) * 11 + x % 10 for x in range(100)]


def _slides(empty: int, sid: int) -> list[tuple[int, int | None]]:
    """(sign, distance or None for off the board), in `HariState` order."""
    k, anchor = divmod(sid, 100)
    length = k // 2 + 3
    r, c = divmod(anchor, 10)
    pos, step = (r, 10) if k & 1 else (c, 1)
    base = anchor - pos * step
    low = 0
    while low < pos and empty >> _BIT[base + (pos - low - 1) * step] & 1:
        low += 1
    high = 0
    end = pos + length
    while end + high < 10 and empty >> _BIT[base + (end + high) * step] & 1:
        high += 1
    out: list[tuple[int, int | None]] = [(-1, None)] if low == pos else []
    out += [(-1, d) for d in range(low, 0, -1)]
    out += [(1, d) for d in range(1, high + 1)]
    if end + high == 10:
        out.append((1, None))
    return out


def random_game(rng: random.Random, record: bool = False) -> tuple[int, int, list[str]]:
    """Play one uniformly random legal HARI game: (dark value, light value, moves)."""
    rand = rng.random
    moves: list[str] = []
    empty = ALL_CELLS
    hands = [list(FULL_HAND), list(FULL_HAND)]
    owned: list[list[int]] = [[], []]
    least = [0, 0]
    passes = 0
    turn = 0
    slid: list[int] = []
    slid_value = 0
    while passes < 2:
        me = turn
        hand = hands[me]
        lengths = [n for n in range(least[me] or 3, 8) if hand[n - 3] and VALUE[n] >= slid_value]
        if not lengths:
            passes += 1
            turn = 1 - me
            if record:
                moves.append("pass")
            continue
        fits = _fits(empty)
        options: list[tuple[int, int, object]] = []  # (count, kind, detail)
        for n in lengths:
            k = (n - 3) * 2
            if fits[k]:
                options.append((fits[k].bit_count(), k, fits[k]))
            if fits[k + 1]:
                options.append((fits[k + 1].bit_count(), k + 1, fits[k + 1]))
        for n in lengths:
            options.append((1, -n, None))
        room = VALUE[lengths[-1]] - slid_value
        for sid in sorted(owned[me], key=lambda s: s % 100):
            if _VAL[sid] <= room and sid not in slid:
                slides = _slides(empty, sid)
                if slides:
                    options.append((len(slides), -10 - sid, slides))
        total = sum(o[0] for o in options)
        pick = int(rand() * total)
        for option in options:
            if pick < option[0]:
                break
            pick -= option[0]
        _, kind, detail = option
        if kind >= 0:  # place
            mask = detail
            for _ in range(pick):
                mask &= mask - 1  # type: ignore[operator]
            anchor = BIT_TO_CELL[(mask & -mask).bit_length() - 1]  # type: ignore[operator]
            sid = kind * 100 + anchor
            n = kind // 2 + 3
            empty &= ~_MASK[sid]
            owned[me].append(sid)
            if record:
                moves.append(f"{n}{'hv'[kind & 1]}{anchor:02d}")
        elif kind > -10:  # discard
            n = -kind
            if record:
                moves.append(f"d{n}")
        else:  # slide: the turn goes on
            sid = -10 - kind
            sign, distance = detail[pick]  # type: ignore[index]
            anchor = sid % 100
            mine = owned[me]
            at = mine.index(sid)
            empty |= _MASK[sid]
            slid_value += _VAL[sid]
            if distance is None:
                del mine[at]
            else:
                moved = sid + sign * distance * (10 if (sid // 100) & 1 else 1)
                mine[at] = moved
                empty &= ~_MASK[moved]
                slid.append(moved)
            if record:
                moves.append(f"s{anchor:02d}{'+' if sign > 0 else '-'}{distance or 'x'}")
            continue
        hand[n - 3] -= 1
        least[me] = n
        passes = 0
        slid = []
        slid_value = 0
        turn = 1 - me
    scores = [sum(_VAL[s] for s in owned[i]) for i in (0, 1)]
    return scores[0], scores[1], moves
