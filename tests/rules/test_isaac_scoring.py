"""ISAAC scoring phase, counters and the winner: docs/rules.md 1.2-1.6."""

from __future__ import annotations

import pytest

from isaac_game.rules import IllegalMoveError, IsaacState, Player, Remove


def moves_of(state: IsaacState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# ----- 1.6 worked checks, built as real positions ---------------------------------

# Light's 5-piece on column 5 (rows 5-9); five other pieces have a cell on column 5;
# Dark's counter (score 5) stands on cell 05, on column 5.
EXAMPLE_1 = dict(
    dark=["3h14", "4h32"],
    light=["3h43", "6h20", "3h03", "5v55"],
    to_move=Player.LIGHT,
    scores=(5, 0),
)


def test_rules_1_6_check_1_three_by_five_by_two():
    """docs/rules.md 1.6: value 3, 5 pieces left on the line, Dark's counter on it: 30."""
    g = IsaacState.setup(**EXAMPLE_1)
    b = g.removal_points(55)
    assert (b.value, b.pieces, b.multiplier, b.points) == (3, 5, 2, 30)
    assert str(b) == "3 x 5 x 2 = 30"
    assert "x55-30" in moves_of(g) and "x55-31" not in moves_of(g)
    after = g.play("x55-30")
    assert after.scores == (5, 30)
    assert after.counter_cell(Player.LIGHT) == 69  # Light's 30 is (3, 0) in Light's coords


def test_rules_1_6_check_2_four_by_one_and_the_blocking_sacrifice():
    """docs/rules.md 1.6: 4 x 1 = 4; and a counter left short to block the last piece."""
    g = IsaacState.setup(["6v43"], ["7h30"], scores=(28, 0))
    assert str(g.removal_points(43)) == "4 x 1 = 4"
    assert moves_of(g) == [f"x43-{t}" for t in range(28, 33)]
    blocked = g.play("x43-32")  # cell 32 lies on Light's 7h30: its last piece
    assert blocked.blocked_pieces() == {30: "under Dark's counter"}
    assert moves_of(blocked) == ["pass"]
    out = blocked.play("pass")
    assert out.is_out(Player.LIGHT) and out.to_move == Player.DARK
    over = out.play("pass")
    assert over.is_over and over.winner == Player.DARK and over.scores == (32, 0)


def test_rules_1_6_check_2_with_own_counter_on_the_line():
    """docs/rules.md 1.6: the same removal with Dark's counter on the column: 4 x 1 x 2 = 8."""
    g = IsaacState.setup(["6v43"], ["7h30"], scores=(13, 0))  # cell 13 is on column 3
    assert str(g.removal_points(43)) == "4 x 1 x 2 = 8"
    assert moves_of(g)[-1] == "x43-21"


def test_rules_1_6_check_3_three_by_four_on_a_row():
    """docs/rules.md 1.6: a value-3 horizontal piece, 4 other pieces on its row, no counter: 12."""
    g = IsaacState.setup(
        ["3v05", "3v07"], ["5h10", "4v09", "3v08"], to_move=Player.LIGHT, scores=(50, 0)
    )
    assert str(g.removal_points(12)) == "3 x 4 = 12"


# ----- 1.2 counters ---------------------------------------------------------------


def test_rules_1_2_counters_start_on_00_in_own_coordinates():
    """docs/rules.md 1.2: Dark's counter on 00, Light's on 99 (Dark's coordinates)."""
    g = IsaacState.setup(["3h50"], ["3h60"])
    assert g.counter_cell(Player.DARK) == 0 and g.counter_cell(Player.LIGHT) == 99


def test_rules_1_2_counter_cells_follow_scores():
    """docs/rules.md 1.2: Dark's s on (s//10, s%10); Light's on (9 - s//10, 9 - s%10)."""
    g = IsaacState.setup(["3h50"], ["3h60"], scores=(37, 21))
    assert g.counter_cell(Player.DARK) == 37 and g.counter_cell(Player.LIGHT) == 78


def test_rules_1_2_and_1_3_2_counters_starting_on_00_over_pieces_block_them():
    """docs/rules.md 1.2 and 1.3.2: a counter starting over a piece blocks it (both colours)."""
    g = IsaacState.setup(["4h00", "3h50"], ["4h96", "3h60"])
    assert g.blocked_pieces() == {0: "under Dark's counter"}
    assert moves_of(g)[0].startswith("x50-")
    light = IsaacState.setup(["4h00"], ["4h96", "3h60"], to_move=Player.LIGHT)
    assert light.blocked_pieces() == {96: "under Light's counter"}
    with pytest.raises(IllegalMoveError, match="Light's counter stands on that piece"):
        light.play("x99-0")


# ----- 1.3 scoring ----------------------------------------------------------------


def test_rules_1_3_2_only_own_pieces():
    """docs/rules.md 1.3.2: a player removes only their own pieces."""
    g = IsaacState.setup(["3h50"], ["3h60"], scores=(10, 10))
    with pytest.raises(IllegalMoveError, match="that piece is Light's"):
        g.play("x60-10")
    with pytest.raises(IllegalMoveError, match="no piece covers 70"):
        g.play("x70-10")


def test_rules_1_3_2_removal_lengths_never_go_down():
    """docs/rules.md 1.3.2: at least as long as every earlier removal; equal length is fine."""
    g = IsaacState.setup(["5h20", "3h40", "5h60"], ["3h90"], scores=(10, 10), last_removed=(0, 0))
    g = g.play("x20-10").play("x90-10")
    assert g.last_removed_length(Player.DARK) == 5
    assert g.blocked_pieces() == {40: "shorter than your last removal, a 3 (5 cells)"}
    with pytest.raises(IllegalMoveError, match="shorter than your last removal"):
        g.play("x40-10")
    assert all(m.startswith("x60-") for m in moves_of(g))


def test_rules_1_3_2_the_account_of_each_blocked_piece_names_every_cause():
    """docs/rules.md 1.3.2: `removal_blockers` says why each piece may not go, as facts:
    shorter than the last removal (its length), under a counter (whose), or both; for
    either player, the mover by default."""
    from isaac_game.rules import Blocker

    g = IsaacState.setup(["6v43"], ["7h30", "6h14", "3h97"], scores=(32, 0), last_removed=(0, 7))
    light = {
        30: Blocker(0, Player.DARK),  # Dark's counter on 32
        14: Blocker(7, None),  # 6 cells, after a 7-cell removal
        97: Blocker(7, Player.LIGHT),  # both: too short, and under Light's counter on 99
    }
    assert g.removal_blockers(Player.LIGHT) == light
    assert g.removal_blockers() == {} == g.removal_blockers(Player.DARK)
    turned = IsaacState.setup(
        ["6v43"],
        ["7h30", "6h14", "3h97"],
        scores=(32, 0),
        last_removed=(0, 7),
        to_move=Player.LIGHT,
    )
    assert turned.removal_blockers() == light
    assert turned.blocked_pieces()[97] == "shorter than your last removal, a 6 (7 cells)"
    assert moves_of(turned) == ["pass"]


def test_rules_1_3_2_counter_on_any_cell_blocks_both_colours():
    """docs/rules.md 1.3.2: any counter on any cell of the piece blocks it."""
    g = IsaacState.setup(["5h20", "3h40"], ["3h60"], scores=(24, 99 - 42))
    # Dark's counter on 24 (middle of 5h20); Light's counter on 42 (end of 3h40)
    assert g.blocked_pieces() == {20: "under Dark's counter", 40: "under Light's counter"}
    assert moves_of(g) == ["pass"]


def test_rules_1_3_2_and_1_3_1_pass_when_stuck_then_out_for_good():
    """docs/rules.md 1.3.1-1.3.2: no removal -> pass -> out; the other plays every turn."""
    # Dark's counter on 61 (on Light's 3h60), Light's on 81 (on Light's 3h80)
    g = IsaacState.setup(
        ["4h70", "3v74"], ["3h60", "3h80"], to_move=Player.LIGHT, scores=(61, 99 - 81)
    )
    assert moves_of(g) == ["pass"]
    g = g.play("pass")
    assert g.to_move == Player.DARK and g.is_out(Player.LIGHT)
    assert str(g.removal_points(70)) == "2 x 1 = 2"
    g = g.play("x70-63")  # Dark's counter leaves Light's 3h60...
    assert g.to_move == Player.DARK, "...but Light is out for good"
    assert moves_of(g) == ["pass"]  # 3v74 is shorter than Dark's last removal
    g = g.play("pass")
    assert g.is_over and g.winner == Player.DARK


def test_rules_1_3_1_players_alternate_from_the_first_passer():
    """docs/rules.md 1.3.1: turns alternate in the scoring phase."""
    g = IsaacState.setup(["3h40", "3h50"], ["3h60", "3h70"], scores=(10, 10))
    g = g.play(moves_of(g)[0])
    assert g.to_move == Player.LIGHT
    g = g.play(moves_of(g)[0])
    assert g.to_move == Player.DARK


def test_rules_1_3_3_n_counts_lying_and_crossing_pieces_once_never_the_removed():
    """docs/rules.md 1.3.3 and 1.5: pieces along and across the line, each once."""
    g = IsaacState.setup(["4h00", "3v09"], ["3h05", "5v04", "3h20"], scores=(50, 0))
    b = g.removal_points(0)
    assert b.pieces == 3  # 3h05 along the row, 3v09 and 5v04 across; not 3h20 or 4h00


def test_rules_1_3_3_n_zero_scores_zero_but_is_legal():
    """docs/rules.md 1.3.3: N may be 0: zero points, still a legal removal."""
    g = IsaacState.setup(["3h40"], ["3h60"], scores=(10, 10))
    assert g.removal_points(40).points == 0
    assert moves_of(g) == ["x40-10"]


def test_rules_1_3_3_multiplier_four_with_both_counters_on_the_line():
    """docs/rules.md 1.3.3: M = 4 with both counters on the line (empty cells count)."""
    g = IsaacState.setup(["3h40"], ["3v46"], scores=(45, 99 - 48))
    b = g.removal_points(40)
    assert (b.pieces, b.multiplier, b.points) == (1, 4, 4)


def test_rules_1_3_3_multiplier_is_taken_before_the_counter_moves():
    """docs/rules.md 1.3.3: M from where counters stand before moving: leaving the line keeps x2."""
    g = IsaacState.setup(["6v43", "3h00"], ["7h30"], scores=(13, 0))
    assert "x43-21" in moves_of(g)
    after = g.play("x43-21")  # cell 21 is off column 3 now
    assert after.scores[0] == 21


def test_rules_1_3_4_staying_put_is_allowed():
    """docs/rules.md 1.3.4: t = p is a legal target."""
    g = IsaacState.setup(["6v43"], ["7h30"], scores=(28, 0))
    assert g.play("x43-28").scores == (28, 0)


def test_rules_1_3_4_target_range_and_messages():
    """docs/rules.md 1.3.4: p <= t <= p + points."""
    g = IsaacState.setup(["6v43"], ["7h30"], scores=(28, 0))
    with pytest.raises(IllegalMoveError, match="x43-33: the move is worth 4 points"):
        g.play("x43-33")
    with pytest.raises(IllegalMoveError, match="never moves back"):
        g.play("x43-27")


def test_rules_1_3_4_opponents_counter_cell_is_forbidden():
    """docs/rules.md 1.3.4 and 1.2: t may not be the cell of the opponent's counter."""
    # Light's score 80 stands on cell 19 = Dark's score 19
    g = IsaacState.setup(["7h50"], ["3v47", "3v38"], scores=(10, 80))
    assert str(g.removal_points(50)) == "6 x 2 = 12"
    targets = g.removal_targets(53)
    assert targets == [t for t in range(10, 23) if t != 19]
    assert 19 not in targets and 18 in targets and 20 in targets
    with pytest.raises(IllegalMoveError, match="Light's counter stands on that cell"):
        g.play("x50-19")


def test_rules_1_3_4_reaching_100_ends_the_game_at_once_as_one_move():
    """docs/rules.md 1.3.4 and 1.5: any target >= 100 is one move, recorded as p + points."""
    g2 = IsaacState.setup(["6v43", "3h00"], ["7h30", "3h11"], scores=(97, 0))
    assert str(g2.removal_points(43)) == "4 x 2 = 8"
    assert [m for m in moves_of(g2) if m.startswith("x43")] == [
        "x43-97",
        "x43-98",
        "x43-105",
    ]  # 99: Light
    with pytest.raises(IllegalMoveError, match="written with the full gain"):
        g2.play("x43-100")
    end = g2.play("x43-105")
    assert end.is_over and end.winner == Player.DARK and end.scores == (105, 0)
    assert end.counter_cell(Player.DARK) is None and end.legal_moves() == []


def test_rules_1_3_5_game_ends_when_both_passed():
    """docs/rules.md 1.3.5: both passed -> over."""
    g = IsaacState.setup(["3h00"], ["3h97"])
    assert moves_of(g) == ["pass"]
    g = g.play("pass")
    assert moves_of(g) == ["pass"]
    g = g.play("pass")
    assert g.is_over and g.to_move is None


def test_rules_4_any_cell_names_the_piece_canonical_uses_the_anchor():
    """docs/rules.md 4: x<rc>-<t> with any cell of the piece; canonical form uses the anchor."""
    g = IsaacState.setup(**EXAMPLE_1)
    assert g.parse_move("x95-30") == Remove(55, 30)
    assert g.play("x75-30").moves[-1] == "x55-30"


# ----- 1.4 winner ---------------------------------------------------------------


def ended_tie(aside: tuple[dict[int, int], dict[int, int]]) -> IsaacState:
    g = IsaacState.setup(["7h00"], ["3h97"], aside=aside)  # both pieces under counters
    return g.play("pass").play("pass")


def test_rules_1_4_1_higher_score_wins():
    """docs/rules.md 1.4.1: the higher score wins."""
    g = IsaacState.setup(["7h00"], ["3h85"], scores=(0, 12))  # Light's counter on 87
    end = g.play("pass").play("pass")
    assert end.winner == Player.LIGHT and end.tiebreak is None


def test_rules_1_4_2_tie_longer_unplayed_line_wins():
    """docs/rules.md 1.4.2: equal scores: more unplaced cells wins."""
    end = ended_tie(({3: 2}, {4: 1}))
    assert end.scores == (0, 0) and end.winner == Player.DARK
    assert "longer line (6 cells against 4)" in end.tiebreak


def test_rules_1_4_2_equal_cells_fewer_pieces_wins():
    """docs/rules.md 1.4.2: equal totals: the line of fewer pieces is longer."""
    end = ended_tie(({3: 1, 4: 1}, {7: 1}))
    assert end.winner == Player.LIGHT
    assert "fewer pieces (1 against 2)" in end.tiebreak


def test_rules_1_4_3_still_equal_dark_wins():
    """docs/rules.md 1.4.3: still equal: Dark, who started, wins; ISAAC has no draws."""
    end = ended_tie(({5: 1}, {5: 1}))
    assert end.winner == Player.DARK and "Dark started" in end.tiebreak
