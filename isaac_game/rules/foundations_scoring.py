"""FOUNDATIONS' result: who wins, and how equal hands are decided (docs/rules.md 2.7).

Kept apart from the state, as ISAAC's arithmetic is in `isaac_scoring`, so the
client, the tests and the state use one formula, with no position in hand.
"""

from __future__ import annotations

from typing import NamedTuple

from .common import Player


class LevelTieBreak(NamedTuple):
    """How equal hands were decided (docs/rules.md 2.7), as facts rather than words, so
    that each screen can say it in its own language; `str()` is the English of records
    and the command line. `levels` are the levels looked at, top first, each as (level,
    Dark's value on it, Light's); the last one decided, unless `winner` is None (a draw:
    equal on every level)."""

    hand_value: int
    levels: tuple[tuple[int, int, int], ...]
    winner: Player | None

    def __str__(self) -> str:
        parts = [f"hands tied at {self.hand_value}"]
        for level, d, lt in self.levels:
            if d == lt:
                parts.append(f"level {level}: {d} each")
                continue
            win = Player.DARK if d < lt else Player.LIGHT
            mine, theirs = (d, lt) if win is Player.DARK else (lt, d)
            parts.append(
                f"level {level}: {win.title} {mine} against {win.other.title} {theirs}, "
                f"so {win.title} wins"
            )
        if self.winner is None:
            parts.append("equal on every level: a draw")
        return "; ".join(parts)


def decide(
    hand_values: tuple[int, int], level_values: list[tuple[int, int]]
) -> tuple[Player | None, LevelTieBreak | None]:
    """Winner (None for a draw) and the tie-break that decided (docs/rules.md 2.7).

    `level_values[k - 1]` is (Dark's, Light's) total value on level k. The tie-break is
    None when the hands alone decide.
    """
    dark, light = hand_values
    if dark != light:
        return (Player.DARK if dark < light else Player.LIGHT), None
    looked: list[tuple[int, int, int]] = []
    for level in range(len(level_values), 0, -1):
        d, lt = level_values[level - 1]
        looked.append((level, d, lt))
        if d != lt:
            win = Player.DARK if d < lt else Player.LIGHT
            return win, LevelTieBreak(dark, tuple(looked), win)
    return None, LevelTieBreak(dark, tuple(looked), None)
