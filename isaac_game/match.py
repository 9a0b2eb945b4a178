"""A match: one game between two seats, where every move source meets the rules.

A seat is anything that produces moves for one colour: a local human (moves come
from the client), a computer player (moves come from a worker process), a remote
peer (moves come from `net/`). The match asks the seat to move, polls it without
blocking, checks every move with the rules before applying it, and tells every
seat what was played. The client renders a match; headless tools (the arena, a
headless LAN host) drive the very same object with no client at all.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol, runtime_checkable

from isaac_game.clock import Clocks
from isaac_game.rules import (
    GameState,
    IllegalMoveError,
    Move,
    Player,
    Refusal,
    new_game,
    parse_notation,
)


class SeatKind(StrEnum):
    """Where a seat's moves come from. The match asks only "is a human to move?" (undo
    stops there); the client paces a computer's moves and never calls a remote
    player's turn "thinking"."""

    HUMAN = "human"
    COMPUTER = "computer"
    REMOTE = "remote"


class Seat(Protocol):
    """One side's source of moves. Every method returns at once (never blocks)."""

    kind: SeatKind
    name: str

    def start_turn(self, state: GameState) -> None:
        """It is this seat's turn in `state`: start thinking (or wait for the user)."""

    def poll(self) -> Move | str | None:
        """The move chosen for the last `start_turn`, once there is one."""

    def cancel(self) -> None:
        """Forget the turn in progress (undo, a new game, the match closing)."""

    def observe(self, state: GameState, move: str, by: Player) -> None:
        """A move was played by either side, in notation: a seat keeps the game's
        record (a remote seat forwards its own side's moves over the wire)."""

    def close(self) -> None:
        """Release workers, sockets or anything else the seat holds."""

    @property
    def thinking(self) -> bool:
        """Is the seat working on a move the screen should say it waits for?"""


@runtime_checkable
class TimedSeat(Protocol):
    """A seat that plays to a clock (a computer player): told its time before each turn,
    it spends its time by what is left."""

    def clock_told(self, left: float, increment: float) -> None:
        """The seat has `left` seconds for the rest of the game, and gains `increment`
        after each turn: its next `start_turn` thinks within them."""

    @property
    def ready(self) -> bool:
        """Is its move there, waiting for `poll`?"""


class HumanSeat:
    """A person at this machine: the client hands their moves in with `submit`."""

    kind = SeatKind.HUMAN
    thinking = False  # the screen shows whose turn it is instead

    def __init__(self, name: str = "Player") -> None:
        self.name = name
        self._pending: Move | str | None = None
        self._waiting = False

    def start_turn(self, state: GameState) -> None:
        self._waiting = True

    def submit(self, move: Move | str) -> None:
        if self._waiting:
            self._pending = move

    def poll(self) -> Move | str | None:
        move, self._pending = self._pending, None
        if move is not None:
            self._waiting = False
        return move

    def cancel(self) -> None:
        self._pending = None
        self._waiting = False

    def observe(self, state: GameState, move: str, by: Player) -> None:
        pass

    def close(self) -> None:
        pass


class RandomSeat:
    """The simplest computer player: a uniformly random legal move, seeded."""

    kind = SeatKind.COMPUTER
    thinking = False  # answers at once

    def __init__(self, name: str = "Random", seed: int | None = None) -> None:
        self.name = name
        self._rng = random.Random(seed)
        self._choice: Move | None = None

    def start_turn(self, state: GameState) -> None:
        self._choice = self._rng.choice(state.legal_moves())

    def poll(self) -> Move | str | None:
        move, self._choice = self._choice, None
        return move

    def cancel(self) -> None:
        self._choice = None

    def observe(self, state: GameState, move: str, by: Player) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class MovePlayed:
    """A move was checked and applied: `move` is the value the rules played (its
    notation is made only where a record is shown or written)."""

    player: Player
    move: Move
    before: GameState
    after: GameState


def move_between(before: GameState, after: GameState) -> MovePlayed:
    """The move that took `before` to `after`, one move later (a saved game's states,
    an undo's history): read once from the record, where the notation is canonical."""
    mover = before.to_move
    if mover is None or after.ply != before.ply + 1:
        raise ValueError("`after` is not `before` one move on")
    return MovePlayed(mover, parse_notation(after.moves[-1]), before, after)


@dataclass(frozen=True)
class MoveRejected:
    """A seat offered a move the rules refuse; the game is unchanged."""

    player: Player
    move: str
    reason: str  # the rules' message (notation and all: for logs and the command line)
    refusal: Refusal | None = None  # why, as facts (None: not the rules' refusal)


@dataclass(frozen=True)
class GameEnded:
    state: GameState


@dataclass(frozen=True)
class TimedOut:
    """`player`'s time ran out: the game is lost on time, its position as it was."""

    player: Player
    state: GameState


MatchEvent = MovePlayed | MoveRejected | GameEnded | TimedOut


