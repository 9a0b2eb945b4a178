"""`python -m isaac_game ladder --game G`: the game's ladder of levels, measured and rated.

For each step and the one below it, the arena plays `--games` games (colours
alternating), unless the results file holds them already for the same two steps; a
pair measured with fewer games is carried on with the same seed. Then one rating per
step is fitted from every pair's games at once, by maximum likelihood (`ai.ratings`:
Bradley-Terry on the Elo scale, a draw half a win), step 1 anchored at 0, each with
its standard error, and the table is printed (`--markdown` for docs/strength.md).

The results and ratings go to the results file: by default the one the game ships
with (`isaac_game/ai/ladder_results/<game>.json`), which the level chooser reads.
Every pair is played with each side on one core (`--jobs` games at a time) but the
top one: Hard plays there as in the menu, on every core, one game at a time. ISAAC's
games start from the same 4 random opening moves for both colours, since its levels
above Medium never choose at random. A pair's games are saved every few games, so a
stopped run keeps what it played, and the next carries on from there.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from isaac_game.ai.ladder import RESULTS_FOLDER, steps
from isaac_game.ai.parallel import available_cores
from isaac_game.ai.ratings import Rating, RatingError, fit_ratings
from isaac_game.rules import game_names

from .arena import play_games

#: Random opening moves each pair of games starts from, by game (see the docstring).
OPENINGS = {"isaac": 4}
#: A pair's games are saved after this many games a job (a stopped run loses fewer).
SAVE_EVERY = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=game_names(), default="isaac", help="the game")
    parser.add_argument("--games", type=int, default=200, help="games a pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of a pair's first game")
    parser.add_argument("--results", type=Path, default=None, help="the results file")
    parser.add_argument(
        "--no-run", action="store_true", help="play no games: print what the file holds"
    )
    parser.add_argument(
        "--upto",
        type=int,
        default=None,
        metavar="N",
        help="play only the pairs of steps 1 to N (the quick ones first)",
    )
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")


def default_results(game: str) -> Path:
    return Path(str(resources.files("isaac_game.ai").joinpath(RESULTS_FOLDER, f"{game}.json")))


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {"pairs": []}
    except (OSError, ValueError) as error:
        raise SystemExit(f"ladder: {path} cannot be read ({error}); move it away") from None
    if not isinstance(data, dict) or not isinstance(data.get("pairs"), list):
        raise SystemExit(f"ladder: {path} is not a ladder results file; move it away")
    return data


def find_pair(data: dict[str, Any], upper: str, lower: str, opening: int) -> dict[str, Any]:
    """The stored record of `upper` against `lower`, made empty if there is none."""
    for pair in data["pairs"]:
        if (pair["upper"], pair["lower"], pair.get("opening", 0)) == (upper, lower, opening):
            return pair
    pair = {"upper": upper, "lower": lower, "opening": opening, "games": 0, "wins": 0.0}
    pair |= {"draws": 0, "seed": None, "cores": [1, 1]}
    data["pairs"].append(pair)
    return pair


def command_of(game: str, pair: dict[str, Any], jobs: int) -> str:
    opening = f" --opening {pair['opening']}" if pair["opening"] else ""
    cores = pair.get("cores", [1, 1])
    on = f" --cores {cores[0]},{cores[1]}" if cores != [1, 1] else ""
    return (
        f"python -m isaac_game arena {pair['upper']} {pair['lower']} --game {game} "
        f"--games {pair['games']} --jobs {jobs} --seed {pair['seed']}{opening}{on}"
    )


def measure(game: str, data: dict[str, Any], args: argparse.Namespace, path: Path) -> None:
    """Play what each adjacent pair lacks of `args.games`, saving every `SAVE_EVERY`
    games a job (the games are numbered, so the next run carries on from the last saved)."""
    ladder = steps(game)
    opening = OPENINGS.get(game, 0)
    top = len(ladder) if args.upto is None else args.upto
    for lower, upper in zip(ladder[: top - 1], ladder[1:top], strict=False):
        pair = find_pair(data, upper.spec, lower.spec, opening)
        missing = args.games - pair["games"]
        if missing <= 0 or args.no_run:
            continue
        if pair["seed"] is None:
            pair["seed"] = args.seed
        top = upper is ladder[-1]
        cores, jobs = (available_cores(), 1) if top else (1, args.jobs)
        if pair["games"] and pair.get("cores", [1, 1])[0] != cores:
            continue  # measured on another machine's cores: kept as it is
        pair["cores"] = [cores, 1]
        print(f"{upper.spec} against {lower.spec}: {missing} games", file=sys.stderr)
        while pair["games"] < args.games:  # saved every few games: a stopped run keeps them
            results = play_games(
                upper.spec,
                lower.spec,
                game,
                min(args.games - pair["games"], SAVE_EVERY * jobs),
                jobs=jobs,
                seed=pair["seed"],
                opening=opening,
                cores=(cores, 1),
                first=pair["games"],
            )
            pair["games"] += len(results)
            pair["wins"] += sum(r.a_won for r in results)
            pair["draws"] += sum(r.a_won == 0.5 for r in results)
            pair["command"] = command_of(game, pair, jobs)
            save(path, data)


def fit(game: str, data: dict[str, Any]) -> dict[str, Rating]:
    """Every step's rating from every pair in the file that is on the ladder."""
    specs = {s.spec for s in steps(game)}
    records = [
        (
            p["upper"],
            p["lower"],
            p["wins"] - p["draws"] / 2,
            p["draws"],
            p["games"] - p["wins"] - p["draws"] / 2,
        )
        for p in data["pairs"]
        if p["games"] and p["upper"] in specs and p["lower"] in specs
    ]
    return fit_ratings(records, steps(game)[0].spec)


