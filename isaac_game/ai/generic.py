"""Computer play for FOUNDATIONS and HARI: a simple rule of thumb over the public API.

The searching levels understand ISAAC only. So that every level still plays the
sister games sensibly (headless LAN games, the arena), the stronger levels follow
the rule of thumb both games reward: pieces go in non-decreasing length, so play
the shortest piece you may (it keeps every longer piece playable), and among those
the move that leaves you best off by the game's own score. The weaker levels play
at random. A real search for these games is future work.
"""

from __future__ import annotations

import random

from isaac_game.rules import Discard, GameState, Move, Place, Player

#: Levels that judge moves here; the others play a random legal move.
JUDGING_LEVELS = ("medium", "hard", "greedy")


def standing(state: GameState, player: Player) -> int:
    """How well `player` stands by the game's score (higher is better)."""
    mine, theirs = state.scores[player.index], state.scores[player.other.index]
    if state.game == "foundations":  # value left in hand: less is better
        return theirs - mine
    return mine - theirs  # HARI: value on the board


def choose_generic(level: str, state: GameState, rng: random.Random) -> Move:
    """A legal move for FOUNDATIONS or HARI at `level`."""
    legal = state.legal_moves()
    if level not in JUDGING_LEVELS or len(legal) == 1:
        return rng.choice(legal)
    mover = state.to_move
    assert mover is not None
    plays = [m for m in legal if isinstance(m, Place | Discard)]
    if not plays:  # only slides (HARI) or a pass: any will do
        return rng.choice(legal)
    shortest = min(m.length for m in plays)
    best: list[Move] = []
    best_value = None
    for move in plays:
        if move.length != shortest:
            continue
        value = standing(state.play(move), mover)
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)
