"""What the network says, as the client sees it: `net`'s events and discovery, named once
here so the client's LAN screens talk to `isaac_game.lan` and never import `net`.

`LanSession.update()` returns these (beside the match's own events); the join menu
lists hosts with `HostBrowser`; a refusal is told by its code (`WRONG_GAME`, ...).
"""

from __future__ import annotations

from net import (
    BEACON_PORT,
    DEFAULT_PORT,
    PROTO,
    ChatReceived,
    Closed,
    GameClosed,
    GameHeld,
    GameStarted,
    HostInfo,
    LinkLost,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    RematchProposed,
)
from net import Browser as HostBrowser
from net import Event as NetEvent
from net.messages import BAD_TOKEN, TABLE_FULL, WRONG_GAME  # 1.1's reject codes

__all__ = [
    "BAD_TOKEN",
    "TABLE_FULL",
    "WRONG_GAME",
    "BEACON_PORT",
    "DEFAULT_PORT",
    "PROTO",
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
]
