"""`python -m isaac_game analyse RECORD`: the computer's view of a game, by the judge the
hint, the coach and Review use (`ai/judge.py`: counted work, so the same on any machine).

Prints one line per move: the move played, the move Hard prefers, and the win chance
the move played gave away, marked when it is a mistake or a blunder. A progress bar
goes to stderr. The last line is `analysis: N moves, M mistakes, B blunders`, then
the same split by player. Exit status 2 for a file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
import time

from isaac_game.ai.analysis import BLUNDER, MISTAKE, analyse, summary
from isaac_game.ai.judge import playouts
from isaac_game.rules import RecordError, load_journal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Review a saved game (finished or not) move by move with Hard's search. "
        f"A move that gives away {MISTAKE:.0%} of win chance or more is a mistake; "
        f"{BLUNDER:.0%} or more, a blunder."
    )
    parser.add_argument("record", metavar="RECORD", help="a saved game (.isaac file)")
    parser.add_argument(
        "--seed", type=int, default=0, help="the judge's seed (the window's is 0, the default)"
    )


def _progress(started: float) -> object:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        spent = time.perf_counter() - started
        eta = spent / max(done, 1) * (total - done)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} positions, eta {eta:.0f} s "
        )
        sys.stderr.flush()

    return show


def run(args: argparse.Namespace) -> int:
    try:
        record = load_journal(args.record)
    except (OSError, RecordError, ValueError) as error:
        print(f"isaac analyse: {error}", file=sys.stderr)
        return 2
    moves = record.state.moves
    progress = _progress(time.perf_counter())
    reviews = analyse(record.game, moves, args.seed, progress)  # type: ignore[arg-type]
    sys.stderr.write("\n")
    each = playouts(record.game)
    print(f"{record.game.upper()}: {len(moves)} moves, {each:,} playouts a position")
    for r in reviews:
        mark = f"  {r.mark}" if r.mark else ""
        print(
            f"{r.ply + 1:4d}. {r.mover.title:<5} played {str(r.played):<10} "
            f"Hard prefers {str(r.preferred):<10} gave away {r.loss:6.1%}{mark}"
        )
    print(summary(reviews))
    return 0
