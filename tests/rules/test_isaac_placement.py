"""ISAAC placement phase and notation: docs/rules.md 0, 1.1, 4."""

from __future__ import annotations

import pytest

from isaac_game.rules import IllegalMoveError, IsaacState, Place, Player, new_game

# A board with 97 cells covered: Dark has placed all 15 pieces, Light 7 of them, and
# only 90 91 92 are empty, so Dark (empty hand) is stuck and Light can still place.
DARK_ALL = [
    "7h00", "3h07", "6h10", "4h16", "6h20", "4h26", "5h30", "5h35",
    "4h40", "3h44", "3h47", "4h50", "3h54", "3h57", "5h60",
]  # fmt: skip
LIGHT_SOME = ["5h65", "7h70", "3h77", "6h80", "4h86", "4h93", "3h97"]


def nearly_full(to_move: Player = Player.DARK) -> IsaacState:
    return IsaacState.setup(DARK_ALL, LIGHT_SOME, phase="placement", to_move=to_move)


def test_rules_0_piece_set_and_start_1_1_1():
    """docs/rules.md 0 and 1.1.1: 15 pieces each, empty board, Dark moves first."""
    g = new_game("isaac")
    assert g.to_move == Player.DARK and g.phase == "placement"
    assert g.pieces() == []
    assert g.hand(Player.DARK) == {3: 5, 4: 4, 5: 3, 6: 2, 7: 1}
    assert g.hand(Player.LIGHT) == g.hand(Player.DARK)
    assert g.scores == (0, 0) and not g.is_over and g.winner is None


def test_rules_1_1_2_all_placements_counted_on_empty_board():
    """docs/rules.md 1.1.2: any length, h or v, wholly on the board (perft-style count)."""
    g = new_game()
    moves = [str(m) for m in g.legal_moves()]
    expected = sum(2 * 10 * (11 - length) for length in (3, 4, 5, 6, 7))
    assert len(moves) == expected == 600
    assert len(set(moves)) == len(moves)
    assert "7h03" in moves and "7h04" not in moves
    assert "3v70" in moves and "3v80" not in moves
    assert moves == sorted(moves, key=lambda m: (m[0], m[1], m[2:]))


def test_rules_0_coordinates_anchor_and_cells():
    """docs/rules.md 0: the anchor is the covered cell with the smallest r and c."""
    g = new_game().play("5v04").play("3h71")
    assert g.piece_at(44).anchor == 4 and g.piece_at(44).cells == (4, 14, 24, 34, 44)
    assert g.piece_at(73).cells == (71, 72, 73) and g.piece_at(73).owner == Player.LIGHT
    assert g.piece_at(54) is None


def test_rules_1_1_2_pieces_go_on_empty_cells_only():
    """docs/rules.md 1.1.2: never over another piece, never off the board."""
    g = new_game().play("5v04")
    with pytest.raises(IllegalMoveError, match="cell 04 is taken"):
        g.play("3h02")
    with pytest.raises(IllegalMoveError, match="would leave the board"):
        g.play("3h09")
    with pytest.raises(IllegalMoveError, match="would leave the board"):
        g.play("4v70")


def test_rules_1_1_2_hand_runs_out():
    """docs/rules.md 0 and 1.1.2: a side has one 7-piece; placing it empties that slot."""
    g = new_game().play("7h00").play("3h90")
    assert g.hand(Player.DARK)[7] == 0
    with pytest.raises(IllegalMoveError, match=r"no 6 \(7 cells\) left"):
        g.play("7h10")
    assert not any(str(m).startswith("7") for m in g.legal_moves())


def test_rules_1_1_2_placement_is_compulsory():
    """docs/rules.md 1.1.2 and 1.5: pass is legal only when no placement is."""
    g = new_game()
    with pytest.raises(IllegalMoveError, match="only when no other move is legal"):
        g.play("pass")
    assert "pass" not in [str(m) for m in g.legal_moves()]


def test_rules_1_1_3_stuck_player_passes_and_never_places_again():
    """docs/rules.md 1.1.3: no placement -> pass; the passer is skipped; the other keeps placing."""
    g = nearly_full()
    assert [str(m) for m in g.legal_moves()] == ["pass"]
    g = g.play("pass")
    assert g.to_move == Player.LIGHT and g.first_passer == Player.DARK
    assert g.has_passed(Player.DARK)
    assert [str(m) for m in g.legal_moves()] == ["3h90"]
    g = g.play("3h90")
    assert g.to_move == Player.LIGHT, "the passer never places again: Light moves again"
    assert [str(m) for m in g.legal_moves()] == ["pass"]


def test_rules_1_1_3_other_player_keeps_placing_turn_after_turn():
    """docs/rules.md 1.1.3: after one side passes the other places every turn while it can."""
    light = ["5h65", "7h70", "3h77", "6h80", "4h86"]  # row 9 left empty: 10 cells
    g = IsaacState.setup(DARK_ALL, light, phase="placement", to_move=Player.DARK)
    g = g.play("pass")
    g = g.play("3h90")
    assert g.to_move == Player.LIGHT
    g = g.play("4h93")
    assert g.to_move == Player.LIGHT
    g = g.play("3h97")
    assert g.to_move == Player.LIGHT and g.phase == "placement"


def test_rules_1_1_4_and_1_1_5_both_pass_then_first_passer_opens_scoring():
    """docs/rules.md 1.1.4-1.1.5: both passed ends placement; the first passer starts scoring."""
    g = nearly_full().play("pass").play("3h90").play("pass")
    assert g.phase == "scoring"
    assert g.to_move == Player.DARK and g.first_passer == Player.DARK
    # pieces still in hand are set aside, untouched
    assert g.hand(Player.LIGHT) == {3: 2, 4: 2, 5: 2, 6: 1, 7: 0}
    assert g.hand(Player.DARK) == {3: 0, 4: 0, 5: 0, 6: 0, 7: 0}


def test_rules_1_1_5_light_can_be_first_passer():
    """docs/rules.md 1.1.5: whoever passed first, even Light, opens the scoring phase."""
    g = nearly_full(to_move=Player.LIGHT).play("3h90")
    # Light placed; Dark (empty hand) must pass, then Light passes
    assert g.to_move == Player.DARK
    g = g.play("pass").play("pass")
    assert g.phase == "scoring" and g.to_move == Player.DARK
    g2 = IsaacState.setup(DARK_ALL, LIGHT_SOME + ["3h90"], phase="placement", to_move="light")
    g2 = g2.play("pass").play("pass")
    assert g2.first_passer == Player.LIGHT and g2.to_move == Player.LIGHT


def test_rules_4_notation_round_trip_on_placements():
    """docs/rules.md 4: `<len><h|v><rc>` is the canonical placement notation."""
    g = new_game()
    for move in g.legal_moves():
        assert str(g.parse_move(str(move))) == str(move)
    assert g.parse_move("5v04") == Place(5, "v", 4)
    assert str(g.play("5v04").moves[-1]) == "5v04"
