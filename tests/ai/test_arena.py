"""`python -m isaac_game arena`: the last line states the result."""

from __future__ import annotations

import re

from isaac_game.commands.cli import main


def test_arena_last_line(capsys):
    assert main(["arena", "greedy", "random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr()
    last = out.out.strip().splitlines()[-1]
    assert re.fullmatch(r"greedy vs random: greedy won [0-2] of 2 games \(\d+%\)", last), last
    assert "games" in out.err  # the progress bar


def test_arena_plays_the_sister_games_and_the_yardsticks(capsys):
    for game in ("foundations", "hari"):
        args = ["arena", "hard1", "uct", "--game", game, "--games", "2", "--movetime", "0.05"]
        assert main(args) == 0
        lines = capsys.readouterr().out.strip().splitlines()
        assert lines[0].startswith(f"{game.upper()}: hard1 as Dark won ")
        assert any(line.startswith("uct: ") and "s at most" in line for line in lines)
        assert re.fullmatch(
            r"hard1 vs uct: hard1 won [0-2](\.5)? of 2 games \(\d+%\)(, \d drawn)?", lines[-1]
        ), lines[-1]


def test_openings_are_shared_by_a_pair_of_games_and_differ_between_pairs():
    from isaac_game.commands.arena import opening_position

    assert opening_position("isaac", 1, 0, 0).moves == ()
    pairs = [opening_position("hari", 1, pair, 4).moves for pair in range(4)]
    assert all(len(moves) == 4 for moves in pairs)
    assert pairs[0] == opening_position("hari", 1, 0, 4).moves  # both games of a pair
    assert len(set(pairs)) > 1
