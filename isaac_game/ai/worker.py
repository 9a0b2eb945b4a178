"""A thinking process: the computer player's moves and hints, off the main thread.

Computer players think in a separate process so that the GIL never stutters the
screen (docs/architecture.md, "Threads and processes"). `Worker` owns one such process
(started lazily, with the `spawn` method, so it is safe on every platform and with
pygame loaded), sends it one `Task` at a time and collects the answer without ever
blocking. A worker that dies or hangs is replaced and the task sent again; the ISAAC
levels and the rule-of-thumb levels are deterministic given their seed and the
position, so the answer is the same (the FOUNDATIONS and HARI searches think for a
time, so theirs may be another move as good).

The worker knows no bot and no hint: its caller hands it the function to run (the
seat its move search, the hint helper its explanation), so this module sits below
both and imports neither.

A position travels as its move record (replayed in the worker) or, for a state
built without a history, pickled; see `encode_state`. Either way the module that
defines the game goes with it, so a game registered outside the engine (which a
fresh worker has never imported) is known there too.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from isaac_game.rules import GameState, new_game, replay

#: A task unanswered this long past its budget means the worker hangs.
HANG_GRACE = 10.0
#: After this many failed attempts at one task, give up on the process.
MAX_ATTEMPTS = 3


#: A position on its way to the worker: ("moves", (module, game, record)) or
#: ("pickle", bytes), `module` being where the game's state class (and its
#: `register_game`) lives.
EncodedState = tuple[str, Any]


def encode_state(state: GameState) -> EncodedState:
    """A picklable description of `state` that `decode_state` turns back into it."""
    if state.moves or state.position_key() == new_game(state.game).position_key():
        return ("moves", (type(state).__module__, state.game, tuple(state.moves)))
    return ("pickle", pickle.dumps(state))


def decode_state(payload: EncodedState) -> GameState:
    kind, data = payload
    if kind == "moves":
        module, game, moves = data
        importlib.import_module(module)  # registers the game, if this process never met it
        return replay(game, moves)
    return pickle.loads(data)


@dataclass(frozen=True)
class Task:
    """One call for the worker to make: `function(*args)`.

    It crosses to the process by pickle, so `function` must be defined at the top
    level of a module (pickle sends its name, and the worker imports it) and the
    arguments and the answer must be picklable (a position: see `encode_state`).
    """

    function: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def run(self) -> Any:
        """Answer the task (in the worker, or in-process as a last resort)."""
        return self.function(*self.args)


#: How far below the window a thinking process runs (POSIX niceness): far enough that
#: the window gets a core whenever it asks, however many processes think.
NICENESS = 10


def lower_priority() -> None:
    """Run this process below the window, so that thinking on every core never costs a
    frame (where the system allows; a refusal leaves it as it was)."""
    try:
        if sys.platform == "win32":
            import psutil

            psutil.Process().nice(psutil.BELOW_NORMAL_PRIORITY_CLASS)
        else:
            os.nice(NICENESS)
    except (OSError, ImportError):
        pass


def worker_main(conn: Connection) -> None:
    """The worker process: run tasks until told to stop (None) or orphaned."""
    lower_priority()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request_id, task = message
        try:
            conn.send((request_id, True, task.run()))
        except Exception as error:  # an answer, never a dead worker
            try:
                conn.send((request_id, False, f"{type(error).__name__}: {error}"))
            except (OSError, pickle.PicklingError):
                return


@dataclass(frozen=True)
class Answer:
    """A task's answer as `Worker.poll` hands it over: the value the task returned, or
    why it failed (`error`, in words for the logs: the task raised, or its process kept
    dying). A caller reads `ok` instead of unpacking a pair."""

    value: Any = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _answer_to(task: Task) -> Answer:
    """`task` run here, as its answer."""
    try:
        return Answer(task.run())
    except Exception as error:
        return Answer(error=f"{type(error).__name__}: {error}")


class Worker:
    """One lazily started thinking process with at most one task in flight."""

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._next_id = 0
        self._pending: tuple[int, Task, float, float] | None = None  # id, task, sent, budget
        self._attempts = 0
        self._result: Answer | None = None
        self.restarts = 0

    # ----- life cycle ----------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=worker_main, args=(child,), daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def _stop(self, graceful: bool) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            if graceful:
                with contextlib.suppress(OSError):
                    conn.send(None)
            conn.close()
        if process is not None:
            process.join(0.05 if graceful else 0)
            if process.is_alive():
                process.terminate()
                process.join(0.5)

    def close(self) -> None:
        self._pending = None
        self._stop(graceful=True)

    # ----- tasks ------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """A task is in flight (its answer has not been collected)."""
        return self._pending is not None

    def submit(self, task: Task, budget: float) -> None:
        """Send `task`, forgetting any earlier one; the answer comes from `poll`.

        `budget` is how long the task may think: past it (and a grace period) the
        worker is taken to hang, and is replaced."""
        self._next_id += 1
        self._pending = (self._next_id, task, 0.0, budget)
        self._result = None
        self._attempts = 0
        self._send()

    def cancel(self) -> None:
        """Forget the task in flight; a late answer to it is dropped."""
        self._pending = None
        self._result = None

    def _send(self) -> None:
        assert self._pending is not None
        request_id, task, _sent, budget = self._pending
        self._attempts += 1
        if self._attempts > MAX_ATTEMPTS:
            # the process keeps dying on this task: answer it here instead
            self._result = _answer_to(task)
            self._pending = None
            return
        if self._process is None or not self._process.is_alive():
            if self._process is not None:
                self.restarts += 1
                self._stop(graceful=False)
            self._start()
        conn = self._conn
        assert conn is not None  # _start made the pipe
        try:
            conn.send((request_id, task))
        except OSError:
            self._stop(graceful=False)
            self._pending = (request_id, task, time.monotonic(), budget)
            return self._send()
        self._pending = (request_id, task, time.monotonic(), budget)

    @property
    def answered(self) -> bool:
        """Is an answer waiting to be collected by `poll` (which this does not do)?"""
        if self._result is not None:
            return True
        try:
            return self._pending is not None and self._conn is not None and self._conn.poll()
        except (EOFError, OSError):
            return False

    def poll(self) -> Answer | None:
        """The task's answer once it is there, else None. Never blocks."""
        if self._result is not None:
            result, self._result = self._result, None
            return result
        conn = self._conn
        try:
            while conn is not None and conn.poll():
                request_id, ok, answer = conn.recv()
                if self._pending is not None and request_id == self._pending[0]:
                    self._pending = None
                    return Answer(answer) if ok else Answer(error=str(answer))
        except (EOFError, OSError):
            pass  # the process died: handled below
        if self._pending is None:
            return None
        _id, _task, sent, budget = self._pending
        dead = self._process is None or not self._process.is_alive()
        hung = time.monotonic() - sent > budget + HANG_GRACE
        if dead or hung:
            self.restarts += 1
            self._stop(graceful=False)
            self._send()
            if self._result is not None:
                return self.poll()
        return None
