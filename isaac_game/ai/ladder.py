"""The ladder: each game's computer levels as steps a player can climb one at a time.

A step is written as a *spec*, a short text the arena also takes:

- a level of `bots` (`random`, `easy`, `medium`, `hard`, `greedy`, `hard1`, `uct`);
- `mix:LOW:HIGH:P`, which plays LOW's move with chance P and HIGH's otherwise (the
  choice is drawn from the seed and the position, so a game replays the same);
- `playouts:N` (every game but ISAAC), Medium's tree search with N playouts a move:
  work counted, not time, so the step is as strong on any machine and an arena
  measures it the same on a busy one; `playouts:N:hard` is Hard's search (in HARI it
  differs: `generic.HARD_SEARCH`), and `playouts:N:crowd` (HARI) is Medium's trying
  the placements that crowd the board first (`move_order.crowding_order`);
- `removal:D` and `lookahead:N` (ISAAC, work counted too): Medium with the removal
  search D moves deep, and Hard looking N placements ahead, the steps between them;
  `lookahead:N:P` also sets the look-ahead's allowance to P positions a second of
  thinking (Hard's is 4,000), and N may pass Hard's 5: what `docs/strength.md` tried
  to make Hard stronger is a command;
- `hard:S` (the arena's), Hard thinking S seconds a move instead of its one, on the
  cores it is given: how much a longer think is worth (`docs/strength.md`, "No
  step above Hard");
- `levelN`, step N of the game's ladder.

The steps run from "plays any legal move" (step 1, rated 0) to Hard on every core.
Each beats the step below it about 65-80% of the time, measured by `ladder`, which
writes the games and the fitted ratings beside this module (`ladder_results/`). The
three names the menu has always had, Easy, Medium and Hard, are three of the steps,
so saves and command lines that name them keep working.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from isaac_game.rules import GameState, Move, game_names

from .bots import ARENA_LEVELS, DEFAULT_BUDGET, LIMITS, Bot, HardBot, MediumBot, make_bot
from .generic import search_settings, think
from .lookahead import NOMINAL_RATE
from .mcts import SearchSettings
from .move_order import crowding_order

#: The menu's names for three of the steps (the first step is also `random`, as ever).
NAMED_LEVELS = ("easy", "medium", "hard")
#: Where `ladder` keeps each game's results and ratings (`<game>.json`), in this package.
RESULTS_FOLDER = "ladder_results"
#: The suffixes of `playouts:N`: Hard's search, and Medium's with the crowding order.
HARD_SUFFIX, CROWD = "hard", "crowd"
#: A step's seat kind, `level4` (`players.STEP_KIND` is the same, for the menu).
STEP_KIND = re.compile(r"level([1-9][0-9]?)")


@dataclass(frozen=True)
class Step:
    """One rung: how it plays (`spec`), and its old name if it has one."""

    spec: str
    name: str = ""


#: Each game's steps, weakest first. ISAAC's come from its own levels, blends of
#: them, and Medium and Hard cut to a counted depth; FOUNDATIONS' and HARI's from the
#: rule of thumb, then from the tree search with more playouts a step
#: (docs/strength.md has the measured table).
LADDERS: dict[str, tuple[Step, ...]] = {
    "isaac": (
        Step("random", "random"),
        Step("mix:random:easy:0.6"),
        Step("easy", "easy"),
        Step("mix:easy:medium:0.45"),
        Step("mix:easy:medium:0.2"),
        Step("medium", "medium"),
        Step("removal:3"),
        Step("lookahead:1"),
        Step("hard", "hard"),
    ),
    "foundations": (
        Step("random", "random"),
        Step("mix:random:greedy:0.35"),
        Step("greedy", "easy"),
        Step("mix:greedy:playouts:50:0.6"),
        Step("playouts:50"),
        Step("playouts:200"),
        Step("playouts:800", "medium"),
        Step("hard", "hard"),
    ),
    "hari": (
        Step("random", "random"),
        Step("mix:random:greedy:0.5"),
        Step("easy", "easy"),
        Step("mix:easy:playouts:50:0.27"),
        Step("playouts:50"),
        Step("playouts:100", "medium"),
        Step("playouts:300"),
        Step("hard", "hard"),
    ),
}


def steps(game: str) -> tuple[Step, ...]:
    """The game's ladder; a game registered without one gets the plain levels."""
    return LADDERS.get(game, (Step("random", "random"), *(Step(n, n) for n in NAMED_LEVELS)))


