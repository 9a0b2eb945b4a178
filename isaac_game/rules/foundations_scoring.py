"""FOUNDATIONS' result: who wins, and how equal hands are decided (docs/rules.md 2.7).

Kept apart from the state, as ISAAC's arithmetic is in `isaac_scoring`, so the
client, the tests and the state use one formula, with no position in hand.
"""

from __future__ import annotations

from .common import Player


def decide(
    hand_values: tuple[int, int], level_values: list[tuple[int, int]]
) -> tuple[Player | None, str | None]:
    """Winner (None for a draw) and the tie-break explanation (docs/rules.md 2.7).

    `level_values[k - 1]` is (Dark's, Light's) total value on level k. The
    explanation is None when the hands alone decide.
    """
    dark, light = hand_values
    if dark != light:
        return (Player.DARK if dark < light else Player.LIGHT), None
    parts = [f"hands tied at {dark}"]
    for level in range(len(level_values), 0, -1):
        d, lt = level_values[level - 1]
        if d == lt:
            parts.append(f"level {level}: {d} each")
            continue
        win = Player.DARK if d < lt else Player.LIGHT
        mine, theirs = (d, lt) if win is Player.DARK else (lt, d)
        parts.append(
            f"level {level}: {win.title} {mine} against {win.other.title} {theirs}, "
            f"so {win.title} wins"
        )
        return win, "; ".join(parts)
    parts.append("equal on every level: a draw")
    return None, "; ".join(parts)
