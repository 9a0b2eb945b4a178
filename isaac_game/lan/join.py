"""`python -m isaac_game join ADDRESS[:PORT] | --discover`: join a LAN game with a
computer player; exits 0 with `result: ...` as the last line once the game is over.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
import time

import net
from isaac_game.rules import game_names

from .headless import (
    OK,
    REJECTED,
    USAGE,
    LanError,
    Printer,
    add_common_arguments,
    local_seat,
    wait_synced,
)
from .session import LanSession
from .timers import timers_from_args


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
    """`host`, `host:port`, `[v6]:port` -> (host, port); raises LanError."""
    text = text.strip()
    host, port_text = text, ""
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise LanError(f"bad address {text!r}", USAGE)
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1:
        host = text  # a bare IPv6 address
    if port_text and (not port_text.isdigit() or not 0 < int(port_text) < 65536):
        raise LanError(f"bad port in {text!r}", USAGE)
    port = int(port_text) if port_text else net.DEFAULT_PORT
    if not host:
        raise LanError(f"bad address {text!r}", USAGE)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        label = all(c.isalnum() or c in "-." for c in host) and not host.startswith(".")
        if not label or host.replace(".", "").isdigit():
            raise LanError(f"bad address {text!r}", USAGE) from None
    return host, port


def discover(args: argparse.Namespace) -> net.HostInfo:
    try:
        browser = net.Browser(beacon_port=args.beacon_port)
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
    try:
        return _join(args, host, port, game, name)
    except WrongGame as wrong:
        if args.game is not None or args.discover:
            raise LanError(f"rejected by {host}:{port}: {wrong.reason}", REJECTED) from None
        # A typed address says nothing of the game: the host's refusal names it.
        print(f"the host plays {wrong.game}: joining again", file=sys.stderr, flush=True)
        return _join(args, host, port, wrong.game, name)


class WrongGame(Exception):
    """The host refused us because it plays another game, which it named."""

    def __init__(self, reason: str, game: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game


WRONG_GAME = "wrong game: this host plays "


def _join(args: argparse.Namespace, host: str, port: int, game: str, name: str) -> int:
    session = LanSession.join(
        game,
        local_seat(args, name),
        host,
        port,
        name=name,
        token=args.token,
        timers=timers_from_args(args),
    )
    printer = Printer(session, args.trace, sys.stdout, sys.stderr)
    session.on_send = printer.sent
    print(f"joining {host}:{port} ({game})", file=sys.stderr, flush=True)
    session.start()
    try:
        return _play(session, printer, f"{host}:{port}")
    except KeyboardInterrupt:
        return 130
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
            named = session.rejected.removeprefix(WRONG_GAME).strip()
            if session.rejected.startswith(WRONG_GAME) and named in game_names():
                raise WrongGame(session.rejected, named)
            raise LanError(f"rejected by {where}: {session.rejected}", REJECTED)
        if session.problem is not None:
            raise LanError(f"the game went out of step with the host: {session.problem}")
        if session.closed is not None:
            match, remote = session.match, session.remote
            if match is not None and match.seat_to_move is remote and remote.has_move:
                continue  # the host's last moves arrived before its bye: play them out
            raise LanError(_closed_message(session.closed, where, session.match is not None))


def _closed_message(reason: str, where: str, started: bool) -> str:
    if reason.startswith("could not connect"):
        detail = reason.removeprefix("could not connect:").strip()
        if "Connect call failed" in detail or "refused" in detail.lower():
            detail = "connection refused"
        return f"cannot connect to {where}: {detail}"
    if not started:
        return f"connection to {where} closed before the game began: {reason}"
    return f"the game ended unfinished: {reason}"
