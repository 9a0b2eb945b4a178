"""The host's side of the conversation: one table, any number of knocking connections.

The host owns the game: seat assignment, the token, the record sent in `welcome`.
Connections are named by integers the transport picks; a connection is *pending* until
its `hello`, then it is either refused or becomes the game's link. All of that is in
one object with no I/O, so every rule of docs/protocol.md is tested by method calls.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, replace
from typing import Any

from net import messages as m
from net.clocks import HostClock, seconds_pair
from net.events import (
    ClockSet,
    Close,
    Flagged,
    GameClosed,
    GameHeld,
    GameStarted,
    LinkLost,
    Output,
    PeerMisbehaved,
    Send,
)
from net.framing import BAD_MESSAGE, ProtocolViolation
from net.gallery import MAX_SPECTATORS
from net.game import GameAdapter
from net.host_watchers import WatchedSession
from net.limits import UNKNOWN, Budget
from net.session import HELLO_TIMEOUT, PING_INTERVAL, REJOIN_WINDOW, SILENCE_LIMIT, other

#: Connections that have not said hello yet, at most; past that the oldest goes.
MAX_PENDING = 64


@dataclass(frozen=True)
class TimeControl:
    """A game's time control as the host keeps it (docs/protocol.md 1.2): `text` as
    the welcome says it ("5+3"), `base` and `increment` in seconds."""

    text: str
    base: float
    increment: float


@dataclass
class Pending:
    """A connection that has not said hello yet: when it opened, and its budget for
    messages of unknown types (answered, and reported once, within it)."""

    opened: float
    budget: Budget


class HostSession(WatchedSession):
    """Host state machine. Drive it with `connection_made`, `receive`, `violation`,
    `connection_lost` and `tick`; give it local commands with `play`, `chat`,
    `resign`, `propose_rematch`, `abandon`, `shutdown`.

    `seat` is the host's seat for each new game: "dark" (default, docs/protocol.md
    rule 2), "light" or "random". A rematch swaps whatever the last game had.

    A peer gone mid-game (a lost link, `bye`, or a connection closed for `desync` or
    `illegal-move`) leaves the game kept for its token for the rejoin window
    (docs/protocol.md 1.1 rules 4 and 6; `bye` is a pause, not a resignation). The
    window is for a game the peer has played in: one gone before its first move (a
    knock: hello, welcome, gone) frees the table at once (`GameClosed`), or every
    knock would keep real joiners out ("table full") for the whole window.

    `hold_games` (rule 7, the default): when the window passes the game is held, not
    dropped: `GameHeld`, then only its token is welcome until `abandon()` frees the
    table or `open_seat()` lets anyone take the peer's seat. With `hold_games=False`
    the table frees then (`GameClosed`, the adapter still holding the record until
    the next game starts): the caller must save it, or it is lost.

    `keep_token` hosts a game from an earlier run again: the adapter already holds
    its record, `seat` (dark or light) is the host's colour in it, and the game is
    held for that token from the start.

    `rest_after_game` (a host with a person at it): once a game is over the host is no
    longer `announcing` and refuses new joiners (`table-full`) until `host_again()`;
    without it (headless `host --forever`) the next hello starts the next game.

    `clock` (1.2): each game is played to that time control, kept here (`HostClock`),
    if its joiner speaks 1.2; a 1.1 joiner plays without one (its `GameStarted` has
    no `clock`). `clock_left` is (Dark's, Light's) seconds left in a kept game.

    Spectators (1.2) knock with `watch`; `gallery` keeps them (`watchers` at most).
    """

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        name: str = "host",
        app: str = "isaac_game",
        seat: str = "dark",
        hello_timeout: float = HELLO_TIMEOUT,
        ping_interval: float = PING_INTERVAL,
        silence_limit: float = SILENCE_LIMIT,
        rejoin_window: float = REJOIN_WINDOW,
        max_pending: int = MAX_PENDING,
        rng: random.Random | None = None,
        hold_games: bool = True,
        keep_token: str | None = None,
        rest_after_game: bool = False,
        clock: TimeControl | None = None,
        clock_left: tuple[float, float] | None = None,
        watchers: int = MAX_SPECTATORS,
        **kwargs: Any,
    ) -> None:
        if seat not in ("dark", "light", "random"):
            raise ValueError(f"seat must be dark, light or random, not {seat!r}")
        if keep_token is not None and (not m.is_token(keep_token) or seat not in m.SEATS):
            raise ValueError("a kept game needs its token (32 hex chars) and seat (dark/light)")
        super().__init__(
            adapter,
            name=name,
            app=app,
            ping_interval=ping_interval,
            silence_limit=silence_limit,
            rejoin_window=rejoin_window,
            watchers=watchers,
            **kwargs,
        )
        self.seat_choice = seat
        self.hello_timeout = hello_timeout
        self.max_pending = max_pending
        self._rng = rng or random.Random()
        self._pending: dict[int, Pending] = {}  # oldest first (dicts keep insertion order)
        self.lost_at: float | None = None  # when the link went, while the game waits
        self._games = 0  # games started; the first keeps the adapter's record as is
        self.hold_games = hold_games
        #: The game is kept with nobody at the peer's seat and no window running.
        self.held = False
        self.seat_open = False  # a held game's seat goes to the next hello, token or not
        #: The peer's seat has played in the current game: only then is there anything
        #: to rejoin, and a lost link keeps the game for the window (rule 4).
        self.peer_moved = False
        self.rest_after_game = rest_after_game
        self.resting = False  # a game ended; the host's person has not hosted again yet
        self.control = clock
        self.clock: HostClock | None = None  # the current game's, if it has one
        if keep_token is not None:
            self.seat, self.token = seat, keep_token
            self._games = 1
            self.held = True
            self.peer_moved = True  # a kept game is hosted again on purpose: never dropped
            self.peer_minor = m.MINOR  # it was played by this program: clocks and all
            self.clock = self._new_clock()
            if self.clock is not None and clock_left is not None:
                self.clock.left.update(dark=clock_left[0], light=clock_left[1])

    @property
    def table_free(self) -> bool:
        """True when a tokenless hello would start a new game."""
        return self.token is None and not self.resting

    @property
    def announcing(self) -> bool:
        """Should discovery list this host? Not after a game, with `rest_after_game`,
        until its person hosts again: a joiner would pull it into an unasked-for game."""
        over = self.token is not None and self._game_over()
        return not (self.rest_after_game and (self.resting or over))

    @property
    def peer_connected(self) -> bool:
        return self.link is not None

    # -- transport news ------------------------------------------------------------

    def connection_made(self, conn: int, now: float) -> list[Output]:
        """A TCP connection was accepted; it has `hello_timeout` to say hello.

        When `max_pending` connections are already waiting for their hello, the oldest
        of them is closed to make room, never the newcomer: a real joiner says hello at
        once, so connections held open without one (a slow-loris attack) can delay it
        by a moment at worst, but never lock it out."""
        while self._pending and len(self._pending) >= max(1, self.max_pending):
            oldest = next(iter(self._pending))
            del self._pending[oldest]
            self._emit(Close(oldest, "too many connections without a hello"))
        self._pending[conn] = Pending(now, Budget(now))
        return self._flush()

    def watcher_connected(self, conn: int, now: float) -> list[Output]:
        """A connection that may watch and do nothing else (the relay's watch code):
        its `hello` is refused (`watch-only`)."""
        self.gallery.watch_only.add(conn)
        return self.connection_made(conn, now)

    def receive(self, conn: int, raw: dict[str, Any], now: float) -> list[Output]:
        """One decoded map (already through `framing.check_envelope`)."""
        on_link = self.link is not None and conn == self.link.conn
        if on_link:
            assert self.link is not None
            self.link.last_heard = now
        elif conn in self.gallery:
            self._on_spectator(conn, raw, now)
            return self._flush()
        elif conn not in self._pending:
            return self._flush()  # a connection we already let go of
        if not on_link and raw.get("t") in ("hello", "watch"):
            del self._pending[conn]
            if raw["t"] == "watch":
                self._on_watch(conn, raw, now)
            elif conn in self.gallery.watch_only:
                self._refuse(conn, m.WATCH_ONLY, "this code lets you watch, not play")
            else:
                self._on_hello(conn, raw, now)
            return self._flush()
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            self._conn_violation(conn, exc, now)
            return self._flush()
        if on_link:
            if msg["t"] in ("hello", "welcome", "reject"):
                self._violate(BAD_MESSAGE, f"unexpected {msg['t']!r}", now)
            else:
                self._on_game_message(msg, now)
        else:
            self._on_first_message(conn, msg, now)
        return self._flush()

    def violation(self, conn: int, exc: ProtocolViolation, now: float) -> list[Output]:
        """The framing layer refused this connection's bytes."""
        if conn in self._pending or (self.link is not None and conn == self.link.conn):
            self._conn_violation(conn, exc, now)
        elif conn in self.gallery:
            self._drop_spectator(conn, exc.code, exc.msg, now)
        return self._flush()

    def connection_lost(self, conn: int, now: float) -> list[Output]:
        self._pending.pop(conn, None)
        if self.gallery.remove(conn):
            self._watchers_changed()
        if self.link is not None and conn == self.link.conn:
            self.link = None
            self._lose_link("connection closed by peer", now)
        return self._flush()

    def tick(self, now: float) -> list[Output]:
        """Hello timeouts, heartbeat, silence, and the end of the rejoin window."""
        for conn, pending in list(self._pending.items()):
            if now - pending.opened >= self.hello_timeout:
                del self._pending[conn]
                self.gallery.watch_only.discard(conn)
                self._emit(Close(conn, "no hello in time"))
        self._tick_link(now)
        gone = len(self.gallery)
        self._out.extend(self.gallery.tick(now, self.ping_interval, self.silence_limit, m.ping))
        if len(self.gallery) != gone:
            self._watchers_changed()
        clock = self.clock
        live = clock is not None and self.token is not None and self.flagged is None
        if live and clock is not None and clock.due(now) is not None:
            self._flag(now)
        if (
            self.link is None
            and self.lost_at is not None
            and now - self.lost_at >= self.rejoin_window
        ):
            self._peer_gone("rejoin window expired")
        return self._flush()

    # -- local commands beyond the shared ones ---------------------------------------

    def abandon(self, now: float) -> list[Output]:
        """Give the game up (say bye to the peer, if any) and free the table."""
        if self.token is not None:
            self._send(m.bye())
            self._close_link("abandoned")
            self._free_table("abandoned")
        return self._flush()

    def host_again(self, now: float) -> list[Output]:
        """Its person hosts again after a game: the next joiner is taken, the host listed;
        a finished game still on the table is let go (bye), an unfinished one kept."""
        if self.token is not None and self._game_over():
            self._send(m.bye())
            self._close_link("hosting again")
            self._free_table("hosting again")
        self.resting = False
        return self._flush()

    def open_seat(self, allow: bool, now: float) -> list[Output]:
        """A held game: let the next hello without its token take the peer's seat (the
        host's person allows anyone; its `welcome` carries the moves so far)."""
        self.seat_open = allow and self.held
        return self._flush()

    def shutdown(self, now: float) -> list[Output]:
        """Say bye and close everything; the caller then stops the transport."""
        self._send(m.bye())
        self._close_link("host shutting down")
        for conn in list(self._pending):
            self._emit(Close(conn, "host shutting down"))
        self._pending.clear()
        for spectator in self.gallery:
            self.gallery.remove(spectator.conn)
            self._emit(Send(spectator.conn, m.bye()))
            self._emit(Close(spectator.conn, "host shutting down"))
        return self._flush()

    # -- internals -------------------------------------------------------------

    def _conn_violation(self, conn: int, exc: ProtocolViolation, now: float) -> None:
        if self.link is not None and conn == self.link.conn:
            self._violate(exc.code, exc.msg, now, fatal=exc.fatal)
            return
        if not exc.fatal:  # an unknown `t` before hello: answered within the budget
            pending = self._pending.get(conn)
            if pending is None or self._over_budget(pending.budget, UNKNOWN, now):
                return
            self._emit(Send(conn, m.error(exc.code, exc.msg)))
            if pending.budget.first(f"misbehaved {exc.code}"):
                self._emit(PeerMisbehaved(exc.code, exc.msg))
            return
        self._emit(Send(conn, m.error(exc.code, exc.msg)))
        self._emit(PeerMisbehaved(exc.code, exc.msg))
        self._pending.pop(conn, None)
        self.gallery.watch_only.discard(conn)
        self._emit(Close(conn, exc.msg))

    def _on_first_message(self, conn: int, msg: dict[str, Any], now: float) -> None:
        """Rule 1: the first message is `hello` (`_on_hello`); anything else is fatal,
        but for an unknown `t` (answered by `validate`, the connection stays)."""
        self._conn_violation(
            conn, ProtocolViolation(BAD_MESSAGE, f"expected hello, got {msg['t']!r}"), now
        )

    def _on_hello(self, conn: int, raw: dict[str, Any], now: float) -> None:
        """The handshake: every refusal is a `reject` with its 1.1 code, then close."""
        msg = self._greeted(conn, raw)
        if msg is None:
            return
        minor = msg.get("minor", 0)
        if "token" in msg:
            if self.token is None or msg["token"] != self.token:
                self._refuse(conn, m.BAD_TOKEN, "bad token: no such game is kept here")
            else:
                # A rejoin takes over even if the old link has not timed out yet:
                # the token proves it is the same player on a new connection.
                self._close_link("replaced by a rejoin")
                self.peer_minor = minor
                self._attach(conn, msg["name"], now, resumed=True)
        elif self.token is not None and self.seat_open and self.link is None:
            self.peer_minor = minor
            self._attach(conn, msg["name"], now, resumed=False)  # the held game, to anyone
        elif self.token is not None or self.resting:
            self._refuse(conn, m.TABLE_FULL, "table full")
        else:
            self.peer_minor = minor
            self._new_game(conn, msg["name"], now)

    def _new_game(self, conn: int, peer_name: str, now: float) -> None:
        if self._games > 0:
            self.adapter.reset()
        self._games += 1
        choice = self.seat_choice
        self.seat = self._rng.choice(m.SEATS) if choice == "random" else choice
        self.token = secrets.token_hex(16)
        self._reset_game_flags()
        self.clock = self._new_clock()
        self._attach(conn, peer_name, now, resumed=False)

    def _new_clock(self) -> HostClock | None:
        """The clock of a new game: the host's time control, if it has one and its
        joiner speaks 1.2 (a 1.1 joiner plays without a clock)."""
        control = self.control
        if control is None or self.peer_minor < m.MINOR or self.seat is None:
            return None
        return HostClock(control.text, control.base, control.increment, other(self.seat))

    def _timing(self, now: float) -> dict[str, Any]:
        """The clock as a welcome and a `watching` carry it (nothing without one)."""
        clock = self.clock
        if clock is None:
            return {}
        timing: dict[str, Any] = {"clock": clock.control, "left": clock.snapshot(now)}
        if clock.flagged is not None:
            timing["flag"] = clock.flagged
        return timing

    def _attach(self, conn: int, peer_name: str, now: float, *, resumed: bool) -> None:
        assert self.seat is not None and self.token is not None
        self._new_link(conn, now)
        self.peer_name = peer_name
        self.lost_at = None
        self.held = self.seat_open = False
        clock = self.clock
        if clock is not None and clock.running is None and not self._game_over():
            clock.start(self.adapter.side_to_move(), now)  # a new game, a kept one back
        moves = self.adapter.moves()
        you = other(self.seat)
        timing = {"minor": m.MINOR, **self._timing(now)} if self.peer_minor >= m.MINOR else {}
        name, game = self.name, self.adapter.game
        self._send(m.welcome(self.app, name, game, you, self.token, moves, timing))
        if self.peer_minor >= m.MINOR and len(self.gallery):
            self._send(m.watchers(len(self.gallery)))
        started = GameStarted(self.seat, peer_name, self.token, tuple(moves), resumed)
        if clock is not None:
            left = seconds_pair(clock.snapshot(now))
            started = replace(started, clock=clock.control, left=left, flagged=clock.flagged)
        self._emit(started)
        if not resumed:
            self._chat_released = False
            self.gallery.recent.clear()
            self.gallery.held.clear()
            self._to_spectators(self._watching(now))

    def _lose_link(
        self, reason: str, now: float, *, bye: bool = False, broken: bool = False
    ) -> None:
        self.link = None
        if self.token is None:
            return
        if not self._game_over() and not self.peer_moved:
            # The peer never played here: nothing of its game to resume, and holding
            # the table for the window would let one knock refuse everyone for 120 s.
            self._free_table(f"{reason} before the joiner's first move")
            return
        self._emit(LinkLost(reason, bye))
        if self._game_over():
            # Nothing left to resume: do not make the next player wait 120 s.
            self._free_table("game over and peer gone")
        else:
            self.lost_at = now

    def _on_move(
        self, n: int, move: str, digest: str | None, now: float, think: int | None = None
    ) -> None:
        """The shared checks (`Session._on_move`); a move they apply is the peer's first
        in this game, or a later one: from then on a lost link keeps the game."""
        played = len(self.adapter.moves())
        super()._on_move(n, move, digest, now, think)
        if len(self.adapter.moves()) > played:
            self.peer_moved = True

    # -- 1.2: the clock, and what spectators are told ----------------------------------

    def _moved(self, n: int, mover: str, now: float, think: int | None) -> None:
        """Move `n` was applied: the turn's time is charged if the turn passed (less
        the joiner's lag credit), both clocks go to the joiner and the spectators."""
        if len(self.gallery):  # the record's copy only when someone watches
            record = self.adapter.moves()
            self._to_spectators(m.move(n, record[n] if n < len(record) else ""))
        clock = self.clock
        if clock is not None:
            to_move = self.adapter.side_to_move()
            if to_move != mover:
                clock.turn_ended(mover, now, None if think is None else think / 1000)
                clock.start(to_move, now)
            left = clock.snapshot(now)
            self._send(m.clock(n, left))
            self._to_spectators(m.clock(n, left))
            self._emit(ClockSet(n, seconds_pair(left)))
            if clock.flagged is not None:
                self._flag(now)  # the move came too late: its time was out
        self._release_chat()

    def _flag(self, now: float) -> None:
        """The clock says a side's time is out: the game is over, lost on time."""
        assert self.clock is not None and self.clock.flagged is not None
        side = self.flagged = self.clock.flagged
        self._send(m.flag(side))
        self._to_spectators(m.flag(side))
        self._emit(Flagged(side))
        self._release_chat()

    def _resigned(self, side: str, now: float) -> None:
        if self.clock is not None:
            self.clock.start(None, now)
        self._to_spectators(m.resign(side))
        self._release_chat()

    def _reset_game_flags(self) -> None:
        """A new game (or none): its peer has played nothing in it yet."""
        super()._reset_game_flags()
        self.peer_moved = False

    def _on_bye(self, now: float) -> None:
        """1.1: mid-game a pause, kept exactly as after a lost link (rule 4); after the
        end (or before any game) the table frees."""
        self._close_link("peer said bye")
        if self._game_over():
            self._free_table("peer left")
        else:
            self._lose_link("peer said bye", now, bye=True)

    def _peer_gone(self, reason: str) -> None:
        """The rejoin window passed: hold an unfinished game, or free the table."""
        if self.hold_games and not self._game_over():
            self.lost_at = None
            self.held = True
            self._emit(GameHeld(reason))
        else:
            self._free_table(reason, window_over=True)

    def _free_table(self, reason: str, window_over: bool = False) -> None:
        self.resting = self.rest_after_game and self._game_over()
        self.clock = None
        self.token = None
        self.lost_at = None
        self.held = self.seat_open = False
        self.peer_name = None
        self._reset_game_flags()
        self._emit(GameClosed(reason, window_over))

    def _maybe_rematch(self, now: float) -> None:
        if not (self.rematch_local and self.rematch_peer) or self.link is None:
            return
        assert self.seat is not None
        self.seat = other(self.seat)
        self.adapter.reset()
        self._games += 1
        self.token = secrets.token_hex(16)
        self._reset_game_flags()
        self.clock = self._new_clock()
        self._attach(self.link.conn, self.peer_name or "", now, resumed=False)
