"""Why a player has no removal, in the scoring phase's words (docs/rules.md 1.3.2): the
reason comes from the rules' own account (`removal_blockers`), so a player whose last
piece is shorter than their last removal is not told that a counter blocks it.

Each reason on a real position built by the engine: the preview the bar shows while a
removal is chosen (the real match scene's scoring input), and the words of the pass."""

from __future__ import annotations

import pytest

from isaac_game.client.games.isaac.words import describe, no_removal
from isaac_game.client.handoff import GameSetup
from isaac_game.match import Match
from isaac_game.players import make_seat
from isaac_game.rules import IsaacState, Pass, Player, Remove

from ..driver import click, run

DARK, LIGHT = Player.DARK, Player.LIGHT

# Dark's 4 (6 cells) on column 3 scores 4 x 1 = 4: its counter may go from 28 to 32,
# and cell 32 lies on row 3, where Light's pieces are laid.
CASES = {
    "the issue's: the counter lands on a piece too short anyway": (
        IsaacState.setup(["6v43"], ["6h30"], scores=(28, 0), last_removed=(0, 7)),
        "Light's one piece left is shorter than the 6 (7 cells) Light removed last",
    ),
    "the counter blocks the last piece": (
        IsaacState.setup(["6v43"], ["7h30"], scores=(28, 0)),
        "Light's one piece left is under Dark's counter",
    ),
    "no pieces left": (
        IsaacState.setup(["6v43"], [], scores=(28, 0), aside=({}, {})),
        "Light has no pieces left",
    ),
    "every piece too short": (
        IsaacState.setup(["6v43"], ["5h30", "3h50"], scores=(28, 0), last_removed=(0, 7)),
        "Light's pieces left are all shorter than the 6 (7 cells) Light removed last",
    ),
    "every piece under a counter": (
        IsaacState.setup(["6v43"], ["7h30", "3h97"], scores=(28, 0)),
        "Light's pieces left are all under counters",
    ),
    "some too short, the others under a counter": (
        IsaacState.setup(["6v43"], ["7h30", "3h50"], scores=(28, 0), last_removed=(0, 7)),
        "Light's pieces left are shorter than the 6 (7 cells) Light removed last, "
        "or under a counter",
    ),
}


def open_game(app):
    scene = app.open("match", GameSetup())
    run(app, 2)
    return scene


@pytest.mark.parametrize("case", list(CASES))
def test_the_preview_and_the_pass_give_the_rules_reason(app, case):
    state, reason = CASES[case]
    target = state.removal_targets(43)[-1]  # the full gain: cell 32 (no pieces: 28)
    after = state.play(Remove(43, target))
    assert after.to_move == LIGHT and after.legal_moves() == [Pass()]
    assert no_removal(after, LIGHT) == reason
    scoring = open_game(app).play.scoring
    preview = scoring.preview(state, DARK, 43, target)
    assert preview == f"{reason}: Light passes and is out"
    if "short" in case or "no pieces" in case:
        assert "counter" not in preview.split(",")[0]  # not the counter's doing
    said = describe(after, Pass(), after.play(Pass()))
    assert said.text == f"Light passes and is out: {reason}"


def test_the_issue_position_is_not_told_as_a_block(app):
    """Light's last removal was 7 cells long: whatever cell Dark's counter stops on, Light
    has no removal, and the preview never says the piece is blocked by the counter."""
    state, reason = CASES["the issue's: the counter lands on a piece too short anyway"]
    scoring = open_game(app).play.scoring
    for target in state.removal_targets(43):
        text = scoring.preview(state, DARK, 43, target)
        assert text == f"{reason}: Light passes and is out"
        assert "blocked" not in text


def test_a_removal_that_puts_light_out_and_blocks_your_own_piece_says_both(app):
    """Issue 41: the counter's full gain lands on Dark's own 6, which it freezes, and
    leaves Light without a removal: the bar said only that Light would be out."""
    state = IsaacState.setup(["6v43", "7h30"], ["5h55"], scores=(28, 0), last_removed=(0, 7))
    scene = open_game(app)
    seats = {p: make_seat("human", name=p.title) for p in (DARK, LIGHT)}
    scene.follow(Match(seats, state))
    run(app, 2)
    click(app, scene.play.board.cell_center(43))  # Dark's 4: the full gain, 32, is chosen
    scoring = scene.play.scoring
    assert scoring.pending and scoring.target == 32 and state.piece_at(32).owner == DARK
    said = scoring.info(scene.match.state, DARK)
    out = "Light's one piece left is shorter than the 6 (7 cells) Light removed last"
    assert f"{out}: Light passes and is out" in said, said
    assert "lands on your own 6 (7 cells): it is blocked" in said, said
