"""`python -m isaac_game bench`: how fast the engine plays whole random games.

The figure is printed, never asserted in tests: timing asserts make CI flaky.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from isaac_game.rules import game_info, game_names, new_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=game_names(), default="isaac")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ui", action="store_true", help="measure frame times instead")
    parser.add_argument(
        "--idle", action="store_true", help="measure the CPU the client uses while nobody plays"
    )
    parser.add_argument(
        "--think",
        metavar="LEVEL",
        default=None,
        help="with --ui: a computer level thinks about --game all the while (e.g. hard)",
    )
    parser.add_argument(
        "--search",
        action="store_true",
        help="measure Hard's search instead: playouts (ISAAC: positions judged) a second",
    )
    parser.add_argument(
        "--cores", type=int, default=1, help="with --search: processes Hard searches in"
    )
    parser.add_argument(
        "--judge",
        action="store_true",
        help="measure the teacher's judge instead: its spread over seeds, and the coach's wait",
    )
    parser.add_argument("--positions", type=int, default=100, help="with --judge: how many")
    parser.add_argument("--seeds", type=int, default=10, help="with --judge: seeds a position")
    parser.add_argument(
        "--relay",
        action="store_true",
        help="measure games through a local relay instead: latency, the relay's memory and CPU",
    )
    parser.add_argument("--games", type=int, default=200, help="with --relay: games at once")
    parser.add_argument(
        "--pace", type=float, default=0.5, help="with --relay: seconds a side waits before a move"
    )


def public_api_game(rng: random.Random, game: str) -> int:
    """One random game through legal_moves() and play(); returns its length in plies."""
    state = new_game(game)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return len(state.moves)


def measure(play_one: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Run `play_one` until `seconds` pass: (games played, seconds taken)."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play_one()
        count += 1
        if count % 16 == 0 and time.perf_counter() >= deadline:
            break
    return count, time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    if args.ui:
        from isaac_game.client.tools.bench import run_ui_bench

        return run_ui_bench(args.seconds, args.think, args.game)
    if args.search:
        from .search_bench import run_search_bench  # a command's helper module

        return run_search_bench(args.game, args.seconds, args.cores, args.seed)
    if args.judge:
        from .judge_bench import run_judge_bench  # a command's helper module

        return run_judge_bench(args.game, args.positions, args.seeds, args.seed)
    if args.relay:
        from .relay_bench import run_relay_bench  # a command's helper module

        return run_relay_bench(args.games, args.pace)
    if args.idle:
        from isaac_game.client.tools.idle_bench import run_idle_bench

        return run_idle_bench(args.seconds)
    rng = random.Random(args.seed)
    api_games, api_time = measure(lambda: public_api_game(rng, args.game), min(args.seconds, 2.0))
    print(f"{args.game}: public API: {api_time / api_games * 1000:.2f} ms per random game")
    core = game_info(args.game).core  # the game's fast core, where it has one
    if core is None:
        games, taken = measure(lambda: public_api_game(rng, args.game), args.seconds)
    else:
        games, taken = measure(lambda: core.start().playout(rng), args.seconds)
    print(f"{args.game}: {games / taken:.0f} random games/s", flush=True)
    return 0
