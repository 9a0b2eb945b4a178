"""Every ISAAC computer level: legal moves in every phase, thinking measured in work and
held to its budget, determinism, endgames."""

from __future__ import annotations

import pytest

from isaac_game.ai import LEVELS, lookahead, make_bot, scoring
from isaac_game.ai.bots import DEFAULT_BUDGET
from isaac_game.levels import BOT_NAMES
from isaac_game.rules import Remove

from .clocks import set_clocks
from .positions import BLOCK_LAST, REACH_100, replay, sample_positions

POSITIONS = sample_positions()


def test_the_sample_game_has_every_kind_of_position():
    assert set(POSITIONS) == {
        "opening",
        "placement",
        "placement after a pass",
        "placement pass",
        "scoring",
        "scoring pass",
        "scoring alone",
    }


@pytest.mark.parametrize("level", BOT_NAMES)
@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_each_level_returns_a_legal_move(level, where):
    state = POSITIONS[where]
    move = make_bot(level, seed=3).choose(state, budget=0.1)
    assert move in list(state.legal_moves())


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_game(level):
    """Against the random player, every move goes through the rules' check."""
    bots = {"dark": make_bot(level, 1), "light": make_bot("random", 2)}
    state = replay([])
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state, budget=0.05))
    assert state.winner is not None


@pytest.fixture
def work(monkeypatch) -> dict[str, int]:
    """What a level spends thinking, counted as the ISAAC levels count it: positions of
    the placement look-ahead (Hard), nodes of the removal search (Medium, Hard, hard1)."""
    spent = {"placement": 0, "scoring": 0}
    real_spend = lookahead._Allowance.spend
    real_search = scoring.ScoringSearch.search

    def spend(self):
        spent["placement"] += 1
        real_spend(self)

    def search(self, budget, max_depth=60):
        try:
            return real_search(self, budget, max_depth)
        finally:
            spent["scoring"] += self.nodes

    monkeypatch.setattr(lookahead._Allowance, "spend", spend)
    monkeypatch.setattr(scoring.ScoringSearch, "search", search)
    return spent


#: Where each level thinks by searching, and in which of its two searches.
SEARCHES = [
    ("hard", "opening", "placement"),
    ("hard", "placement", "placement"),
    ("medium", "scoring", "scoring"),
    ("hard", "scoring", "scoring"),
    ("hard1", "scoring", "scoring"),
]


def allowance(search: str, seconds: float) -> int:
    """The most work a budget of `seconds` buys: the nominal rate's worth, and the one
    step that finds it spent."""
    rate = lookahead.NOMINAL_RATE if search == "placement" else scoring.NODE_RATE
    return int(seconds * rate) + 1


@pytest.mark.parametrize("budget", [0.05, 0.3, None])
@pytest.mark.parametrize(("level", "where", "search"), SEARCHES)
def test_a_level_thinks_within_its_budget_counted_in_work(level, where, search, budget, work):
    """Thinking is measured in work, not seconds: a level given S seconds (by default its
    own, `DEFAULT_BUDGET`) does at most S seconds' work at the nominal rate."""
    make_bot(level, seed=1).choose(POSITIONS[where], budget=budget)
    seconds = DEFAULT_BUDGET[level] if budget is None else budget
    assert 0 < work[search] <= allowance(search, seconds)


@pytest.mark.parametrize("where", ["opening", "scoring"])
def test_hard_thinks_at_most_a_second_by_default(where, work):
    """What a player gets from Hard, measured in work: at most one second's worth at
    the rate it was tuned at (its placement look-ahead takes 0.8 of that)."""
    make_bot("hard", seed=1).choose(POSITIONS[where])
    assert work["placement"] <= allowance("placement", 0.8)
    assert work["scoring"] <= allowance("scoring", 1.0)
    assert work["placement"] + work["scoring"] > 0


@pytest.mark.parametrize("where", ["opening", "scoring"])
def test_more_time_buys_more_thought(where, work):
    """Hard's budget is what bounds its thinking: six times the time, more work."""
    spent = []
    for budget in (0.05, 0.3):
        make_bot("hard", seed=1).choose(POSITIONS[where], budget=budget)
        spent.append(work["placement"] + work["scoring"])
        work.update(placement=0, scoring=0)
    assert spent[0] < spent[1]


