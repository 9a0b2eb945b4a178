"""`python -m isaac_game join ADDRESS[:PORT] | --discover`: join a LAN game with a
computer player; exits 0 with `result: ...` as the last line once the game is over.

The joiner keeps a ticket (`ticket.py`) from the host's welcome to the end of the
game. Run again for the same address while it is there (the program was closed or
crashed mid-game), it rejoins that game with the ticket's token, by itself; stdout
then starts with the game line and every move so far, so it holds the whole record.
If the host no longer keeps that game, the ticket goes and it joins as a new player.
"""

from __future__ import annotations

import argparse
import sys
import time

import net
from isaac_game.lan.address import AddressError
from isaac_game.lan.address import parse_address as read_address
from isaac_game.lan.news import HostBrowser
from isaac_game.lan.session import LanSession
from isaac_game.lan.ticket import TicketBook
from isaac_game.lan.timers import timers_from_args
from isaac_game.rules import game_names
from net.messages import BAD_TOKEN, WRONG_GAME

from .headless import (
    OK,
    REJECTED,
    USAGE,
    LanError,
    Printer,
    add_common_arguments,
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
    parser.add_argument("--token", default=None, help=argparse.SUPPRESS)
    add_common_arguments(parser, game_default=None)


def parse_address(text: str) -> tuple[str, int]:
    """`host`, `host:port`, `[v6]:port` -> (host, port); raises LanError (a usage error)."""
    try:
        return read_address(text)
    except AddressError as error:
        raise LanError(str(error), USAGE) from None


def discover(args: argparse.Namespace) -> net.HostInfo:
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


def _run(args: argparse.Namespace) -> int:
    if args.discover == (args.address is not None):
        raise LanError("give either ADDRESS[:PORT] or --discover", USAGE)
    if args.discover:
        found = discover(args)
        host, port, game = found.address, found.port, found.game
    else:
        host, port = parse_address(args.address)
        game = args.game or "isaac"
    name = args.name or "guest"
    book = TicketBook()
    token, ticket = args.token, None
    if token is None:
        ticket = book.load()
        if ticket is not None and ticket.fits(host, port, args.game):
            token, game = ticket.token, ticket.game
            note(f"rejoining the game with {ticket.host_name} ({game}; ticket {book.path})")
    try:
        try:
            return _join(args, host, port, game, name, token, book)
        except StaleTicket as stale:
            if ticket is None:  # a token given with --token: no second guess
                raise LanError(f"rejected by {host}:{port}: {stale}", REJECTED) from None
            book.forget(ticket.token)
            note(f"the host no longer keeps that game ({stale}): joining as a new player")
            return _join(args, host, port, stale.game or game, name, None, book)
    except WrongGame as wrong:
        if args.game is not None or args.discover:
            raise LanError(f"rejected by {host}:{port}: {wrong.reason}", REJECTED) from None
        # A typed address says nothing of the game: the host's refusal names it. Once:
        # a host that names yet another game then is not followed any further.
        note(f"the host plays {wrong.game}: joining again")
        try:
            return _join(args, host, port, wrong.game, name, None, book)
        except WrongGame as again:
            raise LanError(f"rejected by {host}:{port}: {again.reason}", REJECTED) from None


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


def _join(
    args: argparse.Namespace,
    host: str,
    port: int,
    game: str,
    name: str,
    token: str | None,
    book: TicketBook,
) -> int:
    session = LanSession.join(
        game,
        local_seat(args, name),
        host,
        port,
        name=name,
        token=token,
        timers=timers_from_args(args),
        tickets=book,
    )
    printer = Printer(session, args.trace, sys.stdout, sys.stderr)
    session.on_send = printer.sent
    print(f"joining {host}:{port} ({game})", file=sys.stderr, flush=True)
    session.start()
    try:
        with sigterm_as_interrupt():
            return _play(session, printer, f"{host}:{port}")
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: bye (a pause), ticket kept
        return stop_status(stop)
    finally:
        session.close()


def _play(session: LanSession, printer: Printer, where: str) -> int:
    while True:
        printer.show(session.update(0.05))
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
