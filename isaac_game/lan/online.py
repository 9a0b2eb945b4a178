"""A `LanSession` through a relay (`net.relay`): the same game, lobby, chat, rejoin and
ticket as on the LAN, carried by a NATS server and met by a code instead of an address.

The relay's packages (nats-py, spake2, PyNaCl) are imported here only when a session is
built, so the LAN and the game start without them. What a window shows of a relay (the
code and its errors, an address's errors, a host's `WrongCode`, the refusals' codes) is
named here too, for the client, which never imports `net` itself.

    session = host_online("isaac", seat, "relay.example.org")   # session.code: K7M-4QP
    session = join_online("isaac", seat, "relay.example.org", parse_code("K7M-4QP"))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from isaac_game.clock import TimeControl
from isaac_game.match import Seat
from net.relay.address import RelayAddressError, relay_servers, shown
from net.relay.code import EXAMPLE, CodeError, RoomCode, parse_code
from net.relay.events import WrongCode
from net.relay.wire import CODE_LOCKED, WRONG_CODE

from .adapter import EngineAdapter
from .clocks import host_clock_args
from .endpoints import kept_adapter
from .session import LanSession
from .ticket import TicketBook, TicketKeeper
from .timers import Timers

__all__ = [
    "CODE_LOCKED",
    "EXAMPLE",
    "WRONG_CODE",
    "CodeError",
    "RelayAddressError",
    "RoomCode",
    "WrongCode",
    "code_locked",
    "code_of",
    "host_anew",
    "host_online",
    "is_online",
    "join_online",
    "parse_code",
    "relay_address",
    "relay_of_session",
    "watch_code_of",
]


def relay_address(text: str) -> str:
    """`text` as a relay's address reads canonically (`host:4222,...`); raises
    `net.relay.address.RelayAddressError` (a ValueError) saying what is wrong."""
    return shown(relay_servers(text))


def host_online(
    game: str,
    local: Seat,
    relay: str,
    *,
    code: RoomCode | None = None,
    name: str = "host",
    seat: str = "dark",
    timers: Timers | None = None,
    moves: Sequence[str] = (),
    token: str | None = None,
    clock: TimeControl | None = None,
    clock_left: tuple[float, float] | None = None,
    **net_args: Any,
) -> LanSession:
    """A host in a room of `relay` for `code` (a new one by default: `code_of`). With
    `token`, a game of an earlier run is hosted again (`moves` its record, `seat` the
    host's colour in it, `clock_left` the time left at its last move). `clock`: each
    game is played to that time control, as on the LAN (`LanSession.host`). `start()`
    connects to the relay (OSError if it cannot)."""
    from net.relay.transport import RelayHost

    timers = timers or Timers.from_env()
    host_args: dict[str, Any] = dict(timers.host_args())
    del host_args["beacon_interval"]  # nothing is announced through a relay
    net_args.setdefault("hold_games", True)  # docs/protocol.md rule 7: kept, never dropped
    net_args.setdefault("watch", True)  # 1.2: a watch code beside the game's
    net_args.update(host_clock_args(clock, clock_left))
    adapter = kept_adapter(game, moves, token)
    endpoint = RelayHost(adapter, relay_servers(relay), code=code, name=name, seat=seat,
                         keep_token=token, connect_timeout=timers.connect_timeout,
                         **host_args, **net_args)  # fmt: skip
    session = LanSession(endpoint, adapter, local, role="host", name=name, timers=timers)
    return session.offers_clock(clock, clock_left, len(moves))


def code_locked(session: LanSession) -> bool:
    """Does the host of `session` refuse its code now (too many wrong tries)? Its room
    is shut for good: a new joiner needs a new code (`host_anew`)."""
    return bool(getattr(session.endpoint, "locked", False))


def host_anew(session: LanSession, local: Seat) -> LanSession:
    """A host like `session` (its game, relay, name and colour choice; a person after
    each game, `rest_after_game`) in a new room with a new code, not started, `local`
    its seat: for the next joiner, once `session`'s code is refused (`code_locked`)."""
    choice = getattr(getattr(session.endpoint, "session", None), "seat_choice", "dark")
    return host_online(session.adapter.game, local, relay_of_session(session),
                       name=session.name, seat=choice, rest_after_game=True,
                       clock=session.asked_clock)  # fmt: skip


def code_of(session: LanSession) -> RoomCode:
    """The code of a session hosting through a relay (final once it is started: a
    room found taken by another host gets a new code)."""
    code = getattr(session.endpoint, "code", None)
    if not isinstance(code, RoomCode):
        raise TypeError("not a session through a relay")
    return code


def watch_code_of(session: LanSession) -> RoomCode | None:
    """The code spectators watch a relay host's game with (1.2; None without one)."""
    code = getattr(session.endpoint, "watch_code", None)
    return code if isinstance(code, RoomCode) else None


def relay_of_session(session: LanSession) -> str:
    """The relay a session goes through, as its address reads canonically (several
    servers: commas); "" for a session on the LAN."""
    return str(getattr(session.endpoint, "address", "")) if is_online(session) else ""


def is_online(session: LanSession) -> bool:
    """Is `session` played through a relay (rather than on the LAN)?"""
    return isinstance(getattr(session.endpoint, "code", None), RoomCode)


def join_online(
    game: str,
    local: Seat,
    relay: str,
    code: RoomCode,
    *,
    name: str = "guest",
    token: str | None = None,
    timers: Timers | None = None,
    tickets: TicketBook | None = None,
    **net_args: Any,
) -> LanSession:
    """A joiner of `code` on `relay`; `token` rejoins a game of an earlier run, and
    `tickets` (a relay book: `TicketBook(relay=True)`) is where its ticket is kept,
    with the relay and the code, so a restarted joiner comes back the same way."""
    from net.relay.transport import RelayJoin

    timers = timers or Timers.from_env()
    adapter = EngineAdapter(game)
    servers = relay_servers(relay)
    endpoint = RelayJoin(adapter, servers, code, name=name, token=token, **timers.join_args(),
                         **net_args)  # fmt: skip
    session = LanSession(endpoint, adapter, local, role="join", name=name, timers=timers)
    if tickets is not None:
        first = servers[0].rpartition("://")[2]
        host, _, port = first.rpartition(":")
        session.ticket = TicketKeeper(tickets, host.strip("[]"), int(port), game, session.name,
                                      token, relay=shown(servers), code=str(code))  # fmt: skip
    return session
