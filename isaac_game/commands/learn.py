"""`isaac learn [--game G]`: open the game window on Learn to play.

With a game that has a lesson, its lesson starts at once; otherwise (no --game, or a
game whose lesson is still to come) the Learn to play chooser opens. Everything else
(window size, fullscreen, the crash guard) is the `play` command's (`play.py`).
"""

from __future__ import annotations

import argparse

from isaac_game.rules import game_names

from . import play


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=game_names(), help="the game to learn (default: choose)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--size", default=None, help="window size, e.g. 1920x1080")
    play.add_language(parser)


def as_play(args: argparse.Namespace) -> argparse.Namespace:
    """The `play` command's arguments that open Learn to play."""
    for name in ("record", "dark", "light"):
        setattr(args, name, None)
    args.demo = args.resume = False
    args.learn = True
    return args


def run(args: argparse.Namespace) -> int:
    return play.run(as_play(args))
