"""Bad input gets a clear ValueError and changes nothing (docs/rules.md 4)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.rules import IllegalMoveError, IsaacState, NotationError, new_game


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("", NotationError, "empty move"),
        ("hello", NotationError, "is not a move"),
        ("8h00", NotationError, "no 8-cell pieces"),
        ("2h00", NotationError, "no 2-cell pieces"),
        ("3d00", NotationError, "is not a move"),
        ("3h0", NotationError, "is not a move"),
        ("x" * 100_000, NotationError, "far too long"),
        ("3h09", IllegalMoveError, "3h09: the piece would leave the board"),
        ("x04-30", IllegalMoveError, "only in the scoring phase"),
        ("3h00@2", IllegalMoveError, "ISAAC has no levels"),
        ("s00+1", IllegalMoveError, "not an ISAAC move"),
        ("pass", IllegalMoveError, "only when no other move is legal"),
    ],
)
def test_rules_4_bad_text_on_a_new_game(text, error, message):
    g = new_game()
    before = copy.copy(g.moves)
    with pytest.raises(error, match=message):
        g.play(text)
    assert isinstance(error("x"), ValueError)
    assert g.moves == before and g == new_game()


@pytest.mark.parametrize("bad", [None, 42, 3.5, b"5v04", ["5v04"], object()])
def test_rules_4_non_text_moves_are_refused(bad):
    with pytest.raises(ValueError, match="must be text"):
        new_game().play(bad)


def test_rules_1_3_bad_removals_leave_the_state_unchanged():
    g = IsaacState.setup(["6v43"], ["7h30"], scores=(28, 0))
    key = g.position_key()
    for text, message in [
        ("x30-30", "that piece is Light's"),
        ("x43-200", "worth 4 points"),
        ("x43-999", "worth 4 points"),
        ("x43-1", "never moves back"),
        ("x55-30", "no piece covers 55"),
        ("5v04", "placement phase is over"),
    ]:
        with pytest.raises(ValueError, match=message):
            g.play(text)
        assert g.position_key() == key


def test_rules_1_1_wrong_players_hand():
    g = new_game().play("7h00")
    with pytest.raises(IllegalMoveError):
        g.play("7h00")
    assert g.play("7h10").moves == ("7h00", "7h10")  # Light still has its own 7


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_rules_4_arbitrary_text_is_a_value_error_or_a_legal_move(text):
    g = new_game()
    try:
        after = g.play(text)
    except ValueError as error:
        assert str(error)
    else:
        assert after.moves[-1] in [str(m) for m in g.legal_moves()]
    assert g == new_game()


def test_game_over_refuses_moves():
    end = IsaacState.setup(["3h00"], ["3h97"]).play("pass").play("pass")
    with pytest.raises(IllegalMoveError, match="game is over"):
        end.play("pass")


def test_unknown_game_name():
    with pytest.raises(ValueError, match="unknown game"):
        new_game("chess")


def test_states_cross_to_a_worker_process_by_pickle():
    """docs/architecture.md: states are safe to hand to an AI worker, caches and all."""
    import pickle

    for game in ("isaac", "foundations", "hari"):
        state = new_game(game)
        state = state.play(state.legal_moves()[3])
        list(state.legal_moves())  # fill the caches
        copy_ = pickle.loads(pickle.dumps(state))
        assert copy_ == state and list(copy_.legal_moves()) == list(state.legal_moves())
