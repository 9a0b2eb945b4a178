"""FOUNDATIONS rules (docs/rules.md section 2), each test naming the rule it checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isaac_game.rules import (
    IllegalMoveError,
    NotationError,
    Pass,
    Place,
    Player,
    new_game,
    parse_notation,
    parse_record,
    record_text,
)
from isaac_game.rules.common import LENGTHS, PIECES_EACH, VALUE, cells_of, fits_on_board
from isaac_game.rules.foundations import FoundationsState, decide

DARK, LIGHT = Player.DARK, Player.LIGHT


def play(*moves: str) -> FoundationsState:
    state = new_game("foundations")
    for move in moves:
        state = state.play(move)
    assert isinstance(state, FoundationsState)
    return state


def rejects(state: FoundationsState, move: str, reason: str) -> None:
    """The move is refused with `reason` in the message and the state is unchanged."""
    before = (state.moves, state.position_key(), list(state.legal_moves()))
    with pytest.raises(ValueError) as error:
        state.play(move)
    assert reason in str(error.value)
    assert str(error.value).startswith(move.strip()) or isinstance(error.value, NotationError)
    assert (state.moves, state.position_key(), list(state.legal_moves())) == before


#: Dark plays 3v00, 3v02 and its 7: with no 7 left it must build on level 2.
UP = ("3v00", "3v06", "3v02", "3h93", "7v09", "3h96")


# ----- docs/rules.md 2.1 and 2.2 ------------------------------------------------


def test_rules_2_1_empty_board_dark_first_on_level_1():
    state = play()
    assert state.to_move is DARK and not state.pieces() and state.top_level == 0
    assert state.current_level(DARK) == state.current_level(LIGHT) == 1
    assert state.scores == (36, 36)
    moves = state.legal_moves()
    assert len(moves) == sum(2 * 10 * (11 - n) for n in LENGTHS)
    assert all(isinstance(m, Place) and m.level == 1 for m in moves)
    assert str(moves[0]) == "3h00"


def test_rules_2_2_non_decreasing_length_on_a_level():
    state = play("4h00", "3h90")
    assert state.min_length(DARK) == 4 and state.min_length(LIGHT) == 3
    rejects(state, "3h20", "after a 2 (4 cells) on level 1, play a 2 or longer")
    assert {m.length for m in state.legal_moves()} == {4, 5, 6, 7}
    state = state.play("4h20")
    assert state.scores == (36 - 4, 36 - 1)


# ----- docs/rules.md 2.3: supports and bridges ----------------------------------


def test_rules_2_3_level_2_ends_on_two_different_own_pieces():
    state = play(*UP)
    assert state.to_move is DARK
    assert {m.level for m in state.legal_moves()} == {2}
    rejects(state, "4h00@2", "the end at 03 is not on your piece on level 1 (it rests on nothing)")
    rejects(state, "3v00@2", "both ends rest on the same piece (3v00)")
    rejects(state, "5h02@2", "the end at 06 is not on your piece on level 1 (it rests on Light's")


def test_rules_2_3_bridge_over_empty_cells_and_the_stack_seen_by_a_client():
    state = play(*UP, "3h10@2")  # 11 is empty below: a bridge
    piece = state.piece_at(10, 2)
    assert piece is not None and piece.level == 2 and str(piece) == "3h10@2"
    assert state.height(11) == 2 and state.height(10) == 2 and state.height(30) == 0
    assert state.levels_at(11) == [None, piece]
    assert [str(p) for p in state.levels_at(10)] == ["3v00", "3h10@2"]
    assert state.levels_at(55) == []
    assert [p.level for p in state.pieces()] == [1, 1, 1, 1, 1, 1, 2]
    assert state.level_values() == [(1 + 1 + 6, 1 + 1 + 1), (1, 0)]


def test_rules_2_3_a_piece_may_rest_on_any_cell_of_its_supports():
    state = play(*UP)
    assert "5h10@2" not in {str(m) for m in state.legal_moves()}  # 14 is empty
    assert "3h10@2" in {str(m) for m in state.legal_moves()}
    assert "3h20@2" in {str(m) for m in state.legal_moves()}


# ----- docs/rules.md 2.4: nothing under a piece ---------------------------------


def test_rules_2_4_no_piece_goes_under_a_bridge():
    state = play(*UP, "3h10@2")
    assert state.to_move is LIGHT
    rejects(state, "3v11", "cell 11 is under a piece on level 2, and nothing goes under a piece")
    assert all(11 not in cells_of(m.length, m.direction, m.cell) for m in state.legal_moves())


def test_rules_2_4_taken_cells_on_a_level():
    state = play("3h00")
    rejects(state, "3v02", "cell 02 is taken")
    state = play(*UP, "3h10@2", "3h80")
    rejects(state, "3h10@2", "cell 10 is taken on level 2")


# ----- docs/rules.md 2.5: compulsory play, moving up, never down -----------------


def test_rules_2_5_must_play_on_the_current_level_while_something_fits():
    state = play("3v00", "3h90", "3v02", "3h93")
    rejects(state, "3h00@2", "a piece still fits on your level 1 (for example 3h03)")


def test_rules_2_5_moving_up_takes_any_length_and_resets_the_minimum():
    state = play(*UP)
    assert state.min_length(DARK) == 7
    state = state.play("3h00@2")  # a 3 after a 7: the new level starts afresh
    assert state.current_level(DARK) == 2 and state.min_length(DARK) == 3
    assert state.current_level(LIGHT) == 1
    state = state.play("3h80")
    rejects(state, "3h30", "you build on level 2 now and never go back down")
    rejects(state, "3h00@4", "you are on level 2; you may only move up one level, to 3")
    rejects(state, "3h00@3", "a piece still fits on your level 2 (for example 3h10@2)")


def test_rules_2_5_the_source_example_2_kinds_of_wrong_support():
    """Example 2: wrong moves have sides not on own pieces, on one piece, or on Black's."""
    state = play(*UP)
    legal = {str(m) for m in state.legal_moves()}
    assert "4h00@2" not in legal  # a side on no piece of Dark's
    assert "3v02@2" not in legal  # both sides on the same piece
    assert "5h02@2" not in legal  # one side on an opponent's piece
    assert {"3h00@2", "3h10@2", "3h20@2"} <= legal


