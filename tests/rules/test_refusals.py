"""Every refusal of the rules says why as facts as well as in its message (docs/rules.md
1, 2 and 3: each rule a move can break): `IllegalMoveError.refusal` names the kind
(`Why`) and the cells, pieces and levels involved, so a screen can say it in its own
words, while the message (the command line's and the records') is unchanged."""

from __future__ import annotations

import pickle
import random

import pytest

from isaac_game.rules import (
    Discard,
    IllegalMoveError,
    Move,
    Pass,
    Place,
    Refusal,
    Remove,
    Slide,
    Why,
    new_game,
)

from .random_play import random_position


def candidates(game: str) -> list[Move]:
    """A wide net of moves, most of them illegal anywhere."""
    moves: list[Move] = [Pass()]
    levels = (1, 2, 3) if game == "foundations" else (1,)
    for cell in range(0, 100, 3):
        for length in (3, 5, 7):
            for direction in "hv":
                moves += [Place(length, direction, cell, level) for level in levels]
        moves += [Remove(cell, target) for target in (0, 12, 99, 120)]
        moves += [Slide(cell, sign, d) for sign in (1, -1) for d in (1, 4, None)]
    return moves + [Discard(length) for length in (3, 4, 5, 6, 7)]


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_every_refusal_names_its_kind_and_its_cells(game):
    rng = random.Random(22)
    seen: set[Why] = set()
    for plies in (0, 9, 25, 45, 70):
        state = random_position(game, rng, plies)
        for move in candidates(game):
            try:
                state.parse_move(move)
            except IllegalMoveError as error:
                refusal = error.refusal
                assert refusal.why is not Why.OTHER, str(error)
                assert refusal.cell is None or 0 <= refusal.cell <= 99
                if refusal.why is Why.TAKEN:
                    assert f"cell {refusal.cell:02d} is taken" in str(error)
                seen.add(refusal.why)
    assert {Why.TAKEN, Why.OFF_BOARD} <= seen


def test_rules_1_1_a_taken_cell_is_named_by_its_cell():
    state = new_game("isaac").play("5v04")
    with pytest.raises(IllegalMoveError) as caught:
        state.play("3h23")
    assert str(caught.value) == "3h23: cell 24 is taken"  # the message stays as it was
    assert caught.value.refusal == Refusal(Why.TAKEN, 24)


def test_rules_3_3_a_piece_in_the_way_is_named():
    state = new_game("hari").play("3h00").play("3h03")  # Dark 00-02, Light 03-05
    with pytest.raises(IllegalMoveError) as caught:
        state.play("s00+2")
    assert caught.value.refusal == Refusal(Why.IN_THE_WAY, 3)
    assert state.slide_refusal(3) == Refusal(Why.NOT_YOURS, 3, side=state.piece_at(3).owner)


def test_a_refusal_crosses_to_a_worker_process_with_its_facts():
    try:
        new_game("isaac").play("5v04").play("3h23")
    except IllegalMoveError as error:
        back = pickle.loads(pickle.dumps(error))
        assert str(back) == str(error) and back.refusal == error.refusal
