"""How much a move tried in a practice position gives away against Hard's move.

The two positions the moves leave are searched with the same budget and seed, so the
noise of the search is shared by both sides of the comparison (a worker's task: plain
values in and out, like `analysis.view_position`).
"""

from __future__ import annotations

import random

from isaac_game.rules import GameState, Player, new_game

from .analysis import judge


def chance_after(state: GameState, move: str, seconds: float, seed: int = 0) -> float:
    """The mover's win chance once `move` is played in `state`: exact when it ends the
    game, else the search's."""
    mover = state.to_move
    assert mover is not None, "a position to practise has a player to move"
    after = state.play(move)
    if after.is_over:
        winner = after.winner
        return 0.5 if winner is None else float(winner == mover)
    chance = judge(after, seconds, random.Random(f"{seed}|{len(after.moves)}")).value
    return chance if after.to_move == Player(mover) else 1.0 - chance


def tried_loss(
    game: str, moves: tuple[str, ...], best: str, tried: str, seconds: float, seed: int = 0
) -> float:
    """The win chance `tried` gives away against `best` in the position after `moves`
    (0 for Hard's move itself, never below 0)."""
    state = new_game(game)
    for move in moves:
        state = state.play(move)
    if str(state.parse_move(tried)) == str(state.parse_move(best)):
        return 0.0
    half = seconds / 2
    return max(0.0, chance_after(state, best, half, seed) - chance_after(state, tried, half, seed))
