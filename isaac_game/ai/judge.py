"""The one judge of the teacher: a position's win chance, and Hard's move there.

The hint, the coach, the analysis (the report's graph and Review) and practice all ask
it, and none of them works out a win chance of its own: a beginner told to follow the
hint and then scolded for it by the coach stops trusting all four. So:

- **It counts its work, never seconds.** A position is weighed by a tree search of a set
  number of playouts (`PLAYOUTS`) seeded by the position itself, and Hard's move is
  Hard's own search at a counted allowance (ISAAC: `HardBot` at the nominal rate;
  FOUNDATIONS and HARI: Hard's tree search at `PLAYOUTS`). The same position and seed
  give the same answer on a fast machine, a slow one and a busy one; a slow one only
  takes longer.
- **Its answer carries its point of view** (`WinChance`, python-chess's `PovScore`):
  kept as Dark's chance, read for either side with `pov(player)`, so no caller flips
  `1 - chance` by hand.
- **A loss is defined once** (`MoveReview.loss` of `review_move`): the mover's chance
  after Hard's move minus the mover's chance after the move played, both by this judge.
  Hard's own move gives nothing away, by definition.
- **Each position is judged once** and kept (`CACHE`, in the window's process; the
  worker processes that judge hand back what they judged, `known` in, `judged` out).
  Since a judgement is a function of the position and the seed, a hint or a coach
  remark once shown is never judged again differently.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from isaac_game.rules import GameState, IsaacState, Move, Player

from .bots import make_bot
from .generic import search_settings
from .mcts import SearchSettings, search

#: Playouts a position is weighed with, by game: enough that the judge's own spread is
#: well under the mistake threshold (docs/strength.md, "The judge"), few enough that
#: the coach answers on this 2-core machine in about half a second.
PLAYOUTS: dict[str, int] = {"isaac": 2000, "foundations": 1500, "hari": 1000}
DEFAULT_PLAYOUTS = 2000
#: ISAAC's move is Hard's own: its look-ahead and scoring search at this allowance (in
#: nominal seconds of work, counted in positions and nodes, the clock only a safety net).
ISAAC_HARD_ALLOWANCE = 0.5
#: Changed whenever a judgement of the same position could come out otherwise (counts,
#: settings): a kept analysis of another version is judged again.
VERSION = 1
#: How the judge weighs an ISAAC position (the playouts that state a win chance honestly).
ISAAC_SETTINGS = SearchSettings(exploration=0.7, lean=0.9)
#: Seconds a worker's task of the judge's may take before the worker is watched for a
#: hang (past this and `worker.HANG_GRACE`): a few judgements on a slow machine.
TASK_SECONDS = 3.0
#: Seconds no counted search reaches: the count, not the clock, ends it.
_NO_CLOCK = 1e9


@dataclass(frozen=True)
class WinChance:
    """A win chance with its point of view: kept as Dark's, read for either side."""

    dark: float

    @classmethod
    def of(cls, player: Player, chance: float) -> WinChance:
        """`chance` as `player`'s own."""
        return cls(chance if player is Player.DARK else 1.0 - chance)

    @classmethod
    def outcome(cls, state: GameState) -> WinChance:
        """The exact chance of a finished game: 1, 0, or 0.5 for a draw."""
        winner = state.winner
        return cls(0.5 if winner is None else float(winner is Player.DARK))

    def pov(self, player: Player) -> float:
        """`player`'s win chance."""
        return self.dark if player is Player.DARK else 1.0 - self.dark


@dataclass(frozen=True)
class PositionView:
    """The judge's view of one position a move is to be made in: Hard's move there, the
    position's win chance, and the chance once Hard's move is played."""

    best: str
    chance: WinChance
    after_best: WinChance


class Mark(StrEnum):
    """How the analysis marks a move that gave much away (`MoveReview.mark`); its value
    is the word the stats' columns and the command line use."""

    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True)
class MoveReview:
    """One move, as the judge sees it."""

    ply: int  # 0 for the first move
    mover: Player
    played: Move
    preferred: Move  # Hard's move
    chance: float  # the mover's win chance after Hard's move
    after: float  # the mover's win chance after the move played
    game: str = ""  # whose noise the marks stand clear of ("": none)

    @property
    def loss(self) -> float:
        """Win chance given away: 0 for Hard's move, never below 0."""
        if self.played == self.preferred:
            return 0.0
        return max(0.0, self.chance - self.after)

    @property
    def about_as_good(self) -> bool:
        """Another move than Hard's, within the judge's own noise of it: the two are
        about as good, and no loss is claimed."""
        return self.played != self.preferred and self.loss < max(NOISE, 2 * spread(self.game)[0])

    @property
    def mark(self) -> Mark | None:
        """A blunder, a mistake or nothing (see MISTAKE and BLUNDER): a loss is marked
        only where it stands clear of the judge's noise in its game (`spread`), so a
        mark is never the noise of one search."""
        if self.played == self.preferred:
            return None
        loss = self.loss + 1e-9  # 0.6 - 0.5 is 0.0999... in floating point
        clear = 2 * spread(self.game)[1]
        if loss >= max(BLUNDER, clear):
            return Mark.BLUNDER
        return Mark.MISTAKE if loss >= max(MISTAKE, clear) else None


