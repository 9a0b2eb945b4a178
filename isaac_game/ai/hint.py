"""Hints: the move Hard would play, and why, in one line.

`hint(state)` thinks in the calling process (for tools and tests); a client calls
`AsyncHint`, which asks a worker process and is polled once per frame like a seat.
Rows and columns are named in the coordinates of the player the board faces (`facing`:
Dark's by default; Light's own are (9 - r, 9 - c), docs/rules.md 0), so the line agrees
with the numbers on the board's near edges; pieces by their printed value, as players name
them ("the 3 (5 cells)", docs/rules.md 0).
"""

from __future__ import annotations

import random

from isaac_game.rules import (
    WINNING_SCORE,
    GameState,
    IsaacState,
    Move,
    Pass,
    Place,
    Player,
    Remove,
    piece_name,
)

from .bots import DEFAULT_BUDGET, HardBot
from .generic import think
from .reasons import line_name, reason
from .worker import EncodedState, Task, Worker, decode_state, encode_state


def hint(
    state: GameState, budget: float | None = None, seed: int = 0, facing: Player = Player.DARK
) -> tuple[Move, str]:
    """(move, one-line explanation) for the side to move in `state`: Hard's move, its
    rows and columns as read from `facing`'s side of the board."""
    if state.is_over:
        raise ValueError("the game is over")
    seconds = DEFAULT_BUDGET["hard"] if budget is None else budget
    if not isinstance(state, IsaacState):
        best = think(state, seconds, random.Random(seed)).best
        return best.move, reason(state, best.move, best.win_chance, facing)
    move = HardBot(seed).choose(state, seconds)
    return move, explain(state, move, facing)


def _on_line(cells: tuple[int, ...], direction: str, anchor: int) -> bool:
    if direction == "h":
        return any(x // 10 == anchor // 10 for x in cells)
    return any(x % 10 == anchor % 10 for x in cells)


def explain(state: IsaacState, move: Move, facing: Player = Player.DARK) -> str:
    """One line saying what `move` does for the side to move in `state` (rows and
    columns in `facing`'s numbers)."""
    me = state.to_move
    if me is None:
        raise ValueError("the game is over")
    if isinstance(move, Remove):
        piece = state.piece_at(move.cell)
        assert piece is not None
        b = state.removal_points(move.cell)
        line = line_name(piece.direction, piece.anchor, facing)
        text = f"removes the {piece_name(piece.length)} on {line}: {b}"
        full = state.scores[me.index] + b.points
        if move.target >= WINNING_SCORE:
            return text + f", reaching {move.target}: wins"
        if move.target < full:
            text += f"; counter stops on {move.target}, not {full}"
            after = state.play(move)
            cell = after.counter_cell(me)
            blocked = None if cell is None else after.piece_at(cell)
            if blocked is not None and blocked.owner == me.other:
                text += f", to block {me.other.title}'s {piece_name(blocked.length)}"
                if after.to_move == me.other and isinstance(after.legal_moves()[0], Pass):
                    text += f" (they can remove nothing: {me.other.title} is out)"
            elif cell is not None:
                lines = {("h", cell // 10), ("v", cell % 10)}
                boosted = [
                    p
                    for p in after.pieces()
                    if p.owner == me
                    and (p.direction, p.anchor // 10 if p.direction == "h" else p.anchor % 10)
                    in lines
                ]
                if boosted:
                    p = max(boosted, key=lambda p: p.length)
                    text += f", for x2 on {line_name(p.direction, p.anchor, facing)}"
        return text
    if isinstance(move, Place):
        after = state.play(move)
        b = after.removal_points(move.cell)
        line = line_name(move.direction, move.cell, facing)
        touching = [
            p
            for p in after.pieces()
            if p.anchor != move.cell and _on_line(p.cells, move.direction, move.cell)
        ]
        mine = sum(1 for p in touching if p.owner == me)
        crossed = sum(
            1
            for p in after.pieces()
            if p.owner == me
            and p.direction != move.direction
            and _on_line(_cells_of(move), p.direction, p.anchor)
        )
        text = f"places a {piece_name(move.length)} on {line}, {len(touching)} pieces touch it"
        text += f" ({mine} yours): {b.value} x {b.pieces} = {b.value * b.pieces} as it stands"
        if crossed:
            text += f"; crosses {crossed} of your lines"
        return text
    return "no piece can be " + ("placed" if state.phase == "placement" else "removed") + ": pass"


def _cells_of(move: Place) -> tuple[int, ...]:
    step = 1 if move.direction == "h" else 10
    return tuple(move.cell + step * i for i in range(move.length))


def think_hint(position: EncodedState, budget: float, facing: str = "dark") -> tuple[str, str]:
    """(move as notation, explanation) for `position` (see `encode_state`), read from
    `facing`'s side.

    The task an `AsyncHint` hands its worker: it runs in the worker process."""
    move, text = hint(decode_state(position), budget, facing=Player(facing))
    return (str(move), text)


class AsyncHint:
    """A hint computed in a worker process: `start(state)`, then `poll()` each frame."""

    def __init__(self, budget: float | None = None) -> None:
        self.budget = DEFAULT_BUDGET["hard"] if budget is None else budget
        self.worker = Worker()
        self._state: GameState | None = None
        self.error: str | None = None

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def start(self, state: GameState, facing: Player = Player.DARK) -> None:
        """Ask for a hint for `state`, told as read from `facing`'s side of the board
        (forgets any hint still being computed)."""
        self._state = state
        task = Task(think_hint, (encode_state(state), self.budget, str(facing)))
        self.worker.submit(task, self.budget)

    def poll(self) -> tuple[Move, str] | None:
        """(move, explanation) once ready, else None. Never blocks."""
        answer = self.worker.poll()
        if answer is None or self._state is None:
            return None
        ok, data = answer
        if not ok:
            self.error = data
            return None
        move_text, text = data
        return self._state.parse_move(move_text), text

    def cancel(self) -> None:
        self.worker.cancel()

    def close(self) -> None:
        self.worker.close()
