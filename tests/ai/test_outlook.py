"""Hard's learned judgement of ISAAC positions (docs/rules.md 1.1-1.4) and the command that
fits it: the features read the board as the rules score it, the fit recovers a model
it is given, and the look-ahead judges where its lines of play end."""

from __future__ import annotations

import argparse
import math
import random

import pytest

from isaac_game.ai import lookahead, outlook
from isaac_game.ai.placement import Weights
from isaac_game.commands.fit_outlook import (
    accuracy,
    fit_logistic,
    kept_games,
    log_loss,
    placement_positions,
    run,
    selfplay_game,
)
from isaac_game.rules import IsaacCore, shape_id

from .positions import replay


def feature(board: IsaacCore, name: str) -> float:
    return outlook.features(board)[outlook.FEATURES.index(name)]


def test_every_feature_has_a_weight_in_both_models():
    assert len(outlook.PLACING) == len(outlook.FEATURES) == len(outlook.PLACED)
    assert len(outlook.features(IsaacCore.of(replay([])))) == len(outlook.FEATURES)


def test_rules_1_1_the_empty_board_differs_only_in_who_moves():
    board = IsaacCore.of(replay([]))
    values = dict(zip(outlook.FEATURES, outlook.features(board), strict=True))
    assert values.pop("dark_to_move") == 1.0  # docs/rules.md 1.1.1: Dark moves first
    assert values.pop("empty_cells") == 100
    assert values.pop("bias") == 1.0
    assert set(values.values()) == {0.0}


def test_rules_1_3_3_potential_counts_the_other_pieces_on_the_line_times_the_value():
    # Dark's 3 (5 cells) along row 0, crossed by Light's 1 (3 cells) down column 5:
    # removing the 3 now would score 3 x 1 = 3 (docs/rules.md 1.3.3, no counter counted);
    # Light's 1 has nothing else on column 5 and would score 0.
    board = IsaacCore.of(replay(["5h00", "3v05"]))
    assert feature(board, "potential") == 3
    assert feature(board, "potential_3") == 3
    assert feature(board, "potential_1") == 0
    assert feature(board, "near_rows") == 3  # row 0 is in Dark's half
    assert feature(board, "pieces") == 0.0
    assert feature(board, "in_hand") == 1 - 3  # Dark has placed 3, Light 1


def test_rules_1_1_5_the_finished_placement_says_who_starts_scoring():
    moves, _winner = selfplay_game(3)
    finished = placement_positions(moves)[-1]
    assert finished.phase == "scoring"
    starter = 1.0 if finished.first_passer == 0 else -1.0
    assert feature(finished, "dark_passed_first") == starter
    assert feature(finished, "dark_to_move") == starter  # docs/rules.md 1.1.5
    expected = outlook.dark_log_odds(finished)
    mover = 1 if finished.turn == 0 else -1
    assert outlook.mover_log_odds(finished) == pytest.approx(mover * expected)


def test_placement_positions_replays_every_placement_of_a_record():
    moves, _winner = selfplay_game(5)
    positions = placement_positions(moves)
    placing = moves[: moves.index("pass")]
    assert len(positions) >= len(placing) + 1
    assert all(b.phase == "placement" for b in positions[:-1])
    first = positions[1]
    assert first.owned[0] == [shape_id(int(moves[0][0]), moves[0][1], int(moves[0][2:]))]


def test_the_fit_recovers_the_model_that_made_the_labels():
    rng = random.Random(4)
    truth = [1.5, -2.0, 0.5]
    rows, labels = [], []
    for _ in range(3000):
        row = [rng.gauss(0, 1), rng.gauss(0, 3), 1.0]
        z = sum(w * x for w, x in zip(truth, row, strict=True))
        rows.append(row)
        labels.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    fitted = fit_logistic(rows, labels, l2=0.01)
    assert fitted == pytest.approx(truth, abs=0.25)
    assert accuracy(fitted, rows, labels) > 0.8
    wrong = [-w for w in truth]
    assert log_loss(fitted, rows, labels) < math.log(2) < log_loss(wrong, rows, labels)


def test_the_look_ahead_ends_its_lines_on_the_outlook(unhurried):
    board = IsaacCore.of(replay(["5h00", "3v10", "7v09"]))
    sid, depth = lookahead.deepest_placement(board, Weights(), 0.2)
    assert sid in board.placements()
    assert depth >= 2
    again = lookahead.deepest_placement(board, Weights(), 0.2)
    assert again == (sid, depth)  # counted in positions, not seconds: the same move


def test_a_larger_rate_buys_the_look_ahead_that_many_more_positions(unhurried):
    board = IsaacCore.of(replay(["5h00", "3v10", "7v09"]))
    small = lookahead.scored_depths(board, Weights(), 0.05, 8, rate=2000)
    large = lookahead.scored_depths(board, Weights(), 0.05, 8, rate=8000)
    assert (small.judged, large.judged) == (101, 401)  # the allowance, and the step over it
    assert max(large.scores) > max(small.scores)


def test_fit_outlook_prints_both_models(capsys):
    args = argparse.Namespace(games=3, jobs=1, seed=7, l2=0.01, level="hard1", record=None)
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "PLACING: tuple[float, ...] = (" in out
    assert "PLACED: tuple[float, ...] = (" in out
    assert out.count("# potential\n") == 2


def test_fit_outlook_keeps_its_games_and_reuses_them(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    args = argparse.Namespace(games=2, jobs=1, seed=7, l2=0.01, level="hard1", record=str(record))
    assert run(args) == 0
    first = capsys.readouterr().out
    lines = record.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    record.write_text(lines[0] + "\n" + lines[1][:20], encoding="utf-8")  # torn
    assert run(args) == 0
    captured = capsys.readouterr()
    assert "reused 1 of 2 games" in captured.err
    assert "the weights in outlook.py: accuracy" in captured.err
    assert captured.out == first  # the same games, so the same fit
    kept = kept_games(record, "hard1")
    assert sorted(kept) == [7, 8]
    assert kept_games(record, "hard") == {}
