"""Game-agnostic LAN play: framing, message schemas, sans-I/O sessions, asyncio
transport and discovery for the peer protocol in docs/protocol.md. See README.md.

Nothing here imports `isaac_game` or pygame: the game arrives as a `GameAdapter`.
The relay transport (`net.relay`, play through a NATS server) is not imported here:
it needs packages the LAN does not, and is loaded only when a relay is used.
"""

from net.discovery import BEACON_PORT, Beacon, Browser, HostInfo
from net.events import (
    ChatReceived,
    ClockSet,
    Closed,
    Event,
    Flagged,
    GameClosed,
    GameHeld,
    GameStarted,
    LinkLost,
    MoveReceived,
    MoveRefused,
    MoveSent,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    Rejected,
    RematchProposed,
    SideResigned,
    Throttled,
    Watchers,
    WatchStarted,
)
from net.framing import FrameDecoder, ProtocolViolation, encode
from net.game import GameAdapter, ListGame, moves_digest
from net.host_session import HostSession
from net.join_session import JoinSession
from net.messages import PROTO
from net.transport import DEFAULT_PORT, HostEndpoint, JoinEndpoint, NetHost, NetJoin, NetWatch

__all__ = [
    "BEACON_PORT",
    "DEFAULT_PORT",
    "PROTO",
    "Beacon",
    "Browser",
    "ChatReceived",
    "ClockSet",
    "Closed",
    "Event",
    "Flagged",
    "FrameDecoder",
    "GameAdapter",
    "GameClosed",
    "GameHeld",
    "GameStarted",
    "HostEndpoint",
    "HostInfo",
    "HostSession",
    "JoinEndpoint",
    "JoinSession",
    "LinkLost",
    "ListGame",
    "MoveReceived",
    "MoveRefused",
    "MoveSent",
    "NetHost",
    "NetJoin",
    "NetWatch",
    "PeerError",
    "PeerMisbehaved",
    "PeerResigned",
    "ProtocolViolation",
    "Rejected",
    "RematchProposed",
    "SideResigned",
    "Throttled",
    "WatchStarted",
    "Watchers",
    "encode",
    "moves_digest",
]
