"""`python -m isaac_game bench --judge`: how far the judge can be trusted, and how fast.

For `--positions` positions of a game (random play from a fixed seed, spread over the
game), the judge weighs the position Hard's move leaves and the one another legal move
leaves, with `--seeds` seeds of its own: the spread of a position's win chance and of a
loss (the one number the coach and Review speak of) over the seeds says how much of a
loss is noise. It also times what the coach waits for on this machine: one check of a
move with nothing judged before (Hard's move, then both positions), and one after a hint
(both positions). The figures are printed, never asserted: docs/strength.md keeps them.
"""

from __future__ import annotations

import random
import statistics
import time

from isaac_game.ai.coach import check_move
from isaac_game.ai.generic import rule_of_thumb
from isaac_game.ai.judge import MISTAKE, NOISE, Judge, playouts
from isaac_game.rules import GameState, new_game


def sample(game: str, count: int, seed: int) -> list[GameState]:
    """`count` positions of `game` with a choice to make, each at a random point of a
    game both sides play by the rule of thumb (so neither is lost from the start)."""
    rng = random.Random(f"judge-bench|{game}|{seed}")
    found: list[GameState] = []
    while len(found) < count:
        states = [new_game(game)]
        while not states[-1].is_over:
            states.append(states[-1].play(rule_of_thumb(states[-1], rng)))
        state = rng.choice(states[:-1])
        if len(state.legal_moves()) > 1:
            found.append(state)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_judge_bench(game: str, positions: int, seeds: int, seed: int) -> int:
    chance_spread: list[float] = []
    loss_spread: list[float] = []
    checks: list[float] = []
    after_hint: list[float] = []
    rng = random.Random(seed)
    for n, state in enumerate(sample(game, positions, seed), 1):
        best = Judge().best(state)
        other = rng.choice([str(m) for m in state.legal_moves() if str(m) != best])
        chances, losses = [], []
        for k in range(seeds):
            judge = Judge(seed=k)
            after_best = judge.chance(state.play(best))
            after_other = judge.chance(state.play(other))
            mover = state.to_move
            assert mover is not None
            chances.append(after_best.pov(mover))
            losses.append(after_best.pov(mover) - after_other.pov(mover))
        chance_spread.append(statistics.pstdev(chances))
        loss_spread.append(statistics.pstdev(losses))
        moves = (*state.moves, other)
        started = time.perf_counter()
        _review, known = check_move(game, moves)
        checks.append(time.perf_counter() - started)
        hinted = {k: v for k, v in known.items() if v[1] is not None}  # a hint's: Hard's move
        started = time.perf_counter()
        check_move(game, moves, hinted)
        after_hint.append(time.perf_counter() - started)
        print(f"\r{game}: {n}/{positions} positions", end="", flush=True)
    print()
    print(f"{game}: {playouts(game):,} playouts a position, {seeds} seeds, {positions} positions")
    print(
        f"  spread of a win chance: mean {statistics.mean(chance_spread):.1%}, "
        f"95th percentile {percentile(chance_spread, 0.95):.1%}, most {max(chance_spread):.1%}"
    )
    print(
        f"  spread of a loss:       mean {statistics.mean(loss_spread):.1%}, "
        f"95th percentile {percentile(loss_spread, 0.95):.1%}, most {max(loss_spread):.1%}"
        f"  (a mistake from {MISTAKE:.0%}; 'about as good' under {NOISE:.0%})"
    )
    print(
        f"  a coach's check: median {statistics.median(checks):.2f} s, "
        f"90th percentile {percentile(checks, 0.9):.2f} s; after a hint: median "
        f"{statistics.median(after_hint):.2f} s, "
        f"90th percentile {percentile(after_hint, 0.9):.2f} s"
    )
    return 0
