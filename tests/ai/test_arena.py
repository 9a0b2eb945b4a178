"""`python -m isaac_game arena`: the last line states the result."""

from __future__ import annotations

import re

from isaac_game.cli import main


def test_arena_last_line(capsys):
    assert main(["arena", "greedy", "random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr()
    last = out.out.strip().splitlines()[-1]
    assert re.fullmatch(r"greedy vs random: greedy won [0-2] of 2 games \(\d+%\)", last), last
    assert "games" in out.err  # the progress bar
