"""`ComputerSeat`: a computer level sitting at a match, thinking in a worker process.

It follows the Seat protocol of `isaac_game.match`: `start_turn` sends the position
to the worker and returns at once, `poll` collects the move when it is there (never
blocking), `thinking` says whether to show a "thinking" sign. A worker that crashes
or is killed is restarted and asked again (see `worker.Worker`).
"""

from __future__ import annotations

import contextlib
import time

from isaac_game.levels import SEAT_LEVELS, ladder_number
from isaac_game.rules import GameState, Move, Player

from .bots import DEFAULT_BUDGET
from .ladder import ComputerPlayer, make_player, played_as
from .parallel import available_cores
from .worker import EncodedState, Task, Worker, decode_state, encode_state

#: The players of this worker process by (game, level, seed, cores): a bot keeps what
#: it learnt from one move to the next (its search tree, its helpers), so the process
#: keeps the bot.
_PLAYERS: dict[tuple[str, str, int, int], ComputerPlayer] = {}
#: A ladder step's seconds a move when its level has none of its own: a hung worker is
#: taken to be one past this (and `worker.HANG_GRACE`).
STEP_BUDGET = 1.0
#: Playing to a clock, a move may spend the time left over this many moves still to
#: come, and most of the increment: the clock never runs out while the level still
#: thinks as long as it would (see `clock_budget`).
MOVES_AHEAD = 30
INCREMENT_SPENT = 0.6
#: ...but never more than this share of the time left (a search may take longer than
#: asked on a busy machine), nor less than a glance.
MOST_OF_LEFT = 0.2
LEAST = 0.02


#: How much slower than asked a move may be taken to be, at most (a first move that
#: starts the worker process is far slower, once).
MOST_SLOWNESS = 4.0


class Slowness:
    """How many seconds on the wall clock a move takes for each second it was given,
    as measured on this machine's last moves (a search with helpers on a busy machine,
    the worker's messages): what a clock allows is divided by it (`clock_budget`), so a
    level spends what is left on its clock, not what it asked for. Each move's measure
    counts half."""

    def __init__(self) -> None:
        self.factor = 1.0

    def took(self, seconds: float, budget: float) -> None:
        """A move given `budget` seconds took `seconds` on the wall clock."""
        ratio = min(MOST_SLOWNESS, max(1.0, seconds / max(budget, LEAST)))
        self.factor = (self.factor + ratio) / 2


def clock_budget(own: float, left: float, increment: float, slowness: float = 1.0) -> float:
    """The seconds a move of a level whose own time is `own` may spend with `left`
    seconds on its clock and `increment` to come after the turn: its own time while
    the clock has plenty, less as the clock runs down, so that it spends its time by
    what is left rather than its fixed budget, and never all of it. `slowness`: wall
    seconds a given second takes here (`Slowness`): what the clock allows is that much less."""
    share = left / MOVES_AHEAD + increment * INCREMENT_SPENT
    return max(LEAST, min(own, share / slowness, left * MOST_OF_LEFT / slowness))


def think_move(
    level: str, seed: int, position: EncodedState, budget: float | None, cores: int = 1
) -> str:
    """The move `level` plays in `position` (see `encode_state`), as notation; `budget`
    None is the level's own time.

    The task a `ComputerSeat` hands its worker: it runs in the worker process."""
    state = decode_state(position)
    key = (state.game, played_as(state.game, level), seed, cores)
    player = _PLAYERS.get(key)
    if player is None:
        player = _PLAYERS[key] = make_player(key[0], key[1], seed, cores)
    return str(player.choose(state, budget))


class ComputerSeat:
    """A seat for a computer level ("random", "easy", "medium", "hard", "greedy") or a
    step of the game's ladder ("level4"). Hard thinks on `cores` processes (by default
    every core this machine lets it use)."""

    kind = "computer"

    def __init__(
        self,
        level: str = "hard",
        name: str | None = None,
        seed: int | None = None,
        budget: float | None = None,
        cores: int | None = None,
    ) -> None:
        if level not in SEAT_LEVELS and ladder_number(level) is None:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(SEAT_LEVELS)})")
        self.level = level
        self.name = name or level.title()
        self.seed = 0 if seed is None else seed
        #: seconds a move: None for the level's own
        self.budget = budget
        self.cores = available_cores() if cores is None else max(1, cores)
        self.worker = Worker()  # the process starts with the first turn
        self.last_error: str | None = None
        self._state: GameState | None = None
        #: (seconds left, increment) when playing to a clock (`clock_told`)
        self._clock: tuple[float, float] | None = None
        self.slowness = Slowness()  # how much slower than asked its moves are, to a clock
        self._timed: tuple[float, float] | None = None  # (asked at, budget) to a clock

    @property
    def thinking(self) -> bool:
        """True from `start_turn` until its move has been collected by `poll`."""
        return self.worker.busy

    @property
    def ready(self) -> bool:
        """Its move is there, waiting for `poll` (the client may hold it back a moment:
        the time it took is taken when it is first seen here, not when it is collected)."""
        answered = self.worker.answered
        if answered:
            self._answer_seen()
        return answered

    def _answer_seen(self) -> None:
        """The answer to a move played to a clock is here: how long it took is measured
        once (`Slowness.took`)."""
        if self._timed is not None:
            asked_at, budget = self._timed
            self.slowness.took(time.monotonic() - asked_at, budget)
            self._timed = None

    def clock_told(self, left: float, increment: float) -> None:
        """The next turn is played to a clock with `left` seconds (`match.TimedSeat`)."""
        self._clock = (left, increment)

    def start_turn(self, state: GameState) -> None:
        self._state = state
        position = encode_state(state)
        own = DEFAULT_BUDGET.get(self.level, STEP_BUDGET) if self.budget is None else self.budget
        budget = self.budget
        if self._clock is not None:
            budget = clock_budget(own, *self._clock, self.slowness.factor)
            self._clock = None
            self._timed = (time.monotonic(), budget)
        task = Task(think_move, (self.level, self.seed, position, budget, self.cores))
        self.worker.submit(task, own if budget is None else budget)

    def poll(self) -> Move | str | None:
        answer = self.worker.poll()
        if answer is None:
            return None
        self._answer_seen()
        if not answer.ok:
            # the bot failed (a bug): remember why, and keep the game going
            self.last_error = answer.error
            if self._state is None or self._state.is_over:
                return None
            return self._state.legal_moves()[0]
        return answer.value

    def cancel(self) -> None:
        self._timed = None
        self.worker.cancel()

    def observe(self, state: GameState, move: str, by: Player) -> None:
        pass

    def close(self) -> None:
        self.worker.close()

    def __del__(self) -> None:  # a seat dropped without close() must not leak a process
        with contextlib.suppress(Exception):
            self.worker.close()
