"""`ComputerSeat`: a computer level sitting at a match, thinking in a worker process.

It follows the Seat protocol of `isaac_game.match`: `start_turn` sends the position
to the worker and returns at once, `poll` collects the move when it is there (never
blocking), `thinking` says whether to show a "thinking" sign. A worker that crashes
or is killed is restarted and asked again (see `worker.Worker`).
"""

from __future__ import annotations

import contextlib

from isaac_game.rules import GameState, Move, Player

from .bots import DEFAULT_BUDGET, LEVELS, Bot, make_bot
from .worker import EncodedState, Task, Worker, decode_state, encode_state

#: The players of this worker process by (level, seed): a bot keeps what it learnt
#: from one move to the next (its search tree), so the process keeps the bot.
_PLAYERS: dict[tuple[str, int], Bot] = {}


def think_move(level: str, seed: int, position: EncodedState, budget: float) -> str:
    """The move `level` plays in `position` (see `encode_state`), as notation.

    The task a `ComputerSeat` hands its worker: it runs in the worker process."""
    bot = _PLAYERS.get((level, seed))
    if bot is None:
        bot = _PLAYERS[level, seed] = make_bot(level, seed)
    return str(bot.choose(decode_state(position), budget))


class ComputerSeat:
    """A seat for a computer level ("random", "easy", "medium", "hard", "greedy")."""

    kind = "computer"

    def __init__(
        self,
        level: str = "hard",
        name: str | None = None,
        seed: int | None = None,
        budget: float | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.level = level
        self.name = name or level.title()
        self.seed = 0 if seed is None else seed
        self.budget = DEFAULT_BUDGET[level] if budget is None else budget
        self.worker = Worker()  # the process starts with the first turn
        self.last_error: str | None = None
        self._state: GameState | None = None

    @property
    def thinking(self) -> bool:
        """True from `start_turn` until its move has been collected by `poll`."""
        return self.worker.busy

    @property
    def ready(self) -> bool:
        """Its move is there, waiting for `poll` (the client may hold it back a moment)."""
        return self.worker.answered

    def start_turn(self, state: GameState) -> None:
        self._state = state
        task = Task(think_move, (self.level, self.seed, encode_state(state), self.budget))
        self.worker.submit(task, self.budget)

    def poll(self) -> Move | str | None:
        answer = self.worker.poll()
        if answer is None:
            return None
        ok, move = answer
        if not ok:
            # the bot failed (a bug): remember why, and keep the game going
            self.last_error = move
            if self._state is None or self._state.is_over:
                return None
            return self._state.legal_moves()[0]
        return move

    def cancel(self) -> None:
        self.worker.cancel()

    def observe(self, state: GameState, move: str, by: Player) -> None:
        pass

    def close(self) -> None:
        self.worker.close()

    def __del__(self) -> None:  # a seat dropped without close() must not leak a process
        with contextlib.suppress(Exception):
            self.worker.close()
