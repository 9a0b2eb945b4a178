"""`isaac [play]`: open the game window (or run the attract-mode demo)."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
import traceback


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--demo", action="store_true", help="computer against computer, in a loop")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .app import App
    from .title import TitleScene

    size = None
    if args.size:
        try:
            w, h = (int(x) for x in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"--size: expected WIDTHxHEIGHT, not {args.size!r}")
            return 2
    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        app = _open_app(App, size, fullscreen)
    except pygame.error as error:
        print(f"isaac: cannot open a window ({error})", file=sys.stderr)
        return 1
    title = app.push(TitleScene(app))
    if args.demo:
        title.start_demo()  # type: ignore[attr-defined]
    try:
        app.run()
    except Exception:
        print(crash_message(app, traceback.format_exc()), file=sys.stderr)
        return 1
    return 0


def _open_app(app_class, size, fullscreen):
    return app_class(size=size, fullscreen=fullscreen)


def crash_message(app, details: str) -> str:
    """Save what can be saved after a bug, and say where, instead of a traceback.

    The game in progress (if any) goes to the saves folder, so Continue finds it,
    and the details go to a crash report beside it for a bug report.
    """
    storage = app.storage
    lines = ["isaac: sorry, something went wrong and the game had to close."]
    for scene in reversed(getattr(app, "scenes", [])):
        save = getattr(scene, "save", None)
        state = getattr(scene, "state", None)
        if callable(save) and state is not None and state.moves:
            # the save itself failing must not hide the report
            with contextlib.suppress(Exception):
                lines.append(f"Your game was kept: {save()}.")
            break
    try:
        report = storage.data_dir / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(details, encoding="utf-8")
        lines.append(f"Details for a bug report: {report}")
    except OSError:
        lines.append(details)
    return "\n".join(lines)
