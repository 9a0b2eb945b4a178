"""The host's side of the conversation: one table, any number of knocking connections.

The host owns the game: seat assignment, the token, the record sent in `welcome`.
Connections are named by integers the transport picks; a connection is *pending* until
its `hello`, then it is either refused or becomes the game's link. All of that is in
one object with no I/O, so every rule of docs/protocol.md is tested by method calls.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from net import messages as m
from net.events import (
    Close,
    GameClosed,
    GameHeld,
    GameStarted,
    LinkLost,
    Output,
    PeerMisbehaved,
    Send,
)
from net.framing import BAD_MESSAGE, ProtocolViolation
from net.game import GameAdapter
from net.limits import UNKNOWN, Budget
from net.session import HELLO_TIMEOUT, PING_INTERVAL, REJOIN_WINDOW, SILENCE_LIMIT, Session, other

#: Connections that have not said hello yet, at most; past that the oldest goes.
MAX_PENDING = 64


@dataclass
class Pending:
    """A connection that has not said hello yet: when it opened, and its budget for
    messages of unknown types (answered, and reported once, within it)."""

    opened: float
    budget: Budget


class HostSession(Session):
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
        if keep_token is not None:
            self.seat, self.token = seat, keep_token
            self._games = 1
            self.held = True
            self.peer_moved = True  # a kept game is hosted again on purpose: never dropped

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

    def receive(self, conn: int, raw: dict[str, Any], now: float) -> list[Output]:
        """One decoded map (already through `framing.check_envelope`)."""
        on_link = self.link is not None and conn == self.link.conn
        if on_link:
            assert self.link is not None
            self.link.last_heard = now
        elif conn not in self._pending:
            return self._flush()  # a connection we already let go of
        if not on_link and raw.get("t") == "hello":
            del self._pending[conn]
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
        return self._flush()

    def connection_lost(self, conn: int, now: float) -> list[Output]:
        self._pending.pop(conn, None)
        if self.link is not None and conn == self.link.conn:
            self.link = None
            self._lose_link("connection closed by peer", now)
        return self._flush()

    def tick(self, now: float) -> list[Output]:
        """Hello timeouts, heartbeat, silence, and the end of the rejoin window."""
        for conn, pending in list(self._pending.items()):
            if now - pending.opened >= self.hello_timeout:
                del self._pending[conn]
                self._emit(Close(conn, "no hello in time"))
        self._tick_link(now)
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
        self._emit(Close(conn, exc.msg))

    def _refuse(self, conn: int, code: str, reason: str, game: str | None = None) -> None:
        self._emit(Send(conn, m.reject(code, reason, game)))
        self._emit(Close(conn, reason))

    def _on_first_message(self, conn: int, msg: dict[str, Any], now: float) -> None:
        """Rule 1: the first message is `hello` (`_on_hello`); anything else is fatal,
        but for an unknown `t` (answered by `validate`, the connection stays)."""
        self._conn_violation(
            conn, ProtocolViolation(BAD_MESSAGE, f"expected hello, got {msg['t']!r}"), now
        )

    def _on_hello(self, conn: int, raw: dict[str, Any], now: float) -> None:
        """The handshake: every refusal is a `reject` with its 1.1 code, then close.

        `proto` is looked at first: a hello of another protocol version may have
        other keys, and its sender needs `bad-proto`, not `bad-hello`."""
        proto = raw.get("proto")
        if isinstance(proto, int) and not isinstance(proto, bool) and proto != m.PROTO:
            self._refuse(conn, m.BAD_PROTO, f"wrong proto: this host speaks proto {m.PROTO}")
            return
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            self._emit(PeerMisbehaved(m.BAD_HELLO, exc.msg))
            self._refuse(conn, m.BAD_HELLO, f"bad hello: {exc.msg.removeprefix('hello: ')}")
            return
        if msg["game"] != self.adapter.game:
            game = self.adapter.game
            self._refuse(conn, m.WRONG_GAME, f"wrong game: this host plays {game}", game)
        elif "token" in msg:
            if self.token is None or msg["token"] != self.token:
                self._refuse(conn, m.BAD_TOKEN, "bad token: no such game is kept here")
            else:
                # A rejoin takes over even if the old link has not timed out yet:
                # the token proves it is the same player on a new connection.
                self._close_link("replaced by a rejoin")
                self._attach(conn, msg["name"], now, resumed=True)
        elif self.token is not None and self.seat_open and self.link is None:
            self._attach(conn, msg["name"], now, resumed=False)  # the held game, to anyone
        elif self.token is not None or self.resting:
            self._refuse(conn, m.TABLE_FULL, "table full")
        else:
            self._new_game(conn, msg["name"], now)

    def _new_game(self, conn: int, peer_name: str, now: float) -> None:
        if self._games > 0:
            self.adapter.reset()
        self._games += 1
        choice = self.seat_choice
        self.seat = self._rng.choice(m.SEATS) if choice == "random" else choice
        self.token = secrets.token_hex(16)
        self._reset_game_flags()
        self._attach(conn, peer_name, now, resumed=False)

    def _attach(self, conn: int, peer_name: str, now: float, *, resumed: bool) -> None:
        assert self.seat is not None and self.token is not None
        self._new_link(conn, now)
        self.peer_name = peer_name
        self.lost_at = None
        self.held = self.seat_open = False
        moves = self.adapter.moves()
        you = other(self.seat)
        self._send(m.welcome(self.app, self.name, self.adapter.game, you, self.token, moves))
        self._emit(GameStarted(self.seat, peer_name, self.token, tuple(moves), resumed))

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

    def _on_move(self, n: int, move: str, digest: str | None, now: float) -> None:
        """The shared checks (`Session._on_move`); a move they apply is the peer's first
        in this game, or a later one: from then on a lost link keeps the game."""
        played = len(self.adapter.moves())
        super()._on_move(n, move, digest, now)
        if len(self.adapter.moves()) > played:
            self.peer_moved = True

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
        self._attach(self.link.conn, self.peer_name or "", now, resumed=False)
