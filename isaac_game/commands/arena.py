"""`python -m isaac_game arena A B --game G --games N`: two computer levels play N games.

Any level of the menu, a step of the game's ladder (`level1`...), a blend or a
playout count (`ai.ladder`), or a yardstick (`hard1`, `uct`), in any of the games.
Colours alternate (A is Dark in even-numbered games). The bots are driven directly,
one `choose` per move, and every move goes through `state.play`, so the rules check
it as in a match. Games can run in parallel worker processes (`--jobs`). A progress
bar goes to stderr; the last line of stdout is the result:
`<A> vs <B>: <A> won W of N games (P%)`, draws counting half.

`--clock M+S` plays every game to a time control (docs/rules.md 5), each move's time
measured on the wall clock: a level spends its time by what is left on its clock
(`ai.seat.clock_budget`, as in the window), and a side that runs out loses. The
report says how many games were lost on time and the least time each level had left.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field

from isaac_game.ai.bots import DEFAULT_BUDGET
from isaac_game.ai.ladder import check_spec, make_player
from isaac_game.ai.seat import STEP_BUDGET, clock_budget
from isaac_game.clock import Clocks, TimeControl, TimeControlError
from isaac_game.levels import BOT_NAMES
from isaac_game.rules import GameState, Player, game_names, new_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(BOT_NAMES)
    parser.add_argument(
        "a",
        metavar="A",
        help=(
            f"a level: {names}, levelN, mix:LOW:HIGH:P, playouts:N[:crowd], "
            "removal:D, lookahead:N[:P] or hard:S (Hard at S seconds a move)"
        ),
    )
    parser.add_argument("b", metavar="B", help="the other level")
    parser.add_argument("--game", choices=game_names(), default="isaac", help="the game")
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds per move (default: each level's own)"
    )
    parser.add_argument(
        "--clock",
        type=clock_argument,
        default=None,
        metavar="M+S",
        help="play to a clock: M minutes each, S seconds added after each turn (1+1)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--cores",
        type=cores_pair,
        default=(1, 1),
        metavar="A,B",
        help="processes each side's search may use (default 1,1)",
    )
    parser.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="N",
        help="start each pair of games from the same N random moves, colours swapped "
        "(levels that never choose at random otherwise play the same game every time)",
    )


def clock_argument(text: str) -> str:
    """`--clock`, checked (a time control's own words when it cannot be read)."""
    try:
        control = TimeControl.parse(text)
    except TimeControlError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if control is None:
        raise argparse.ArgumentTypeError("give a time control (1+1), or leave --clock out")
    return str(control)


def cores_pair(text: str) -> tuple[int, int]:
    """`--cores 2,1` -> (2, 1)."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) >= 1 for p in parts):
        raise argparse.ArgumentTypeError("write the cores of A and B, each 1 or more: 2,1")
    return int(parts[0]), int(parts[1])


@dataclass
class GameResult:
    a_won: float  # 1 a win, 0.5 a draw, 0 a loss
    a_dark: bool
    scores: tuple[int, int]
    plies: int
    think: dict[str, list[float]] = field(default_factory=dict)  # level -> [s, moves, max s]
    #: played to a clock: the level that ran out of time ("" none), and the least time
    #: each level had left after a move (seconds)
    flagged: str = ""
    least_left: dict[str, float] = field(default_factory=dict)


def play_game(
    a: str,
    b: str,
    index: int,
    seed: int,
    movetime: float | None,
    game: str = "isaac",
    opening: int = 0,
    cores: tuple[int, int] = (1, 1),
    clock: str | None = None,
) -> GameResult:
    """One game; A is Dark when `index` is even. Games 2k and 2k + 1 begin with the same
    `opening` random moves. `cores`: A's and B's processes to think in. `clock`: the
    time control both play to (None: none)."""
    a_dark = index % 2 == 0
    game_seed = seed * 100_003 + index
    dark, light = ((a, cores[0]), (b, cores[1])) if a_dark else ((b, cores[1]), (a, cores[0]))
    bots = {
        Player.DARK: make_player(game, dark[0], game_seed * 2, dark[1]),
        Player.LIGHT: make_player(game, light[0], game_seed * 2 + 1, light[1]),
    }
    think: dict[str, list[float]] = {}
    state = opening_position(game, seed, index // 2, opening)
    timed = Timed(
        TimeControl.parse(clock or "none"), {Player.DARK: dark[0], Player.LIGHT: light[0]}
    )
    try:
        state = _play_out(state, bots, think, movetime, timed)
    finally:
        for bot in bots.values():
            bot.close()
    a_side = Player.DARK if a_dark else Player.LIGHT
    winner = state.winner if timed.flagged is None else timed.flagged.other
    won = 0.5 if winner is None else float(winner == a_side)
    flagged = "" if timed.flagged is None else timed.levels[timed.flagged]
    return GameResult(won, a_dark, state.scores, len(state.moves), think, flagged, timed.least)


class Timed:
    """A game's clocks in the arena (`--clock`), each move's time measured on the wall
    clock (the game's own `Clocks`, told what each move took), and the least time each
    level had left after a move."""

    def __init__(self, control: TimeControl | None, levels: dict[Player, str]) -> None:
        self.clocks = None if control is None else Clocks(control)
        self.levels = levels
        self.least: dict[str, float] = {}

    @property
    def flagged(self) -> Player | None:
        return None if self.clocks is None else self.clocks.flagged

    def budget(self, mover: Player, movetime: float | None) -> float | None:
        """The seconds the mover may think: its own, or less as its clock runs down."""
        if self.clocks is None:
            return movetime
        level = self.levels[mover]
        own = movetime if movetime is not None else DEFAULT_BUDGET.get(level, STEP_BUDGET)
        return clock_budget(own, self.clocks.left(mover), self.clocks.control.increment)

    def spent(self, mover: Player, seconds: float, turn_passed: bool) -> bool:
        """The mover spent `seconds` on a move; False once its time is out."""
        clocks = self.clocks
        if clocks is None:
            return True
        clocks.run(mover)
        flagged = clocks.elapse(seconds)
        level = self.levels[mover]
        self.least[level] = min(self.least.get(level, clocks.left(mover)), clocks.left(mover))
        if flagged is not None:
            return False
        if turn_passed:
            clocks.press(mover)
        return True


def _play_out(
    state: GameState,
    bots: dict,
    think: dict[str, list[float]],
    movetime: float | None,
    timed: Timed | None = None,
) -> GameState:
    """Play `state` to its end between `bots`, timing each move into `think`
    (`movetime`: seconds a move, None for each level's own), to the clocks of `timed`
    if given (the game stops where a side ran out of time)."""
    timed = timed or Timed(None, {})
    while not state.is_over:
        mover = state.to_move
        assert mover is not None  # a game that is not over has a side to move
        bot = bots[mover]
        start = time.perf_counter()
        move = bot.choose(state, timed.budget(mover, movetime))
        spent = time.perf_counter() - start
        entry = think.setdefault(bot.level, [0.0, 0, 0.0])
        entry[0] += spent
        entry[1] += 1
        entry[2] = max(entry[2], spent)
        after = state.play(move)
        if not timed.spent(mover, spent, after.to_move != mover):
            return state
        state = after
    return state


def opening_position(game: str, seed: int, pair: int, moves: int) -> GameState:
    """The position after `moves` random moves, the same for both games of a pair."""
    rng = random.Random(f"opening|{seed}|{pair}")
    state = new_game(game)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _play_star(args: tuple) -> GameResult:
    """One game of a task list: (module of the game's states, play_game's arguments).
    A worker process imports that module first, so that a game registered outside the
    engine is known there too."""
    module, *game_args = args
    importlib.import_module(module)
    return play_game(*game_args)


def _progress(done: int, total: int, wins: float, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = (time.perf_counter() - started) / max(done, 1)
    eta = rate * (total - done)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
        f"A won {wins:g}, {rate:.1f} s/game, eta {eta:.0f} s "
    )
    sys.stderr.flush()


def play_games(
    a: str,
    b: str,
    game: str,
    games: int,
    *,
    jobs: int = 1,
    seed: int = 1,
    movetime: float | None = None,
    opening: int = 0,
    cores: tuple[int, int] = (1, 1),
    first: int = 0,
    clock: str | None = None,
) -> list[GameResult]:
    """`games` games of A against B (colours alternating), `jobs` at a time, with a
    progress bar on stderr. `first` is the first game's number: a run can be carried
    on where another with the same seed stopped, and the games are the ones one
    longer run would have played."""
    module = type(new_game(game)).__module__
    tasks = [
        (module, a, b, i, seed, movetime, game, opening, cores, clock)
        for i in range(first, first + games)
    ]
    results: list[GameResult] = []
    started = time.perf_counter()
    wins = 0.0
    _progress(0, games, 0, started)
    if jobs > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for result in pool.imap_unordered(_play_star, tasks):
                results.append(result)
                wins += result.a_won
                _progress(len(results), games, wins, started)
    else:
        for task in tasks:
            result = _play_star(task)
            results.append(result)
            wins += result.a_won
            _progress(len(results), games, wins, started)
    sys.stderr.write("\n")
    return results


def run(args: argparse.Namespace) -> int:
    n = args.games
    for level in (args.a, args.b):
        try:
            check_spec(args.game, level)
        except ValueError as error:
            print(f"arena: {error}", file=sys.stderr)
            return 2
    results = play_games(
        args.a,
        args.b,
        args.game,
        n,
        jobs=args.jobs,
        seed=args.seed,
        movetime=args.movetime,
        opening=args.opening,
        cores=args.cores,
        clock=args.clock,
    )
    wins = sum(r.a_won for r in results)
    think: dict[str, list[float]] = {}
    for r in results:
        for level, (seconds, moves, longest) in r.think.items():
            entry = think.setdefault(level, [0.0, 0, 0.0])
            entry[0] += seconds
            entry[1] += moves
            entry[2] = max(entry[2], longest)
    as_dark = sum(r.a_won for r in results if r.a_dark)
    dark_games = sum(r.a_dark for r in results)
    print(
        f"{args.game.upper()}: {args.a} as Dark won {as_dark:g} of {dark_games}; "
        f"as Light {wins - as_dark} of {n - dark_games}"
    )
    mean_a = sum(r.scores[0 if r.a_dark else 1] for r in results) / max(n, 1)
    mean_b = sum(r.scores[1 if r.a_dark else 0] for r in results) / max(n, 1)
    print(f"mean final score: {args.a} {mean_a:.1f}, {args.b} {mean_b:.1f}")
    for level, (seconds, moves, longest) in sorted(think.items()):
        mean = seconds / max(moves, 1)
        print(
            f"{level}: {mean:.3f} s per move on average, {longest:.3f} s at most, {moves:.0f} moves"
        )
    if args.clock:
        flags = [r.flagged for r in results if r.flagged]
        least: dict[str, float] = {}
        for r in results:
            for level, left in r.least_left.items():
                least[level] = min(least.get(level, left), left)
        said = ", ".join(f"{level} {left:.2f} s" for level, left in sorted(least.items()))
        print(f"clock {args.clock}: {len(flags)} of {n} games lost on time; least left: {said}")
    draws = sum(r.a_won == 0.5 for r in results)
    drawn = f", {draws} drawn" if draws else ""
    pct = 100 * wins / max(n, 1)
    print(f"{args.a} vs {args.b}: {args.a} won {wins:g} of {n} games ({pct:.0f}%){drawn}")
    return 0
