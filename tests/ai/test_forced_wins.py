"""Forced wins in FOUNDATIONS and HARI: constructed positions where one move wins and
every other loses (proved here by exhaustive search), and Hard finds that move.
ISAAC's are in test_levels (reach 100; stop short on the opponent's last piece)."""

from __future__ import annotations

import pytest

from isaac_game.ai.bots import make_bot
from isaac_game.rules import GameState, new_game


def outcome(state: GameState, me, memo: dict) -> float:
    """`me`'s result with best play on both sides: 1 win, 0.5 draw, 0 loss."""
    if state.is_over:
        return 0.5 if state.winner is None else float(state.winner == me)
    key = state.position_key()
    if key not in memo:
        results = [outcome(state.play(m), me, memo) for m in state.legal_moves()]
        memo[key] = max(results) if state.to_move == me else min(results)
    return memo[key]


def only_winning_move(state: GameState) -> str:
    """The one move that wins; asserts that every other move loses."""
    me, memo = state.to_move, {}
    results = {str(m): outcome(state.play(m), me, memo) for m in state.legal_moves()}
    winning = [m for m, r in results.items() if r == 1.0]
    assert len(winning) == 1, results
    assert all(r == 0.0 for m, r in results.items() if m != winning[0]), results
    return winning[0]


def play(game: str, moves: list[str]) -> GameState:
    state = new_game(game)
    for move in moves:
        state = state.play(move)
    return state


#: HARI (docs/rules.md 3): Light's 7 stands in column 4 (rows 0-6) and its 4 and 5 fill row
#: 5 on either side, so every row and every column is cut short of seven cells. Dark
#: holds only its 7 (value 6), with its 3 in column 4 below Light's 7 and its two 5s in
#: columns 0 and 9 above row 5. On the board Dark has 7 against Light's 11 and Light,
#: whose 7 is played, can only pass. Sliding the 3 off the bottom edge (value 1, within
#: the 7's budget of 6) empties rows 7 to 9, where the 7 then fits: 12 against 11.
#: Discarding the 7 loses 7 to 11, and sliding a 5 off opens no row or column.
HARI_SLIDE_FOR_THE_7 = [
    "3v74", "4h50", "d3", "5h55", "d3", "7v04", "d3", "pass", "d3", "pass",
    "d4", "pass", "d4", "pass", "d4", "pass", "d4", "pass", "5v00", "pass",
    "5v09", "pass", "d5", "pass", "d6", "pass", "d6", "pass",
]  # fmt: skip


def test_rules_3_the_position_has_one_winning_move_a_slide_that_makes_room_for_the_7():
    state = play("hari", HARI_SLIDE_FOR_THE_7)
    assert state.hand(state.to_move) == {3: 0, 4: 0, 5: 0, 6: 0, 7: 1}
    assert not any(str(m)[0].isdigit() for m in state.legal_moves())  # the 7 fits nowhere
    assert only_winning_move(state) == "s74+x"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_rules_3_searching_levels_slide_to_make_room_for_the_7(level):
    state = play("hari", HARI_SLIDE_FOR_THE_7)
    assert str(make_bot(level, seed=1).choose(state, budget=0.5)) == "s74+x"
    after = state.play("s74+x")
    assert str(make_bot(level, seed=1).choose(after, budget=0.5)).startswith("7")


#: FOUNDATIONS (docs/rules.md 2): Dark, on level 3 with two 4s left, must place now. Light,
#: still on level 2, holds its 6 and its 7 (value 10), and the only room left for them
#: on level 2 is rows 2 and 3 around column 7 (6h23, 6h33, 7h22). Dark's 4 in column 7
#: on level 3 (4v17@3) lies over exactly those cells, and no piece may go under another
#: (2.4): Light must pass for good, and Dark empties its hand, 0 against 10. Either other
#: 4 leaves Light the room: both hands end empty and the levels break the tie for
#: Light (2.7: level 3 is 6 each, level 2 Light's 10 against Dark's 13).
FOUNDATIONS_TAKE_THE_ROOM = [
    "3v27", "3h87", "3v01", "3h33", "3v76", "3h05", "5h65", "4v63", "5v51", "4h40",
    "6h54", "4v60", "6h12", "4v64", "3v56@2", "5v52", "3v47@2", "5h22", "4v21@2", "5v08",
    "5h61@2", "3h72@2", "7h11@2", "3h90@2", "4h63@3", "6h84@2",
]  # fmt: skip


def test_rules_2_the_position_has_one_winning_move_taking_the_room_of_lights_long_pieces():
    state = play("foundations", FOUNDATIONS_TAKE_THE_ROOM)
    light = state.to_move.other
    assert state.hand(light)[6] == 1 and state.hand(light)[7] == 1
    assert only_winning_move(state) == "4v17@3"
    assert [str(m) for m in state.play("4v17@3").legal_moves()] == ["pass"]
    other = state.play("4v11@3").play("6h23@2").play("4v17@3").play("7v28@3")
    other = other.play("pass").play("pass")
    assert other.is_over and other.scores == (0, 0) and other.winner == light
    assert "level 2: Light 10 against Dark 13" in other.tiebreak


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_rules_2_searching_levels_take_the_last_room_the_opponent_needs(level):
    state = play("foundations", FOUNDATIONS_TAKE_THE_ROOM)
    assert str(make_bot(level, seed=1).choose(state, budget=0.5)) == "4v17@3"


@pytest.mark.parametrize("game", ["foundations", "hari"])
def test_rule_of_thumb_misses_them(game):
    """The yardstick: without a search, the shortest piece first does not see it."""
    moves = FOUNDATIONS_TAKE_THE_ROOM if game == "foundations" else HARI_SLIDE_FOR_THE_7
    winning = "4v17@3" if game == "foundations" else "s74+x"
    state = play(game, moves)
    assert str(make_bot("greedy", seed=1).choose(state)) != winning
