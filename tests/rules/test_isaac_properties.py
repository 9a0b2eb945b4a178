"""Random ISAAC games never break the rules' invariants (docs/rules.md 0, 1, 4)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isaac_game.rules import Player, new_game, parse_record, record_text

MAX_PLIES = 200  # 15 + 15 placements, 15 + 15 removals, a few passes: far below


def random_states(seed: int):
    """Every state of one random game, from the start to the end."""
    rng = random.Random(seed)
    state = new_game("isaac")
    yield state
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        yield state


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(SEEDS)
def test_rules_0_and_1_1_pieces_never_overlap_and_all_15_are_accounted_for(seed):
    """docs/rules.md 0, 1.1.2: no cell holds two pieces; hand + board + removed = 15 each."""
    for state in random_states(seed):
        cells = [c for piece in state.pieces() for c in piece.cells]
        assert len(cells) == len(set(cells))
        for player in (Player.DARK, Player.LIGHT):
            in_hand = sum(state.hand(player).values())
            on_board = sum(1 for p in state.pieces() if p.owner == player)
            mover = 0 if player == Player.DARK else 1
            removed = sum(
                1
                for i, m in enumerate(state.moves)
                if m.startswith("x") and _mover_of(state.moves, i) == mover
            )
            assert in_hand + on_board + removed == 15


def _mover_of(moves, index):
    """Who played moves[index], found by replaying (turn order is not simply alternating)."""
    state = new_game("isaac")
    for m in moves[:index]:
        state = state.play(m)
    return 0 if state.to_move == Player.DARK else 1


@FAST
@given(SEEDS)
def test_rules_1_3_scores_never_go_down_and_every_game_ends(seed):
    """docs/rules.md 1.3.4-1.3.5: counters only move forward; every game ends."""
    last = (0, 0)
    for plies, state in enumerate(random_states(seed)):
        assert state.scores[0] >= last[0] and state.scores[1] >= last[1]
        last = state.scores
        assert plies < MAX_PLIES
    assert state.is_over and state.winner in (Player.DARK, Player.LIGHT)


@FAST
@given(SEEDS)
def test_rules_4_every_legal_move_round_trips_through_notation(seed):
    """docs/rules.md 4: str(parse(m)) == m for every legal move of every position."""
    for state in random_states(seed):
        for move in state.legal_moves():
            assert str(state.parse_move(str(move))) == str(move)


@FAST
@given(SEEDS)
def test_rules_1_3_4_counters_never_share_a_cell(seed):
    """docs/rules.md 1.2, 1.3.4: the counters never stand on one cell (score sum never 99)."""
    for state in random_states(seed):
        if state.phase == "scoring":
            assert sum(state.scores) != 99


@FAST
@given(SEEDS)
def test_records_round_trip(seed):
    """A saved game loads back as the same game, and saves to the same text."""
    *_, final = random_states(seed)
    text = record_text(final, {"Dark": "Ada", "Light": "Grace", "Date": "2026-11-21"})
    loaded = parse_record(text)
    assert loaded.state == final and loaded.state.moves == final.moves
    assert loaded.text() == text
