"""`python -m isaac_game host`: host a LAN game with a computer player.

Plays one game and exits 0 with `result: ...` as the last line; with `--forever`
takes one joiner after another (one game at a time) until interrupted. A joiner
that misbehaves is dropped by `net/`; the host goes on waiting.

A game whose joiner is gone for good (the rejoin window passed after a lost link or
its `bye`, which docs/protocol.md 1.1 makes a pause) is kept, never dropped: it is saved in
the data folder's `saves/` (the path goes to stderr) and its joiner may still rejoin
with its ticket; others are refused (`table-full`). With `--forever` the host then
takes the next joiner by itself. Interrupted or stopped mid-game (Ctrl-C, SIGTERM),
the host says bye (a pause for the joiner, who keeps its ticket) and saves the game
the same way. A game the joiner never moved in (it said hello and left) has nothing
to lose: it is not saved, and its seat is free at once (docs/protocol.md rule 4), so
a knock keeps no real joiner out.
`--again RECORD` hosts such a saved game again, from the same move, for its joiner's
ticket (`--anyone`: or for whoever joins first).

`--relay ADDR` hosts through a relay instead of the LAN, for a joiner anywhere: the
host's first line on stdout is `code: K7M-4QP` (flushed before it waits, so a script
reads it at once; the joiner's stdout has no such line, the rest of the two is the
same), and stderr says it too, in a sentence; the joiner gives it with `join --relay
ADDR --code K7M-4QP`; all else is as on the LAN. `--code` hosts with a code of one's
own. A game played through a relay is saved with its relay and code, and `--again`
hosts it through them (`--relay`, `--code`: others), where the joiner's relay ticket
looks for it.

`--clock 5+3` plays each game to a time control (minutes + seconds added after each
turn, docs/protocol.md 1.2): this host's clock decides, both sides print both clocks
after each move, and a side whose time runs out loses (`result: light ran out of time,
dark wins`). A joiner whose program has no clock plays without one (stderr says so). A
game kept and hosted again keeps its clock, with the time both sides had left.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import net
from isaac_game.clock import TimeControl
from isaac_game.lan.netinfo import beacon_targets, host_addresses, is_loopback
from isaac_game.lan.online import code_of, host_online, relay_address, watch_code_of
from isaac_game.lan.saved import KeptGame, LanRecordError, load_kept, save_kept
from isaac_game.lan.session import LanSession
from isaac_game.lan.timers import timers_from_args
from isaac_game.userdirs import data_dir
from net.relay.address import RelayAddressError
from net.relay.code import CodeError, parse_code

from .arena import clock_argument
from .headless import (
    FAILED,
    OK,
    USAGE,
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
    parser.add_argument(
        "--again",
        metavar="RECORD",
        default=None,
        help="host a saved LAN game again (its game and colours), for its joiner's ticket",
    )
    parser.add_argument(
        "--anyone", action="store_true", help="with --again: whoever joins first takes the seat"
    )
    parser.add_argument(
        "--relay",
        metavar="ADDR",
        default=None,
        help="host through the relay at HOST[:PORT] (prints the code a joiner needs)",
    )
    parser.add_argument("--code", default=None, help="with --relay: this code, not a new one")
    parser.add_argument(
        "--clock",
        type=clock_argument,
        default=None,
        metavar="M+S",
        help="play to a clock: M minutes each, S seconds added after each turn (5+3); "
        "the host's clock decides",
    )
    add_common_arguments(parser, game_default="isaac")
    parser.add_argument("--rematch-wait", type=float, default=10.0, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"error: bad port {args.port}", file=sys.stderr)
        return USAGE
    if args.code is not None and args.relay is None:
        print("error: --code goes with --relay", file=sys.stderr)
        return USAGE
    kept: KeptGame | None = None
    if args.again is not None:
        try:
            kept = load_kept(Path(args.again))
        except LanRecordError as error:
            print(f"error: cannot host {args.again} again: {error}", file=sys.stderr)
            return FAILED
        args.game = kept.game
        if kept.online:  # where the joiner's relay ticket dials: its relay, its code
            args.relay = args.relay or kept.relay
            args.code = args.code or kept.code
    timers = timers_from_args(args)
    name = args.name or "host"
    seat = kept.seat if kept else args.seat
    record: Sequence[str] = kept.state.moves if kept else ()
    token = kept.token if kept else None
    # a kept game is played to the clock it was played to, from the time it had left
    clock = kept.clock if kept else TimeControl.parse(args.clock or "")
    left = kept.left if kept else None
    if args.relay is not None:
        try:
            relay = relay_address(args.relay)
            code = None if args.code is None else parse_code(args.code)
        except (RelayAddressError, CodeError) as error:
            print(f"error: {error}", file=sys.stderr)
            return USAGE
        session = host_online(args.game, local_seat(args, name), relay, code=code, name=name,
                              seat=seat, timers=timers, moves=record, token=token,
                              clock=clock, clock_left=left)  # fmt: skip
        where = f"the relay at {relay}"
    else:
        session = LanSession.host(args.game, local_seat(args, name), name=name, bind=args.bind,
                                  port=args.port, seat=seat, announce=not args.no_announce,
                                  beacon_port=args.beacon_port, timers=timers, moves=record,
                                  token=token, clock=clock, clock_left=left)  # fmt: skip
        where = f"{args.bind}:{args.port}"
    printer = Printer(session, args.trace, sys.stdout, sys.stderr)
    session.on_send = printer.sent
    try:
        bound = session.start()
        assert bound is not None  # a host session binds, so it has an address
    except OSError as exc:
        session.local.close()
        why = exc.strerror or str(exc)
        doing = "reach" if args.relay is not None else "listen on"
        print(f"error: cannot {doing} {where}: {why}", file=sys.stderr)
        return FAILED
    if args.relay is not None:
        given = code_of(session)
        printer.line(f"code: {given}")  # stdout's first line, for a script to read at once
        printer.note(f"hosting through the relay at {bound[0]}, code: {given}")
        printer.note(f"joiners: join --relay {bound[0]} --code {given}")
        watching = watch_code_of(session)
        if watching is not None:
            printer.note(f"spectators: watch --relay {bound[0]} --code {watching}")
    else:
        _say_where(printer, args, *bound)
    if kept is not None:
        if args.anyone:
            session.open_seat()
        who = "anyone" if args.anyone else kept.peer
        moves = len(kept.state.moves)
        print(f"hosting {args.again} again, from move {moves + 1}, for {who}", file=sys.stderr)
    try:
        with sigterm_as_interrupt():
            return _serve(session, printer, args, kept.date if kept else "")
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: the game was saved
        return stop_status(stop)
    finally:
        session.close()


def _say_where(printer: Printer, args: argparse.Namespace, addr: str, port: int) -> None:
    """Where a LAN host listens, how to dial it, where it announces itself."""
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


def _serve(session: LanSession, printer: Printer, args: argparse.Namespace, day: str = "") -> int:
    """Play games until the one game is over (or forever). `day` is the current game's
    date, for its saved record's `Date` (listed and counted by it): a game hosted
    again keeps its record's, a new game's is the day it begins."""
    note = printer.note
    if args.again is None:
        clock = f", clock {args.clock}" if args.clock else ""
        note(f"waiting for a joiner ({args.game}, host plays {args.seat}{clock})")
    done_at: float | None = None  # when the current game ended (forever mode)
    saved = False  # the held game is saved (or there was nothing to save)
    try:
        while True:
            events = session.update(0.05)
            printer.show(events)
            greet(session, args.greet, events)
            for ev in events:
                if isinstance(ev, net.GameStarted):
                    saved = False
                    if not ev.resumed:
                        done_at = None
                    if not ev.moves:  # a new game (not a kept one given to anyone)
                        day = time.strftime("%Y-%m-%d")
                elif isinstance(ev, net.RematchProposed) and args.forever and session.finished:
                    session.rematch()
            if session.finished and printer.open:
                wait_synced(session, printer)
                printer.result()
                if not args.forever:
                    return OK
                done_at = time.monotonic()
            elif session.held and session.stalled:
                if not saved:
                    saved = True
                    _keep(session, printer, args.forever, args.ai, day)
            elif session.stalled:
                printer.abandoned(session.problem or printer.last_close or "the peer is gone")
                session.drop_game()
            if done_at is not None and time.monotonic() - done_at > args.rematch_wait:
                done_at = None  # the joiner lingers: free the table for the next one
                session.drop_game()

    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (`sigterm_as_interrupt`)
        if not saved:  # our bye is a pause for the joiner (1.1): the game is kept
            _save(session, printer, args.ai, day)
        raise


def _keep(session: LanSession, printer: Printer, forever: bool, kind: str, day: str) -> None:
    """The joiner is gone for good: save the game (docs/protocol.md rule 7), then take the
    next joiner (forever) or wait for this one's ticket (one game)."""
    note = printer.note
    peer = session.opponent or "the joiner"
    if not session.worth_keeping:
        note(f"{peer} played no move: nothing to keep")
        printer.abandoned(session.link_reason or "the peer is gone")
        session.abandon()
        return
    if not _save(session, printer, kind, day):
        note(f"keeping it for {peer}")
        return
    if forever:
        printer.abandoned(session.link_reason or "the peer is gone")
        session.abandon()
    else:
        note(f"waiting for {peer} to come back with its ticket; others are refused")


def _save(session: LanSession, printer: Printer, kind: str, day: str = "") -> bool:
    """Save an unfinished game into the data folder's saves, saying where and how to
    host it again (False if it could not be saved). A kept game is never dropped
    silently (docs/protocol.md rule 7): not when the joiner is gone, nor when this host is
    interrupted or stopped mid-game (its `bye` is a pause: the joiner keeps its
    ticket). A game the joiner never moved in has nothing to lose and is not saved."""
    if not session.worth_keeping:
        return True
    try:
        path = save_kept(session, data_dir() / "saves", kind, day)
    except OSError as error:
        printer.note(f"error: the game could not be saved ({error})")
        return False
    printer.note(f"game kept: saved as {path}")
    printer.note(f"(host it again: python -m isaac_game host --again {path} --ai {kind})")
    return True
