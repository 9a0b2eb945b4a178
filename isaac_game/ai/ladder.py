"""The ladder: each game's computer levels as steps a player can climb one at a time,
and the computer player of any level (`make_player`).

A step is a level (`isaac_game.levels` reads and writes them: a bot's name, `mix:LOW:HIGH:P`,
`playouts:N`, `removal:D`, `lookahead:N`, `hard:S`...). Work is counted, not timed, in
every step between the bots' own levels, so a step is as strong on any machine and an
arena measures it the same on a busy one.

The steps run from "plays any legal move" (step 1, rated 0) to Hard on every core.
Each beats the step below it about 65-80% of the time, measured by `ladder`, which
writes the games and the fitted ratings beside this module (`ladder_results/`). The
names the menu has always had, Easy, Medium and Hard, are three of the steps, so saves
and command lines that name them keep working; any other step is `levelN`.

A player is built by composition from the level's value: a bot with a `Limit` (the
counted ISAAC steps are Medium and Hard cut to a depth), a tree search with its
`SearchSettings` and a playout count, a blend of two players, or Hard held to its
seconds. Each answers the small `ComputerPlayer` protocol (choose, close).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any, Protocol

from isaac_game.levels import (
    CROWD,
    HARD_SEARCH,
    MENU_NAMES,
    Blend,
    Level,
    Lookahead,
    Named,
    OnLadder,
    Playouts,
    Removal,
    Timed,
    ladder_number,
    parse_level,
)
from isaac_game.rules import GameState, Move, game_names

from .bots import DEFAULT_BUDGET, LIMITS, make_bot
from .generic import search_settings, think
from .mcts import KeptTree, SearchSettings
from .move_order import crowding_order
from .ratings import Rating

#: Where `ladder` keeps each game's results and ratings (`<game>.json`), in this package.
RESULTS_FOLDER = "ladder_results"


@dataclass(frozen=True)
class Rung:
    """One rung: the level it plays, as written (`spec`), and its menu name if it has
    one."""

    spec: str
    name: str = ""

    @property
    def level(self) -> Level:
        return parse_level(self.spec)


#: Each game's steps, weakest first. ISAAC's come from its own levels, blends of
#: them, and Medium and Hard cut to a counted depth; FOUNDATIONS' and HARI's from the
#: rule of thumb, then from the tree search with more playouts a step
#: (docs/strength.md has the measured table).
LADDERS: dict[str, tuple[Rung, ...]] = {
    "isaac": (
        Rung("random", "random"),
        Rung("mix:random:easy:0.6"),
        Rung("easy", "easy"),
        Rung("mix:easy:medium:0.45"),
        Rung("mix:easy:medium:0.2"),
        Rung("medium", "medium"),
        Rung("removal:3"),
        Rung("lookahead:1"),
        Rung("hard", "hard"),
    ),
    "foundations": (
        Rung("random", "random"),
        Rung("mix:random:greedy:0.35"),
        Rung("greedy", "easy"),
        Rung("mix:greedy:playouts:50:0.6"),
        Rung("playouts:50"),
        Rung("playouts:200"),
        Rung("playouts:800", "medium"),
        Rung("hard", "hard"),
    ),
    "hari": (
        Rung("random", "random"),
        Rung("mix:random:greedy:0.5"),
        Rung("easy", "easy"),
        Rung("mix:easy:playouts:50:0.27"),
        Rung("playouts:50"),
        Rung("playouts:100", "medium"),
        Rung("playouts:300"),
        Rung("hard", "hard"),
    ),
}


def steps(game: str) -> tuple[Rung, ...]:
    """The game's ladder; a game registered without one gets the menu's levels."""
    return LADDERS.get(game, tuple(Rung(n, n) for n in MENU_NAMES))


def step_kind(game: str, number: int) -> str:
    """The seat kind of step `number` (1 is the first): its menu name, or `levelN`."""
    step = steps(game)[number - 1]
    return step.name or str(OnLadder(number))


def kinds(game: str) -> tuple[str, ...]:
    """Every step's seat kind, weakest first: what the menu offers."""
    return tuple(step_kind(game, n) for n in range(1, len(steps(game)) + 1))


