"""What the network says, as the client sees it: `net`'s events and discovery, named once
here so the client's LAN screens talk to `isaac_game.lan` and never import `net`.

`LanSession.update()` returns these (beside the match's own events); the join menu
lists hosts with `HostBrowser`; a refusal is told by its code (`WRONG_GAME`, ...).

This is also where a peer's words enter the program: a name, a chat line, an error's
message, a refusal's reason, a beacon's host name. Any of them may hold a NUL, a line
break or a terminal escape, so each is cleaned here, once (`clean_event`, `HostBrowser`),
and everything after (the window, the headless tools' stdout and stderr, a ticket) gets
one safe line.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from isaac_game.rules import clean_text
from net import (
    BEACON_PORT,
    DEFAULT_PORT,
    PROTO,
    Browser,
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
    Throttled,
)
from net import Event as NetEvent
from net.messages import BAD_TOKEN, TABLE_FULL, WRONG_GAME  # 1.1's reject codes

#: A peer's text is cut to this many characters once cleaned: more than any name, chat
#: line or reason needs, and short enough for one line of a log.
MAX_PEER_TEXT = 400


def clean_event(event: NetEvent) -> NetEvent:
    """`event` with every text in it cleaned (`clean_text`): one safe line each. Texts
    that are already clean (codes, tokens, our own reasons) come back unchanged."""
    if not is_dataclass(event):
        return event
    changes = {}
    for item in fields(event):
        value = getattr(event, item.name)
        if isinstance(value, str):
            cleaned = clean_text(value, MAX_PEER_TEXT)
            if cleaned != value:
                changes[item.name] = cleaned
    return replace(event, **changes) if changes else event


class HostBrowser(Browser):
    """`net.Browser` whose hosts' names (and games and apps) are cleaned: anyone on the
    network can send a beacon."""

    def poll(self, timeout: float = 0.0) -> list[HostInfo]:
        return [
            replace(
                host,
                name=clean_text(host.name, MAX_PEER_TEXT),
                game=clean_text(host.game, MAX_PEER_TEXT),
                app=clean_text(host.app, MAX_PEER_TEXT),
            )
            for host in super().poll(timeout)
        ]


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
    "Throttled",
    "clean_event",
]
