"""The command line: `isaac [COMMAND] ...`, `play` when no command is named.

Each command lives in its own module of this package with `add_arguments(parser)`
and `run(args) -> int`; it is imported only when chosen, so starting the game does
not pay for the benchmark, the AI or the network code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: name -> (module, one-line help). The first is the default command.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("isaac_game.commands.play", "start the game (the default)"),
    "learn": ("isaac_game.commands.learn", "learn to play: a guided first game"),
    "bench": ("isaac_game.commands.bench", "measure the engine's (or the screen's) speed"),
    "arena": ("isaac_game.commands.arena", "play computer levels against each other"),
    "ladder": (
        "isaac_game.commands.ladder",
        "measure and rate the computer's levels, step by step (slow)",
    ),
    "analyse": ("isaac_game.commands.analyse", "the computer's view of a saved game, move by move"),
    "fit-outlook": (
        "isaac_game.commands.fit_outlook",
        "fit Hard's judgement of ISAAC positions (slow)",
    ),
    "record": ("isaac_game.commands.stats", "your record: every finished game, by opponent"),
    "host": (
        "isaac_game.commands.host",
        "host a game (LAN or relay) with a computer player (headless)",
    ),
    "join": (
        "isaac_game.commands.join",
        "join a game (LAN or relay) with a computer player (headless)",
    ),
    "watch": (
        "isaac_game.commands.watch",
        "watch a game being played (LAN or relay), on a big screen or printed",
    ),
    "relay": ("isaac_game.commands.relay", "run a relay: players anywhere meet by a code"),
}


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = argparse.ArgumentParser(
        prog="isaac", description="ISAAC, FOUNDATIONS and HARI: abstract games for two."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers = {}
    for name, (_module, help_text) in COMMANDS.items():
        subparsers[name] = sub.add_parser(name, help=help_text, description=help_text)
    return parser, subparsers


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in COMMANDS and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    parser, subparsers = build_parser()
    name = args_list[0]
    if name in COMMANDS:
        module = importlib.import_module(COMMANDS[name][0])
        module.add_arguments(subparsers[name])
    args = parser.parse_args(args_list)
    try:
        status = int(module.run(args) or 0)
        sys.stdout.flush()  # here, where a reader gone away is caught, not at exit
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`isaac record | head`): nothing more can be said, and
        # Python's own flush at exit must not raise again, so stdout goes nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # what a shell reports for a program stopped by a broken pipe
