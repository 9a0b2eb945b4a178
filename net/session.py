"""The connection state machine shared by host and joiner, with no I/O in it.

A session is fed decoded messages, connection news and clock ticks (`now`, any
monotonic clock in seconds) and answers with a list of `Output`s: `Send`/`Close`/
`Connect` actions for the transport and `Event`s for the caller. Because nothing
here touches a socket or a clock, every protocol rule is tested without either
(websockets' sans-I/O design). `HostSession` (net/host_session.py) and `JoinSession`
(net/join_session.py) build on this base, which knows neither of them: import them from
their own modules or from `net`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from net import messages as m
from net.events import (
    ChatReceived,
    Close,
    MoveReceived,
    MoveRefused,
    MoveSent,
    Output,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    RematchProposed,
    Send,
    Throttled,
)
from net.framing import BAD_MESSAGE, DESYNC, ILLEGAL_MOVE, ProtocolViolation
from net.game import GameAdapter, canonical_move, check_move, moves_digest
from net.limits import CHAT, ERRORS, UNKNOWN, WHAT, Budget

PING_INTERVAL = 2.0
SILENCE_LIMIT = 10.0
REJOIN_WINDOW = 120.0
HELLO_TIMEOUT = 5.0
WELCOME_TIMEOUT = 10.0  # the joiner's: a hello answered by neither welcome nor reject

DigestFn = Callable[[Sequence[str]], str]


def other(seat: str) -> str:
    return "light" if seat == "dark" else "dark"


@dataclass
class Link:
    """The one connection the game is played over, with its heartbeat state."""

    conn: int
    last_heard: float
    next_ping: float
    ping_id: int = 0
    #: What the peer may send beyond the game on this connection (net/limits.py).
    budget: Budget = field(default_factory=lambda: Budget(0.0))


class Session:
    """What host and joiner share: in-game messages, local commands, heartbeat."""

    def __init__(
        self,
        adapter: GameAdapter,
        *,
        name: str,
        app: str,
        ping_interval: float = PING_INTERVAL,
        silence_limit: float = SILENCE_LIMIT,
        rejoin_window: float = REJOIN_WINDOW,
        digest_fn: DigestFn = moves_digest,
        send_digests: bool = True,
    ) -> None:
        self.adapter = adapter
        self.name = m.clip_name(name)
        self.app = app
        self.ping_interval = ping_interval
        self.silence_limit = silence_limit
        self.rejoin_window = rejoin_window
        self.digest_fn = digest_fn
        # 1.1 defines the digest and makes sending it optional: we send it.
        self.send_digests = send_digests
        self.seat: str | None = None  # our seat in the current game
        self.token: str | None = None  # the current game's token
        self.peer_name: str | None = None
        self.resigned: str | None = None  # seat that resigned this game
        self.flagged: str | None = None  # 1.2: seat whose time ran out this game
        self.link: Link | None = None
        self.rematch_local = False
        self.rematch_peer = False
        self._out: list[Output] = []

    # -- plumbing -------------------------------------------------------------

    @property
    def peer_seat(self) -> str | None:
        return None if self.seat is None else other(self.seat)

    def _flush(self) -> list[Output]:
        out, self._out = self._out, []
        return out

    def _emit(self, item: Output) -> None:
        self._out.append(item)

    def _send(self, msg: dict[str, Any]) -> None:
        if self.link is not None:
            self._out.append(Send(self.link.conn, msg))

    def _new_link(self, conn: int, now: float) -> None:
        self.link = Link(conn, now, now + self.ping_interval, budget=Budget(now))

    def _close_link(self, reason: str) -> None:
        if self.link is not None:
            self._out.append(Close(self.link.conn, reason))
            self.link = None

    def _lose_link(
        self, reason: str, now: float, *, bye: bool = False, broken: bool = False
    ) -> None:
        """The game's connection is gone (silence, EOF, violation, or a `bye` mid-game:
        `bye`; `broken`: we closed it because the peer broke the protocol). Subclasses
        decide what that means for the game."""
        raise NotImplementedError

    def _violate(self, code: str, msg: str, now: float, *, fatal: bool = True) -> None:
        """Answer a peer's mistake with `error`; close the link if it is fatal.

        A mistake that is not fatal (an unknown `t`) may come again and again: it is
        answered within the connection's budget and reported once."""
        if not fatal and self.link is not None:
            budget = self.link.budget
            if self._over_budget(budget, UNKNOWN, now):
                return
            self._send(m.error(code, msg))
            if budget.first(f"misbehaved {code}"):
                self._emit(PeerMisbehaved(code, msg))
            return
        self._send(m.error(code, msg))
        self._emit(PeerMisbehaved(code, msg))
        if fatal:
            self._close_link(f"{code}: {msg}")
            self._lose_link(f"{code}: {msg}", now, broken=True)

    def _over_budget(self, budget: Budget, kind: str, now: float) -> bool:
        """True when one more message of `kind` is over `budget` and must be dropped;
        the first drop on a connection is reported (`Throttled`), the rest are not."""
        if budget.allow(kind, now):
            return False
        if budget.first(kind):
            self._emit(Throttled(WHAT[kind]))
        return True

    def _game_over(self) -> bool:
        return (
            self.resigned is not None
            or self.flagged is not None
            or self.adapter.side_to_move() is None
        )

    # -- heartbeat --------------------------------------------------------------

    def _tick_link(self, now: float) -> None:
        link = self.link
        if link is None:
            return
        if now - link.last_heard >= self.silence_limit:
            self._close_link("silence")
            self._lose_link(f"nothing heard for {self.silence_limit:g} s", now)
        elif now >= link.next_ping:
            link.ping_id += 1
            link.next_ping = now + self.ping_interval
            self._send(m.ping(link.ping_id))

    # -- in-game messages -------------------------------------------------------

    def _on_game_message(self, msg: dict[str, Any], now: float) -> None:
        t = msg["t"]
        if t == "move":
            self._on_move(msg["n"], msg["move"], msg.get("digest"), now, msg.get("think"))
        elif t == "ping":
            self._send(m.pong(msg["id"]))
        elif t == "pong":
            pass  # hearing it was the point
        elif t == "chat":
            if self.link is not None and not self._over_budget(self.link.budget, CHAT, now):
                self._on_chat(msg, now)
        elif t == "resign":
            if self.resigned is None and self.peer_seat is not None and self.flagged is None:
                self.resigned = self.peer_seat
                self._emit(PeerResigned())
                self._resigned(self.peer_seat, now)
        elif t == "rematch":
            if not self.rematch_peer:
                self.rematch_peer = True
                self._emit(RematchProposed())
            self._maybe_rematch(now)
        elif t == "error":
            if self.link is not None and not self._over_budget(self.link.budget, ERRORS, now):
                self._emit(PeerError(msg["code"], msg["msg"]))
        elif t == "bye":
            self._on_bye(now)
        elif t in ("clock", "flag", "watchers"):
            self._on_host_news(msg, now)
        else:  # hello/welcome/reject/watch/watching out of place
            self._violate(BAD_MESSAGE, f"unexpected {t!r}", now)

    def _on_chat(self, msg: dict[str, Any], now: float) -> None:
        """The peer's chat line (within its budget)."""
        self._emit(ChatReceived(msg["text"]))

    def _on_host_news(self, msg: dict[str, Any], now: float) -> None:
        """1.2's `clock`, `flag` and `watchers`: the host's to send, the joiner's to
        read (`JoinSession`). A host that is sent them is being lied to."""
        self._violate(BAD_MESSAGE, f"unexpected {msg['t']!r}: the host keeps it", now)

    def _moved(self, n: int, mover: str, now: float, think: int | None) -> None:
        """Move `n`, by `mover`, was just applied (`think`: the ms the joiner says it
        thought, on its moves to a 1.2 host). The host times it and tells spectators."""

    def _resigned(self, side: str, now: float) -> None:
        """`side` just gave the game up (the host tells spectators)."""

    def _chatted(self, text: str, side: str, now: float) -> None:
        """`side`'s player wrote `text` (ours, or the peer's within its budget)."""

    def _think(self, now: float) -> int | None:
        """What our next move says we thought (the joiner's, to a 1.2 host)."""
        return None

    def _on_move(
        self, n: int, move: str, digest: str | None, now: float, think: int | None = None
    ) -> None:
        """docs/protocol.md rules 3 and 5, then the digest, then the move is applied. Neither
        an illegal move nor one whose digest differs from ours is applied (1.1,
        clarified): the digest is compared on the record the move *would* end, so the
        receiver's game stays as it was before that move.

        A duplicate costs a string comparison, or, when spelled another way, one parse
        in the position before its ply (the adapter keeps that cheap): a peer that sends
        the same move again and again makes us do no more than it does."""
        moves = self.adapter.moves()
        if 0 <= n < len(moves):
            if moves[n] != move and moves[n] != canonical_move(self.adapter, move, n):
                self._violate(DESYNC, f"move {n} is {moves[n]!r} here, not {move[:40]!r}", now)
            return  # a duplicate of what we have: ignored
        if n != len(moves):
            self._violate(ILLEGAL_MOVE, f"expected n={len(moves)}, got n={n}", now)
            return
        if self.flagged is not None and n == len(moves):
            return  # 1.2: it crossed the host's `flag` on the way; the game is over
        if self._game_over():
            self._violate(ILLEGAL_MOVE, "the game is over", now)
            return
        if self.adapter.side_to_move() != self.peer_seat:
            self._violate(ILLEGAL_MOVE, "not your turn", now)
            return
        reason = check_move(self.adapter, move)
        if reason is None and digest is not None:
            after = [*moves, canonical_move(self.adapter, move)]
            if digest != (ours := self.digest_fn(after)):
                # Not applied: the connection closes with the game as it was, and a
                # rejoin's welcome brings the joiner in step (the host's record is
                # authoritative, rule 6).
                why = f"digest after move {n} would be {ours} here, not {digest[:40]!r}"
                self._violate(DESYNC, why, now)
                return
        if reason is None:
            reason = self.adapter.try_apply(move)
        if reason is not None:
            self._violate(ILLEGAL_MOVE, f"{move[:40]!r}: {reason}", now)
            return
        record = self.adapter.moves()  # the canonical notation of every move so far
        self._emit(MoveReceived(n, record[n] if n < len(record) else move))
        assert self.peer_seat is not None
        self._moved(n, self.peer_seat, now, think)

    def _digest_of(self, record: list[str]) -> str | None:
        """The digest to send with the move ending `record`, if we send them."""
        return self.digest_fn(record) if self.send_digests else None

    def _on_bye(self, now: float) -> None:
        raise NotImplementedError

    def _maybe_rematch(self, now: float) -> None:
        """Host starts the rematch once both asked; the joiner just waits for it."""

    # -- local commands ---------------------------------------------------------

    def play(self, move: str, now: float) -> list[Output]:
        """Apply a local move through the adapter and send it (if the link is up;
        otherwise the peer gets it in the next welcome or resend)."""
        if self.seat is None or self.token is None:
            self._emit(MoveRefused(move, "no game in progress"))
        elif self._game_over():
            self._emit(MoveRefused(move, "the game is over"))
        elif self.adapter.side_to_move() != self.seat:
            self._emit(MoveRefused(move, "not your turn"))
        else:
            moves = self.adapter.moves()
            move = canonical_move(self.adapter, move)  # the peer sees our record's text
            reason = self.adapter.try_apply(move)
            if reason is not None:
                self._emit(MoveRefused(move, reason))
            else:
                n, record = len(moves), self.adapter.moves()
                move = record[n] if n < len(record) else move  # as recorded: canonical
                self._send(m.move(n, move, self._digest_of(record), self._think(now)))
                self._emit(MoveSent(n, move))
                self._moved(n, self.seat, now, None)
        return self._flush()

    def chat(self, text: str, now: float) -> list[Output]:
        """Send a chat line, cut to the protocol's 200 characters."""
        self._send(m.chat(text[: m.MAX_CHAT]))
        if self.seat is not None:
            self._chatted(text[: m.MAX_CHAT], self.seat, now)
        return self._flush()

    def resign(self, now: float) -> list[Output]:
        if self.seat is not None and self.resigned is None and self.flagged is None:
            self.resigned = self.seat
            self._send(m.resign())
            self._resigned(self.seat, now)
        return self._flush()

    def propose_rematch(self, now: float) -> list[Output]:
        if not self.rematch_local:
            self.rematch_local = True
            self._send(m.rematch())
        self._maybe_rematch(now)
        return self._flush()

    def _reset_game_flags(self) -> None:
        self.resigned = None
        self.flagged = None
        self.rematch_local = False
        self.rematch_peer = False

    def _decode_error(self, exc: ProtocolViolation, now: float) -> None:
        self._violate(exc.code, exc.msg, now, fatal=exc.fatal)
