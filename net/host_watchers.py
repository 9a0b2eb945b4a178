"""The host's spectators (docs/protocol.md 1.2): what it tells them and takes from them.

`HostSession` is built on this: the game's news (each move, the clocks, a flag, a
resignation, the players' chat) goes out to every spectator as it happens, and what
spectators send is kept away from the game. Their chat goes to the other spectators at
once and to the players only once the game is over, so it cannot give advice. The
gallery itself (who watches, the cap, the slowest dropped first) is `net/gallery.py`.
"""

from __future__ import annotations

from typing import Any

from net import messages as m
from net.events import ChatReceived, Close, PeerMisbehaved, Send, Watchers
from net.framing import BAD_MESSAGE, ILLEGAL_MOVE, ProtocolViolation
from net.gallery import MAX_SPECTATORS, Gallery, Spectator
from net.game import GameAdapter
from net.limits import CHAT, UNKNOWN, Budget
from net.session import Session, other


class WatchedSession(Session):
    """A session that spectators may watch (the host's)."""

    def __init__(self, adapter: GameAdapter, *, watchers: int = MAX_SPECTATORS, **kwargs: Any):
        super().__init__(adapter, **kwargs)
        self.gallery = Gallery(watchers)
        self._chat_released = False  # the spectators' lines went to the players
        #: the joiner's protocol minor version (2: 1.2, which hears of spectators)
        self.peer_minor = 0

    def _timing(self, now: float) -> dict[str, Any]:
        """The clocks, as a `watching` carries them (the host's: it keeps them)."""
        return {}

    def _refuse(self, conn: int, code: str, reason: str, game: str | None = None) -> None:
        self.gallery.watch_only.discard(conn)
        self._emit(Send(conn, m.reject(code, reason, game)))
        self._emit(Close(conn, reason))

    def _on_chat(self, msg: dict[str, Any], now: float) -> None:
        super()._on_chat(msg, now)
        if self.peer_seat is not None:
            self._chatted(msg["text"], self.peer_seat, now)

    def _chatted(self, text: str, side: str, now: float) -> None:
        """A player's line: every spectator sees it, and a newcomer the last ones."""
        name = (self.name if side == self.seat else self.peer_name) or side
        self.gallery.recent.append((name, side, text))
        self._to_spectators(m.chat(text, name, side))

    def _release_chat(self) -> None:
        """Once the game is over, the players see what the spectators said."""
        if self._chat_released or not self._game_over():
            return
        self._chat_released = True
        while self.gallery.held:
            self._to_players(*self.gallery.held.popleft())

    def _to_players(self, name: str, text: str) -> None:
        """A spectator's line, for the host's person and a 1.2 joiner."""
        self._emit(ChatReceived(text, name))
        if self.peer_minor >= m.MINOR:
            self._send(m.chat(text, name))

    def _to_spectators(self, msg: dict[str, Any]) -> None:
        self._out.extend(self.gallery.sends(msg))

    def _watching(self, now: float) -> dict[str, Any]:
        """The whole game so far, as a spectator is first sent it."""
        names: dict[str, str] = {}
        if self.seat is not None:
            names = {self.seat: self.name, other(self.seat): self.peer_name or ""}
        return m.watching(self.app, self.adapter.game, names, self.adapter.moves(),
                          len(self.gallery), self._timing(now), self.resigned)  # fmt: skip

    def _watchers_changed(self) -> None:
        count = len(self.gallery)
        if self.peer_minor >= m.MINOR:
            self._send(m.watchers(count))
        self._to_spectators(m.watchers(count))
        self._emit(Watchers(count))

    def _greeted(self, conn: int, raw: dict[str, Any]) -> dict[str, Any] | None:
        """A `hello` or a `watch`, checked: the message, or None once it is refused with
        its code. `proto` is looked at first: a greeting of another protocol version may
        have other keys, and its sender needs `bad-proto`, not `bad-hello`."""
        t = raw["t"]
        proto = raw.get("proto")
        if isinstance(proto, int) and not isinstance(proto, bool) and proto != m.PROTO:
            self._refuse(conn, m.BAD_PROTO, f"wrong proto: this host speaks proto {m.PROTO}")
            return None
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            self._emit(PeerMisbehaved(m.BAD_HELLO, exc.msg))
            self._refuse(conn, m.BAD_HELLO, f"bad {t}: {exc.msg.removeprefix(t + ': ')}")
            return None
        if msg["game"] != self.adapter.game:
            game = self.adapter.game
            self._refuse(conn, m.WRONG_GAME, f"wrong game: this host plays {game}", game)
            return None
        return msg

    def _on_watch(self, conn: int, raw: dict[str, Any], now: float) -> None:
        """A spectator knocks: it gets the game so far, or a `reject` with its code."""
        msg = self._greeted(conn, raw)
        if msg is None:
            return
        if self.token is None or self.seat is None:
            self._refuse(conn, m.NO_GAME, "no game is being played here yet")
            return
        try:
            room = self.gallery.room_for_one()
        except LookupError:
            self._refuse(conn, m.WATCH_FULL, f"{self.gallery.limit} spectators already watch")
            return
        if room is not None:
            self._emit(room)
        name = m.clip_name(msg["name"])
        spectator = Spectator(conn, name, now, now + self.ping_interval, Budget(now))
        self.gallery.add(spectator)
        self._emit(Send(conn, self._watching(now)))
        for sender, side, text in self.gallery.recent:
            self._emit(Send(conn, m.chat(text, sender, side)))
        self._watchers_changed()

    def _on_spectator(self, conn: int, raw: dict[str, Any], now: float) -> None:
        """What a spectator sends: chat, heartbeat, bye. Anything that would touch the
        game closes its connection, and nothing else."""
        spectator = self.gallery.spectators[conn]
        spectator.last_heard = now
        try:
            msg = m.validate(raw)
        except ProtocolViolation as exc:
            if exc.fatal:
                self._drop_spectator(conn, exc.code, exc.msg, now)
            elif not self._over_budget(spectator.budget, UNKNOWN, now):
                self._emit(Send(conn, m.error(exc.code, exc.msg)))
            return
        t = msg["t"]
        if t == "ping":
            self._emit(Send(conn, m.pong(msg["id"])))
        elif t == "chat":
            if not self._over_budget(spectator.budget, CHAT, now):
                text = msg["text"]
                self._out.extend(self.gallery.sends(m.chat(text, spectator.name), but=conn))
                if self._chat_released:  # the game is over: the players see it at once
                    self._to_players(spectator.name, text)
                else:
                    self.gallery.held.append((spectator.name, text))
        elif t == "bye":
            self.gallery.remove(conn)
            self._emit(Close(conn, "spectator left"))
            self._watchers_changed()
        elif t != "pong":
            why = "a spectator cannot play" if t in ("move", "resign", "rematch") else "unexpected"
            self._drop_spectator(conn, ILLEGAL_MOVE if why[0] == "a" else BAD_MESSAGE,
                                 f"{why}: {t!r}", now)  # fmt: skip

    def _drop_spectator(self, conn: int, code: str, why: str, now: float) -> None:
        self.gallery.remove(conn)
        self._emit(Send(conn, m.error(code, why)))
        self._emit(Close(conn, why))
        self._watchers_changed()
