"""`python -m isaac_game watch ADDRESS[:PORT] | --discover | --relay ADDR --code CODE`:
watch a game being played on the LAN, or through a relay with the host's watch code.

A window by default (`--fullscreen` for a projector): the board large, both players,
their clocks, the last move in words, and the spectators' chat. With `--headless`
the game is printed instead, one line a move, with both clocks after it when the game
has a clock (`12. dark 3v57  4:58  5:00`), then `result: ...`; it exits 0 once the
game is over (a refusal, as "16 spectators already watch", exits 3).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
import traceback
from typing import TextIO

import net
from isaac_game.lan.online import relay_address
from isaac_game.lan.timers import add_timer_options, timers_from_args
from isaac_game.lan.watch import LanWatch
from isaac_game.rules import Player, game_names, positions
from net.messages import WRONG_GAME
from net.relay.address import RelayAddressError
from net.relay.code import CodeError, parse_code

from .headless import (
    OK,
    REJECTED,
    USAGE,
    LanError,
    sigterm_as_interrupt,
    stop_status,
    with_clocks,
)
from .join import discover, parse_address


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "address",
        nargs="?",
        metavar="ADDRESS[:PORT]",
        help=f"the host whose game to watch (port {net.DEFAULT_PORT} unless given)",
    )
    parser.add_argument(
        "--discover", action="store_true", help="watch the first game announced on the network"
    )
    parser.add_argument(
        "--timeout", type=float, default=15.0, help="with --discover: seconds to wait for a game"
    )
    parser.add_argument("--relay", metavar="ADDR", default=None, help="watch through this relay")
    parser.add_argument("--code", default=None, help="with --relay: the host's watch code")
    parser.add_argument("--game", choices=game_names(), default=None, help="the game played")
    parser.add_argument("--name", default="spectator", help="your name in the chat")
    parser.add_argument(
        "--headless", action="store_true", help="print the game instead of showing it"
    )
    parser.add_argument(
        "--fullscreen", action="store_true", help="fill the screen (a projector, a TV)"
    )
    parser.add_argument("--beacon-port", type=int, default=net.BEACON_PORT, help=argparse.SUPPRESS)
    add_timer_options(parser)


def run(args: argparse.Namespace) -> int:
    try:
        if not args.headless:
            return watch_in_window(_open(args), fullscreen=args.fullscreen)
        return _headless(args, sys.stdout, sys.stderr)
    except LanError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return exc.status


def watch_in_window(watch: LanWatch, fullscreen: bool = False) -> int:
    """Watch `watch` (not started yet) in a window, the watch screen its only screen,
    until it is closed (Esc): status 0. As `isaac` itself: a display that cannot be
    opened is one line and status 1; SIGTERM and SIGHUP close the window; a bug is
    one line and a report in the data folder, never a traceback."""
    from isaac_game.client.app import DisplayError
    from isaac_game.client.registry import make_app

    from .play import close_on_signals, crash_message

    try:
        app = make_app(fullscreen=True if fullscreen else None)
    except DisplayError as error:
        print(f"isaac watch: cannot open a window ({error})", file=sys.stderr)
        return 1
    close_on_signals(app)
    watch.start()
    app.open("watch", watch)
    try:
        app.run()
    except Exception:
        print(crash_message(app, traceback.format_exc()), file=sys.stderr)
        with contextlib.suppress(Exception):  # the network thread and the window let go
            app.shutdown()
        return 1
    return 0


def _open(args: argparse.Namespace) -> LanWatch:
    """The spectator's session for what the command line names (not started)."""
    ways = (args.address is not None) + args.discover + (args.relay is not None)
    if ways != 1 or (args.relay is None) != (args.code is None):
        raise LanError("give one of ADDRESS[:PORT], --discover or --relay ADDR --code CODE", USAGE)
    timers, game = timers_from_args(args), args.game or "isaac"
    if args.relay is not None:
        try:
            relay, code = relay_address(args.relay), parse_code(args.code)
        except (RelayAddressError, CodeError) as error:
            raise LanError(str(error), USAGE) from None
        return LanWatch.online(game, relay, code, name=args.name, timers=timers)
    if args.discover:
        found = discover(args, playing=True)
        return LanWatch.lan(found.game, found.address, found.port, name=args.name, timers=timers)
    host, port = parse_address(args.address)
    return LanWatch.lan(game, host, port, name=args.name, timers=timers)


