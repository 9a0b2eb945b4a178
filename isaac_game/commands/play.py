"""`isaac [play] [FILE] [--game G --dark KIND --light KIND] [--demo] [--resume]
[--relay HOST[:PORT]]`: open the game window on the menu, on a game, on a saved game, or
on the attract-mode demo; `--relay` is Play online's relay for this run (over Settings').

What the command line asks for is checked before the window opens: a bad size or a
file that cannot be opened is one line on stderr and exit status 2.

SIGTERM (a logout, a shutdown, `kill`) and SIGHUP (the terminal gone) close the window
at once, asking nothing: every game is on disk after every move. (Left alone, SDL
turns SIGTERM into a click on the window's close box, which asks before leaving a
game, and a logout would wait on the question.)
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from isaac_game.client.app import MIN_WINDOW, DisplayError
from isaac_game.client.handoff import GameSetup, demo_setup, settings_clock, setup_from_record
from isaac_game.client.storage import OPEN_ELSEWHERE, Storage, load_error
from isaac_game.clock import TimeControl, TimeControlError, control_text
from isaac_game.i18n import LANGUAGES
from isaac_game.players import PLAYER_KINDS, player_kind
from isaac_game.rules import game_names, write_atomically

if TYPE_CHECKING:
    from isaac_game.client.app import App


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "record", nargs="?", default=None, help="a saved game: go on with it, or replay it if over"
    )
    parser.add_argument("--game", choices=game_names(), help="start this game at once")
    kinds = f"{', '.join(PLAYER_KINDS)} or a step of the ladder, level1..."
    parser.add_argument("--dark", type=player_kind, help=f"who plays Dark (with --game): {kinds}")
    parser.add_argument("--light", type=player_kind, help="who plays Light (with --game)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--demo", action="store_true", help="computer against computer, in a loop")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")
    add_language(parser)
    parser.add_argument("--resume", action="store_true", help="go on with the game in progress")
    parser.add_argument(
        "--clock",
        metavar="M+S",
        type=time_control,
        default=None,
        help="start a game at once (the title's game and seats, or --game's) played to a"
        " clock: M minutes each, S seconds added after each turn (5+3, 10+5, 20+10, or your"
        " own; none: no clock); a game started with --game alone has the title's last clock",
    )
    parser.add_argument(
        "--relay",
        metavar="HOST[:PORT]",
        default=None,
        help="Play online through this relay for this run (instead of the one in Settings)",
    )


def time_control(text: str) -> str:
    """`--clock`'s value, checked (argparse says the reason when it cannot be read),
    as the settings keep it ("none": no clock)."""
    try:
        return control_text(TimeControl.parse(text))
    except TimeControlError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def relay_of(args: argparse.Namespace) -> str:
    """`--relay` as the client keeps it (canonical), "" without it; raises ValueError
    (the address's own words) for an address that names no relay."""
    text = getattr(args, "relay", None)
    if text is None:
        return ""
    from isaac_game.lan.online import relay_address  # the LAN package: only when asked

    return relay_address(text)


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=tuple(LANGUAGES),
        help="the window's language for this run (else Settings', else the system's)",
    )


def window_size(text: str | None) -> tuple[int, int] | None:
    """`1920x1080` -> (1920, 1080); raises ValueError saying what is wrong."""
    if not text:
        return None
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size: expected WIDTHxHEIGHT, not {text!r}") from None
    if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        least = f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
        raise ValueError(f"--size {w}x{h} is too small: the game needs at least {least}")
    return w, h


