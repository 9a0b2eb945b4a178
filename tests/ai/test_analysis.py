"""`python -m isaac_game analyse`: the computer's view of a saved game."""

from __future__ import annotations

import re

from isaac_game.ai.analysis import (
    BLUNDER,
    MISTAKE,
    MoveReview,
    PositionView,
    reviews_of,
    summary,
)
from isaac_game.ai.judge import WinChance
from isaac_game.commands.cli import main
from isaac_game.rules import Player, record_text

from .positions import BLOCK_LAST, replay


def test_analyse_marks_the_blunder_planted_in_a_known_game(tmp_path, capsys):
    """docs/rules.md 1.6, last check: Light must stop short on x02-36 to block Dark's last
    piece (every other move loses, see test_levels); x02-39 is planted instead."""
    path = tmp_path / "planted.isaac.txt"
    path.write_text(record_text(replay(BLOCK_LAST).play("x02-39")))
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    planted = next(line for line in lines if line.lstrip().startswith(f"{len(BLOCK_LAST) + 1}."))
    assert "x02-39" in planted and "Hard prefers x02-36" in planted
    assert planted.endswith("blunder"), planted
    assert re.fullmatch(
        r"analysis: 26 moves, \d+ mistakes?, \d+ blunders?; "
        r"Dark: \d+ mistakes?, \d+ blunders?; Light: \d+ mistakes?, [1-9]\d* blunders?",
        lines[-1],
    ), lines[-1]
    assert "positions" in out.err  # the progress bar


def test_analyse_refuses_a_file_it_cannot_read(tmp_path, capsys):
    path = tmp_path / "bad.isaac.txt"
    path.write_text("Game: chess\n")
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("isaac analyse: ") and len(err.strip().splitlines()) == 1


def test_thresholds_name_mistakes_and_blunders():
    def review(chance, after, played="a", preferred="b"):
        return MoveReview(0, Player.DARK, played, preferred, chance, after)

    assert review(0.6, 0.6 - MISTAKE + 0.01).mark is None
    assert review(0.6, 0.6 - MISTAKE).mark == "mistake"
    assert review(0.6, 0.6 - BLUNDER).mark == "blunder"
    assert review(0.9, 0.1, played="b").mark is None  # Hard's own move gives nothing away


def test_a_game_that_is_not_over_is_reviewed_to_its_last_move():
    moves = ["5v04", "6h84", "7v09"]
    views = [
        PositionView("7h00", WinChance(0.5), WinChance(0.5)),
        PositionView("6h50", WinChance(0.45), WinChance(0.45)),  # Light's 0.55 after it
        PositionView("5h75", WinChance(0.5), WinChance(0.5)),  # Light's 0.5 after 6h84
        PositionView("6h30", WinChance(0.5), WinChance(0.5)),
    ]
    reviews = reviews_of("isaac", moves, views)
    assert [str(r.played) for r in reviews] == moves
    assert reviews[1].mover == Player.LIGHT and round(reviews[1].loss, 2) == 0.05


def test_a_count_of_one_is_said_in_the_singular():
    def review(ply, mover, loss):
        return MoveReview(ply, mover, "a", "b", 0.9, 0.9 - loss)

    reviews = [review(0, Player.DARK, 0.3), review(1, Player.LIGHT, 0.12)]
    assert summary(reviews) == (
        "analysis: 2 moves, 1 mistake, 1 blunder; Dark: 0 mistakes, 1 blunder; "
        "Light: 1 mistake, 0 blunders"
    )