#: Win chance given away from which a move is a mistake, and a blunder.
MISTAKE = 0.10
BLUNDER = 0.25
#: Two moves whose chances differ by less than this are about as good: the judge's own
#: spread on one position is of that order (docs/strength.md, "The judge").
NOISE = 0.03
#: The judge's own spread of a loss over seeds, by game: (mean, 95th percentile) over
#: 100 positions, as `bench --judge` measured it (docs/strength.md, "The judge"). A mark
#: must stand two 95th-percentile spreads clear; "about as good" is two mean spreads.
SPREADS: dict[str, tuple[float, float]] = {
    "isaac": (0.014, 0.029),
    "foundations": (0.016, 0.057),
    "hari": (0.028, 0.092),
}


def spread(game: str) -> tuple[float, float]:
    """The judge's spread of a loss in `game` (none known: nothing to stand clear of)."""
    return SPREADS.get(game, (0.0, 0.0))


#: What the judge knows of positions, by the moves that reach them (`key`): Dark's win
#: chance, and Hard's move when it was asked for (plain values, to cross a pipe).
Known = dict[str, tuple[float, str | None]]


def key(game: str, moves: tuple[str, ...] | list[str], seed: int = 0) -> str:
    """The name a judgement is kept under: the game, the seed and the moves."""
    return f"{game}|{seed}|{' '.join(moves)}"


def playouts(game: str) -> int:
    return PLAYOUTS.get(game, DEFAULT_PLAYOUTS)


def _weigh(state: GameState, seed: int, scale: float) -> tuple[WinChance, str]:
    """A position's chance and its search's best move (FOUNDATIONS, HARI: Hard's move)."""
    mover = state.to_move
    assert mover is not None
    rng = random.Random(f"judge|{key(state.game, state.moves, seed)}")
    settings = ISAAC_SETTINGS if isinstance(state, IsaacState) else search_settings(state.game)
    count = max(1, round(playouts(state.game) * scale))
    verdict = search(state, _NO_CLOCK, rng, settings, max_iterations=count)
    return WinChance.of(mover, verdict.value), str(verdict.best.move)


class Judge:
    """The judgements of positions, each made once and kept (`known`). `seed`: the
    judge's own; every caller of the teacher uses the default. `scale` shrinks its work
    for pictures and tests that need some view, not the teacher's (whose is 1)."""

    def __init__(
        self,
        known: Mapping[str, tuple[float, str | None]] | None = None,
        seed: int = 0,
        scale: float = 1.0,
    ):
        self.seed = seed
        self.scale = scale
        self.known: Known = dict(known or {})

    def chance(self, state: GameState) -> WinChance:
        """The win chance of `state`: exact once the game is over, else the search's."""
        if state.is_over:
            return WinChance.outcome(state)
        name = key(state.game, state.moves, self.seed)
        if name not in self.known:
            chance, _searched = _weigh(state, self.seed, self.scale)
            self.known[name] = (chance.dark, None)
        return WinChance(self.known[name][0])

    def best(self, state: GameState) -> str:
        """Hard's move in `state` (not over), in notation."""
        name = key(state.game, state.moves, self.seed)
        dark, best = self.known.get(name, (None, None))
        if best is not None:
            return best
        if isinstance(state, IsaacState):
            allowance = ISAAC_HARD_ALLOWANCE * self.scale
            best = str(make_bot("hard", self.seed).choose(state, allowance))
            chance = self.chance(state).dark if dark is None else dark
        else:
            weighed, best = _weigh(state, self.seed, self.scale)
            chance = weighed.dark
        self.known[name] = (chance, best)
        return best

    def view(self, state: GameState) -> PositionView | None:
        """The view of a position to move in; None once the game is over."""
        if state.is_over:
            return None
        best = self.best(state)
        return PositionView(best, self.chance(state), self.chance(state.play(best)))

    def review(self, before: GameState, played: str) -> MoveReview:
        """The move `played` in `before`, against Hard's move there."""
        mover = before.to_move
        assert mover is not None, "a move was played from it"
        view = self.view(before)
        assert view is not None
        move = before.parse_move(played)
        after = view.after_best if str(move) == view.best else self.chance(before.play(move))
        return MoveReview(
            len(before.moves),
            mover,
            move,
            before.parse_move(view.best),
            view.after_best.pov(mover),
            after.pov(mover),
            before.game,
        )


#: The window's judgements, kept for the session (the oldest go first past `CACHE_SIZE`).
CACHE_SIZE = 20_000
_CACHE: OrderedDict[str, tuple[float, str | None]] = OrderedDict()


def remembered(names: list[str]) -> Known:
    """What the window's process knows of the positions `names` (for a worker's task)."""
    return {name: _CACHE[name] for name in names if name in _CACHE}


def remember(judged: Mapping[str, tuple[float, str | None]]) -> None:
    """Keep what a worker judged: a judgement with Hard's move replaces one without."""
    for name, (dark, best) in judged.items():
        old = _CACHE.get(name)
        _CACHE[name] = (dark, best if best is not None else (old[1] if old else None))
        _CACHE.move_to_end(name)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def view_names(game: str, moves: tuple[str, ...], seed: int = 0) -> list[str]:
    """The names a view of the position after `moves` reads: that position, and the one
    Hard's move makes there when the window knows Hard's move already."""
    names = [key(game, moves, seed)]
    best = _CACHE.get(names[0], (0.0, None))[1]
    if best is not None:
        names.append(key(game, (*moves, best), seed))
    return names


def needed(game: str, moves: tuple[str, ...], seed: int = 0) -> list[str]:
    """The names a review of the last of `moves` reads: the view of the position before
    it (`view_names`), and the position it made."""
    return [*view_names(game, tuple(moves[:-1]), seed), key(game, tuple(moves), seed)]