@dataclass
class Match:
    """One game between two seats, with undo and redo for local play."""

    seats: dict[Player, Seat]
    state: GameState = field(default_factory=new_game)
    #: the game's clocks, if it is played to a time control (None: no clock)
    clocks: Clocks | None = None
    _past: list[GameState] = field(default_factory=list, repr=False)
    _future: list[GameState] = field(default_factory=list, repr=False)
    _asked: GameState | None = field(default=None, repr=False)

    @classmethod
    def new(cls, game: str, dark: Seat, light: Seat) -> Match:
        return cls({Player.DARK: dark, Player.LIGHT: light}, new_game(game))

    @classmethod
    def resume(cls, seats: dict[Player, Seat], history: list[GameState]) -> Match:
        """A match that goes on from the last state of `history` and can undo back
        through the earlier ones (a continued saved game keeps its undo)."""
        if not history:
            raise ValueError("a match resumes from at least one state")
        return cls(seats, history[-1], _past=list(history[:-1]))

    def seat(self, player: Player) -> Seat:
        return self.seats[Player(player)]

    @property
    def history(self) -> tuple[GameState, ...]:
        """Every state from the first one kept to the current one (undo walks it back)."""
        return (*self._past, self.state)

    @property
    def last_played(self) -> MovePlayed | None:
        """The move that led to the current state (after an undo, the one before it);
        None at the first state kept."""
        before = self._past[-1] if self._past else None
        if before is None or self.state.ply != before.ply + 1:
            return None
        return move_between(before, self.state)

    @property
    def seat_to_move(self) -> Seat | None:
        mover = self.state.to_move
        return None if mover is None else self.seats[mover]

    def computer_thinking(self, player: Player) -> bool:
        """Is a computer thinking for `player`? (A remote peer's turn is theirs, not a
        wait the screen shows.)"""
        seat = self.seats[player]
        return seat.thinking and seat.kind != SeatKind.REMOTE

    @property
    def out_of_time(self) -> Player | None:
        """The side whose time ran out (the game is over, lost on time by it)."""
        return None if self.clocks is None else self.clocks.flagged

    def answer_waiting(self) -> bool:
        """Is a computer's move ready that the match has not taken yet (the screen holds
        it back a moment, so that the last move can be read)? Its clock stops meanwhile:
        the pause is the screen's, not the computer's thinking."""
        seat = self.seat_to_move
        return isinstance(seat, TimedSeat) and seat.ready

    def tick(self, seconds: float) -> list[MatchEvent]:
        """`seconds` passed: off the clock of the side to move (a game with a clock);
        [TimedOut] once its time is out."""
        clocks = self.clocks
        if clocks is None or clocks.flagged is not None or self.state.is_over:
            return []
        clocks.run(self.state.to_move)
        flagged = clocks.elapse(seconds)
        if flagged is None:
            return []
        self._cancel_all()
        return [TimedOut(flagged, self.state)]

    def time_out(self, player: Player) -> list[MatchEvent]:
        """`player`'s time ran out by the word of the clock that decides (a network
        game's host; this match's clocks only show the time): the game is lost on time,
        [TimedOut]. Nothing for a game with no clock, or already over."""
        clocks = self.clocks
        if clocks is None or clocks.flagged is not None or self.state.is_over:
            return []
        clocks.flag(Player(player))
        self._cancel_all()
        return [TimedOut(Player(player), self.state)]

    def update(self) -> list[MatchEvent]:
        """Poll the seat to move; apply at most one move. Call once per frame/tick."""
        seat = self.prepare()
        if seat is None:
            return []
        offered = seat.poll()
        if offered is None:
            return []
        mover = self.state.to_move
        assert mover is not None  # a seat was to move
        return self._apply(mover, offered)

    def prepare(self) -> Seat | None:
        """Tell the seat to move that its turn has come, once per position, without
        taking its move: a computer thinks while the screen still shows the last move
        (`update` plays its answer later). The seat to move, None once the game is over."""
        mover = self.state.to_move
        if mover is None or self.out_of_time is not None:
            return None
        seat = self.seats[mover]
        if self._asked is not self.state:
            self._asked = self.state
            if self.clocks is not None and isinstance(seat, TimedSeat):
                seat.clock_told(self.clocks.left(mover), self.clocks.control.increment)
            seat.start_turn(self.state)
        return seat

    def submit(self, player: Player, move: Move | str) -> list[MatchEvent]:
        """A local human's move, applied at once if it is their turn and legal."""
        if self.state.to_move != player or self.out_of_time is not None:
            who = Player(player).title
            return [MoveRejected(Player(player), str(move), f"it is not {who}'s turn")]
        self.seats[player].cancel()
        return self._apply(Player(player), move)

    def _apply(self, mover: Player, offered: Move | str) -> list[MatchEvent]:
        before = self.state
        try:
            after = before.play(offered)
        except ValueError as error:
            self._asked = None  # ask again: the seat must still move
            refusal = error.refusal if isinstance(error, IllegalMoveError) else Refusal()
            return [MoveRejected(mover, str(offered), str(error), refusal)]
        self._past.append(before)
        self._future.clear()
        self.state = after
        if self.clocks is not None and after.to_move != mover:
            self.clocks.press(mover)  # the turn passed: the increment, the other's clock
            self.clocks.run(after.to_move)
        played = move_between(before, after)
        for seat in self.seats.values():
            seat.observe(after, after.moves[-1], mover)
        events: list[MatchEvent] = [played]
        if after.is_over:
            events.append(GameEnded(after))
        return events

    # ----- undo / redo (local games only: the client offers them only then) -----

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def undo(self) -> bool:
        """Take back moves until a human is to move again (or the start is reached)."""
        if not self._past:
            return False
        self._cancel_all()
        self._future.append(self.state)
        self.state = self._past.pop()
        while self._past and not self._human_to_move():
            self._future.append(self.state)
            self.state = self._past.pop()
        return True

    def redo(self) -> bool:
        """Replay what undo took back, up to the next human turn."""
        if not self._future:
            return False
        self._cancel_all()
        self._past.append(self.state)
        self.state = self._future.pop()
        while self._future and not self._human_to_move():
            self._past.append(self.state)
            self.state = self._future.pop()
        return True

    def _human_to_move(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and seat.kind == SeatKind.HUMAN

    def _cancel_all(self) -> None:
        self._asked = None
        for seat in self.seats.values():
            seat.cancel()

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()
