"""Our own oracles: each game's legal moves written again, naively, from docs/rules.md
alone, and compared with the engine's list in every position of random games.

They share no code with the engine beyond the public API used to read a position,
so a misreading in one is unlikely to be repeated in the other.
"""

from __future__ import annotations

import random

import pytest

from isaac_game.rules import VALUE, Player, new_game


def cells(length, d, a):
    """docs/rules.md 0: the cells a piece covers from its anchor, or None off the board."""
    r, c = divmod(a, 10)
    if d == "h":
        return None if c + length > 10 else [a + i for i in range(length)]
    return None if r + length > 10 else [a + 10 * i for i in range(length)]


def on_line(piece, cell):
    """docs/rules.md 1.3.3: the removed piece's line is its row (h) or its column (v)."""
    if piece.direction == "h":
        return cell // 10 == piece.anchor // 10
    return cell % 10 == piece.anchor % 10


def isaac_moves(state):
    me = state.to_move
    pieces = state.pieces()
    if state.phase == "placement":
        taken = {x for p in pieces for x in p.cells}
        out = set()
        if not state.has_passed(me):
            for L, n in state.hand(me).items():
                if n:
                    for d in "hv":
                        for a in range(100):
                            cs = cells(L, d, a)
                            if cs and not taken & set(cs):
                                out.add(f"{L}{d}{a:02d}")
        return out or {"pass"}
    sd, sl = state.scores
    dark_cell, light_cell = sd, 99 - sl  # docs/rules.md 1.2, Dark's coordinates
    counters = [dark_cell, light_cell]
    mine = sd if me == Player.DARK else sl
    theirs_cell = light_cell if me == Player.DARK else dark_cell
    last = state.last_removed_length(me)
    out = set()
    for p in pieces:
        if p.owner != me or p.length < last or any(x in p.cells for x in counters):
            continue
        n = sum(1 for q in pieces if q is not p and any(on_line(p, x) for x in q.cells))
        m = 2 ** sum(1 for x in counters if on_line(p, x))
        pts = VALUE[p.length] * n * m
        for t in range(mine, min(mine + pts, 99) + 1):
            # Dark's score t stands on cell t; Light's on 99 - t
            cell = t if me == Player.DARK else 99 - t
            if cell != theirs_cell:
                out.add(f"x{p.anchor:02d}-{t}")
        if mine + pts >= 100:
            out.add(f"x{p.anchor:02d}-{mine + pts}")
    return out or {"pass"}


def foundations_moves(state):
    me = state.to_move
    pieces = state.pieces()
    cover = {}  # (cell, level) -> piece index
    for i, p in enumerate(pieces):
        for x in p.cells:
            cover[(x, p.level)] = i
    maxlev = max([p.level for p in pieces], default=0)

    def ok(length, d, a, k):
        cs = cells(length, d, a)
        if cs is None:
            return False
        if any((x, k) in cover for x in cs):
            return False
        if any((x, j) in cover for x in cs for j in range(k + 1, maxlev + 2)):
            return False
        if k >= 2:
            e1, e2 = cs[0], cs[-1]
            s1, s2 = cover.get((e1, k - 1)), cover.get((e2, k - 1))
            if s1 is None or s2 is None or s1 == s2:
                return False
            if pieces[s1].owner != me or pieces[s2].owner != me:
                return False
        return True

    hand = state.hand(me)
    L, m = state.current_level(me), state.min_length(me)

    def moves_on(k, minlen):
        out = set()
        for length, n in hand.items():
            if n and length >= minlen:
                for d in "hv":
                    for a in range(100):
                        if ok(length, d, a, k):
                            out.add(f"{length}{d}{a:02d}" + (f"@{k}" if k >= 2 else ""))
        return out

    cur = moves_on(L, m)
    if cur:
        return cur
    up = moves_on(L + 1, 0)
    return up or {"pass"}


def hari_moves(state):
    me = state.to_move
    pieces = state.pieces()
    taken = {x for p in pieces for x in p.cells}
    hand, mn, slid = state.hand(me), state.min_length(me), state.slid_value
    slid_ids = {(p.length, p.direction, p.anchor) for p in state.slid_pieces}
    playable = [L for L, n in hand.items() if n and mn <= L]
    out = set()
    for L in playable:
        if VALUE[L] >= slid:
            out.add(f"d{L}")
            for d in "hv":
                for a in range(100):
                    cs = cells(L, d, a)
                    if cs and not any(x in taken for x in cs):
                        out.add(f"{L}{d}{a:02d}")
    for p in pieces:
        if p.owner != me or (p.length, p.direction, p.anchor) in slid_ids:
            continue
        if not any(VALUE[L] >= slid + p.value for L in playable):
            continue
        others = taken - set(p.cells)
        step = 1 if p.direction == "h" else 10
        r, c = divmod(p.anchor, 10)
        pos = c if p.direction == "h" else r  # coordinate along the axis
        for sign in (1, -1):
            dist = 1
            while True:
                newpos = pos + sign * dist
                if newpos < 0 or newpos + p.length > 10:
                    break
                new_cells = [p.anchor + sign * dist * step + i * step for i in range(p.length)]
                if any(x in others for x in new_cells):
                    break
                out.add(f"s{p.anchor:02d}{'+' if sign > 0 else '-'}{dist}")
                dist += 1
            # off the board: every cell from the piece to the edge must be empty
            if sign > 0:
                path = [p.anchor + (p.length + i) * step for i in range(10 - pos - p.length)]
            else:
                path = [p.anchor - (i + 1) * step for i in range(pos)]
            if not any(x in others for x in path):
                out.add(f"s{p.anchor:02d}{'+' if sign > 0 else '-'}x")
    return out or {"pass"}


ORACLES = {"isaac": isaac_moves, "foundations": foundations_moves, "hari": hari_moves}


def next_move(state, rng):
    """Mostly random, but full gains in ISAAC scoring and many HARI slides, so that
    games reach 100 and long slide turns happen."""
    legal = list(state.legal_moves())
    if state.game == "isaac" and state.phase == "scoring" and rng.random() < 0.7:
        fullest = {m.cell: m for m in legal if str(m) != "pass"}
        return rng.choice(list(fullest.values())) if fullest else legal[0]
    if state.game == "hari" and rng.random() < 0.6:
        slides = [m for m in legal if str(m).startswith("s")]
        if slides:
            return rng.choice(slides)
    return rng.choice(legal)


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_rules_1_2_3_engine_and_naive_oracle_agree_on_every_legal_move_list(game):
    """docs/rules.md 1, 2, 3 and 4: the engine's legal moves equal a naive reading of the rules."""
    rng = random.Random(2026)
    oracle = ORACLES[game]
    for _ in range(40):
        state = new_game(game)
        while not state.is_over:
            assert {str(m) for m in state.legal_moves()} == oracle(state), state.moves
            state = state.play(next_move(state, rng))
