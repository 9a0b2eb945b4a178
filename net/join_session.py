"""The joiner's side: hello, follow the host's welcome, and rejoin after a lost link.

Dialling, the welcome's time limit and redialling are the `Dialler`'s (net/dialler.py,
shared with a spectator's `WatchSession`); what a welcome means, and when a rejoin
window starts again, are here.
"""

from __future__ import annotations

from typing import Any

from net import messages as m
from net.clocks import seconds_pair
from net.dialler import CLOSED, HELLO, LOST, PLAYING, Dialler
from net.events import (
    ChatReceived,
    ClockSet,
    Flagged,
    GameStarted,
    LinkLost,
    PeerError,
    Watchers,
)
from net.framing import BAD_MESSAGE, DESYNC
from net.game import GameAdapter
from net.limits import ERRORS


class JoinSession(Dialler):
    """Joiner state machine: idle -> connecting -> hello -> playing, and after a
    lost link (or a `desync`, or the host's `bye` mid-game: a pause in docs/protocol.md
    1.1): lost -> connecting -> hello -> playing again (same token), until the
    rejoin window closes. `closed` is final.

    The joiner gives up as surely as the host does (docs/protocol.md 1.1, clarified): a
    host that answers no hello with a `welcome` (or `reject`) within `welcome_timeout`
    is a lost link, pings or not; and the rejoin window runs from the loss until a
    link *works* again. A welcome alone does not restart it: a host that welcomes and
    then breaks the rules (an illegal move, a wrong digest) would otherwise have us
    redial forever. A link works once a move was played over it (either side's), or
    once it was heard for `silence_limit` seconds without the host breaking a rule.
    After a link we closed for the host's mistake, the redial waits `retry_interval`.

    `token` may be given to rejoin a game from a previous run of the program.
    """

    def __init__(
        self, adapter: GameAdapter, *, name: str = "guest", token: str | None = None, **kwargs: Any
    ) -> None:
        """`kwargs`: the `Dialler`'s (app, timers)."""
        super().__init__(adapter, name=name, **kwargs)
        self.token = token
        self._welcomed_at = 0.0  # when the current link's welcome came
        self._welcome_ply = 0  # our record's length just after that welcome
        self.host_minor = 0  # the host's protocol minor version (2: 1.2, clocks)
        self._turn_since: float | None = None  # when our turn came (1.2's `think`)

    def _greeting(self) -> dict[str, Any]:
        return m.hello(self.app, self.name, self.adapter.game, self.token)

    # -- transport news ------------------------------------------------------------

    def _on_message(self, msg: dict[str, Any], now: float) -> None:
        assert self.link is not None
        t = msg["t"]
        if t == "welcome":
            self._on_welcome(msg, now)
        elif self.state == HELLO and t == "error":
            if not self._over_budget(self.link.budget, ERRORS, now):
                self._emit(PeerError(msg["code"], msg["msg"]))
        elif self.state == HELLO and t == "bye":  # the host closes before any welcome
            self._close_link("host said bye")
            self._lose_link("host said bye", now)
        elif self.state == HELLO and t not in ("ping", "pong"):
            self._violate(BAD_MESSAGE, f"expected welcome, got {t!r}", now)
        elif t == "hello":
            self._violate(BAD_MESSAGE, "unexpected 'hello'", now)
        else:
            self._on_game_message(msg, now)

    def _lose_link(
        self, reason: str, now: float, *, bye: bool = False, broken: bool = False
    ) -> None:
        self.link = None
        if self.state == CLOSED:
            return
        if self.token is None:
            self._finish(reason)  # never welcomed: nothing to rejoin
            return
        was_playing = self.state == PLAYING
        if self.lost_at is None or (was_playing and self._link_worked(broken)):
            self.lost_at = now  # a new rejoin window
        if was_playing:
            self._emit(LinkLost(reason, bye))
        self.state = LOST
        # Redial at once after a drop; pace it after a bye (the host is going), after
        # the host broke a rule (it may do so again), and for every retry after that.
        at_once = was_playing and not bye and not broken
        self._next_retry = now if at_once else now + self.retry_interval

    def _link_worked(self, broken: bool) -> bool:
        """Did the link that just ended show the game going on? A move was played over
        it, or the host was heard for the silence limit and broke no rule."""
        if len(self.adapter.moves()) > self._welcome_ply:
            return True
        return not broken and self._heard_at - self._welcomed_at >= self.silence_limit

    def _on_bye(self, now: float) -> None:
        """1.1: mid-game the host's `bye` is a pause, kept exactly as a lost link: we
        keep the game and its token and redial for the rejoin window (rule 4). After
        the end it closes the session."""
        self._close_link("host said bye")
        if self._game_over():
            self._finish("host left")
        else:
            self._lose_link("host said bye", now, bye=True)

    def _on_welcome(self, msg: dict[str, Any], now: float) -> None:
        """A new game, a rematch, or (same token) a rejoin: bring the adapter up to
        date, or resend our own moves the host never got."""
        if msg["game"] != self.adapter.game or msg["proto"] != m.PROTO:
            self._violate(BAD_MESSAGE, "welcome for another game or protocol", now)
            self._finish("host plays another game")
            return
        theirs: list[str] = msg["moves"]
        resumed = msg["token"] == self.token and self.seat is not None
        ours = self.adapter.moves()
        if resumed and theirs[: len(ours)] == ours:
            problem = self._apply_all(theirs[len(ours) :])
        elif resumed and ours[: len(theirs)] == theirs:
            problem = None  # moves we played while the link was down: resend them
            for n in range(len(theirs), len(ours)):
                self._send(m.move(n, ours[n], self._digest_of(ours[: n + 1])))
        else:
            # A new game, or a rejoin whose record parted from ours (after a desync):
            # the host's record is authoritative (1.1 rule 6), ours is replaced.
            if ours:
                self.adapter.reset()
            if not resumed:
                self._reset_game_flags()
            problem = self._apply_all(theirs)
        if problem is not None:
            self._violate(DESYNC, problem, now)
            self._finish(f"desync: {problem}")
            return
        self.state = PLAYING
        self._welcomed_at = self._heard_at = now
        self._welcome_ply = len(self.adapter.moves())
        self.seat = msg["you"]
        self.token = msg["token"]
        self.peer_name = m.clip_name(msg["name"])
        self.host_minor = msg.get("minor", 0)
        self.flagged = msg.get("flag")
        our_turn = self.adapter.side_to_move() == self.seat and not self._game_over()
        self._turn_since = now if our_turn else None
        moves = tuple(self.adapter.moves())
        left = seconds_pair(msg["left"]) if "left" in msg else None
        self._emit(GameStarted(msg["you"], self.peer_name, msg["token"], moves, resumed,
                               msg.get("clock"), left, self.flagged))  # fmt: skip

    # -- 1.2: the host's clocks, its spectators' count, the lines it passes on -------

    def _on_host_news(self, msg: dict[str, Any], now: float) -> None:
        t = msg["t"]
        if t == "clock":
            self._emit(ClockSet(msg["n"], seconds_pair(msg["left"])))
        elif t == "flag":
            if self.flagged is None:
                self.flagged = msg["side"]
                self._turn_since = None
                self._emit(Flagged(msg["side"]))
        else:
            self._emit(Watchers(msg["n"]))

    def _on_chat(self, msg: dict[str, Any], now: float) -> None:
        """The host's line, or (1.2) a spectator's that it passes on after the game."""
        if "from" in msg and "side" not in msg:
            self._emit(ChatReceived(msg["text"], msg["from"]))
        else:
            self._emit(ChatReceived(msg["text"]))

    def _moved(self, n: int, mover: str, now: float, think: int | None) -> None:
        """Our turn starts when the host's move hands it to us, and ends with ours."""
        ours = self.adapter.side_to_move() == self.seat and not self._game_over()
        if not ours:
            self._turn_since = None
        elif self._turn_since is None:
            self._turn_since = now

    def _think(self, now: float) -> int | None:
        """How long we thought on this turn, in ms, for a 1.2 host's clock."""
        since = self._turn_since
        if self.host_minor < m.MINOR or since is None:
            return None
        return int((now - since) * 1000)

    def _apply_all(self, moves: list[str]) -> str | None:
        for i, move in enumerate(moves):
            reason = self.adapter.try_apply(move)
            if reason is not None:
                return f"move {i} {move!r} from the host: {reason}"
        return None
