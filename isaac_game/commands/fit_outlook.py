"""`python -m isaac_game fit-outlook`: fit Hard's judgement of ISAAC positions.

Hard's placement look-ahead ends its lines of play on `ai.outlook`, a logistic model
of who wins. This command makes its weights: a level (`--level`, by default `hard1`,
which the weights in `outlook.py` were fitted on) plays itself from a few random
moves (and now and then picks one of its top placements at random, so that the
positions vary), every placement position of every game becomes a row labelled with
the game's winner, and a logistic regression (Newton's method, a little L2) is fitted
on four games in five and checked on the fifth. It prints the held-out accuracy and
the two weight tuples, as Python to paste into `ai/outlook.py`. Self-play is the slow
part: about 2 s a game on one core for `hard1`, 4.5 s for `hard`; `--record FILE`
keeps the games, so a stopped run goes on where it stopped and a refit with another
penalty plays nothing again. The weights in `outlook.py` come from the defaults
(2,400 games of `hard1` from seed 1, 2 jobs); weights fitted on 1,199 of Hard's own
games predicted Hard's games no better and played no stronger (docs/strength.md,
"ISAAC's Hard").
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from functools import partial
from pathlib import Path

from isaac_game.ai import outlook
from isaac_game.ai.bots import make_bot
from isaac_game.ai.outlook import FEATURES, features
from isaac_game.ai.placement import PlacementEval
from isaac_game.rules import GameState, IsaacCore, IsaacState, Player, new_game

#: How often a self-play placement is one of the judgement's top few, at random.
EXPLORE = 0.12
EXPLORE_WIDTH = 6
OPENING_MOVES = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=2400, help="self-play games (2400)")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--l2", type=float, default=0.01, help="L2 penalty (0.01)")
    parser.add_argument(
        "--level",
        choices=("hard1", "hard", "medium"),
        default="hard1",
        help="the level whose self-play is learnt from (hard1; hard is about 2x slower)",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="keep each self-play game in FILE as it ends, and reuse those already there",
    )


def selfplay_game(seed: int, level: str = "hard1") -> tuple[list[str], int]:
    """(moves, winner index) of one game of `level` against itself."""
    rng = random.Random(f"fit-outlook|{seed}")
    state = _isaac(new_game("isaac"))
    for _ in range(OPENING_MOVES):
        state = _isaac(state.play(rng.choice(state.legal_moves())))
    bots = [make_bot(level, 2 * seed), make_bot(level, 2 * seed + 1)]
    while (mover := state.to_move) is not None:
        if state.phase == "placement" and rng.random() < EXPLORE:
            board = IsaacCore.of(state)
            ranked = PlacementEval(board).ranked(board.turn)[:EXPLORE_WIDTH]
            if ranked:
                state = _isaac(
                    state.play(state.parse_move(IsaacCore.place_move(rng.choice(ranked)[1])))
                )
                continue
        state = _isaac(state.play(bots[Player(mover).index].choose(state)))
    assert state.winner is not None  # ISAAC has no draws (docs/rules.md 1.4.3)
    return list(state.moves), Player(state.winner).index


def _isaac(state: GameState) -> IsaacState:
    assert isinstance(state, IsaacState)
    return state


def placement_positions(moves: list[str]) -> list[IsaacCore]:
    """Every position of a game's placement phase, the finished placement last."""
    state = _isaac(new_game("isaac"))
    out = [IsaacCore.of(state)]
    for move in moves:
        if state.phase != "placement":
            break
        state = _isaac(state.play(move))
        out.append(IsaacCore.of(state))
    return out


def dark_chance(weights: list[float], row: list[float]) -> float:
    """The model's chance that Dark wins from a row (its log-odds clamped, so that no
    chance is exactly 0 or 1)."""
    z = max(-30.0, min(30.0, sum(w * x for w, x in zip(weights, row, strict=True))))
    return 1 / (1 + math.exp(-z))


