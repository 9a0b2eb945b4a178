"""Hints: Hard's move and a one-line reason, in process and through a worker; pieces go by
their printed value (docs/rules.md 0)."""

from __future__ import annotations

import re
import time

from isaac_game.ai import AsyncHint, hint
from isaac_game.rules import Player

from .positions import BLOCK_LAST, REACH_100, replay, sample_positions

#: a piece by its printed value, then its length (docs/rules.md 0)
PIECE = r"[1-46] \([3-7] cells\)"
WHERE = r"(row \d, columns \d-\d|column \d, rows \d-\d)"
REMOVAL = re.compile(rf"^removes the {PIECE} on {WHERE}: \d x \d+( x [24])? = \d+")
PLACEMENT = re.compile(
    rf"^places a {PIECE} on {WHERE}, \d+ pieces touch it \(\d+ yours\): \d x \d+ = \d+"
)


def test_placement_hint():
    state = sample_positions()["placement"]
    move, text = hint(state)
    assert move in list(state.legal_moves())
    assert PLACEMENT.match(text), text
    assert "\n" not in text


def test_removal_hint_shows_the_product():
    state = sample_positions()["scoring"]
    move, text = hint(state)
    assert move in list(state.legal_moves())
    assert REMOVAL.match(text), text


def test_winning_removal_hint():
    move, text = hint(replay(REACH_100))
    assert str(move) == "x09-107"
    assert (
        text == "removes the 6 (7 cells) on column 9, rows 0-6: 6 x 2 x 2 = 24, reaching 107: wins"
    )


def test_a_hint_names_its_line_as_the_board_faces():
    """Read from Light's side, the board shows Light's own numbers (docs/rules.md 0: Light's
    column of Dark's column 9 is its 0): the hint names the line the same way."""
    move, text = hint(replay(REACH_100), facing=Player.LIGHT)
    assert str(move) == "x09-107"
    assert text.startswith("removes the 6 (7 cells) on column 0, rows 3-9: ")


def test_blocking_hint_says_why_the_counter_stops_short():
    move, text = hint(replay(BLOCK_LAST))
    assert str(move) == "x02-36"
    stops = "removes the 6 (7 cells) on column 2, rows 0-6: 6 x 3 = 18; counter stops on 36, not 39"
    assert text.startswith(stops)
    assert "block Dark's 6 (7 cells)" in text


def test_pass_hint():
    state = sample_positions()["scoring pass"]
    move, text = hint(state)
    assert str(move) == "pass" and text.endswith(": pass")


def test_async_hint_never_blocks_and_answers():
    """The worker's hint is the one `hint` gives for the same seed. The position has a
    winning removal, which Hard finds at its first depth: on a machine too loaded for
    ISAAC's search to finish its allowance before its safety clock, a position whose
    best move needs the deeper search would get a different answer each time."""
    helper = AsyncHint()
    try:
        state = replay(REACH_100)
        start = time.perf_counter()
        helper.start(state)
        assert helper.busy and time.perf_counter() - start < 1.0
        deadline = time.monotonic() + 60
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = helper.poll()
            time.sleep(0.01)
        assert answer is not None
        move, text = answer
        assert move in list(state.legal_moves()) and REMOVAL.match(text)
        assert answer == hint(state)  # same seed, same answer
    finally:
        helper.close()
