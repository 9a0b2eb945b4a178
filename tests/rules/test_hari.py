"""HARI rules (docs/rules.md section 3), each test naming the rule it checks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isaac_game.rules import (
    Discard,
    IllegalMoveError,
    NotationError,
    Place,
    Player,
    Slide,
    SlideRange,
    new_game,
    parse_notation,
    parse_record,
    record_text,
)
from isaac_game.rules.common import LENGTHS, PIECES_EACH, VALUE, fits_on_board
from isaac_game.rules.hari import NO_SLIDE, HariState

DARK, LIGHT = Player.DARK, Player.LIGHT


def play(*moves: str) -> HariState:
    state = new_game("hari")
    for move in moves:
        state = state.play(move)
    assert isinstance(state, HariState)
    return state


def rejects(state: HariState, move: str, reason: str) -> None:
    """The move is refused with `reason` in the message and the state is unchanged."""
    before = (state.moves, state.position_key(), list(state.legal_moves()))
    with pytest.raises(ValueError) as error:
        state.play(move)
    assert reason in str(error.value)
    assert (state.moves, state.position_key(), list(state.legal_moves())) == before


#: Dark has 3h00 (value 1) and 4h20 (value 2) on the board; Light 3h05 and 3h93.
TWO = ("3h00", "3h05", "4h20", "3h93")


# ----- docs/rules.md 3.1 and 3.2 --------------------------------------------------


def test_rules_3_1_empty_board_dark_first_and_only_plays_at_first():
    state = play()
    assert state.to_move is DARK and not state.pieces() and state.scores == (0, 0)
    moves = state.legal_moves()
    places = sum(2 * 10 * (11 - n) for n in LENGTHS)
    assert len(moves) == places + 5
    assert [str(m) for m in moves[places:]] == ["d3", "d4", "d5", "d6", "d7"]
    assert str(moves[0]) == "3h00"


def test_rules_3_2_slides_keep_the_turn_and_the_play_ends_it():
    state = play(*TWO).play("s00+1")
    assert state.to_move is DARK and state.slid_value == 1
    assert [str(p.cells) for p in state.slid_pieces] == [str((1, 2, 3))]
    state = state.play("d7")
    assert state.to_move is LIGHT and state.slid_value == 0 and state.slid_pieces == []
    assert state.moves[-2:] == ("s00+1", "d7")


def test_rules_3_2_a_discard_takes_the_piece_out_of_the_game():
    state = play("d3")
    assert state.hand(DARK)[3] == 4 and state.discarded(DARK) == 1 and state.scores == (0, 0)
    assert state.to_move is LIGHT


# ----- docs/rules.md 3.3: how a piece slides --------------------------------------


def test_rules_3_3_slides_run_along_the_axis_up_to_pieces_and_edges():
    state = play(*TWO)
    assert state.slide_range(0) == SlideRange(0, 2, True, False)  # 05 stops it
    assert state.slide_range(22) == SlideRange(0, 6, True, True)
    assert [str(m) for m in state.legal_moves() if isinstance(m, Slide)] == [
        "s00-x",
        "s00+1",
        "s00+2",
        "s20-x",
        *(f"s20+{d}" for d in range(1, 7)),
        "s20+x",
    ]
    rejects(state, "s00+3", "s00+3: the piece on 05 is in the way")
    rejects(state, "s00+x", "the piece on 05 is in the way")
    rejects(state, "s00-1", "the piece would stop partly off the board")
    rejects(state, "s20+8", "the piece would stop partly off the board")
    rejects(state, "s00-3", "a slide off the board is written s00-x")
    rejects(state, "s05+1", "that piece is Light's")
    rejects(state, "s55+1", "no piece covers 55")
    assert state.slide_block(5) == "that piece is Light's"


def test_rules_3_3_any_cell_names_a_piece_and_the_anchor_is_canonical():
    state = play(*TWO)
    assert state.parse_move("s02+1") == Slide(0, 1, 1)
    assert state.parse_move("s23-x") == Slide(20, -1, None)
    state = state.play("s23+6")
    assert state.moves[-1] == "s20+6"
    assert state.piece_at(29) is not None and state.piece_at(20) is None


def test_rules_3_3_vertical_slides_and_sliding_off_discards():
    state = play("3v30", "3h07", "4v60", "3h17")
    assert state.slide_range(40) == SlideRange(-3, 0, True, False)
    assert state.slide_range(90) == SlideRange(0, 0, False, True)
    state = state.play("s50-3")  # 3v30 -> 3v00
    assert state.moves[-1] == "s30-3" and state.piece_at(0) is not None
    assert state.slide_range(60) == SlideRange(-3, 0, False, True)
    state = state.play("s80+x")
    assert state.discarded(DARK) == 1 and state.scores == (1, 2)
    assert state.slid_value == 3 and len(state.slid_pieces) == 1


def test_rules_3_3_each_piece_slides_at_most_once_a_turn():
    state = play(*TWO).play("s00+1")
    rejects(state, "s01+1", "that piece has slid this turn already")
    assert state.slide_range(1) == NO_SLIDE
    state = state.play("d5").play("d3")  # a new turn: it may slide again
    assert state.parse_move("s01+1") == Slide(1, 1, 1)


# ----- docs/rules.md 3.4: plays in non-decreasing length --------------------------


def test_rules_3_4_plays_never_get_shorter_placed_or_discarded():
    state = play("d5", "3h00")
    assert state.min_length(DARK) == 5
    rejects(state, "4h90", "plays never get shorter; your last play was a 3 (5 cells)")
    rejects(state, "d3", "plays never get shorter; your last play was a 3 (5 cells)")
    assert {m.length for m in state.legal_moves()} == {5, 6, 7}


# ----- docs/rules.md 3.5: value played covers value slid --------------------------


def test_rules_3_5_source_example_moved_a_2_and_a_1_so_play_3_or_more():
    """'if a player moves a 2-piece and a 1-piece, he can then play value 3 or more'."""
    state = play(*TWO).play("s00+1").play("s20+2")
    assert state.slid_value == 3 and state.best_play_value == 6 and state.budget() == 3
    rejects(state, "d4", "a 2 (4 cells) is worth less than the 3 you slid this turn")
    rejects(state, "4h40", "a 2 (4 cells) is worth less than the 3 you slid this turn")
    assert {m.length for m in state.legal_moves()} == {5, 6, 7}
    assert VALUE[5] == 3
    state = state.play("5h40")
    assert state.to_move is LIGHT


def test_rules_3_5_a_slide_needs_a_playable_piece_to_cover_the_new_sum():
    state = play("3h00", "3v09", "4h20", "3v08", "5h40", "3v07", "6h60", "3v06")
    assert state.best_play_value == 6  # only the 7 is long enough now
    state = state.play("s60+1")
    assert state.budget() == 2
    rejects(state, "s40+1", "that would make 7 slid this turn, and your best play is worth 6")
    assert state.slide_range(40) == NO_SLIDE
    state = state.play("s00+1")
    rejects(state, "s20+1", "that would make 7 slid this turn")
    rejects(state, "d6", "a 4 (6 cells) is worth less than the 5 you slid this turn")
    assert [str(m) for m in state.legal_moves() if not isinstance(m, Slide)][-1] == "d7"
    assert all(m.length == 7 for m in state.legal_moves() if not isinstance(m, Slide))


# ----- docs/rules.md 3.6: passing and the end ---------------------------------------


def test_rules_3_6_pass_only_when_no_piece_can_be_played_and_two_passes_end():
    state = play()
    rejects(state, "pass", "you may pass only when no piece can be played (you can play 3h00)")
    state = play("7h00", "3h90")
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    rejects(state, "s00+1", "you have no piece left you could play, so nothing may slide")
    rejects(state, "d3", "plays never get shorter; your last play was a 6 (7 cells)")
    state = state.play("pass").play("7h80")
    assert not state.is_over and state.to_move is DARK
    state = state.play("pass").play("pass")
    assert state.is_over and state.to_move is None and state.legal_moves() == []
    assert state.scores == (6, 7) and state.winner is LIGHT


# ----- docs/rules.md 3.7: the winner ---------------------------------------------


def test_rules_3_7_equal_value_on_the_board_is_a_draw():
    state = play("7h00", "7h90", "pass", "pass")
    assert state.is_over and state.scores == (6, 6) and state.winner is None
    result = parse_record(record_text(state))
    assert result.state.winner is None and "draw" in record_text(state)


def test_rules_3_7_slid_off_pieces_no_longer_count():
    state = play(*TWO).play("s20-x").play("d5")
    assert state.scores == (1, 2)


# ----- notation and bad input --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("s00+0", "a slide moves at least one cell"),
        ("s0+1", "is not a move"),
        ("x04-30", "not a HARI move"),
        ("3h00@2", "HARI has no levels"),
        ("7h05", "the piece would leave the board"),
        ("3h01", "cell 01 is taken"),
        ("d9", "there are no 9-cell pieces"),
    ],
)
def test_rules_3_bad_input_is_a_clear_value_error_and_changes_nothing(text, reason):
    state = play("3h00")
    rejects(state, text, reason)
    with pytest.raises(ValueError):
        state.play(text)


def test_rules_3_notation_round_trips():
    for text in ("s23+2", "s23-x", "5h00", "d5", "pass", "s07-10"):
        assert str(parse_notation(text)) == text
    assert parse_notation("d5") == Discard(5)
    assert isinstance(parse_notation("5h00"), Place)
    with pytest.raises(NotationError):
        parse_notation("s23*2")


# ----- properties over random games -------------------------------------------------


def check_invariants(state: HariState, gone: list[int]) -> None:
    """No overlap; hand + board + discarded = 15 (docs/rules.md 0, 3.3)."""
    seen: set[int] = set()
    for piece in state.pieces():
        assert not seen & set(piece.cells)
        seen |= set(piece.cells)
    for player in (DARK, LIGHT):
        on_board = sum(1 for p in state.pieces() if p.owner is player)
        in_hand = sum(state.hand(player).values())
        assert in_hand + on_board + gone[player.index] == PIECES_EACH
        assert state.discarded(player) == gone[player.index]
        value = sum(p.value for p in state.pieces() if p.owner is player)
        assert state.scores[player.index] == value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_rules_3_random_games_keep_every_invariant_and_end(rng):
    state = play()
    gone = [0, 0]
    last_play = [0, 0]
    slid_this_turn = 0
    previous = ""
    for _ in range(400):
        if state.is_over:
            break
        check_invariants(state, gone)
        moves = state.legal_moves()
        for move in moves[:: max(1, len(moves) // 25)]:
            assert str(parse_notation(str(move))) == str(move)
            assert state.parse_move(str(move)) == move
        slides = [m for m in moves if isinstance(m, Slide)]
        move = rng.choice(slides if slides and rng.random() < 0.5 else moves)  # long turns too
        me = state.to_move.index
        if isinstance(move, Slide):
            slid_this_turn += state.piece_at(move.cell).value
            gone[me] += move.distance is None
        elif isinstance(move, Place | Discard):
            assert move.length >= last_play[me] and VALUE[move.length] >= slid_this_turn
            last_play[me] = move.length
            gone[me] += isinstance(move, Discard)
            slid_this_turn = 0
        else:
            assert not previous.startswith("s")  # decided here: no slide before a pass
        previous = str(move)
        state = state.play(move)
    assert state.is_over and state.moves[-2:] == ("pass", "pass")
    check_invariants(state, gone)
    again = parse_record(record_text(state)).state
    assert again.moves == state.moves and again.position_key() == state.position_key()
    assert again.winner == state.winner


def every_candidate(state: HariState):
    me = state.to_move
    for length in LENGTHS:
        yield f"d{length}"
        for direction in "hv":
            for anchor in range(100):
                if fits_on_board(length, direction, anchor):
                    yield str(Place(length, direction, anchor))
    for piece in state.pieces():
        if piece.owner is me:
            for cell in piece.cells:
                for way in "+-":
                    for amount in [*map(str, range(1, 11)), "x"]:
                        yield f"s{cell:02d}{way}{amount}"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_rules_3_checker_agrees_with_the_legal_move_list(rng, plies):
    """Every action the checker accepts is listed (canonically), and every listed one passes."""
    state = play()
    for _ in range(plies):  # stop short of the end: an ended game has nothing to check
        moves = state.legal_moves()
        slides = [m for m in moves if isinstance(m, Slide)]
        after = state.play(rng.choice(slides if slides and rng.random() < 0.5 else moves))
        if after.is_over:
            break
        state = after
    legal = {str(m) for m in state.legal_moves()}
    accepted = set()
    for text in every_candidate(state):
        try:
            accepted.add(str(state.parse_move(text)))
        except IllegalMoveError as error:
            assert str(error).startswith(text + ": ")
    if legal == {"pass"}:
        assert not accepted
    else:
        assert accepted == legal
