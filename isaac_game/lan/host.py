"""`python -m isaac_game host`: host a LAN game with a computer player.

Plays one game and exits 0 with `result: ...` as the last line; with `--forever`
takes one joiner after another (one game at a time) until interrupted. A joiner
that misbehaves is dropped by `net/`; the host goes on waiting.
"""

from __future__ import annotations

import argparse
import sys
import time

import net

from .headless import (
    FAILED,
    OK,
    USAGE,
    Printer,
    add_common_arguments,
    local_seat,
    wait_synced,
)
from .netinfo import beacon_targets, host_addresses, is_loopback
from .session import LanSession
from .timers import timers_from_args


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", type=int, default=net.DEFAULT_PORT, help=f"TCP port (default {net.DEFAULT_PORT})"
    )
    parser.add_argument(
        "--bind", default="0.0.0.0", help="address to listen on (default: all of this machine's)"
    )
    parser.add_argument(
        "--as",
        dest="seat",
        choices=("dark", "light", "random"),
        default="dark",
        help="the host's colour (default dark; a rematch swaps)",
    )
    parser.add_argument(
        "--forever", action="store_true", help="take one joiner after another until interrupted"
    )
    parser.add_argument(
        "--no-announce", action="store_true", help="do not announce the game on the network"
    )
    add_common_arguments(parser, game_default="isaac")
    parser.add_argument("--rematch-wait", type=float, default=10.0, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"error: bad port {args.port}", file=sys.stderr)
        return USAGE
    timers = timers_from_args(args)
    name = args.name or "host"
    session = LanSession.host(
        args.game,
        local_seat(args, name),
        name=name,
        bind=args.bind,
        port=args.port,
        seat=args.seat,
        announce=not args.no_announce,
        beacon_port=args.beacon_port,
        timers=timers,
    )
    printer = Printer(session, args.trace, sys.stdout, sys.stderr)
    session.on_send = printer.sent
    try:
        addr, port = session.start()  # type: ignore[misc]
    except OSError as exc:
        session.local.close()
        why = exc.strerror or str(exc)
        print(f"error: cannot listen on {args.bind}:{args.port}: {why}", file=sys.stderr)
        return FAILED
    try:
        return _serve(session, printer, args, addr, port)
    except KeyboardInterrupt:
        return 130
    finally:
        session.close()


def _serve(
    session: LanSession, printer: Printer, args: argparse.Namespace, addr: str, port: int
) -> int:
    note = printer.note
    note(f"listening on {addr}:{port}")
    if addr in ("0.0.0.0", ""):
        dial = ", ".join(f"{a}:{port}" for a in host_addresses() if not a.startswith("127."))
        if dial:
            note(f"joiners can dial {dial}")
    if not args.no_announce:
        targets = beacon_targets(args.bind)
        where = "every interface" if targets is None else ", ".join(targets) or "nowhere"
        loop = " (loopback)" if is_loopback(args.bind) else ""
        note(f"announcing {args.game} on {where}{loop}")
    note(f"waiting for a joiner ({args.game}, host plays {args.seat})")
    done_at: float | None = None  # when the current game ended (forever mode)
    while True:
        events = session.update(0.05)
        printer.show(events)
        for ev in events:
            if isinstance(ev, net.GameStarted) and not ev.resumed:
                done_at = None
            elif isinstance(ev, net.RematchProposed) and args.forever and session.finished:
                session.rematch()
        if session.finished and printer.open:
            wait_synced(session, printer)
            printer.result()
            if not args.forever:
                return OK
            done_at = time.monotonic()
        elif session.stalled:
            printer.abandoned(session.problem or printer.last_close or "the peer is gone")
            session.drop_game()
        if done_at is not None and time.monotonic() - done_at > args.rematch_wait:
            done_at = None  # the joiner lingers: free the table for the next one
            session.drop_game()
