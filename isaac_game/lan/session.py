"""`LanSession`: one LAN seat-pair, from the first knock to the last bye.

It owns the `net.NetHost`/`net.NetJoin` and an `EngineAdapter`, and builds the `Match` (local
seat + `RemoteSeat`) when a `GameStarted` arrives, with colours from its `you`. Call
`update()` every frame (pygame) or in a loop (headless tools): it drains the network's events
without blocking, applies what they say (moves, a rejoin's resync, a rematch's new game with
colours swapped, a resignation, a lost link), advances the match by at most one move, and
returns what happened: the `net` events and the match's events, in order.

A lost link, or a `bye` mid-game (docs/protocol.md 1.1: a pause), keeps the game: the seat
shows "reconnecting..." and the game resumes by itself when the link returns; once the
rejoin window (120 s) has passed, `can_give_up` turns true and the UI may offer to save
or leave. A rejoin whose record parted from ours is rebuilt from the host's. The host then
holds the game (`held`): only its token rejoins it until the UI, having saved it, frees the
seat (`abandon`). A joiner given a `TicketBook` keeps its ticket there from the welcome
until the game ends, so a restarted program can rejoin; the chat is kept for the whole game
(`chat.py`), and a host's next joiner starts a chat of its own.

A host may play each game to a time control (`host(clock=...)`, docs/protocol.md 1.2):
its clock decides, and the match's clocks here only show the time, set to the host's
word after each move (`clocks.py`); a side whose time ran out by the host's word loses
the game on time. A joiner whose program has no clock (1.1) plays without one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import net
from isaac_game.clock import TimeControl
from isaac_game.match import Match, MatchEvent, Seat
from isaac_game.rules import GameState, Loss, OffBoard, Player, replay, result_text
from net.events import ClockSet, Flagged
from net.messages import clip_name

from .adapter import EngineAdapter
from .chat import CHAT_FILES, ChatLine, ChatLog
from .clocks import NetClock, host_clock_args
from .endpoints import host_endpoint
from .news import clean_event
from .seat import (
    CLOSED,
    CONNECTED,
    CONNECTING,
    LOST,
    RECONNECTING,
    WAITING,
    RemoteSeat,
    has_moved,
)
from .ticket import TicketBook, TicketKeeper
from .timers import Timers

#: How long a headless loop's `update` waits for news while our own seat thinks: a
#: move of ours that is ready goes out at most this late.
LOCAL_WAIT = 0.002


class LanSession:
    """A networked game: local seat here, `RemoteSeat` for the peer.

    Build one with `LanSession.host(...)` or `LanSession.join(...)`, then `start()`.
    """

    def __init__(
        self,
        endpoint: net.HostEndpoint | net.JoinEndpoint,
        adapter: EngineAdapter,
        local: Seat,
        *,
        role: str,
        name: str,
        timers: Timers,
        on_send: Callable[[int, str], None] | None = None,
    ) -> None:
        self.endpoint = endpoint
        self.adapter = adapter
        self.local = local
        self.role = role  # "host" or "join"
        self.name = clip_name(name)
        self.timers = timers
        self.on_send = on_send
        self.remote = RemoteSeat(Player.LIGHT, "", self._send_move)
        self.remote.set_link(WAITING if role == "host" else CONNECTING)
        self.match: Match | None = None
        self.you: Player | None = None
        self.token: str | None = None
        self.games = 0  # games started (a rejoin is not a new game)
        self.watchers = 0  # spectators watching now (docs/protocol.md 1.2)
        self.resigned: Player | None = None  # who resigned the current game
        self.closed: str | None = None  # final reason once the session is over
        self.rejected: str | None = None  # the host's reason (for people)
        self.rejected_code = ""  # docs/protocol.md 1.1's code of the refusal ("bad-token", ...)
        self.rejected_game = ""  # with "wrong-game": the game the host plays
        #: Host: the peer is gone for good and the game is kept for its token only.
        self.held = False
        #: Joiner: keeps its ticket from the welcome to the end of the game.
        self.ticket: TicketKeeper | None = None
        self.link_reason = ""  # why the link went, while it is down
        self._lost_at: float | None = None
        self.chat_log = ChatLog()  # both sides' lines (on disk too: `keep_chat`)
        #: Host: the time control each game is offered with (None: no clock).
        self.asked_clock: TimeControl | None = None
        self.clock = NetClock()  # the current game's clock, as the host keeps it
        #: Host: a joiner whose program has no clock, to be told once (`clock_notice`).
        self._unclocked = ""
        self._unclocked_told = ""

    # -- construction ------------------------------------------------------------

    @classmethod
    def host(
        cls,
        game: str,
        local: Seat,
        *,
        name: str = "host",
        bind: str = "0.0.0.0",
        port: int = net.DEFAULT_PORT,
        seat: str = "dark",
        announce: bool = True,
        beacon_port: int = net.BEACON_PORT,
        timers: Timers | None = None,
        moves: Sequence[str] = (),
        token: str | None = None,
        clock: TimeControl | None = None,
        clock_left: tuple[float, float] | None = None,
        **net_args: Any,
    ) -> LanSession:
        """A host on `bind`:`port` (`endpoints.host_endpoint`). With `token`, a game of
        an earlier run is hosted again for that token: `moves` are its record, and
        `clock_left` the time (Dark's, Light's) left at its last move. `clock`: each
        game is played to that time control (with a joiner that has clocks)."""
        timers = timers or Timers.from_env()
        net_args.update(host_clock_args(clock, clock_left))
        endpoint, adapter = host_endpoint(game, timers, name=name, bind=bind, port=port,
                                          seat=seat, announce=announce, beacon_port=beacon_port,
                                          moves=moves, token=token, **net_args)  # fmt: skip
        session = cls(endpoint, adapter, local, role="host", name=name, timers=timers)
        return session.offers_clock(clock, clock_left, len(moves))

    def offers_clock(
        self, clock: TimeControl | None, left: tuple[float, float] | None = None, moves: int = 0
    ) -> LanSession:
        """Host: its games are offered with `clock`; a kept game hosted again had `left`
        after its `moves` moves (kept with them if it is saved again)."""
        self.asked_clock = clock
        if clock is not None and left is not None and moves:
            self.clock.after[moves - 1] = left
        return self

    @classmethod
    def join(
        cls,
        game: str,
        local: Seat,
        address: str,
        port: int = net.DEFAULT_PORT,
        *,
        name: str = "guest",
        token: str | None = None,
        timers: Timers | None = None,
        tickets: TicketBook | None = None,
        **net_args: Any,
    ) -> LanSession:
        """A joiner of `address`:`port`; `token` rejoins a game of an earlier run, and
        `tickets` is where the ticket for this game is kept (None: nowhere)."""
        timers = timers or Timers.from_env()
        adapter = EngineAdapter(game)
        endpoint = net.NetJoin(
            adapter, address, port, name=name, token=token, **timers.join_args(), **net_args
        )
        session = cls(endpoint, adapter, local, role="join", name=name, timers=timers)
        if tickets is not None:
            session.ticket = TicketKeeper(tickets, address, port, game, session.name, token)
        return session

    def wake_with(self, callback: Callable[[], None] | None) -> None:
        """`callback` is called on the network thread (it must only set a flag) when news
        arrives: a window resting between frames wakes up to `update()` at once."""
        self.endpoint.on_event = callback

    def keep_chat(self, folder: Path) -> None:
        """Keep the chat in `folder` too, for a later run of this game (before `update`)."""
        self.chat_log.path = Path(folder) / CHAT_FILES[self.role]

    def start(self) -> tuple[str, int] | None:
        """Bind (host: returns the address and port; raises OSError) or dial (join)."""
        if isinstance(self.endpoint, net.HostEndpoint):
            return self.endpoint.start()
        self.endpoint.start()
        return None

    # -- the tick ------------------------------------------------------------------

    def update(self, timeout: float = 0.0) -> list[net.Event | MatchEvent]:
        """Drain network events, apply them, advance the match by at most one move.

        Never blocks with the default `timeout=0`. Headless tools may pass a small
        timeout: the call then waits up to that long for network news when the match
        cannot move without it, and `LOCAL_WAIT` at most while our own seat thinks.
        A loop that only polled then would spin, and hold the interpreter's lock
        from the network thread, whose every send would wait for it: with 16
        spectators to write to, a move of ours then left up to 80 ms late.

        A peer's words (name, chat, errors) are cleaned here, where they enter.
        """
        if timeout > 0:
            events = self.endpoint.wait(timeout if self._idle() else min(timeout, LOCAL_WAIT))
        else:
            events = self.endpoint.poll()
        out: list[net.Event | MatchEvent] = []
        for ev in map(clean_event, events):
            self._handle(ev)
            out.append(ev)
        # a held game stands still (its saved record stays true) but for the peer's
        # last moves, which still arrive to be played
        match = self.match
        stands = self.held and match is not None and match.seat_to_move is not self.remote
        if match is not None and self._flag_falls(match):
            out.extend(self._time_out(match))
        elif match is not None and self.playing and not stands:
            out.extend(match.update())
        if match is not None:
            self.clock.settle(match)
        self._settle_ticket()
        return out

    def _flag_falls(self, match: Match) -> bool:
        """Has the host said a side's time ran out, and the match not played it yet?"""
        flagged = self.clock.flagged is not None and match.out_of_time is None
        return flagged and not match.state.is_over

    def _time_out(self, match: Match) -> list[MatchEvent]:
        """The host's word that a side's time ran out: the peer's moves the host took
        before it are played first (the host counted them), then the game is lost on
        time."""
        events: list[MatchEvent] = []
        for _move in range(len(self.remote.record)):
            if match.seat_to_move is not self.remote or len(self.remote.record) <= match.state.ply:
                break
            played = match.update()
            events.extend(played)
            if not played:
                break
        self.clock.settle(match)  # the host's word after them, then its flag's 0
        assert self.clock.flagged is not None
        return [*events, *match.time_out(self.clock.flagged)]

    def _settle_ticket(self) -> None:
        """Joiner: once the game is over and our last move is out, forget the ticket."""
        if self.ticket is not None and self.finished and self.synced:
            self.ticket.game_over()

    def _idle(self) -> bool:
        """True when only the network can make anything happen."""
        if self.match is None or not self.playing:
            return True
        if self.match.seat_to_move is not self.remote:
            return self.held  # a held game waits for its peer
        return not self.remote.has_move

    def _handle(self, ev: net.Event) -> None:
        if self.ticket is not None:
            self.ticket.news(ev)
        if isinstance(ev, net.GameStarted):
            self._game_started(ev)
        elif isinstance(ev, net.MoveReceived | net.MoveSent):
            self.remote.on_move(ev.n, ev.move)
        elif isinstance(ev, net.MoveRefused):
            # Our match played a move the network side would not: the peer resigned
            # first, our time ran out first, or the records parted. The game cannot
            # go on as it stands.
            over = self.resigned is not None or self.clock.flagged is not None
            if not over and self.remote.problem is None:
                self.remote.problem = f"our move {ev.move} was refused: {ev.reason}"
        elif isinstance(ev, ClockSet):
            self.clock.told(ev.n, ev.left)
        elif isinstance(ev, Flagged):
            if self.clock.flagged is None and self.match is not None:
                self.clock.flagged = Player(ev.side)
        elif isinstance(ev, net.ChatReceived):
            # a spectator's line, passed on by the host after the game, is theirs
            who = ev.sender if ev.watcher else self.remote.name
            self.chat_log.add(ChatLine(who, ev.text, False))
        elif isinstance(ev, net.PeerResigned):
            self.remote.peer_resigned = True
            if self.resigned is None:
                self.resigned = self.remote.player
        elif isinstance(ev, net.Watchers):
            self.watchers = ev.count
        elif isinstance(ev, net.RematchProposed):
            self.remote.rematch_proposed = True
        elif isinstance(ev, net.LinkLost):
            self.link_reason = ev.reason
            self._lost_at = time.monotonic()
            self.remote.set_link(RECONNECTING)
        elif isinstance(ev, net.GameHeld):  # host: window over; kept for its token
            self.held, self._lost_at = True, None
            self.remote.set_link(LOST)
            self.link_reason = ev.reason
        elif isinstance(ev, net.GameClosed):  # host: the table is free again
            self.held, self._lost_at = False, None
            self.remote.set_link(LOST if ev.window_over else CLOSED)
            self.link_reason = ev.reason
        elif isinstance(ev, net.Rejected):
            self.rejected, self.rejected_code, self.rejected_game = ev.reason, ev.code, ev.game
        elif isinstance(ev, net.Closed):
            self.closed = ev.reason
            lost = self.remote.link == RECONNECTING or ev.link_lost
            self.remote.set_link(LOST if lost else CLOSED)
            self.link_reason = ev.reason

    def _game_started(self, ev: net.GameStarted) -> None:
        you = Player(ev.you)
        new_player = self.games > 0 and not ev.resumed and self.remote.link != CONNECTED
        self._lost_at = None
        self.link_reason = ""
        self.held = False
        if ev.resumed and self.match is not None and ev.token == self.token:
            if not self.remote.resync(ev.moves, self.match.state.moves):
                self._new_match(you, ev.moves, ev.left)  # the records parted: the host's wins
            self.clock.resumed(self.match, ev.left)
        else:
            self.games += 1
            self.resigned = None
            self.token = ev.token
            self.you = you
            self.remote.new_game(you.other, ev.opponent)
            kept = dict(self.clock.after) if ev.moves else {}  # a kept game's, hosted again
            self.clock.new_game(ev.clock)
            if self.clock.control is not None:
                self.clock.after.update(kept)
            self._new_match(you, ev.moves, ev.left)
            self._clockless(ev)
        if ev.flagged is not None and self.clock.control is not None:
            self.clock.flagged = self.clock.flagged or Player(ev.flagged)
        self.remote.name = ev.opponent
        self.remote.set_link(CONNECTED)
        self.chat_log.game(ev.token, fresh=new_player)  # a next joiner: not a rematch

    def _new_match(
        self, you: Player, moves: tuple[str, ...], left: tuple[float, float] | None = None
    ) -> None:
        if self.match is not None:
            for seat in self.match.seats.values():
                seat.cancel()
        state = replay(self.adapter.game, moves)
        self.remote.record = list(moves)
        self.match = Match({you: self.local, you.other: self.remote}, state)
        self.match.clocks = self.clock.clocks(left)

    def _clockless(self, ev: net.GameStarted) -> None:
        """Host: a joiner whose program has no clock (1.1) plays a game offered with one
        without it; the person is told once for that joiner (`clock_notice`)."""
        asked = self.asked_clock is not None and self.role == "host"
        if asked and ev.clock is None and ev.opponent != self._unclocked_told:
            self._unclocked = ev.opponent or "?"

    def clock_notice(self) -> str:
        """Host: the name of a joiner whose program has no clock, once ("" after, and
        for every other game)."""
        name, self._unclocked = self._unclocked, ""
        if name:
            self._unclocked_told = name
        return name

    def _send_move(self, move: str) -> None:
        if self.on_send is not None and self.match is not None:
            self.on_send(self.match.state.ply - 1, move)
        self.endpoint.play(move)

    # -- what a UI or tool reads ---------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return None if self.match is None else self.match.state

    @property
    def link(self) -> str:
        """ "waiting", "connecting", "connected", "reconnecting...", "lost", "closed"."""
        return self.remote.link

    @property
    def opponent(self) -> str:
        return self.remote.name

    @property
    def chat_lines(self) -> list[ChatLine]:
        return self.chat_log.lines

    @property
    def finished(self) -> bool:
        """The current game has a result (played out, resigned, or lost on time)."""
        m = self.match
        off_board = self.resigned is not None or self.clock.flagged is not None
        return m is not None and (m.state.is_over or off_board)

    @property
    def playing(self) -> bool:
        return self.match is not None and not self.finished and self.remote.problem is None

    @property
    def stalled(self) -> bool:
        """The game cannot go on: the peer is gone for good (left, rejoin window over)
        with every move it sent already played, or the records parted (`problem`)."""
        if self.match is None or self.finished:
            return False
        if self.problem is not None:
            return True
        gone = self.link in (LOST, CLOSED)
        return gone and not (self.match.seat_to_move is self.remote and self.remote.has_move)

    def drop_game(self) -> None:
        """Forget the current game (after a result or when stalled); host: free the
        table if the peer is still there."""
        if self.match is not None and self.link in (CONNECTED, RECONNECTING):
            self.abandon()
        if self.match is not None:
            for seat in self.match.seats.values():
                seat.cancel()
        self.match, self.resigned = None, None

    @property
    def worth_keeping(self) -> bool:
        """Has the game anything to lose? Only once the peer played a move in it: a
        joiner that said hello and left (a drive-by) leaves at most our own opening,
        which a new game plays again, and saving it would fill the saves folder."""
        m = self.match
        return not self.finished and m is not None and has_moved(m.state, self.remote.player)

    @property
    def problem(self) -> str | None:
        return self.remote.problem

    @property
    def lost_for(self) -> float:
        """Seconds the link has been down (0 while up)."""
        return 0.0 if self._lost_at is None else time.monotonic() - self._lost_at

    @property
    def can_give_up(self) -> bool:
        """The rejoin window has passed without the link: offer save or leave."""
        if self.link == LOST:
            return True
        return self.link == RECONNECTING and self.lost_for >= self.timers.rejoin_window

    @property
    def synced(self) -> bool:
        """The network side has every move the match played (safe to close). Once the
        host said a side's time ran out, nothing more goes: a move of ours the network
        has not taken by then is refused, as too late."""
        if self.match is None or self.clock.flagged is not None:
            return True
        return self.adapter.snapshot().ply >= self.match.state.ply

    def result(self) -> str:
        """`dark 104 - light 57, dark wins`, `dark resigns, light wins`, `light ran out of
        time, dark wins` (the host's clock said so), or `*`."""
        if self.match is None:
            return "*"
        flagged = self.clock.flagged
        if flagged is not None and self.resigned is None:
            return result_text(self.match.state, Loss(flagged, OffBoard.TIME))
        return result_text(self.match.state, self.resigned)

    # -- commands --------------------------------------------------------------------

    def chat(self, text: str) -> None:
        text = text[:200]
        self.endpoint.chat(text)
        self.chat_log.add(ChatLine(self.name, text, True))

    def resign(self) -> None:
        if self.match is not None and self.you is not None and not self.finished:
            self.resigned = self.you
            self.endpoint.resign()

    def rematch(self) -> None:
        """Propose (or accept) a new game with colours swapped."""
        self.endpoint.rematch()

    def abandon(self) -> None:
        """Host: give up the current game and free the table for the next joiner (the
        person's "New game" once a held game is saved)."""
        if isinstance(self.endpoint, net.HostEndpoint):
            self.endpoint.abandon()

    def open_seat(self, allow: bool = True) -> None:
        """Host of a held game: let a joiner without its token take the peer's seat."""
        if isinstance(self.endpoint, net.HostEndpoint):
            self.endpoint.open_seat(allow)

    def host_again(self) -> None:
        """Host, after a game (`rest_after_game`): take a new joiner; the game is over."""
        if isinstance(self.endpoint, net.HostEndpoint):
            self.endpoint.host_again()
        self.drop_game()

    def close(self) -> None:
        """Say bye, stop the network thread, release the local seat."""
        self.endpoint.close()
        self._settle_ticket()
        if self.match is not None:
            for seat in self.match.seats.values():
                seat.cancel()
        self.local.close()
