"""LAN play on top of `net/`: the engine as a `net.GameAdapter`, a remote seat for
the match, the session that ties a `NetHost`/`NetJoin` to a `Match`, and what the
window and the headless `host`/`join` commands (`isaac_game.commands`) share:
addresses, hosts found on the LAN, the joiner's ticket, LAN records kept to host
again, the protocol's timers.

    session = LanSession.host("isaac", make_seat("human"), name="Ann")
    session.start()
    ...each frame: for ev in session.update(): ...
"""

from .adapter import EngineAdapter
from .address import AddressError, parse_address
from .chat import ChatLine, ChatLog
from .netinfo import host_addresses, is_loopback
from .news import (
    BAD_TOKEN,
    BEACON_PORT,
    DEFAULT_PORT,
    PROTO,
    TABLE_FULL,
    WRONG_GAME,
    ChatReceived,
    Closed,
    GameClosed,
    GameHeld,
    GameStarted,
    HostBrowser,
    HostInfo,
    LinkLost,
    NetEvent,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    RematchProposed,
    Throttled,
)
from .saved import KeptGame, LanRecordError, kept_game, lan_headers, load_kept
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
from .session import LanSession
from .ticket import Ticket, TicketBook
from .timers import Timers

__all__ = [
    "BAD_TOKEN",
    "TABLE_FULL",
    "WRONG_GAME",
    "BEACON_PORT",
    "DEFAULT_PORT",
    "PROTO",
    "AddressError",
    "ChatReceived",
    "Closed",
    "GameClosed",
    "GameHeld",
    "GameStarted",
    "HostBrowser",
    "HostInfo",
    "LinkLost",
    "NetEvent",
    "PeerError",
    "PeerMisbehaved",
    "PeerResigned",
    "RematchProposed",
    "Throttled",
    "host_addresses",
    "is_loopback",
    "parse_address",
    "CLOSED",
    "CONNECTED",
    "CONNECTING",
    "LOST",
    "RECONNECTING",
    "WAITING",
    "ChatLine",
    "ChatLog",
    "EngineAdapter",
    "KeptGame",
    "LanRecordError",
    "LanSession",
    "RemoteSeat",
    "Ticket",
    "TicketBook",
    "Timers",
    "has_moved",
    "kept_game",
    "lan_headers",
    "load_kept",
]
