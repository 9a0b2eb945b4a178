"""The coach: each move of a player against the computer, checked as it is played.

The coach weighs a move as the analysis does (`analysis.view_position`: Hard's move and
the mover's win chance before it, the mover's chance after it) with the analysis's own
thresholds (`MISTAKE`, `BLUNDER`), in a worker process of its own (`AsyncCoach`), while
the computer thinks of its reply. The check has a budget (`CHECK_BUDGET`): the client
holds the computer's reply back until the check is answered, or for at most that long
once the reply is ready, and then forgets the check (`AsyncCoach.poll` answers None).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from isaac_game.rules import GameState, new_game

from .analysis import BLUNDER, MISTAKE, MoveReview, view_position
from .worker import Task, Worker

#: The coach's settings, in the order the setting cycles through them.
COACH_LEVELS = ("off", "mistakes", "blunders")
#: Seconds a check may hold the computer's reply back (and the search it makes).
CHECK_BUDGET = 0.5
#: The share of the budget the check's two searches take (the rest: the pipe, the replay).
SEARCH_SHARE = 0.8


def threshold(level: str) -> float | None:
    """The win chance a move must give away for the coach to speak (None: it is off)."""
    return {"mistakes": MISTAKE, "blunders": BLUNDER}.get(level)


@dataclass(frozen=True)
class Advice:
    """A move the coach speaks of: the position before it, the move and Hard's."""

    before: GameState
    played: str
    preferred: str
    loss: float  # the win chance given away, 0..1

    @property
    def percent(self) -> int:
        """The loss in whole percent, as a player reads it ("about 30%")."""
        return round(self.loss * 100)


def check_move(game: str, moves: tuple[str, ...], seconds: float, seed: int = 0) -> MoveReview:
    """The review of the last of `moves` (the game `game` from its start): Hard's move
    and the mover's win chance before it, the mover's chance after it.

    The task an `AsyncCoach` hands its worker: it runs in the worker process."""
    before = new_game(game)
    for move in moves[:-1]:
        before = before.play(move)
    mover = before.to_move
    assert mover is not None  # a move was played from it
    after = before.play(moves[-1])
    view = view_position(game, moves[:-1], seconds / 2, seed)
    assert view is not None  # the game went on from it
    played = str(before.parse_move(moves[-1]))
    if played == view[0]:
        chance_after = view[1]  # Hard's own move gives nothing away: no second search
    elif after.is_over:
        winner = after.winner
        chance_after = 0.5 if winner is None else float(winner == mover)
    else:
        seen = view_position(game, moves, seconds / 2, seed)
        assert seen is not None
        chance_after = seen[1] if after.to_move == mover else 1.0 - seen[1]
    return MoveReview(len(moves) - 1, mover, played, view[0], view[1], chance_after)


def warm_up() -> bool:
    """A worker's first task: the searches' modules imported before the first check."""
    return True


class AsyncCoach:
    """The coach's worker: `start(before, after)` when a move is played, `poll()` each
    frame. One check at a time; a new one forgets the last."""

    def __init__(self, level: str, budget: float = CHECK_BUDGET) -> None:
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
        task = Task(check_move, (after.game, tuple(after.moves), self.budget * SEARCH_SHARE))
        self.worker.submit(task, self.budget)

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
        ok, review = answer
        limit = threshold(self.level)
        if not ok or limit is None or not review.mark:
            return None
        if review.loss + 1e-9 < limit:
            return None
        return Advice(before, review.played, review.preferred, review.loss)

    def cancel(self) -> None:
        self._before = None
        self.worker.cancel()

    def close(self) -> None:
        self._before = None
        self.worker.close()
