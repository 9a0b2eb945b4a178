"""What a session hands back: actions for the transport and events for the caller.

Every session method returns one ordered list of these. Actions (`Send`, `Close`,
`Connect`) are the session asking the transport to do I/O; events are news for the
caller (the match / UI / headless tool), which receives them through `poll()`.
Keeping both in one list preserves their order, which tests rely on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Output:
    """Base of everything a session returns."""


class Action(Output):
    """I/O the transport must perform."""


class Event(Output):
    """News for the caller."""


@dataclass(frozen=True)
class Send(Action):
    conn: int
    msg: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class Close(Action):
    """Close a connection after flushing what was sent on it."""

    conn: int
    reason: str


@dataclass(frozen=True)
class Connect(Action):
    """Joiner only: open a new connection, then report `connection_made`/`_failed`."""

    conn: int


@dataclass(frozen=True)
class GameStarted(Event):
    """A welcome went out (host) or came in (joiner): a new game, a rematch, or a
    rejoin (`resumed`). `moves` is the whole record so far; the caller resyncs its
    display from it."""

    you: str
    opponent: str
    token: str
    moves: tuple[str, ...]
    resumed: bool
    #: 1.2: the game's time control ("5+3"; None: no clock), both clocks (Dark's,
    #: Light's seconds) as the host has them, and the side whose time ran out
    clock: str | None = None
    left: tuple[float, float] | None = None
    flagged: str | None = None


@dataclass(frozen=True)
class MoveReceived(Event):
    """The peer's move passed every check and was applied to the adapter."""

    n: int
    move: str


@dataclass(frozen=True)
class MoveSent(Event):
    """A local move was applied to the adapter (and sent, if the link is up)."""

    n: int
    move: str


@dataclass(frozen=True)
class MoveRefused(Event):
    """A local move was not applied: not our turn, no game, or illegal."""

    move: str
    reason: str


@dataclass(frozen=True)
class ChatReceived(Event):
    """A chat line. From the peer: `sender` and `side` are empty. Passed on by the
    host (1.2): `sender` names who wrote it, and `side` the player's seat; a line with
    a `sender` and no `side` is a spectator's (`watcher`)."""

    text: str
    sender: str = ""
    side: str = ""

    @property
    def watcher(self) -> bool:
        return bool(self.sender) and not self.side


@dataclass(frozen=True)
class ClockSet(Event):
    """1.2: the host's clocks after move `n` (-1: at the start), (Dark's, Light's)
    seconds left. The host's word: a display sets its clocks to it."""

    n: int
    left: tuple[float, float]


@dataclass(frozen=True)
class Flagged(Event):
    """1.2: `side`'s time ran out (the host decides): the game is over, lost on time."""

    side: str


@dataclass(frozen=True)
class Watchers(Event):
    """1.2: how many spectators watch the game now."""

    count: int


@dataclass(frozen=True)
class SideResigned(Event):
    """A spectator's news: `side` gave the game up."""

    side: str


@dataclass(frozen=True)
class WatchStarted(Event):
    """A spectator's news: the host sent the whole game (a first look, a new game on
    the table, or the view after a lost link): the caller rebuilds its display.
    `names` by seat; the clock as in `GameStarted`."""

    game: str
    names: dict[str, str] = field(hash=False)
    moves: tuple[str, ...]
    watchers: int
    clock: str | None = None
    left: tuple[float, float] | None = None
    flagged: str | None = None
    resigned: str | None = None


@dataclass(frozen=True)
class PeerResigned(Event):
    pass


@dataclass(frozen=True)
class RematchProposed(Event):
    """The peer sent `rematch`; a `GameStarted` follows once we send one too."""


@dataclass(frozen=True)
class PeerError(Event):
    """The peer told us we did something wrong."""

    code: str
    msg: str


@dataclass(frozen=True)
class PeerMisbehaved(Event):
    """We sent the peer an `error` (and closed, unless the error was not fatal)."""

    code: str
    msg: str


@dataclass(frozen=True)
class Throttled(Event):
    """The peer sends `what` ("chat lines", ...) faster than its budget
    (`net/limits.py`, docs/protocol.md's receiver limits): what is over it is dropped
    unanswered and the connection stays. Told once per connection, however long the
    peer keeps it up, so a flood is one line in a log, not thousands."""

    what: str


@dataclass(frozen=True)
class LinkLost(Event):
    """The game's connection is gone; the game is not. The host keeps it for the
    rejoin window (a game the peer has played in; else `GameClosed` comes instead),
    the joiner retries with its token. `bye`: the peer said `bye` mid-
    game, which docs/protocol.md 1.1 makes a pause, kept exactly as a lost link."""

    reason: str
    bye: bool = False


@dataclass(frozen=True)
class GameClosed(Event):
    """Host only: the table is free again (the game is over and the peer gone, the
    peer gone before its first move, abandoned, or the rejoin window over with
    `hold_games=False`). The next hello
    starts a new game. `window_over`: the rejoin window passed without the peer (the
    peer is lost, not gone by choice); act on it, never on the `reason`, which is for
    people."""

    reason: str
    window_over: bool = False


@dataclass(frozen=True)
class GameHeld(Event):
    """Host only, with `hold_games` (the default): the rejoin window passed without
    the peer (after a lost link, a `bye` or a `desync` alike) and the game is kept,
    not dropped (docs/protocol.md rule 7). Its token still rejoins it; any other hello
    gets `reject table-full` until the caller, having saved the game or asked its
    person, frees the table (`abandon`) or lets anyone take the seat (`open_seat`)."""

    reason: str


@dataclass(frozen=True)
class Rejected(Event):
    """Joiner only: the host sent `reject`. `code` is docs/protocol.md 1.1's (`bad-token`,
    `table-full`, `wrong-game`, ...; "" from a 1.0 host, which sent none), `game` the
    host's game that a `wrong-game` names ("" otherwise). Act on these, never on the
    `reason`, which is for people."""

    reason: str
    code: str = ""
    game: str = ""


@dataclass(frozen=True)
class Closed(Event):
    """The session is over for good; nothing more will happen. `reason` is only for
    people; `link_lost` says what a program acts on: the joiner gave up on a link that
    broke and was never mended within the rejoin window (not a goodbye)."""

    reason: str
    link_lost: bool = False