def first_scene(args: argparse.Namespace, storage: Storage) -> tuple[str, tuple]:
    """The scene to open over the title, from the command line (raises ValueError for a
    record that cannot be opened); ("", ()) for the menu."""
    if args.record:
        path = Path(args.record)
        if not path.exists() and not path.is_symlink():
            raise ValueError(f"{args.record}: no such file")
        record, error = storage.load_game(path)  # a pipe or a device: refused, never read
        if record is None:
            raise ValueError(load_error(error) if error else f"{args.record}: not a saved game")
        if record.finished:
            return "replay", (record, path)
        return "match", (setup_from_record(record, path),)
    if getattr(args, "learn", False):  # `isaac learn`: a lesson, or the chooser
        return ("lesson", (args.game,)) if args.game in lessons() else ("learn", ())
    settings, _notice = storage.load_settings()
    game = args.game or (settings.game if settings.game in game_names() else "isaac")
    if args.demo:
        return "match", (demo_setup(game),)
    if args.game or args.dark or args.light or getattr(args, "clock", None):
        dark = args.dark or settings.dark_kind
        light = args.light or settings.light_kind
        clock = settings_clock(getattr(args, "clock", None) or settings.clock)
        return "match", (GameSetup(game, dark, light, clock=clock),)
    return "", ()


def lessons() -> tuple[str, ...]:
    """The games with a lesson (the registry's, imported only when asked)."""
    from isaac_game.client.registry import GAMES

    return tuple(name for name, game in GAMES.items() if game.lesson is not None)


def run(args: argparse.Namespace) -> int:
    from isaac_game.client.lan.resume import resumables
    from isaac_game.client.registry import make_app, names

    try:
        size = window_size(args.size)
        relay = relay_of(args)
        scene, handoff = first_scene(args, Storage())
    except ValueError as error:
        print(f"isaac: {error}", file=sys.stderr)
        return 2
    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        app = _open_app(make_app, size, fullscreen, getattr(args, "lang", None))
    except DisplayError as error:
        print(f"isaac: cannot open a window ({error})", file=sys.stderr)
        return 1
    close_on_signals(app)
    app.relay_override = relay
    app.storage.catch_up()  # results an earlier run could not write, in the background
    app.open("title")
    if scene == "lesson":  # a lesson left goes back to Learn to play, as from the menu
        app.open("learn")
    if scene:
        app.open(scene, *handoff)
    elif args.resume:
        waiting = resumables(app, names())
        if waiting:
            app.open(waiting[0].scene, *waiting[0].handoff)
        elif app.storage.in_progress(most=1):  # there is one, but another window plays it
            text = f"{OPEN_ELSEWHERE}: go on with it there, or close it there first."
            app.open("message", "Nothing to resume here", text)
        else:
            app.open("message", "Nothing to resume", "No game is in progress: start a new one.")
    try:
        app.run()
    except Exception:
        print(crash_message(app, traceback.format_exc()), file=sys.stderr)
        return 1
    return 0


def close_on_signals(app: App) -> None:
    """SIGTERM and SIGHUP end the loop at once (the window then closes as after Quit:
    a LAN peer is told, locks are let go). Set after the window opens, so that these
    replace the handlers SDL installs as it starts."""

    def close(_signum: int, _frame: object) -> None:
        app.quit()

    for name in ("SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, close)


def _open_app(make_app: Callable[..., App], size, fullscreen, language=None) -> App:
    return make_app(size=size, fullscreen=fullscreen, language=language)


def crash_message(app: App, details: str) -> str:
    """Save what can be saved after a bug, and say where, instead of a traceback.

    The game in progress (if any) goes to the saves folder, so Continue finds it,
    and the details go to a crash report beside it for a bug report.
    """
    storage = app.storage
    lines = ["isaac: sorry, something went wrong and the game had to close."]
    for scene in reversed(app.scenes):
        kept: str | None = None
        # the save itself failing must not hide the report
        with contextlib.suppress(Exception):
            kept = scene.keep_game()
        if kept:
            lines.append(kept)
            break
    try:
        report = storage.data_dir / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        write_atomically(report, details)
        lines.append(f"Details for a bug report: {report}")
    except OSError:
        lines.append(details)
    return "\n".join(lines)