def step_number(game: str, kind: str) -> int | None:
    """Which step a seat kind is (1-based), or None for a kind off the ladder."""
    number = ladder_number(kind)
    ladder = steps(game)
    if number is not None:
        return number if number <= len(ladder) else None
    for number, step in enumerate(ladder, 1):
        if kind == step.name or (not step.name and kind == step.spec):
            return number
    return None


def resolve(game: str, level: str) -> str:
    """The spec a level name plays: `levelN` and the named steps are looked up."""
    number = ladder_number(level)
    ladder = steps(game)
    if number is not None:
        if not 1 <= number <= len(ladder):
            raise ValueError(f"{game} has levels 1 to {len(ladder)}, not {number}")
        return ladder[number - 1].spec
    named = next((s.spec for s in ladder if s.name == level), None)
    return named if named is not None else level


def played_as(game: str, kind: str) -> str:
    """`kind` as a seat plays it in `game`: a step past the game's ladder is its top
    step (a setting chosen in a game with more steps), any other kind itself."""
    number = ladder_number(kind)
    if number is not None and number > len(steps(game)):
        return step_kind(game, len(steps(game)))
    return kind


def check_spec(game: str, spec: str) -> str:
    """`spec` resolved and checked (ValueError with a reason if it is not one)."""
    make_player(game, spec, 0).close()
    return resolve(game, spec)


# ----- the players -----------------------------------------------------------------------


class ComputerPlayer(Protocol):
    """What a computer player of any level does: choose a move (in `budget` seconds,
    or its own time), and let go of its helper processes when the game is over."""

    level: str

    def choose(self, state: GameState, budget: float | None = None) -> Move: ...

    def close(self) -> None: ...


class BlendPlayer:
    """`mix:LOW:HIGH:P`: LOW's move with chance `low_share`, HIGH's otherwise: a step
    between two levels. The choice is drawn from the seed and the position, so a game
    replays the same."""

    def __init__(
        self, level: str, low: ComputerPlayer, high: ComputerPlayer, low_share: float, seed: int
    ) -> None:
        self.level, self.seed = level, seed
        self.low, self.high, self.low_share = low, high, low_share

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        where = f"{state.game}|{';'.join(state.moves)}" if state.moves else state.position_key()
        draw = random.Random(f"{self.seed}|mix|{where}").random()
        player = self.low if draw < self.low_share else self.high
        return player.choose(state, budget)

    def close(self) -> None:
        self.low.close()
        self.high.close()


class PlayoutPlayer:
    """`playouts:N`: a tree search (`generic.think`) as `settings` search, counting N
    playouts a move; it keeps its tree between its moves, as the bots do."""

    def __init__(self, level: str, playouts: int, seed: int, settings: SearchSettings) -> None:
        self.level, self.seed = level, seed
        self.playouts, self.settings = playouts, settings
        self.tree = KeptTree()

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        legal = state.legal_moves()
        rng = random.Random(f"{self.seed}|{';'.join(state.moves)}")
        if len(legal) == 1:
            return legal[0]
        verdict = think(
            state, 1e9, rng, self.tree, max_iterations=self.playouts, settings=self.settings
        )
        return verdict.best.move

    def close(self) -> None:
        """Nothing to let go of: the search runs in this process."""


class TimedPlayer:
    """`hard:S`: Hard thinking S seconds a move, whatever the arena's move time: the
    figure a step above Hard would rest on (`docs/strength.md`, "No step above Hard")."""

    def __init__(self, level: str, seconds: float, hard: ComputerPlayer) -> None:
        self.level, self.seconds, self.hard = level, seconds, hard

    def choose(self, state: GameState, budget: float | None = None) -> Move:
        return self.hard.choose(state, self.seconds)

    def close(self) -> None:
        self.hard.close()


