"""The searches' playouts (docs/rules.md sections 1-3): `rules.playout` plays any position
of any registered game out, on the game's fast core when it has one, and reports the
engine's winner; with no lean, each legal move is equally likely at every turn."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.rules import (
    FastCore,
    GameState,
    IsaacState,
    game_info,
    game_names,
    new_game,
    playout,
    register_game,
)
from isaac_game.rules.bitboard import CELL_MASK, shape_id
from isaac_game.rules.fast.hari import HariCore
from tests.rules.corner_game import CornerState  # by its full name everywhere: one module

from .random_play import outcome, random_position

CORES = sorted(name for name in game_names() if game_info(name).core is not None)


@pytest.mark.parametrize("game", CORES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 70), lean=st.sampled_from([0, 0.8]))
def test_rules_1_4_2_7_3_7_playout_reports_the_engines_winner(game, seed, plies, lean):
    """docs/rules.md 1.4, 2.7, 3.7: the winner of the game the core plays out, as the
    engine decides it, is what `playout` says."""
    start = random_position(game, random.Random(seed), plies)
    end = start
    core = game_info(game).core.of(start)  # type: ignore[union-attr]
    for move in core.playout(random.Random(seed), lean, record=True):
        end = end.play(move)
    assert playout(start, random.Random(seed), lean) == outcome(end)


def test_a_game_without_a_fast_core_is_played_out_through_its_public_api():
    """CORNER (registered from the tests, no core): a uniformly random game through
    `legal_moves` and `play`, the lean changing nothing."""
    assert game_info("corner").core is None and "corner" in game_names()
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game("corner")
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        for lean in (0.0, 0.8):
            assert playout(new_game("corner"), random.Random(seed), lean) == outcome(state)


class _Spy(FastCore):
    """A core that plays nothing and says so: a result no real playout gives."""

    leans: list[float] = []

    @classmethod
    def of(cls, state):  # type: ignore[override]
        return cls()

    @classmethod
    def start(cls):  # type: ignore[override]
        return cls()

    def copy(self):  # type: ignore[override]
        return self

    to_move = None  # type: ignore[assignment]
    scores = (0, 0)  # type: ignore[assignment]

    def legal_moves(self):  # type: ignore[override]
        return []

    def play(self, move):  # type: ignore[override]
        raise AssertionError("a playout never asks a core to play a given move")

    def playout(self, rng, lean=0.0, record=False):  # type: ignore[override]
        self.leans.append(lean)
        return []

    def outcome(self) -> float:
        return 0.25


class _SpiedCorner(CornerState):
    game = "corner-spied"


def test_playout_runs_on_the_core_the_game_registered():
    """The registry, not the state's class, decides where a playout runs."""
    register_game("corner-spied", _SpiedCorner, core=_Spy)
    assert playout(new_game("corner-spied"), random.Random(1), 0.3) == 0.25
    assert _Spy.leans == [0.3]


# ----- each legal move equally likely -------------------------------------------


def chi_square_p(observed: list[int], expected: float) -> float:
    """The chance that counts at least this far from `expected` each (uniform) come
    by chance: the upper tail of chi-square with len(observed) - 1 degrees of freedom,
    Q(k / 2, x / 2) by its series or its continued fraction (as in Numerical Recipes)."""
    x = sum((o - expected) ** 2 / expected for o in observed)
    a, z = (len(observed) - 1) / 2, x / 2
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:  # the series for the lower part P, then Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    b = z + 1 - a  # Lentz's continued fraction for Q
    c, d = 1 / 1e-300, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_the_chi_square_tail_is_right():
    """Known points of the chi-square table (the test below stands on this)."""
    assert chi_square_p([10], 10) == 1.0
    for df, x, p in [(1, 3.841, 0.05), (10, 18.307, 0.05), (100, 124.342, 0.05), (4, 13.277, 0.01)]:
        # counts whose chi-square statistic is x with df degrees of freedom
        spread = math.sqrt(x * 1000 / 2)
        counts = [1000 + spread, 1000 - spread] + [1000] * (df - 1)
        assert chi_square_p(counts, 1000) == pytest.approx(p, rel=2e-3)  # type: ignore[arg-type]


def first_moves(state: GameState, lean: float, per_move: int, seed: int) -> tuple[Counter, int]:
    """How often each move came first in playouts from `state` (seeded), and the count
    of legal moves: `per_move` times that many playouts."""
    core = game_info(state.game).core
    assert core is not None
    rng = random.Random(seed)
    n = len(state.legal_moves())
    firsts = (core.of(state).playout(rng, lean, record=True)[0] for _ in range(n * per_move))
    return Counter(firsts), n


