"""LAN play on top of `net/`: the engine as a `net.GameAdapter`, a remote seat for
the match, the session that ties a `NetHost`/`NetJoin` to a `Match`, and the
headless `host`/`join` commands.

    session = LanSession.host("isaac", make_seat("human"), name="Ann")
    session.start()
    ...each frame: for ev in session.update(): ...
"""

from .adapter import EngineAdapter
from .seat import CLOSED, CONNECTED, CONNECTING, LOST, RECONNECTING, WAITING, ChatLine, RemoteSeat
from .session import LanSession
from .timers import Timers

__all__ = [
    "CLOSED",
    "CONNECTED",
    "CONNECTING",
    "LOST",
    "RECONNECTING",
    "WAITING",
    "ChatLine",
    "EngineAdapter",
    "LanSession",
    "RemoteSeat",
    "Timers",
]