def step_kind(game: str, number: int) -> str:
    """The seat kind of step `number` (1 is the first): its old name, or `levelN`."""
    step = steps(game)[number - 1]
    return step.name or f"level{number}"


def kinds(game: str) -> tuple[str, ...]:
    """Every step's seat kind, weakest first: what the menu offers."""
    return tuple(step_kind(game, n) for n in range(1, len(steps(game)) + 1))


def step_number(game: str, kind: str) -> int | None:
    """Which step a seat kind is (1-based), or None for a kind off the ladder."""
    for number, step in enumerate(steps(game), 1):
        if kind in (step.name, f"level{number}") or (not step.name and kind == step.spec):
            return number
    return None


def resolve(game: str, level: str) -> str:
    """The spec a level name plays: `levelN` and the named steps are looked up."""
    match = STEP_KIND.fullmatch(level)
    ladder = steps(game)
    if match:
        number = int(match.group(1))
        if not 1 <= number <= len(ladder):
            raise ValueError(f"{game} has levels 1 to {len(ladder)}, not {number}")
        return ladder[number - 1].spec
    named = next((s.spec for s in ladder if s.name == level), None)
    return named if named is not None else level


def playable(game: str, kind: str) -> str:
    """`kind` as a seat plays it in `game`: a step past the game's ladder is its top
    step (a setting chosen in a game with more steps), any other kind itself."""
    match = STEP_KIND.fullmatch(kind)
    if match and int(match.group(1)) > len(steps(game)):
        return step_kind(game, len(steps(game)))
    return kind


def check_spec(game: str, spec: str) -> str:
    """`spec` resolved and checked (ValueError with a reason if it is not one)."""
    make_player(game, spec, 0)
    return resolve(game, spec)


class MixBot(Bot):
    """LOW's move with chance `low_share`, HIGH's otherwise: a step between two levels."""

    def __init__(self, spec: str, low: Bot, high: Bot, low_share: float, seed: int) -> None:
        super().__init__(seed)
        self.level = spec
        self.low, self.high, self.low_share = low, high, low_share

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        where = f"{state.game}|{';'.join(state.moves)}" if state.moves else state.position_key()
        draw = random.Random(f"{self.seed}|mix|{where}").random()
        bot = self.low if draw < self.low_share else self.high
        return bot.choose(state, budget)

    def close(self) -> None:
        self.low.close()
        self.high.close()


class PlayoutBot(Bot):
    """A searching level's tree search (`generic.think`) with N playouts a move, as
    `settings` search."""

    def __init__(self, spec: str, playouts: int, seed: int, settings: SearchSettings) -> None:
        super().__init__(seed)
        self.level = spec
        self.playouts = playouts
        self.settings = settings

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        legal = state.legal_moves()
        rng = random.Random(f"{self.seed}|{';'.join(state.moves)}")
        if len(legal) == 1:
            return legal[0]
        verdict = think(
            state, 1e9, rng, self.tree, max_iterations=self.playouts, settings=self.settings
        )
        return verdict.best.move


def playout_settings(game: str, spec: str, suffix: str) -> SearchSettings:
    """How `playouts:N[:suffix]` searches: Medium's search, Hard's (`hard`), or in HARI
    Medium's with the crowding order (`crowd`); ValueError for another suffix."""
    if suffix == HARD_SUFFIX:
        return search_settings(game, "hard")
    settings = search_settings(game, "medium")
    if suffix == CROWD and game == "hari":
        return replace(settings, order=crowding_order)
    if suffix:
        raise ValueError(
            f"{spec!r}: after N comes {HARD_SUFFIX} (Hard's search) or, in HARI, {CROWD}"
        )
    return settings


