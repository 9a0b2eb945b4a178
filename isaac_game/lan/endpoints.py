"""The network end of a `LanSession`: a `net.NetHost` or `net.NetJoin` over the rules
engine (`EngineAdapter`), built with the protocol's timers and this program's choices
(where beacons go, docs/protocol.md rule 7's held games, a saved game hosted again).
Through a relay instead of the LAN: `online.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import net
from isaac_game.rules import replay

from .adapter import EngineAdapter
from .netinfo import beacon_targets
from .timers import Timers


def kept_adapter(game: str, moves: Sequence[str] = (), token: str | None = None) -> EngineAdapter:
    """The engine for a host: a new game, or with `token` one of an earlier run hosted
    again, `moves` its record."""
    return EngineAdapter(game, replay(game, moves) if token is not None else None)


def host_endpoint(
    game: str,
    timers: Timers,
    *,
    name: str,
    bind: str,
    port: int,
    seat: str,
    announce: bool,
    beacon_port: int,
    moves: Sequence[str] = (),
    token: str | None = None,
    **net_args: Any,
) -> tuple[net.NetHost, EngineAdapter]:
    """A host on `bind`:`port` and its adapter. Beacons go where
    `netinfo.beacon_targets(bind)` allows: loopback only for a loopback bind, never
    nowhere-means-everywhere. With `token`, a game of an earlier run is hosted again:
    `moves` are its record, `seat` ("dark"/"light") the host's colour in it."""
    adapter = kept_adapter(game, moves, token)
    net_args.setdefault("hold_games", True)  # docs/protocol.md rule 7: kept, never dropped
    targets = beacon_targets(bind)
    if targets is not None and not targets:
        announce = False  # net.Beacon would read [] as "every interface"
    endpoint = net.NetHost(
        adapter,
        bind=bind,
        port=port,
        seat=seat,
        name=name,
        announce=announce,
        beacon_port=beacon_port,
        beacon_targets=targets,
        keep_token=token,
        **timers.host_args(),
        **net_args,
    )
    return endpoint, adapter