def fit_logistic(rows: list[list[float]], labels: list[float], l2: float) -> list[float]:
    """Weights w maximising the penalised likelihood of labels ~ sigmoid(w . row)."""
    n = len(rows[0])
    scale = []
    for k in range(n):
        column = [r[k] for r in rows]
        mean = sum(column) / len(column)
        spread = math.sqrt(sum((x - mean) ** 2 for x in column) / len(column))
        scale.append(spread if spread > 1e-9 else 1.0)
    scaled = [[x / s for x, s in zip(r, scale, strict=True)] for r in rows]
    w = [0.0] * n
    for _ in range(12):
        grad = [l2 * wk for wk in w]
        hess = [[l2 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for r, y in zip(scaled, labels, strict=True):
            p = dark_chance(w, r)
            d, h = p - y, p * (1 - p)
            for i in range(n):
                grad[i] += d * r[i]
                hr = h * r[i]
                row_i = hess[i]
                for j in range(i + 1):
                    row_i[j] += hr * r[j]
        for i in range(n):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return [a / s for a, s in zip(w, scale, strict=True)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix . x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    a = [list(row) + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def accuracy(weights: list[float], rows: list[list[float]], labels: list[float]) -> float:
    hits = sum(
        (sum(w * x for w, x in zip(weights, r, strict=True)) > 0) == (y > 0.5)
        for r, y in zip(rows, labels, strict=True)
    )
    return hits / max(1, len(rows))


def kept_games(path: Path | None, level: str) -> dict[int, tuple[list[str], int]]:
    """The games a `--record` file already holds for `level`, by seed.

    One JSON object a line, so a run that is stopped keeps every game it finished; a
    torn last line (the run killed while writing it) is skipped and played again.
    """
    if path is None or not path.exists():
        return {}
    games: dict[int, tuple[list[str], int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            if row["level"] == level:
                games[int(row["seed"])] = ([str(m) for m in row["moves"]], int(row["winner"]))
        except (ValueError, KeyError, TypeError):
            continue
    return games


def _seeded_game(seed: int, level: str) -> tuple[int, list[str], int]:
    moves, winner = selfplay_game(seed, level)
    return seed, moves, winner


def log_loss(weights: list[float], rows: list[list[float]], labels: list[float]) -> float:
    """The mean negative log-likelihood of `labels` under the model: lower is better,
    and unlike accuracy it sees how sure each guess was."""
    total = 0.0
    for row, label in zip(rows, labels, strict=True):
        dark = dark_chance(weights, row)
        total -= math.log(dark if label > 0.5 else 1 - dark)
    return total / max(1, len(rows))


def run(args: argparse.Namespace) -> int:
    seeds = range(args.seed, args.seed + args.games)
    record = Path(args.record) if args.record else None
    kept = kept_games(record, args.level)
    found = {seed: kept[seed] for seed in seeds if seed in kept}
    missing = [seed for seed in seeds if seed not in found]
    if record is not None and record.exists() and not record.read_bytes().endswith(b"\n"):
        with record.open("a", encoding="utf-8") as out:
            out.write("\n")  # end a torn last line, so the next game starts its own
    if found:
        sys.stderr.write(f"self-play: reused {len(found)} of {args.games} games from {record}\n")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(max(1, args.jobs)) as pool:
        for seed, moves, winner in pool.imap_unordered(
            partial(_seeded_game, level=args.level), missing
        ):
            found[seed] = (moves, winner)
            if record is not None:
                row = {"level": args.level, "seed": seed, "moves": moves, "winner": winner}
                with record.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
            sys.stderr.write(f"\rself-play: {len(found)}/{args.games} games")
            sys.stderr.flush()
    sys.stderr.write("\n")
    games = [found[seed] for seed in seeds]
    sets: dict[str, dict[str, tuple[list[list[float]], list[float]]]] = {}
    for index, (moves, winner) in enumerate(games):
        part = "check" if index % 5 == 0 else "fit"
        label = 1.0 if winner == 0 else 0.0
        for board in placement_positions(moves):
            kind = "PLACING" if board.phase == "placement" else "PLACED"
            rows, labels = sets.setdefault(kind, {}).setdefault(part, ([], []))
            rows.append(features(board))
            labels.append(label)
    for kind in ("PLACING", "PLACED"):
        rows, labels = sets[kind]["fit"]
        weights = fit_logistic(rows, labels, args.l2)
        check_rows, check_labels = sets[kind].get("check", ([], []))
        dark = sum(check_labels) / max(1, len(check_labels))
        print(
            f"# {kind}: held-out accuracy {accuracy(weights, check_rows, check_labels):.3f} "
            f"on {len(check_rows)} positions (always guessing the likelier side: "
            f"{max(dark, 1 - dark):.3f})"
        )
        shipped = getattr(outlook, kind)
        sys.stderr.write(
            f"{kind}: held-out log-loss {log_loss(weights, check_rows, check_labels):.4f}; "
            f"the weights in outlook.py: accuracy "
            f"{accuracy(shipped, check_rows, check_labels):.3f}, log-loss "
            f"{log_loss(shipped, check_rows, check_labels):.4f}\n"
        )
        print(f"{kind}: tuple[float, ...] = (")
        for name, w in zip(FEATURES, weights, strict=True):
            print(f"    {w:+.6f},  # {name}")
        print(")")
    return 0
