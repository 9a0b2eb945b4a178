"""The coach: each move of a player against the computer, checked as it is played.

The coach asks the judge (`judge.py`), as the hint, the analysis and practice do: Hard's
move in the position before, the mover's chance after it and after the move played,
and speaks of the analysis's own marks (`MISTAKE`, `BLUNDER`, clear of the judge's
noise). So the hint's move never draws a remark, and what the coach says a move gave
away is what Review says of it. The check
runs in a worker process of its own (`AsyncCoach`) while the computer thinks of its
reply, and is handed what the window knows already (a hint asked for the same position:
Hard's move is not looked for twice). The judge counts its work, so a slow machine takes
longer, never answers otherwise: the client holds the computer's reply until the check
is answered (at most `HOLD_MOST` seconds, then the check is forgotten and nothing said),
and the bar says the coach is looking meanwhile.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from isaac_game.rules import GameState, Move, replay

from .judge import (
    TASK_SECONDS,
    Judge,
    Known,
    Mark,
    MoveReview,
    needed,
    remember,
    remembered,
)
from .worker import Task, Worker

#: The coach's settings, in the order the setting cycles through them.
COACH_LEVELS = ("off", "mistakes", "blunders")
#: Seconds a check may hold the computer's reply back once the reply is ready: on this
#: machine a check takes about half a second; a much slower one gives up, saying nothing.
HOLD_MOST = 5.0


def marks(level: str) -> frozenset[Mark]:
    """The analysis's marks the coach speaks of at `level` (none: it is off): a mistake
    (`MISTAKE` given away, or more where the judge's noise asks more) or a blunder
    (`BLUNDER`), exactly as Review marks the move."""
    spoken = {"mistakes": (Mark.MISTAKE, Mark.BLUNDER), "blunders": (Mark.BLUNDER,)}
    return frozenset(spoken.get(level, ()))


@dataclass(frozen=True)
class Advice:
    """A move the coach speaks of: the position before it, the move and Hard's."""

    before: GameState
    played: Move
    preferred: Move
    loss: float  # the win chance given away, 0..1

    @property
    def percent(self) -> int:
        """The loss in whole percent, as a player reads it ("about 30%")."""
        return round(self.loss * 100)


def check_move(
    game: str, moves: tuple[str, ...], known: Known | None = None, seed: int = 0
) -> tuple[MoveReview, Known]:
    """The judge's review of the last of `moves` (the game `game` from its start), and
    what the judge knows now (`known`: what the window knew before).

    The task an `AsyncCoach` hands its worker: it runs in the worker process."""
    judge = Judge(known, seed)
    review = judge.review(replay(game, moves[:-1]), moves[-1])
    return review, judge.known


def warm_up() -> bool:
    """A worker's first task: the searches' modules imported before the first check."""
    return True


class AsyncCoach:
    """The coach's worker: `start(before, after)` when a move is played, `poll()` each
    frame. One check at a time; a new one forgets the last."""

    def __init__(self, level: str, budget: float = HOLD_MOST) -> None:
        self.level = level
        self.budget = budget
        self.worker = Worker()
        self.worker.submit(Task(warm_up), budget)  # spawned now, not at the first move
        self._before: GameState | None = None
        self._ready_at: float | None = None

    @property
    def busy(self) -> bool:
        """A check is under way (its answer not collected yet)."""
        return self._before is not None

    def start(self, before: GameState, after: GameState) -> None:
        """Check the move from `before` to `after`."""
        self._before, self._ready_at = before, None
        moves = tuple(after.moves)
        task = Task(check_move, (after.game, moves, remembered(needed(after.game, moves))))
        self.worker.submit(task, TASK_SECONDS)  # counted work: a slow machine takes longer

    def poll(self, reply_ready: bool = False) -> Advice | None:
        """The advice once the check is answered and the move gave away more than the
        setting allows; None otherwise. `reply_ready`: the computer's reply waits on the
        check, which is forgotten once it has waited the budget (never blocks)."""
        before = self._before
        if before is None:
            return None
        answer = self.worker.poll()
        if answer is None:
            if reply_ready:
                now = time.monotonic()
                self._ready_at = self._ready_at or now
                if now - self._ready_at > self.budget:
                    self.cancel()  # the reply is not held back any longer
            return None
        self._before = None
        if not answer.ok:
            return None
        review, judged = answer.value
        remember(judged)  # the window knows it now: Review reads the same numbers
        if review.mark not in marks(self.level):
            return None
        return Advice(before, review.played, review.preferred, review.loss)

    def cancel(self) -> None:
        self._before = None
        self.worker.cancel()

    def close(self) -> None:
        self._before = None
        self.worker.close()
