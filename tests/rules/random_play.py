"""Random play for the tests of the fast cores and the playouts: positions from random
games that reach every phase, and the engine's winner as a playout reports it."""

from __future__ import annotations

import random

from isaac_game.rules import GameState, Move, Player, new_game


def next_move(state: GameState, legal: list[Move], rng: random.Random) -> Move:
    """Mostly random, but ISAAC's full gains and HARI's slides often, so that games
    reach 100 (docs/rules.md 1.3) and long slide turns happen (docs/rules.md 3.5)."""
    texts = [str(m) for m in legal]
    if state.game == "isaac" and texts[0].startswith("x") and rng.random() < 0.7:
        fullest = {m.cell: m for m in legal}  # type: ignore[attr-defined]
        return rng.choice(list(fullest.values()))
    if state.game == "hari" and rng.random() < 0.6:
        slides = [m for m, text in zip(legal, texts, strict=True) if text.startswith("s")]
        if slides:
            return rng.choice(slides)
    return rng.choice(legal)


def random_position(game: str, rng: random.Random, plies: int) -> GameState:
    state = new_game(game)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(next_move(state, list(state.legal_moves()), rng))
    return state


def outcome(state: GameState) -> float:
    """The engine's winner as a core says it: 1 Dark, 0 Light, 0.5 a draw."""
    winner = state.winner
    return 0.5 if winner is None else 1.0 - Player(winner).index
