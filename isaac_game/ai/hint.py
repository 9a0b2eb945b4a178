"""Hints: the move Hard would play, and why, in one line.

The move is the judge's (`judge.py`): the one the coach, the analysis and practice call
Hard's, so playing it never draws a remark, nor a mark in Review. `hint(state)` thinks
in the calling process (for tools and tests); a client calls `AsyncHint`, which asks a
worker process and is polled once per frame like a seat, and keeps what the worker
judged for the coach to read.
Rows and columns are named in the coordinates of the player the board faces (`facing`:
Dark's by default; Light's own are (9 - r, 9 - c), docs/rules.md 0), so the line agrees
with the numbers on the board's near edges; pieces by their printed value, as players name
them ("the 3 (5 cells)", docs/rules.md 0). The line is in the player's language: the
client's worker is told which (`AsyncHint.start`), as it speaks English by itself.
"""

from __future__ import annotations

from isaac_game.i18n import _, language, ngettext, set_language
from isaac_game.rules import (
    WINNING_SCORE,
    GameState,
    IsaacState,
    Move,
    Pass,
    Place,
    Player,
    Remove,
)

from .judge import TASK_SECONDS, Judge, Known, remember, remembered, view_names
from .reasons import line_name, piece_label, reason, span_name
from .worker import EncodedState, Task, Worker, decode_state, encode_state


def hint(
    state: GameState,
    seed: int = 0,
    facing: Player = Player.DARK,
    known: Known | None = None,
    scale: float = 1.0,
) -> tuple[Move, str]:
    """(move, one-line explanation) for the side to move in `state`: Hard's move by the
    judge, its rows and columns as read from `facing`'s side of the board (`scale`: see
    `Judge`; the window's hints are the judge's own, 1)."""
    return judged_hint(state, Judge(known, seed, scale), facing)


def judged_hint(state: GameState, judge: Judge, facing: Player = Player.DARK) -> tuple[Move, str]:
    """`hint` with the judge given (so what it judged can be kept)."""
    if state.is_over:
        raise ValueError("the game is over")
    view = judge.view(state)
    assert view is not None
    move = state.parse_move(view.best)
    if not isinstance(state, IsaacState):
        mover = state.to_move
        assert mover is not None
        return move, reason(state, move, view.after_best.pov(mover), facing)
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
        return _removal_words(state, move, me, facing)
    if isinstance(move, Place):
        after = state.play(move)
        b = after.removal_points(move.cell)
        line = span_name(move.length, move.direction, move.cell, facing)
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
        # TRANSLATORS: a hint; {touching} pieces have a cell on the line, {mine} of them the
        # player's; then value x N = points, were the piece removed now
        text = ngettext(
            "places a {piece} on {line}, {touching} piece touches it ({mine} yours): "
            "{value} x {pieces} = {points} as it stands",
            "places a {piece} on {line}, {touching} pieces touch it ({mine} yours): "
            "{value} x {pieces} = {points} as it stands",
            len(touching),
        ).format(
            piece=piece_label(move.length),
            line=line,
            touching=len(touching),
            mine=mine,
            value=b.value,
            pieces=b.pieces,
            points=b.value * b.pieces,
        )
        if crossed:
            # TRANSLATORS: added to a placement hint: {count} of the player's lines crossed
            more = ngettext(
                "{hint}; crosses {count} of your lines",
                "{hint}; crosses {count} of your lines",
                crossed,
            )
            text = more.format(hint=text, count=crossed)
        return text
    if state.phase == "placement":
        return _("no piece can be placed: pass")
    return _("no piece can be removed: pass")


