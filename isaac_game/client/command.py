"""`isaac [play]`: open the game window (or run the attract-mode demo)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--demo", action="store_true", help="computer against computer, in a loop")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
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
    app = App(size=size, fullscreen=fullscreen)
    title = app.push(TitleScene(app))
    if args.demo:
        title.start_demo()  # type: ignore[attr-defined]
    app.run()
    return 0