def position_where(game: str, want, seed: int) -> GameState:
    """The first position of seeded random games for which `want(state)` holds."""
    rng = random.Random(seed)
    while True:
        state = new_game(game)
        while not state.is_over:
            if want(state):
                return state
            state = state.play(rng.choice(state.legal_moves()))


def _count(low: int, high: int):
    return lambda s: low <= len(s.legal_moves()) <= high


POSITIONS = {
    # dense anchors (a playout picks an anchor by rejection), the short game after it
    "isaac placement, few pieces in hand": lambda: IsaacState.setup(
        phase="placement", aside=({3: 1, 4: 1}, {3: 1})
    ),
    "isaac placement, board filling (sparse anchors)": lambda: position_where(
        "isaac", lambda s: s.ply >= 16 and s.phase == "placement" and _count(20, 150)(s), 1
    ),
    "isaac scoring": lambda: position_where(
        "isaac", lambda s: s.phase == "scoring" and _count(20, 200)(s), 2
    ),
    "foundations level 1": lambda: position_where(
        "foundations", lambda s: s.ply >= 6 and _count(20, 200)(s), 3
    ),
    "foundations, moving up": lambda: position_where(
        "foundations", lambda s: "@" in str(s.legal_moves()[0]) and _count(5, 200)(s), 4
    ),
    "hari, slides among the moves": lambda: position_where(
        "hari", lambda s: any(str(m)[0] == "s" for m in s.legal_moves()) and _count(10, 250)(s), 5
    ),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_rules_1_1_1_3_2_5_3_5_each_legal_move_of_a_playout_is_equally_likely(name):
    """docs/rules.md 1.1 and 1.3 (ISAAC's placements and removals), 2.3-2.5 (FOUNDATIONS'
    levels), 3.4-3.5 (HARI's plays and slides): the first move of playouts with no lean
    is uniform over the legal moves. Every legal move comes up (40 expected of each:
    missing one by chance is e^-40) and none else; and a chi-square test of the
    counts fails only below p = 1e-6. The samples are seeded, so the test gives the
    same answer on every run; a uniform sampler would fail it one run in a million."""
    state = POSITIONS[name]()
    counts, n = first_moves(state, 0.0, 40, seed=2026)
    assert set(counts) == {str(m) for m in state.legal_moves()}
    assert chi_square_p([counts[str(m)] for m in state.legal_moves()], 40) > 1e-6


def test_rules_1_1_the_uniformity_test_tells_a_leaning_playout_apart():
    """docs/rules.md 1.1: the same test on ISAAC placements that lean on the rule of thumb
    half the time fails by far: it is not blind to a bias."""
    state = POSITIONS["isaac placement, few pieces in hand"]()
    counts, n = first_moves(state, 0.5, 40, seed=2026)
    observed = [counts[str(m)] for m in state.legal_moves()]
    assert chi_square_p(observed, 40) < 1e-12


def test_rules_3_3_3_5_a_leaning_hari_playout_slides_to_make_room_as_a_player_would():
    """docs/rules.md 3.3 and 3.5: when nothing the mover may play fits, the rule of thumb
    a HARI playout leans on slides an own piece to make room for the most valuable piece
    it can then place (here Dark's 1 moves three cells left, and the 6 fits after it),
    rather than discarding; it slides nothing off the board that it need not."""
    core = HariCore()
    cell = [CELL_MASK[c] for c in range(10)]  # row 0
    piece = shape_id(3, "h", 3)  # Dark's 1 on cells 03 04 05
    core.empty = cell[0] | cell[1] | cell[2] | cell[6] | cell[7] | cell[8] | cell[9]
    core.owned = [[piece], []]
    core.hands = [[0, 0, 0, 0, 1], [0, 0, 0, 0, 0]]
    core.least = [7, 7]
    assert core.options(0, lean=1.0, rand=lambda: 0.0) == [(1, -10 - piece, [(-1, 3)])]
    assert core.playout(random.Random(1), lean=1.0, record=True)[:2] == ["s03-3", "7h03"]
    core.empty = cell[0] | cell[1] | cell[2] | cell[6] | cell[7] | cell[8]  # 09 taken: only off
    core.owned, core.hands, core.least = [[piece], []], [[0, 0, 0, 0, 1], [0] * 5], [7, 7]
    assert core.options(0, lean=1.0, rand=lambda: 0.0) == [(1, -10 - piece, [(-1, None)])]