def make_player(
    game: str, level: str, seed: int | None = None, cores: int = 1, on_ladder: bool = True
) -> Bot:
    """The bot for a level name or spec in `game` (see the module's docstring).

    `cores`: how many processes the searching levels may think in (Hard's). The parts
    of a blend are the levels of `bots` or `playouts:N` themselves (`on_ladder`
    False), never a step's name, so "medium" in a blend is the same level in every
    game."""
    seed = 0 if seed is None else seed
    spec = resolve(game, level) if on_ladder else level
    if spec.startswith("mix:"):
        low, high, share = split_mix(spec)
        return MixBot(
            spec,
            make_player(game, low, seed * 2 + 1, on_ladder=False),
            make_player(game, high, seed * 2 + 2, cores, on_ladder=False),
            share,
            seed,
        )
    if spec.startswith("playouts:"):
        if game == "isaac":
            raise ValueError("ISAAC's levels count their work their own way: no playouts:N")
        text, _colon, suffix = spec.removeprefix("playouts:").partition(":")
        if not text.isdigit() or int(text) < 1:
            raise ValueError(f"{spec!r}: N must be a whole number of playouts, 1 or more")
        return PlayoutBot(spec, int(text), seed, playout_settings(game, spec, suffix))
    if spec.partition(":")[0] in ISAAC_STEPS:
        return isaac_step(game, spec, seed)
    if spec.startswith("hard:"):
        return TimedBot(spec, seconds_of(spec), make_bot("hard", seed, cores=cores))
    if spec not in ARENA_LEVELS:
        raise ValueError(
            f"unknown level {level!r} (choose from {', '.join(ARENA_LEVELS)}, "
            f"level1 to level{len(steps(game))}, mix:LOW:HIGH:P, playouts:N, "
            "removal:D, lookahead:N or hard:S)"
        )
    return make_bot(spec, seed, cores=cores)


#: The range of S in `hard:S`, seconds a move.
MOST_SECONDS = 30.0


class TimedBot(Bot):
    """`hard:S`: Hard thinking S seconds a move, whatever the arena's move time: the
    figure a step above Hard would rest on (`docs/strength.md`, "No step above Hard")."""

    def __init__(self, spec: str, seconds: float, hard: Bot) -> None:
        super().__init__(hard.seed)
        self.level = spec
        self.seconds = seconds
        self.hard = hard

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        return self.hard.choose(state, self.seconds)

    def close(self) -> None:
        self.hard.close()


def seconds_of(spec: str) -> float:
    """S of `hard:S`, checked (ValueError with the range otherwise)."""
    try:
        seconds = float(spec.removeprefix("hard:"))
    except ValueError:
        seconds = -1.0
    if not 0.05 <= seconds <= MOST_SECONDS:
        raise ValueError(f"{spec!r}: S must be seconds a move, 0.05 to {MOST_SECONDS:g}")
    return seconds


class RemovalBot(MediumBot):
    """`removal:D` (ISAAC): Medium's placements, and `hard1`'s removal search (its
    allowance and targets) cut to D moves deep: the steps between Medium and `hard1`."""

    def __init__(self, spec: str, depth: int, seed: int) -> None:
        super().__init__(seed, replace(LIMITS["hard1"], scoring_depth=depth))
        self.level = spec

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        return super().choose(state, DEFAULT_BUDGET["hard1"] if budget is None else budget)


class LookaheadBot(HardBot):
    """`lookahead:N` (ISAAC): Hard with its placement look-ahead N placements deep (Hard
    looks 5 deep): the steps between `hard1` and Hard. `lookahead:N:P` allows it P
    positions a second instead of Hard's `NOMINAL_RATE`."""

    def __init__(self, spec: str, depth: int, seed: int, rate: int = NOMINAL_RATE) -> None:
        super().__init__(seed, replace(LIMITS["hard"], placement_depth=depth, placement_rate=rate))
        self.level = spec

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        return super().choose(state, DEFAULT_BUDGET["hard"] if budget is None else budget)


