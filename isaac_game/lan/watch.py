"""`LanWatch`: a spectator's view of a game on the LAN or through a relay.

It owns the `net.NetWatch` (or `RelayWatch`) endpoint and an `EngineAdapter` that the
network thread checks every move against; `update()` drains the news without
blocking, and what a screen or a headless tool shows is read off it: the position,
the players' names by colour, both clocks (run down between the host's words, never
deciding), a resignation or a time out, the chat, how many watch, and the link.

A spectator changes nothing: it has no seat, and what it writes in the chat goes to
the other spectators (the players see it once the game is over).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import net
from isaac_game.rules import GameState, Loss, OffBoard, Player, new_game, result_text

from .adapter import EngineAdapter
from .chat import ChatLine, ChatLog
from .news import clean_event
from .timers import Timers

#: The link as a spectator's screen tells it.
LOOKING = "looking"  # before the first view of the game
WATCHING = "watching"
LOST = "reconnecting..."  # the link went; looking again
CLOSED = "closed"


@dataclass(frozen=True)
class Clock:
    """What the host last said of the clocks: the time control, (Dark's, Light's)
    seconds left, and when (monotonic) it said so."""

    control: str
    left: tuple[float, float]
    said_at: float


class LanWatch:
    """Watches one host's game (and the next ones on its table)."""

    def __init__(
        self,
        endpoint: net.JoinEndpoint,
        adapter: EngineAdapter,
        name: str,
        *,
        where: str = "",
        relay: str = "",
        again: Callable[[str], LanWatch] | None = None,
    ) -> None:
        """`where` names the host for people (ADDRESS:PORT, or the watch code typed);
        `relay` the relay's address (online); `again` makes the same watch for another
        game (the one a `wrong-game` refusal names)."""
        self.endpoint = endpoint
        self.adapter = adapter
        self.name = name
        self.where = where
        self.relay = relay
        self._again = again
        self.names: dict[Player, str] = {Player.DARK: "", Player.LIGHT: ""}
        self.state: GameState = new_game(adapter.game)
        self.clock: Clock | None = None
        self.flagged: Player | None = None
        self.resigned: Player | None = None
        self.watchers = 0
        self.link = LOOKING
        self.link_reason = ""
        self.closed: str | None = None  # why the session is over, once it is
        self.rejected: str | None = None  # the host's reason (for people)
        self.rejected_code = ""
        self.rejected_game = ""
        self.chat_log = ChatLog()
        self.games = 0  # views of a new game (the first one included)

    # -- construction ---------------------------------------------------------------

    @classmethod
    def lan(
        cls,
        game: str,
        address: str,
        port: int = net.DEFAULT_PORT,
        *,
        name: str = "spectator",
        timers: Timers | None = None,
    ) -> LanWatch:
        timers = timers or Timers.from_env()
        adapter = EngineAdapter(game)
        endpoint = net.NetWatch(adapter, address, port, name=name, **timers.join_args())

        def again(other: str) -> LanWatch:
            return cls.lan(other, address, port, name=name, timers=timers)

        return cls(endpoint, adapter, name, where=f"{address}:{port}", again=again)

    @classmethod
    def online(
        cls,
        game: str,
        relay: str,
        code: Any,
        *,
        name: str = "spectator",
        timers: Timers | None = None,
    ) -> LanWatch:
        """Through the relay at `relay`, with the host's watch code (a `RoomCode`)."""
        from net.relay.address import relay_servers
        from net.relay.transport import RelayWatch

        timers = timers or Timers.from_env()
        adapter = EngineAdapter(game)
        endpoint = RelayWatch(adapter, relay_servers(relay), code, name=name,
                              **timers.join_args())  # fmt: skip

        def again(other: str) -> LanWatch:
            return cls.online(other, relay, code, name=name, timers=timers)

        return cls(endpoint, adapter, name, where=str(code), relay=relay, again=again)

    @property
    def through_relay(self) -> bool:
        """Watched through a relay (with a watch code), not on the LAN."""
        return bool(self.relay)

    def again(self, game: str) -> LanWatch:
        """The same watch for `game` (not started): the game a refusal named."""
        if self._again is None:
            raise ValueError("this watch cannot be made again")
        return self._again(game)

    def start(self) -> None:
        self.endpoint.start()

    def close(self) -> None:
        """Say bye and stop the network thread."""
        self.endpoint.close()

    def wake_with(self, callback: Any) -> None:
        """As `LanSession.wake_with`: called on the network thread when news arrives."""
        self.endpoint.on_event = callback

    # -- the tick -------------------------------------------------------------------

    def update(self, timeout: float = 0.0) -> list[net.Event]:
        """Drain the network's news and apply it; waits up to `timeout` for some."""
        events = self.endpoint.wait(timeout) if timeout > 0 else self.endpoint.poll()
        out = [clean_event(ev) for ev in events]
        for ev in out:
            self._handle(ev)
        return out

    def _handle(self, ev: net.Event) -> None:
        if isinstance(ev, net.WatchStarted):
            self.games += 1
            self.names = {Player.DARK: ev.names.get("dark", ""),
                          Player.LIGHT: ev.names.get("light", "")}  # fmt: skip
            self.state = self.adapter.snapshot()
            self.watchers = ev.watchers
            self.flagged = None if ev.flagged is None else Player(ev.flagged)
            self.resigned = None if ev.resigned is None else Player(ev.resigned)
            clock = None
            if ev.clock is not None and ev.left is not None:
                clock = Clock(ev.clock, ev.left, time.monotonic())
            self.clock = clock
            self.link, self.link_reason = WATCHING, ""
        elif isinstance(ev, net.MoveReceived):
            self.state = self.adapter.snapshot()
        elif isinstance(ev, net.ClockSet) and self.clock is not None:
            self.clock = Clock(self.clock.control, ev.left, time.monotonic())
        elif isinstance(ev, net.Flagged):
            self.flagged = Player(ev.side)
        elif isinstance(ev, net.SideResigned):
            self.resigned = Player(ev.side)
        elif isinstance(ev, net.Watchers):
            self.watchers = ev.count
        elif isinstance(ev, net.ChatReceived):
            self.chat_log.add(ChatLine(self.speaker(ev), ev.text, False))
        elif isinstance(ev, net.LinkLost):
            self.link, self.link_reason = LOST, ev.reason
        elif isinstance(ev, net.Rejected):
            self.rejected, self.rejected_code, self.rejected_game = ev.reason, ev.code, ev.game
        elif isinstance(ev, net.Closed):
            self.closed = ev.reason
            self.link, self.link_reason = CLOSED, ev.reason

    def speaker(self, ev: net.ChatReceived) -> str:
        """Who wrote a line, as the chat shows it: a player by name, a spectator by
        name (the host names both)."""
        return ev.sender or "?"

    # -- what a screen reads -----------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.is_over or self.flagged is not None or self.resigned is not None

    def time_left(self, player: Player) -> float | None:
        """`player`'s time left now (None: the game has no clock): the host's last word,
        less the time since for the side to move while the game goes on."""
        clock = self.clock
        if clock is None:
            return None
        left = clock.left[0 if player == Player.DARK else 1]
        if player == self.state.to_move and not self.finished:
            left -= time.monotonic() - clock.said_at
        return max(0.0, left)

    def result(self) -> str:
        """As the records say it: `dark 104 - light 57, dark wins`, a resignation, a
        time out, or `*` while the game goes on."""
        if self.flagged is not None:
            return result_text(self.state, Loss(self.flagged, OffBoard.TIME))
        return result_text(self.state, self.resigned)

    def chat(self, text: str) -> None:
        """A line for the other spectators."""
        text = text[:200]
        self.endpoint.chat(text)
        self.chat_log.add(ChatLine(self.name, text, True))

    @property
    def chat_lines(self) -> list[ChatLine]:
        return self.chat_log.lines
