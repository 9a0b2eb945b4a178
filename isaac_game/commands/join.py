"""`python -m isaac_game join ADDRESS[:PORT] | --discover | --relay ADDR --code CODE`:
join a LAN game, or a game anywhere through a relay by its code, with a computer
player; exits 0 with `result: ...` as the last line once the game is over (a wrong
code, as any refusal, exits 3).

The joiner keeps a ticket (`ticket.py`) from the host's welcome to the end of the
game. Run again for the same address (or relay and code) while it is there (the program
was closed or crashed mid-game), it rejoins that game with the ticket's token; stdout
then starts with the game line and every move so far, so it holds the whole record.
If the host no longer keeps that game, the ticket goes and it joins as a new player.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import net
from isaac_game.lan.address import AddressError
from isaac_game.lan.address import parse_address as read_address
from isaac_game.lan.news import HostBrowser
from isaac_game.lan.online import join_online, relay_address
from isaac_game.lan.session import LanSession
from isaac_game.lan.ticket import Ticket, TicketBook
from isaac_game.lan.timers import timers_from_args
from isaac_game.rules import game_names
from net.messages import BAD_TOKEN, WRONG_GAME
from net.relay.address import RelayAddressError
from net.relay.code import CodeError, parse_code

from .headless import (
    OK,
    REJECTED,
    USAGE,
    LanError,
    Printer,
    add_common_arguments,
    greet,
    local_seat,
    sigterm_as_interrupt,
    stop_status,
    wait_synced,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "address",
        nargs="?",
        metavar="ADDRESS[:PORT]",
        help=f"the host to join (port {net.DEFAULT_PORT} unless given)",
    )
    parser.add_argument(
        "--discover", action="store_true", help="join the first host announced on the network"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=15.0,
        help="with --discover: seconds to wait for a host (default 15)",
    )
    parser.add_argument(
        "--relay", metavar="ADDR", default=None, help="join through the relay at HOST[:PORT]"
    )
    parser.add_argument(
        "--code", default=None, help="with --relay: the code the host printed (K7M-4QP)"
    )
    parser.add_argument("--token", default=None, help=argparse.SUPPRESS)
    add_common_arguments(parser, game_default=None)


def parse_address(text: str) -> tuple[str, int]:
    """`host`, `host:port`, `[v6]:port` -> (host, port); raises LanError (a usage error)."""
    try:
        return read_address(text)
    except AddressError as error:
        raise LanError(str(error), USAGE) from None


def discover(args: argparse.Namespace, *, playing: bool = False) -> net.HostInfo:
    """The first host announced (of `--game`, if given); `playing`: only one where a
    game is under way (for a spectator)."""
    try:
        browser = HostBrowser(beacon_port=args.beacon_port)
    except OSError as exc:
        raise LanError(f"cannot listen for hosts on UDP port {args.beacon_port}: {exc}") from exc
    what = f"{args.game} hosts" if args.game else "hosts"
    print(f"looking for {what} (up to {args.timeout:g} s)", file=sys.stderr, flush=True)
    deadline = time.monotonic() + args.timeout
    with browser:
        while True:
            left = deadline - time.monotonic()
            hosts = [h for h in browser.poll(max(0.0, min(left, 0.25))) if h.proto == net.PROTO]
            hosts = [h for h in hosts if args.game is None or h.game == args.game]
            hosts = [h for h in hosts if h.playing or not playing]
            if hosts:
                found = min(hosts, key=lambda h: h.last_seen)
                print(
                    f"found {found.name} at {found.address}:{found.port} ({found.game})",
                    file=sys.stderr,
                    flush=True,
                )
                return found
            if left <= 0:
                raise LanError(f"no {what} found within {args.timeout:g} s")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except LanError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return exc.status


@dataclass(frozen=True)
class Way:
    """How this run reaches its host: where (for people), the ticket book, which
    ticket is for it, and the session for a game and token (not yet started)."""

    where: str
    book: TicketBook
    fits: Callable[[Ticket], bool]
    dial: Callable[[str, str | None], LanSession]


def lan_way(args: argparse.Namespace, host: str, port: int, name: str) -> Way:
    def dial(game: str, token: str | None) -> LanSession:
        return LanSession.join(game, local_seat(args, name), host, port, name=name,
                               token=token, timers=timers_from_args(args),
                               tickets=book)  # fmt: skip

    book = TicketBook()
    return Way(f"{host}:{port}", book, lambda t: t.fits(host, port, args.game), dial)


def relay_way(args: argparse.Namespace, name: str) -> Way:
    """Through the relay of `--relay` to the host of `--code`; its own ticket book."""
    try:
        relay, code = relay_address(args.relay), parse_code(args.code)
    except (RelayAddressError, CodeError) as error:
        raise LanError(str(error), USAGE) from None

    def dial(game: str, token: str | None) -> LanSession:
        return join_online(game, local_seat(args, name), relay, code, name=name, token=token,
                           timers=timers_from_args(args), tickets=book)  # fmt: skip

    book = TicketBook(relay=True)
    fits = lambda t: t.fits_relay(relay, str(code), args.game)  # noqa: E731
    return Way(f"{code} on relay {relay}", book, fits, dial)


def _run(args: argparse.Namespace) -> int:
    ways = (args.address is not None) + args.discover + (args.relay is not None)
    if ways != 1 or (args.relay is None) != (args.code is None):
        raise LanError("give one of ADDRESS[:PORT], --discover or --relay ADDR --code CODE", USAGE)
    name = args.name or "guest"
    game = args.game or "isaac"
    if args.relay is not None:
        way = relay_way(args, name)
    elif args.discover:
        found = discover(args)
        way, game = lan_way(args, found.address, found.port, name), found.game
    else:
        way = lan_way(args, *parse_address(args.address), name)
    where, book = way.where, way.book
    token, ticket = args.token, None
    if token is None:
        ticket = book.load()
        if ticket is not None and way.fits(ticket):
            token, game = ticket.token, ticket.game
            note(f"rejoining the game with {ticket.host_name} ({game}; ticket {book.path})")
        else:
            ticket = None
    try:
        try:
            return _join(args, way, game, token)
        except StaleTicket as stale:
            if ticket is None:  # a token given with --token: no second guess
                raise LanError(f"rejected by {where}: {stale}", REJECTED) from None
            book.forget(ticket.token)
            note(f"the host no longer keeps that game ({stale}): joining as a new player")
            return _join(args, way, stale.game or game, None)
    except WrongGame as wrong:
        if args.game is not None or args.discover:
            raise LanError(f"rejected by {where}: {wrong.reason}", REJECTED) from None
        # A typed address says nothing of the game: the host's refusal names it. Once:
        # a host that names yet another game then is not followed any further.
        note(f"the host plays {wrong.game}: joining again")
        try:
            return _join(args, way, wrong.game, None)
        except WrongGame as again:
            raise LanError(f"rejected by {where}: {again.reason}", REJECTED) from None


def note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class WrongGame(Exception):
    """The host refused us because it plays another game, which it named."""

    def __init__(self, reason: str, game: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game


class StaleTicket(Exception):
    """We dialled with a token and the host keeps no such game (or plays another one,
    named in `game`)."""

    def __init__(self, reason: str, game: str = "") -> None:
        super().__init__(reason)
        self.game = game


def _join(args: argparse.Namespace, way: Way, game: str, token: str | None) -> int:
    session, where = way.dial(game, token), way.where
    printer = Printer(session, args.trace, sys.stdout, sys.stderr)
    session.on_send = printer.sent
    print(f"joining {where} ({game})", file=sys.stderr, flush=True)
    session.start()
    try:
        with sigterm_as_interrupt():
            return _play(session, printer, where, args.greet)
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: bye (a pause), ticket kept
        return stop_status(stop)
    finally:
        session.close()


def _play(session: LanSession, printer: Printer, where: str, hello: str = "") -> int:
    while True:
        events = session.update(0.05)
        printer.show(events)
        greet(session, hello, events)
        if session.finished:
            wait_synced(session, printer)
            printer.result()
            return OK
        if session.rejected is not None:
            # docs/protocol.md 1.1: act on the reject's code (and wrong-game's `game`), never
            # on its reason, which is only shown
            code, named = session.rejected_code, session.rejected_game
            wrong_game = code == WRONG_GAME and named in game_names()
            dialled_token = session.ticket is not None and session.ticket.dialled is not None
            if dialled_token and session.match is None and (wrong_game or code == BAD_TOKEN):
                raise StaleTicket(session.rejected, named if wrong_game else "")
            if wrong_game and session.match is None:
                raise WrongGame(session.rejected, named)
            raise LanError(f"rejected by {where}: {session.rejected}", REJECTED)
        if session.problem is not None:
            raise LanError(f"the game went out of step with the host: {session.problem}")
        if session.closed is not None:
            match, remote = session.match, session.remote
            if match is not None and match.seat_to_move is remote and remote.has_move:
                continue  # the host's last moves arrived before its bye: play them out
            message = _closed_message(session.closed, where, session.match is not None)
            if session.ticket is not None and session.ticket.token is not None:
                message += " (the game is kept: run the same command again to rejoin it)"
            raise LanError(message)


def _closed_message(reason: str, where: str, started: bool) -> str:
    if reason.startswith("could not connect"):
        detail = reason.removeprefix("could not connect:").strip()
        if "Connect call failed" in detail or "refused" in detail.lower():
            detail = "connection refused"
        return f"cannot connect to {where}: {detail}"
    if not started:
        return f"connection to {where} closed before the game began: {reason}"
    return f"the game ended unfinished: {reason}"
