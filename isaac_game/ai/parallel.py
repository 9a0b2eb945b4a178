"""Thinking on several cores: one player's search split over helper processes.

Hard thinks on every core the machine has. Its own process searches one share of
the work and `HelperPool` runs the other shares at the same time, each in a helper
process (a `worker.Worker`) at a lower priority than the window, so the screen keeps
its frame rate while the computer thinks. The shares are:

- FOUNDATIONS and HARI: *root parallelism*. Every process searches the whole tree
  with its own random generator and keeps its own tree from move to move; the root
  moves' visits and wins are added up, and the most visited move is played. It asks
  for nothing shared, so it scales with the cores as long as each search fills its
  time.
- ISAAC: the placement look-ahead *split at the root*. Each process deepens its own
  slice of the candidate placements with the whole allowance, and the answer is the
  best placement at the deepest depth every slice finished. Each root placement is
  searched with a full window, so the split gives the same values as one process
  would, only deeper.

A helper that dies or hangs is replaced by its `Worker`; a share that has not
answered when its time is up (and a grace) is left out, so a move never waits on a
helper for long, and one process's answer always stands.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import time
from dataclasses import dataclass

from isaac_game.rules import GameState, IsaacCore

from .lookahead import NOMINAL_RATE, Slice, best_of, scored_depths
from .mcts import Choice as RootChoice
from .mcts import KeptTree, SearchSettings, Verdict, search
from .placement import Weights
from .worker import EncodedState, Task, Worker, decode_state, encode_state

#: A share answered this long past its time is still waited for; later, it is left out.
SHARE_GRACE = 0.5
#: ISAAC's slices are waited for longer: a slice left out is root placements never
#: looked at, and a helper's first answer includes its start (about a second on a slow
#: machine). A slice is held to its allowance, so a live helper answers in time.
SLICE_GRACE = 2.0
#: Each helper process's kept trees, by the pool that owns them (`search_share`).
_TREES: dict[str, KeptTree] = {}
_POOL_NUMBERS = itertools.count()


def available_cores() -> int:
    """The cores this process may run on (its affinity where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def allow_helpers() -> None:
    """Let this process start helpers even where it is itself a daemonic worker.

    multiprocessing refuses children to a daemonic process (the seat's thinking
    process and the arena's pool workers are daemonic, so they end with their
    parent). The flag only guards that refusal here, in the child: the parent still
    ends this process as a daemon, and the helpers it starts are daemonic themselves,
    so they end with it, or on their own when its pipe closes."""
    process = multiprocessing.current_process()
    if process.daemon:
        process.daemon = False


class HelperPool:
    """`helpers` thinking processes for one player, started on its first move."""

    def __init__(self, helpers: int) -> None:
        self.token = f"{os.getpid()}-{next(_POOL_NUMBERS)}"
        self.workers = [Worker() for _ in range(max(0, helpers))]
        allow_helpers()

    def run(self, tasks: list[Task], seconds: float) -> None:
        """Send one task to each helper (at most one each); `gather` collects them."""
        for worker, task in zip(self.workers, tasks, strict=False):
            worker.submit(task, seconds)

    def gather(
        self, count: int, seconds: float, started: float, grace: float = SHARE_GRACE
    ) -> list[object | None]:
        """The answers to the last `run` in order, waiting until each is in: None for a
        share that failed, or that has not answered `seconds` and `grace` after
        `started`."""
        answers: list[object | None] = [None] * count
        waiting = set(range(count))
        deadline = started + seconds + grace
        while waiting:
            for index in sorted(waiting):
                answer = self.workers[index].poll()
                if answer is not None:
                    answers[index] = answer.value if answer.ok else None
                    waiting.discard(index)
            if waiting:
                if time.perf_counter() > deadline:
                    for index in waiting:
                        self.workers[index].cancel()
                    break
                time.sleep(0.001)
        return answers

    def close(self) -> None:
        for worker in self.workers:
            worker.close()


# ----- FOUNDATIONS and HARI: root parallelism -------------------------------------------


@dataclass(frozen=True)
class Share:
    """One process's root after a search: (move, visits, wins) and its playouts."""

    roots: tuple[tuple[str, int, float], ...]
    iterations: int


def search_share(
    token: str,
    position: EncodedState,
    seconds: float,
    seed: int,
    settings: SearchSettings,
    max_iterations: int | None,
) -> Share:
    """A helper's share of a root-parallel search (runs in the helper), on its own
    tree kept for the pool `token`."""
    state = decode_state(position)
    tree = _TREES.setdefault(token, KeptTree())
    verdict = search(
        state, seconds, random.Random(seed), settings, max_iterations=max_iterations, kept=tree
    )
    return _share_of(verdict)


def _share_of(verdict: Verdict) -> Share:
    roots = tuple((str(c.move), c.visits, c.win_chance * c.visits) for c in verdict.choices)
    return Share(roots, verdict.iterations)


def parallel_search(
    pool: HelperPool,
    state: GameState,
    seconds: float,
    rng: random.Random,
    settings: SearchSettings,
    kept: KeptTree,
    max_iterations: int | None = None,
) -> Verdict:
    """`mcts.search` on this process and every helper of `pool` at once, root moves'
    visits and wins added up."""
    started = time.perf_counter()
    position = encode_state(state)
    tasks = [
        Task(
            search_share,
            (pool.token, position, seconds, rng.randrange(2**31), settings, max_iterations),
        )
        for _ in pool.workers
    ]
    pool.run(tasks, seconds)
    own = search(state, seconds, rng, settings, max_iterations=max_iterations, kept=kept)
    shares = [_share_of(own)]
    shares += [s for s in pool.gather(len(tasks), seconds, started) if isinstance(s, Share)]
    return merge_shares(state, shares, own)


def merge_shares(state: GameState, shares: list[Share], own: Verdict) -> Verdict:
    """One verdict from every process's root: visits and wins summed per move."""
    visits: dict[str, int] = {}
    wins: dict[str, float] = {}
    for share in shares:
        for text, count, won in share.roots:
            visits[text] = visits.get(text, 0) + count
            wins[text] = wins.get(text, 0.0) + won
    moves = {str(c.move): c.move for c in own.choices}
    choices = sorted(
        (
            RootChoice(
                moves[text] if text in moves else state.parse_move(text),
                count,
                wins[text] / count if count else 0.5,
            )
            for text, count in visits.items()
        ),
        key=lambda ch: (ch.visits, ch.win_chance),
        reverse=True,
    )
    iterations = sum(s.iterations for s in shares)
    return Verdict(tuple(choices) or own.choices, iterations, own.value, own.inherited)


# ----- ISAAC: the look-ahead split at the root --------------------------------------------


def placement_share(
    position: EncodedState,
    weights: Weights,
    seconds: float,
    max_depth: int,
    part: int,
    parts: int,
    rate: int = NOMINAL_RATE,
) -> Slice:
    """A helper's slice of the root placements (runs in the helper): its scores at
    each depth it finished."""
    board = IsaacCore.of(decode_state(position))
    return scored_depths(board, weights, seconds, max_depth, part, parts, rate)


def parallel_placement(
    pool: HelperPool,
    state: GameState,
    board: IsaacCore,
    weights: Weights,
    seconds: float,
    max_depth: int,
    rate: int = NOMINAL_RATE,
) -> tuple[int, int, int]:
    """(shape id, depth reached, positions judged), as `lookahead.deepest_placement`
    with this process and each helper deepening a slice of the root placements."""
    started = time.perf_counter()
    parts = len(pool.workers) + 1
    position = encode_state(state)
    tasks = [
        Task(placement_share, (position, weights, seconds, max_depth, part, parts, rate))
        for part in range(1, parts)
    ]
    pool.run(tasks, seconds)
    slices = [scored_depths(board, weights, seconds, max_depth, 0, parts, rate)]
    for answer in pool.gather(len(tasks), seconds, started, SLICE_GRACE):
        if isinstance(answer, Slice):
            slices.append(answer)
    sid, depth = best_of(board, weights, slices)
    return sid, depth, sum(s.judged for s in slices)