@pytest.mark.parametrize(("level", "where", "search"), SEARCHES)
def test_the_machine_does_not_choose_the_move(level, where, search, work, monkeypatch):
    """The same move and the same work on a machine infinitely fast (the clock never
    moves) as on one as fast as the nominal rate: the allowance, not the clock, ends the
    thinking, so a level plays the same game for a seed on any machine that is not
    slower than that."""
    budget = 0.3
    results = []
    for placement_step, scoring_step in (
        (0.0, 0.0),
        (1 / lookahead.NOMINAL_RATE, 256 / scoring.NODE_RATE),
    ):
        set_clocks(monkeypatch, placement_step, scoring_step)
        move = make_bot(level, seed=1).choose(POSITIONS[where], budget=budget)
        results.append((move, dict(work)))
        work.update(placement=0, scoring=0)
    assert results[0] == results[1]
    assert results[0][1][search] > 0


@pytest.mark.parametrize(("level", "where", "search"), SEARCHES)
def test_on_a_machine_far_too_slow_the_clock_stops_the_thinking(
    level, where, search, work, monkeypatch
):
    """The safety net: where every reading of the clock finds ten seconds gone, a level
    still answers with a legal move, after a sliver of its allowance."""
    set_clocks(monkeypatch, 10.0, 10.0)
    state = POSITIONS[where]
    move = make_bot(level, seed=1).choose(state, budget=0.3)
    assert move in state.legal_moves()
    assert work[search] <= allowance(search, 0.3) // 10


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_moves(level, unhurried):
    for where in ("opening", "placement", "scoring", "scoring alone"):
        state = POSITIONS[where]
        first = make_bot(level, seed=11).choose(state, budget=0.1)
        again = make_bot(level, seed=11).choose(state, budget=0.1)
        assert first == again, where


def test_a_whole_game_is_deterministic_given_the_seeds(unhurried):
    def game() -> tuple[str, ...]:
        bots = {"dark": make_bot("hard", 4), "light": make_bot("medium", 5)}
        state = replay([])
        while not state.is_over:
            state = state.play(bots[state.to_move].choose(state, budget=0.05))
        return state.moves

    assert game() == game()


@pytest.mark.parametrize("level", ["greedy", "medium", "hard"])
def test_takes_the_removal_that_reaches_100(level):
    state = replay(REACH_100)
    winning = [m for m in state.legal_moves() if m.target >= 100]
    assert [str(m) for m in winning] == ["x09-107"]
    assert str(state.legal_moves()[0]) != "x09-107"
    move = make_bot(level, seed=2).choose(state, budget=0.3)
    assert isinstance(move, Remove) and move.target >= 100
    assert state.play(move).winner == state.to_move


def wins(state, move, memo) -> bool:
    """Exhaustive: does `move` win for the side to move (every target, public API)?"""
    me = state.to_move
    after = state.play(move)
    if after.is_over:
        return after.winner == me
    key = after.position_key()
    if key not in memo:
        memo[key] = any(wins(after, reply, memo) for reply in after.legal_moves())
    return memo[key] == (after.to_move == me)


def test_block_last_position_has_one_winning_move():
    state = replay(BLOCK_LAST)
    memo: dict = {}
    winning = [str(m) for m in state.legal_moves() if wins(state, m, memo)]
    assert winning == ["x02-36"]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_the_opponents_last_piece(level):
    """docs/rules.md 1.6, last check: stop short on the opponent's last piece."""
    state = replay(BLOCK_LAST)
    move = make_bot(level, seed=2).choose(state, budget=0.3)
    assert str(move) == "x02-36"
    after = state.play(move)
    assert after.to_move == state.to_move.other
    assert [str(m) for m in after.legal_moves()] == ["pass"]


def test_greedy_misses_the_block():
    state = replay(BLOCK_LAST)
    assert str(make_bot("greedy", seed=2).choose(state)) == "x02-39"


@pytest.mark.parametrize("level", ["hard", "hard1"])
def test_hard_searches_the_scoring_phase_as_deep_as_hard1(level, monkeypatch):
    """Hard's placement look-ahead has its own depth: it does not cap the removal
    search that Hard shares with hard1."""
    from isaac_game.ai import scoring

    depths = []
    real = scoring.ScoringSearch.search

    def spy(self, budget, max_depth=60):
        depths.append(max_depth)
        return real(self, budget, max_depth)

    monkeypatch.setattr(scoring.ScoringSearch, "search", spy)
    make_bot(level, seed=1).choose(POSITIONS["scoring"], budget=0.05)
    assert depths == [60]