# ----- docs/rules.md 2.6: passing and the end ----------------------------------


def test_rules_2_6_pass_only_when_nothing_fits_and_two_passes_in_a_row_end():
    state = play()
    rejects(state, "pass", "you may pass only when nothing can be placed (you can play 3h00)")
    final = finish(play(*UP), random.Random(3))
    assert final.is_over and final.to_move is None and final.moves[-2:] == ("pass", "pass")
    assert final.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        final.play("pass")


def test_rules_2_6_a_pass_then_a_placement_does_not_end_the_game():
    for seed in range(20):
        final = finish(play(), random.Random(seed))
        moves = final.moves
        for i in range(len(moves) - 2):
            assert not (moves[i] == moves[i + 1] == "pass")
        # decided here: a player who passed never places again
        for side in (0, 1):
            mine = moves[side::2]
            if "pass" in mine:
                assert set(mine[mine.index("pass") :]) == {"pass"}


# ----- docs/rules.md 2.7: winner and the level-by-level tie-break -----------------


def test_rules_2_7_example_1_tie_break():
    """Both 3 in hand; level 3: 6 each; level 2: Black 10, White 9: White (Light) wins."""
    levels = [(17, 18), (2 + 2 + 3 + 3, 1 + 1 + 1 + 2 + 4), (2 + 4, 3 + 3)]
    winner, why = decide((3, 3), levels)
    assert winner is LIGHT and why is not None
    assert why.levels == ((3, 6, 6), (2, 10, 9)) and why.winner is LIGHT  # as facts
    assert str(why) == (  # and in the record's English
        "hands tied at 3; level 3: 6 each; level 2: Light 9 against Dark 10, so Light wins"
    )


def test_rules_2_7_lower_hand_wins_and_full_equality_is_a_draw():
    assert decide((5, 7), [(1, 1)]) == (DARK, None)
    assert decide((8, 2), [(1, 1)]) == (LIGHT, None)
    winner, why = decide((4, 4), [(10, 10), (3, 3)])
    assert winner is None and why is not None and why.winner is None
    assert str(why).endswith("equal on every level: a draw")
    assert decide((4, 4), [(10, 10), (0, 2)])[0] is DARK  # the top level holds only Light's