#: The deepest `lookahead:N` (Hard looks 5 placements deep; past 8 a move takes seconds).
MOST_LOOKAHEAD = 8
#: The range of P in `lookahead:N:P`, positions a second of allowance.
LOOKAHEAD_RATES = range(100, 100_001)
#: ISAAC's counted steps: spec prefix -> (bot, what N counts, its largest value).
ISAAC_STEPS = {
    "removal": (RemovalBot, "moves", LIMITS["hard1"].scoring_depth),
    "lookahead": (LookaheadBot, "placements", MOST_LOOKAHEAD),
}


def isaac_step(game: str, spec: str, seed: int) -> Bot:
    """The bot of a `removal:D`, `lookahead:N` or `lookahead:N:P` spec, checked."""
    prefix, _colon, text = spec.partition(":")
    if game != "isaac":
        raise ValueError(f"{prefix}:N is ISAAC's: the other games count playouts (playouts:N)")
    kind, counts, most = ISAAC_STEPS[prefix]
    number, _colon, rate = text.partition(":")
    if not number.isdigit() or not 1 <= int(number) <= most:
        raise ValueError(f"{spec!r}: N must be a whole number of {counts}, 1 to {most}")
    if not rate:
        return kind(spec, int(number), seed)
    if kind is not LookaheadBot or not rate.isdigit() or int(rate) not in LOOKAHEAD_RATES:
        raise ValueError(
            f"{spec!r}: only lookahead:N:P takes a rate, P positions a second from "
            f"{LOOKAHEAD_RATES.start:,} to {LOOKAHEAD_RATES.stop - 1:,}"
        )
    return LookaheadBot(spec, int(number), seed, int(rate))


def split_mix(spec: str) -> tuple[str, str, float]:
    """`mix:easy:playouts:50:0.3` -> ("easy", "playouts:50", 0.3)."""
    body, _colon, last = spec.removeprefix("mix:").rpartition(":")
    tokens = body.split(":")
    cut = 1
    if tokens[0] == "playouts":
        cut = 3 if tokens[2:3] in ([CROWD], [HARD_SUFFIX]) else 2
    low, high = ":".join(tokens[:cut]), ":".join(tokens[cut:])
    if not low or not high:
        raise ValueError(f"{spec!r}: write mix:LOW:HIGH:P")
    try:
        share = float(last)
    except ValueError:
        raise ValueError(f"{spec!r}: P must be a number from 0 to 1") from None
    if not 0 <= share <= 1:
        raise ValueError(f"{spec!r}: P must be a number from 0 to 1")
    return low, high, share


# ----- the measured table --------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    """A game's results file: each pair's games and each step's fitted rating."""

    pairs: list[dict[str, Any]] = field(default_factory=list)
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)  # spec -> (Elo, ±)


@cache
def measured(game: str) -> Measured:
    """The results `ladder` wrote for `game` (empty when there are none, or unreadable:
    the menu then shows the steps without ratings)."""
    try:
        found = resources.files(__package__).joinpath(RESULTS_FOLDER, f"{game}.json")
        text = found.read_text("utf-8")
        data = json.loads(text)
        ratings = {
            str(spec): (float(value), float(error))
            for spec, (value, error) in data.get("ratings", {}).items()
        }
        return Measured(list(data.get("pairs", [])), ratings)
    except (OSError, ValueError, TypeError, AttributeError):
        return Measured()


def rating_of(game: str, kind: str) -> float | None:
    """A seat kind's fitted rating (Elo, step 1 at 0), or None if not measured."""
    number = step_number(game, kind)
    if number is None:
        return None
    found = measured(game).ratings.get(steps(game)[number - 1].spec)
    return None if found is None else found[0]


def ladder_games() -> tuple[str, ...]:
    """The registered games that have a ladder of their own."""
    return tuple(g for g in game_names() if g in LADDERS)