def playout_settings(game: str, level: Playouts) -> SearchSettings:
    """How `playouts:N[:search]` searches: Medium's search, Hard's (`hard`), or in HARI
    Medium's with the crowding order (`crowd`); ValueError for crowding elsewhere."""
    if level.search == HARD_SEARCH:
        return search_settings(game, "hard")
    settings = search_settings(game, "medium")
    if level.search == CROWD:
        if game != "hari":
            raise ValueError(
                f"{str(level)!r}: after N comes {HARD_SEARCH} (Hard's search) or, in HARI, {CROWD}"
            )
        return replace(settings, order=crowding_order)
    return settings


def make_player(
    game: str, level: str, seed: int | None = None, cores: int = 1, on_ladder: bool = True
) -> ComputerPlayer:
    """The player of a level name or spec in `game` (see `isaac_game.levels`).

    `cores`: how many processes the searching levels may think in (Hard's). The parts
    of a blend are levels themselves (`on_ladder` False), never a step's menu name, so
    "medium" in a blend is the same level in every game."""
    text = resolve(game, level) if on_ladder else level
    return build(game, parse_level(text), 0 if seed is None else seed, cores)


def build(game: str, level: Level, seed: int, cores: int = 1) -> ComputerPlayer:
    """The player of `level` in `game`, checked against the game (ValueError why not)."""
    text = str(level)
    match level:
        case Named(name):
            return make_bot(name, seed, cores=cores)
        case OnLadder():
            return make_player(game, text, seed, cores)
        case Blend(low, high, share):
            low_player = build(game, low, seed * 2 + 1)
            high_player = build(game, high, seed * 2 + 2, cores)
            return BlendPlayer(text, low_player, high_player, share, seed)
        case Playouts(count):
            if game == "isaac":
                raise ValueError("ISAAC's levels count their work their own way: no playouts:N")
            return PlayoutPlayer(text, count, seed, playout_settings(game, level))
        case Removal(depth):
            _isaac_only(game, "removal")
            # Medium's placements, `hard1`'s removal search (and its time) cut to `depth`
            limit = replace(LIMITS["hard1"], scoring_depth=depth)
            return make_bot("medium", seed, limit, level=text, budget=DEFAULT_BUDGET["hard1"])
        case Lookahead(depth, rate):
            _isaac_only(game, "lookahead")
            limit = replace(LIMITS["hard"], placement_depth=depth)
            if rate is not None:
                limit = replace(limit, placement_rate=rate)
            return make_bot("hard", seed, limit, level=text)
        case Timed(seconds):
            return TimedPlayer(text, seconds, make_bot("hard", seed, cores=cores))
    raise AssertionError(f"no player for {level!r}")  # every kind of level is built above


def _isaac_only(game: str, prefix: str) -> None:
    if game != "isaac":
        raise ValueError(f"{prefix}:N is ISAAC's: the other games count playouts (playouts:N)")


# ----- the measured table --------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    """A game's results file: each pair's games and each step's fitted rating."""

    pairs: list[dict[str, Any]] = field(default_factory=list)
    ratings: dict[str, Rating] = field(default_factory=dict)  # by spec


@cache
def measured(game: str) -> Measured:
    """The results `ladder` wrote for `game` (empty when there are none, or unreadable:
    the menu then shows the steps without ratings)."""
    try:
        found = resources.files(__package__).joinpath(RESULTS_FOLDER, f"{game}.json")
        text = found.read_text("utf-8")
        data = json.loads(text)
        ratings = {
            str(spec): Rating(float(value), float(error))
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
    return None if found is None else found.value


def ladder_games() -> tuple[str, ...]:
    """The registered games that have a ladder of their own."""
    return tuple(g for g in game_names() if g in LADDERS)
