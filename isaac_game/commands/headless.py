"""What `host` and `join` share: options, the paced computer seat, and the loop that
plays one game over a `LanSession` and prints it.

stdout carries the game only, the same lines on both machines:

    game: isaac, dark Ann vs light Bob
    1. dark 3v57
    ...
    result: dark 104 - light 57, dark wins

A game played to a clock (the host's `--clock`) has both clocks after each move, Dark's
then Light's, as the host's clock said them (so both sides print the same), and may be
lost on time:

    1. dark 3v57  4:58  5:00
    ...
    result: light ran out of time, dark wins

Everything else (where we listen, who joined, a lost link) goes to stderr, so the
two stdouts of a game can be compared line for line. A host through a relay prints one
line before the game, `code: K7M-4QP` (what its joiner needs, for a script to read at
once); the rest is the same on both sides.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import time
from collections.abc import Iterator
from typing import TextIO

import net
from isaac_game.clock import clock_text
from isaac_game.lan.session import LanSession
from isaac_game.lan.timers import add_timer_options
from isaac_game.match import GameEnded, MovePlayed, Seat
from isaac_game.players import COMPUTER_LEVELS, HUMAN, make_seat, player_kind
from isaac_game.rules import GameState, Move, Player, game_names, positions
from net.relay.events import WrongCode

#: Exit statuses.
OK, FAILED, USAGE, REJECTED = 0, 1, 2, 3
INTERRUPTED, TERMINATED = 130, 143  # Ctrl-C (SIGINT), SIGTERM: 128 + the signal


class Terminated(KeyboardInterrupt):
    """SIGTERM (`kill`, a service manager's stop), raised where Ctrl-C's interrupt
    would be, so that both take one path: bye to the peer, the game kept (saved)."""


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises `Terminated` in the main thread instead of killing
    the process on the spot, which would skip the saving Ctrl-C does. A second SIGTERM
    during that is ignored, so the save is not cut short. Outside the main thread
    (where no handler can be set) nothing changes."""

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise Terminated()

    try:
        old = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def stop_status(stop: KeyboardInterrupt) -> int:
    return TERMINATED if isinstance(stop, Terminated) else INTERRUPTED


class LanError(Exception):
    """A failure to report in one line (no traceback) and exit with `status`."""

    def __init__(self, message: str, status: int = FAILED) -> None:
        super().__init__(message)
        self.status = status


def computer_kind(text: str) -> str:
    """A computer level or ladder step (an argparse `type`: not a human)."""
    if text == HUMAN:
        raise ValueError("a headless seat is a computer player")
    return player_kind(text)


def add_common_arguments(parser: argparse.ArgumentParser, *, game_default: str | None) -> None:
    parser.add_argument(
        "--ai",
        required=True,
        type=computer_kind,
        metavar="LEVEL",
        help=f"the computer player behind this seat: {', '.join(COMPUTER_LEVELS)} or levelN",
    )
    parser.add_argument(
        "--game",
        choices=game_names(),
        default=game_default,
        help="the game" + (f" (default {game_default})" if game_default else ""),
    )
    parser.add_argument("--name", default=None, help="the name the other side sees")
    parser.add_argument("--seed", type=int, default=None, help="seed of the computer player")
    hidden = argparse.SUPPRESS
    parser.add_argument("--beacon-port", type=int, default=net.BEACON_PORT, help=hidden)
    parser.add_argument("--move-delay", type=float, default=0.0, help=hidden)
    parser.add_argument("--greet", default="", help=hidden)  # a chat line at each new game
    parser.add_argument("--trace", action="store_true", help=hidden)
    add_timer_options(parser)


class PacedSeat:
    """A seat whose moves are held back `delay` seconds (tests, demos)."""

    def __init__(self, seat: Seat, delay: float) -> None:
        self.seat, self.delay = seat, delay
        self.kind, self.name = seat.kind, seat.name
        self._ready_at = 0.0

    def start_turn(self, state: GameState) -> None:
        self._ready_at = time.monotonic() + self.delay
        self.seat.start_turn(state)

    def poll(self) -> Move | str | None:
        return None if time.monotonic() < self._ready_at else self.seat.poll()

    @property
    def thinking(self) -> bool:
        return self.seat.thinking

    def cancel(self) -> None:
        self.seat.cancel()

    def observe(self, state: GameState, move: str, by: Player) -> None:
        self.seat.observe(state, move, by)

    def close(self) -> None:
        self.seat.close()


def local_seat(args: argparse.Namespace, default_name: str) -> Seat:
    seat = make_seat(args.ai, args.name or default_name, args.seed)
    return PacedSeat(seat, args.move_delay) if args.move_delay > 0 else seat


def with_clocks(line: str, left: tuple[float, float]) -> str:
    """A move's line with both clocks after it, Dark's then Light's: `1. dark 3v57  4:58
    5:00` (two spaces apart, so a reader splits them from the move)."""
    return f"{line}  {clock_text(left[0])}  {clock_text(left[1])}"


class Printer:
    """Turns session and match events into the lines described above."""

    def __init__(self, session: LanSession, trace: bool, out: TextIO, err: TextIO) -> None:
        self.s, self.trace, self.out, self.err = session, trace, out, err
        self.open = False  # a game line was printed and no result or abandon yet
        self.last_close = ""  # why the table was last freed or the session closed
        #: a game with a clock: move lines by index, printed once the host's clocks
        #: after them are known (in order)
        self.waiting: dict[int, str] = {}

    def line(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def note(self, text: str) -> None:
        print(text, file=self.err, flush=True)

    def stamp(self, what: str) -> None:
        if self.trace:
            self.note(f"trace {time.monotonic():.6f} {what}")

    def sent(self, n: int, move: str) -> None:
        self.stamp(f"sent {n} {move}")

    def show(self, events: list) -> None:
        s = self.s
        for ev in events:
            if isinstance(ev, MovePlayed):
                self.played(ev)
            elif isinstance(ev, net.ClockSet):
                self.timed()
            elif isinstance(ev, net.Flagged):
                self.note(f"{ev.side} ran out of time")
            elif isinstance(ev, GameEnded):
                pass  # the caller prints the result once the network is in step
            elif isinstance(ev, net.GameStarted):
                if ev.resumed and self.open:
                    self.stamp("resumed")
                    self.note(f"link back: the game goes on from move {len(ev.moves)}")
                else:
                    self.started(ev)
            elif isinstance(ev, net.MoveReceived):
                self.stamp(f"recv {ev.n} {ev.move}")
            elif isinstance(ev, net.MoveRefused):
                self.note(f"our move {ev.move} was refused: {ev.reason}")
            elif isinstance(ev, net.LinkLost):
                self.stamp("lost")
                if ev.bye:  # docs/protocol.md 1.1: a pause, not a resignation
                    then = "reconnecting" if s.role == "join" else "waiting"
                    who = s.opponent or "the peer"
                    self.note(f"{who} left for now (bye); the game is kept, {then}...")
                else:
                    self.note(f"link lost ({ev.reason}); the game is kept, reconnecting...")
            elif isinstance(ev, net.ChatReceived):
                who = f"{ev.sender} (watching)" if ev.watcher else s.opponent
                self.note(f"chat from {who}: {ev.text}")
            elif isinstance(ev, net.PeerResigned):
                self.note(f"{s.opponent} resigned")
            elif isinstance(ev, net.PeerMisbehaved):
                self.note(f"peer misbehaved: {ev.code}: {ev.msg}")
            elif isinstance(ev, net.PeerError):
                self.note(f"the peer reports an error: {ev.code}: {ev.msg}")
            elif isinstance(ev, net.Throttled):
                self.note(f"the peer sends too many {ev.what}: the rest are dropped")
            elif isinstance(ev, net.GameClosed):
                self.last_close = ev.reason
                self.note(f"table free ({ev.reason})")
            elif isinstance(ev, net.GameHeld):
                self.last_close = ev.reason
                self.note(f"{s.opponent or 'the peer'} is gone ({ev.reason}); the game is kept")
            elif isinstance(ev, net.Closed):
                self.last_close = ev.reason
            elif isinstance(ev, net.Rejected):
                self.note(f"rejected: {ev.reason}")
            elif isinstance(ev, WrongCode):
                self.wrong_code(ev)

    def played(self, ev: MovePlayed) -> None:
        """A move's line: at once, or in a game with a clock once the host's clocks after
        it are known."""
        n = len(ev.after.moves) - 1
        text = f"{n + 1}. {ev.player.value} {ev.move}"
        if self.s.clock.control is None:
            self.line(text)
        else:
            self.waiting[n] = text
            self.timed()

    def timed(self) -> None:
        """The move lines whose clocks the host has said, in order: each with Dark's and
        Light's clock after it."""
        after = self.s.clock.after
        for n in sorted(self.waiting):
            if n not in after:
                return
            self.line(with_clocks(self.waiting.pop(n), after[n]))

    @property
    def pending(self) -> bool:
        """Are move lines waiting for the host's clocks? (Not once a side's time ran out:
        the host said every clock it will before it said that.)"""
        return bool(self.waiting) and self.s.clock.flagged is None

    def wrong_code(self, ev: WrongCode) -> None:
        """A relay host: someone tried our room with another secret."""
        if ev.locked:
            self.note(f"{ev.tries} wrong codes: this code is refused from now on "
                      "(a game under way goes on; host again for a new code)")  # fmt: skip
        else:
            self.note(f"a joiner tried a wrong code ({ev.tries} of {ev.limit})")

    def started(self, ev: net.GameStarted) -> None:
        """The game line, then the moves so far (a game rejoined by a restarted program
        or hosted again), so that stdout always holds the whole record."""
        s = self.s
        self.abandoned(self.last_close or "a new game began")
        you = Player(ev.you)
        names = {you: s.name, you.other: ev.opponent}
        dark, light = names[Player.DARK], names[Player.LIGHT]
        self.line(f"game: {s.adapter.game}, dark {dark} vs light {light}")
        self.open = True
        self.waiting.clear()
        states = positions(s.adapter.game, ev.moves)
        for number, (before, move) in enumerate(zip(states, ev.moves, strict=False), 1):
            mover = before.to_move
            self.line(f"{number}. {mover.value if mover else '?'} {move}")
        since = f", from move {len(ev.moves) + 1}" if ev.moves else ""
        self.note(f"playing {you.value} against {ev.opponent}{since}")
        if ev.clock is not None:
            self.note(f"played to a clock: {ev.clock} (the host's clock decides)")
        if unclocked := s.clock_notice():
            self.note(f"{unclocked}'s program has no clock: this game is played without one")

    def result(self) -> None:
        if self.open:
            self.open = False
            self.unconfirmed()
            self.line(f"result: {self.s.result()}")

    def unconfirmed(self) -> None:
        """The game is over (or abandoned) with move lines the host gave no clocks for: a
        move played after the time ran out never counted (the host refused it); any
        other is shown without clocks."""
        if self.s.clock.flagged is None:
            for n in sorted(self.waiting):
                self.line(self.waiting[n])
        self.waiting.clear()

    def abandoned(self, reason: str) -> None:
        if self.open:
            self.open = False
            self.unconfirmed()
            self.line(f"abandoned: {reason}")


def greet(session: LanSession, text: str, events: list) -> None:
    """Say `text` (chat) as each new game begins (`--greet`: demos and tests)."""
    if text and any(isinstance(ev, net.GameStarted) and not ev.resumed for ev in events):
        session.chat(text)


def wait_synced(session: LanSession, printer: Printer, timeout: float = 5.0) -> None:
    """Let the network thread take our last move before we close or move on, and (a game
    with a clock) the host's clocks after the last moves come."""
    deadline = time.monotonic() + timeout
    while (not session.synced or printer.pending) and time.monotonic() < deadline:
        printer.show(session.update(0.02))