def test_rules_2_7_winner_of_real_games_follows_the_hands_then_the_levels():
    for seed in range(30):
        final = finish(play(), random.Random(seed))
        dark, light = final.scores
        if dark != light:
            assert final.winner is (DARK if dark < light else LIGHT) and final.tiebreak is None
        else:
            assert final.tiebreak is not None
            assert final.winner == decide(final.scores, final.level_values())[0]


# ----- notation and bad input ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("zz", "'zz' is not a move"),
        ("4h23@1", "levels are written from @2 up"),
        ("8h00", "there are no 8-cell pieces"),
        ("x04-30", "not a FOUNDATIONS move"),
        ("s23+2", "not a FOUNDATIONS move"),
        ("d5", "not a FOUNDATIONS move"),
        ("7h05", "the piece would leave the board"),
        ("4h23@2", "a piece still fits on your level 1"),
    ],
)
def test_rules_2_bad_input_is_a_clear_value_error_and_changes_nothing(text, reason):
    rejects(play("3h00"), text, reason)


def test_rules_2_no_piece_left_in_hand():
    state = play("7h00", "3h90")
    rejects(state, "7h10@2", "no 6 (7 cells) left in hand")


def test_rules_2_notation_level_suffix_round_trips():
    assert str(parse_notation("4h23@2")) == "4h23@2"
    assert parse_notation("4h23@2") == Place(4, "h", 23, 2)
    assert str(Place(3, "v", 5, 1)) == "3v05"


# ----- properties over random games -----------------------------------------------


def finish(state, rng: random.Random):
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def check_invariants(state: FoundationsState) -> None:
    """No overlap on a level; supports hold; hand + board = 15 (docs/rules.md 2.3, 2.4, 0)."""
    pieces = state.pieces()
    seen: set[tuple[int, int]] = set()
    for piece in pieces:
        for cell in piece.cells:
            assert (piece.level, cell) not in seen
            seen.add((piece.level, cell))
    for i, piece in enumerate(pieces):
        if piece.level > 1:
            below = [state.piece_at(end, piece.level - 1) for end in piece.ends]
            assert all(b is not None and b.owner is piece.owner for b in below)
            assert below[0] != below[1]
        for later in pieces[i + 1 :]:  # nothing placed under an earlier piece
            if later.level < piece.level:
                assert not set(later.cells) & set(piece.cells)
    for player in (DARK, LIGHT):
        on_board = sum(1 for p in pieces if p.owner is player)
        assert sum(state.hand(player).values()) + on_board == PIECES_EACH
        assert state.scores[player.index] == sum(
            VALUE[n] * k for n, k in state.hand(player).items()
        )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_rules_2_random_games_keep_every_invariant_and_end(rng):
    state = play()
    for _ in range(200):
        if state.is_over:
            break
        check_invariants(state)
        moves = state.legal_moves()
        for move in moves[:: max(1, len(moves) // 25)]:
            assert str(parse_notation(str(move))) == str(move)
            assert state.parse_move(str(move)) == move
        state = state.play(rng.choice(moves))
    assert state.is_over
    check_invariants(state)
    again = parse_record(record_text(state)).state
    assert again.moves == state.moves and again.position_key() == state.position_key()
    assert again.winner == state.winner


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 60))
def test_rules_2_checker_agrees_with_the_legal_move_list(rng, plies):
    """Every placement the checker accepts is listed, and every listed one is accepted."""
    state = play()
    for _ in range(plies):  # stop short of the end: an ended game has nothing to check
        after = state.play(rng.choice(state.legal_moves()))
        if after.is_over:
            break
        state = after
    legal = {str(m) for m in state.legal_moves()}
    me = state.to_move
    level = state.current_level(me)
    for length in LENGTHS:
        for direction in "hv":
            for anchor in range(100):
                if not fits_on_board(length, direction, anchor):
                    continue
                for lv in (level - 1, level, level + 1, level + 2):
                    if lv < 1:
                        continue
                    text = str(Place(length, direction, anchor, lv))
                    try:
                        state.parse_move(text)
                        accepted = True
                    except IllegalMoveError as error:
                        assert str(error).startswith(text + ": ")
                        accepted = False
                    assert accepted == (text in legal), text
    assert (legal == {"pass"}) == (state.legal_moves()[0] == Pass())