def save(path: Path, data: dict[str, Any]) -> None:
    """Written whole, then moved into place, so a stopped run leaves the old file."""
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    temporary.replace(path)


def table(game: str, data: dict[str, Any], ratings: dict[str, Rating], markdown: bool) -> str:
    ladder = steps(game)
    opening = OPENINGS.get(game, 0)
    rows = [("step", "name", "plays as", "rating", "against the step below", "command")]
    for number, step in enumerate(ladder, 1):
        rating = ratings.get(step.spec)
        against = command = ""
        if number > 1:
            pair = find_pair(data, step.spec, ladder[number - 2].spec, opening)
            if pair["games"]:
                share = 100 * pair["wins"] / pair["games"]
                against = f"won {pair['wins']:g} of {pair['games']} ({share:.0f}%)"
                command = pair.get("command", "")
            else:
                against = "not measured"
        rows.append(
            (
                str(number),
                step.name.title(),
                step.spec,
                "" if rating is None else str(rating),
                against,
                command,
            )
        )
    if markdown:
        lines = ["| " + " | ".join(rows[0][:5]) + " |", "|---" * 5 + "|"]
        for row in rows[1:]:
            cells = [f"`{c}`" if i == 2 else c for i, c in enumerate(row[:5])]
            lines.append("| " + " | ".join(cells) + " |")
        commands = [row[5] for row in rows[1:] if row[5]]
        return "\n".join([*lines, "", "```sh", *commands, "```"])
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r[:5], widths, strict=True)).rstrip() for r in rows
    )


def run(args: argparse.Namespace) -> int:
    path = args.results or default_results(args.game)
    data = load(path)
    data["game"] = args.game
    measure(args.game, data, args, path)
    try:
        ratings = fit(args.game, data)
    except RatingError as error:
        print(table(args.game, data, {}, args.markdown))
        print(f"ladder: no ratings yet: {error}", file=sys.stderr)
        return 1
    data["ratings"] = {spec: [r.value, r.error] for spec, r in ratings.items()}
    if not args.no_run or path.exists():
        save(path, data)
    print(f"{args.game.upper()}: the ladder on the Elo scale (step 1 at 0, ± one standard error)")
    print(table(args.game, data, ratings, args.markdown))
    return 0