def _headless(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the game until it is over. A typed address says nothing of the game: a
    host that plays another one names it in its refusal, and it is watched again
    with that game, once."""
    watch = _open(args)
    for attempt in range(2):
        watch.start()
        try:
            with sigterm_as_interrupt():
                named = _follow(watch, out, err)
        except KeyboardInterrupt as stop:
            return stop_status(stop)
        finally:
            watch.close()
        if named is None:
            return OK
        if attempt or args.game is not None:
            break
        print(f"the host plays {named}: watching again", file=err, flush=True)
        watch = watch.again(named)
    raise LanError(f"rejected: {watch.rejected}", REJECTED)


def _follow(watch: LanWatch, out: TextIO, err: TextIO) -> str | None:
    """Print the game until it is over (None); the game a `wrong-game` refusal names,
    to watch again with it."""
    printer = WatchPrinter(watch, out, err)
    while True:
        printer.show(watch.update(0.05))
        if watch.games and watch.finished:
            printer.flush()
            printer.line(f"result: {watch.result()}")
            return None
        if watch.rejected is not None:
            named = watch.rejected_game
            if watch.rejected_code == WRONG_GAME and named in game_names() and not watch.games:
                return named
            raise LanError(f"rejected: {watch.rejected}", REJECTED)
        if watch.closed is not None:
            raise LanError(f"the host is gone: {watch.closed}")


class WatchPrinter:
    """A spectator's lines: the game line, a line a move (with both clocks, once the
    host has said them), the chat and the link on stderr."""

    def __init__(self, watch: LanWatch, out: TextIO, err: TextIO) -> None:
        self.watch, self.out, self.err = watch, out, err
        self.printed = 0  # moves printed
        self.held: tuple[int, str] | None = None  # a move line waiting for its clocks
        self.epoch = time.monotonic()

    def line(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def note(self, text: str) -> None:
        print(text, file=self.err, flush=True)

    def show(self, events: list[net.Event]) -> None:
        w = self.watch
        for ev in events:
            if isinstance(ev, net.WatchStarted):
                self.flush()
                dark, light = w.names[Player.DARK], w.names[Player.LIGHT]
                self.line(f"watching: {w.adapter.game}, dark {dark} vs light {light}")
                self.printed = 0
                self._moves(len(ev.moves), clocks=False)
                self.note(f"{ev.watchers} watching")
            elif isinstance(ev, net.MoveReceived):
                self._moves(ev.n + 1, clocks=w.clock is not None)
            elif isinstance(ev, net.ClockSet):
                if self.held is not None and self.held[0] == ev.n:
                    self.line(with_clocks(self.held[1], ev.left))
                    self.held = None
            elif isinstance(ev, net.ChatReceived):
                side = f" ({ev.side})" if ev.side else " (watching)"
                self.note(f"chat from {ev.sender}{side}: {ev.text}")
            elif isinstance(ev, net.Watchers):
                self.note(f"{ev.count} watching")
            elif isinstance(ev, net.LinkLost):
                self.note(f"link lost ({ev.reason}); looking again...")

    def _moves(self, upto: int, *, clocks: bool) -> None:
        """Lines for the moves not printed yet, up to `upto`; the last one waits for its
        clocks when the game has them."""
        self.flush()
        game, moves = self.watch.adapter.game, self.watch.state.moves[:upto]
        states = positions(game, moves)
        for n in range(self.printed, len(moves)):
            mover = states[n].to_move
            text = f"{n + 1}. {mover.value if mover else '?'} {moves[n]}"
            if clocks and n == len(moves) - 1:
                self.held = (n, text)
            else:
                self.line(text)
        self.printed = len(moves)

    def flush(self) -> None:
        """A move line still waiting for its clocks is printed without them."""
        if self.held is not None:
            self.line(self.held[1])
            self.held = None
