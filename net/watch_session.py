"""A spectator's side (docs/protocol.md 1.2): `watch`, then follow the game it is sent.

A spectator plays no seat: it checks every move the host sends against its own copy
of the rules (a host that sends an illegal one is not believed: the spectator closes
and looks again, and the next `watching` brings it in step), shows the clocks and
the chat, and may chat with the other spectators. After a lost link it looks again,
with a new `watch`, for as long as a joiner would redial (the rejoin window); each
`watching` is the whole game, so nothing needs to be resent.
"""

from __future__ import annotations

from typing import Any

from net import messages as m
from net.clocks import seconds_pair
from net.dialler import CLOSED, LOST, PLAYING, Dialler
from net.events import (
    ChatReceived,
    ClockSet,
    Flagged,
    LinkLost,
    MoveReceived,
    Output,
    PeerError,
    SideResigned,
    Watchers,
    WatchStarted,
)
from net.framing import BAD_MESSAGE, DESYNC
from net.game import GameAdapter, check_move
from net.limits import CHAT, ERRORS


class WatchSession(Dialler):
    """Spectator state machine, as a joiner's (`Dialler`): idle -> connecting -> hello
    (`watch` sent) -> playing (watching), and after a lost link: lost -> connecting ->
    ... again, until the rejoin window passes with no game shown. A `reject` (no game,
    every place taken, wrong game) is final."""

    def __init__(self, adapter: GameAdapter, *, name: str = "spectator", **kwargs: Any) -> None:
        """`kwargs`: the `Dialler`'s (app, timers)."""
        super().__init__(adapter, name=name, **kwargs)
        self.names: dict[str, str] = {}  # the players, by seat

    def _greeting(self) -> dict[str, Any]:
        return m.watch(self.app, self.name, self.adapter.game)

    # -- transport news ------------------------------------------------------------

    def _on_message(self, msg: dict[str, Any], now: float) -> None:
        assert self.link is not None
        t = msg["t"]
        if t == "watching":
            self._on_watching(msg, now)
        elif t == "ping":
            self._send(m.pong(msg["id"]))
        elif t == "error":
            if not self._over_budget(self.link.budget, ERRORS, now):
                self._emit(PeerError(msg["code"], msg["msg"]))
        elif t == "bye":
            self._on_bye(now)
        elif t == "pong":
            pass
        elif self.state != PLAYING:
            self._violate(BAD_MESSAGE, f"expected watching, got {t!r}", now)
        else:
            self._on_news(msg, now)

    # -- local commands ------------------------------------------------------------

    def chat(self, text: str, now: float) -> list[Output]:
        """A line for the other spectators (the players see it after the game)."""
        self._send(m.chat(text[: m.MAX_CHAT]))
        return self._flush()

    def play(self, move: str, now: float) -> list[Output]:
        """A spectator has no seat: nothing is sent (a host would drop it for a move)."""
        return self._flush()

    def resign(self, now: float) -> list[Output]:
        return self._flush()

    def propose_rematch(self, now: float) -> list[Output]:
        return self._flush()

    # -- internals ------------------------------------------------------------

    def _on_watching(self, msg: dict[str, Any], now: float) -> None:
        """The whole game: our copy is rebuilt from it."""
        if msg["game"] != self.adapter.game:
            self._violate(BAD_MESSAGE, "watching another game", now)
            self._finish("the host plays another game")
            return
        if self.adapter.moves():
            self.adapter.reset()
        for i, move in enumerate(msg["moves"]):
            reason = self.adapter.try_apply(move)
            if reason is not None:
                self._violate(DESYNC, f"move {i} {move[:40]!r} from the host: {reason}", now)
                return
        self.state = PLAYING
        self.lost_at = None
        self.names = {"dark": m.clip_name(msg["dark"]), "light": m.clip_name(msg["light"])}
        self.resigned = msg.get("resigned")
        self.flagged = msg.get("flag")
        left = seconds_pair(msg["left"]) if "left" in msg else None
        moves = tuple(self.adapter.moves())
        self._emit(WatchStarted(msg["game"], dict(self.names), moves, msg["watchers"],
                                msg.get("clock"), left, self.flagged, self.resigned))  # fmt: skip

    def _on_news(self, msg: dict[str, Any], now: float) -> None:
        """A move (checked), the clocks, a flag, a resignation, a chat line, the count."""
        t = msg["t"]
        if t == "move":
            self._on_move_watched(msg["n"], msg["move"], now)
        elif t == "clock":
            self._emit(ClockSet(msg["n"], seconds_pair(msg["left"])))
        elif t == "flag":
            self.flagged = msg["side"]
            self._emit(Flagged(msg["side"]))
        elif t == "resign" and "side" in msg:
            self.resigned = msg["side"]
            self._emit(SideResigned(msg["side"]))
        elif t == "chat":
            assert self.link is not None
            if not self._over_budget(self.link.budget, CHAT, now):
                self._emit(ChatReceived(msg["text"], msg.get("from", ""), msg.get("side", "")))
        elif t == "watchers":
            self._emit(Watchers(msg["n"]))
        else:
            self._violate(BAD_MESSAGE, f"unexpected {t!r} for a spectator", now)

    def _on_move_watched(self, n: int, move: str, now: float) -> None:
        moves = self.adapter.moves()
        if n < len(moves):
            return  # already have it
        if n > len(moves):
            self._violate(DESYNC, f"expected move {len(moves)}, got {n}", now)
            return
        reason = check_move(self.adapter, move) or self.adapter.try_apply(move)
        if reason is not None:
            self._violate(DESYNC, f"move {n} {move[:40]!r}: {reason}", now)
            return
        record = self.adapter.moves()
        self._emit(MoveReceived(n, record[n] if n < len(record) else move))

    def _lose_link(
        self, reason: str, now: float, *, bye: bool = False, broken: bool = False
    ) -> None:
        self.link = None
        if self.state == CLOSED:
            return
        if self.state != PLAYING and self.lost_at is None and not self.names:
            self._finish(reason)  # never shown a game: nothing to look at again
            return
        if self.state == PLAYING:
            self._emit(LinkLost(reason, bye))
        if self.lost_at is None:
            self.lost_at = now
        self.state = LOST
        at_once = not bye and not broken
        self._next_retry = now if at_once else now + self.retry_interval

    def _on_bye(self, now: float) -> None:
        """The host goes: after the game's end that is the end; mid-game a pause, as
        for its joiner."""
        self._close_link("host said bye")
        if self.state == PLAYING and self._game_over():
            self._finish("host left")
        else:
            self._lose_link("host said bye", now, bye=True)