def _removal_words(state: IsaacState, move: Remove, me: Player, facing: Player) -> str:
    """`explain` for a removal: its points, and why the counter stops where it does."""
    piece = state.piece_at(move.cell)
    assert piece is not None
    b = state.removal_points(move.cell)
    full = state.scores[me.index] + b.points
    words = {
        "piece": piece_label(piece.length),
        "line": span_name(piece.length, piece.direction, piece.anchor, facing),
        "points": b,
        "target": move.target,
        "full": full,
    }
    if move.target >= WINNING_SCORE:
        # TRANSLATORS: a hint; {points} is the sum ("3 x 4 x 2 = 24"); {target} the score
        return _("removes the {piece} on {line}: {points}, reaching {target}: wins").format(**words)
    if move.target >= full:
        return _("removes the {piece} on {line}: {points}").format(**words)
    after = state.play(move)
    cell = after.counter_cell(me)
    blocked = None if cell is None else after.piece_at(cell)
    other = _("Dark") if me.other is Player.DARK else _("Light")
    if blocked is not None and blocked.owner == me.other:
        words.update(other=other, blocked=piece_label(blocked.length))
        if after.to_move == me.other and isinstance(after.legal_moves()[0], Pass):
            # TRANSLATORS: a hint: the counter stops short of {full} on {other}'s piece
            text = _(
                "removes the {piece} on {line}: {points}; counter stops on {target}, not "
                "{full}, to block {other}'s {blocked} (they can remove nothing: {other} is out)"
            )
            return text.format(**words)
        # TRANSLATORS: a hint: the counter stops short of {full} on {other}'s piece
        text = _(
            "removes the {piece} on {line}: {points}; counter stops on {target}, not {full}, "
            "to block {other}'s {blocked}"
        )
        return text.format(**words)
    if cell is not None:
        lines = {("h", cell // 10), ("v", cell % 10)}
        boosted = [
            p
            for p in after.pieces()
            if p.owner == me
            and (p.direction, p.anchor // 10 if p.direction == "h" else p.anchor % 10) in lines
        ]
        if boosted:
            p = max(boosted, key=lambda p: p.length)
            # TRANSLATORS: a hint: the counter stops short to double a later removal on
            # {boosted} ("row 5")
            text = _(
                "removes the {piece} on {line}: {points}; counter stops on {target}, not "
                "{full}, for x2 on {boosted}"
            )
            return text.format(boosted=line_name(p.direction, p.anchor, facing), **words)
    return _(
        "removes the {piece} on {line}: {points}; counter stops on {target}, not {full}"
    ).format(**words)


def _cells_of(move: Place) -> tuple[int, ...]:
    step = 1 if move.direction == "h" else 10
    return tuple(move.cell + step * i for i in range(move.length))


def think_hint(
    position: EncodedState,
    facing: str = "dark",
    words: str | None = None,
    known: Known | None = None,
) -> tuple[str, str, Known]:
    """(move as notation, explanation, what the judge knows now) for `position` (see
    `encode_state`), read from `facing`'s side, the explanation in the language `words`
    (None: as it is).

    The task an `AsyncHint` hands its worker: it runs in the worker process."""
    if words is not None and words != language():
        set_language(words)
    judge = Judge(known)
    move, text = judged_hint(decode_state(position), judge, Player(facing))
    return (str(move), text, judge.known)


class AsyncHint:
    """A hint computed in a worker process: `start(state)`, then `poll()` each frame."""

    def __init__(self) -> None:
        self.worker = Worker()
        self._state: GameState | None = None
        self.error: str | None = None

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def start(self, state: GameState, facing: Player = Player.DARK) -> None:
        """Ask for a hint for `state`, told as read from `facing`'s side of the board
        (forgets any hint still being computed), in the language the window speaks."""
        self._state = state
        known = remembered(view_names(state.game, state.moves))
        position = encode_state(state)
        task = Task(think_hint, (position, str(facing), language(), known))
        self.worker.submit(task, TASK_SECONDS)

    def poll(self) -> tuple[Move, str] | None:
        """(move, explanation) once ready, else None. Never blocks."""
        answer = self.worker.poll()
        if answer is None or self._state is None:
            return None
        if not answer.ok:
            self.error = answer.error
            return None
        move_text, text, judged = answer.value
        remember(judged)  # the coach reads it: the hint's move is not looked for again
        return self._state.parse_move(move_text), text

    def cancel(self) -> None:
        self.worker.cancel()

    def close(self) -> None:
        self.worker.close()
