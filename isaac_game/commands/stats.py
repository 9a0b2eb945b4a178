"""`python -m isaac_game record [--game G] [--rebuild]`: the player's stats, for a
terminal (the command keeps the name players know: "Your record").

Prints the stats' tables (every finished game, by game and by opponent: a computer
level, a LAN player, the hotseat; coached games apart), as the "Your record" screen
shows them. `--rebuild` reads every save in the saves folder again first (the saves
are the source of truth: lost or damaged stats come back from them).

Stats that cannot be used are said in one line on stderr, never a traceback: a
database another program holds, or that cannot be written, is shown as it is (status
0); a rebuild that it cannot take ends with status 1, the database untouched.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from isaac_game import userdirs
from isaac_game.players import same_opponent
from isaac_game.rules import game_names
from isaac_game.stats import db, open_stats
from isaac_game.stats.db import FILE_NAME
from isaac_game.stats.results import rebuild
from isaac_game.stats.tables import lines, text_table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=game_names(), help="only this game (default: all)")
    parser.add_argument("--rebuild", action="store_true", help="read every saved game again first")


def run(args: argparse.Namespace) -> int:
    data = userdirs.data_dir()
    stats = open_stats(data / FILE_NAME, wait=db.BUSY_SECONDS)
    try:
        if stats.trouble is not None:
            print(f"isaac record: {stats.trouble}", file=sys.stderr)
        if args.rebuild:
            try:
                if stats.read_only or stats.path is None:
                    raise sqlite3.OperationalError("it cannot be written now")
                done = rebuild(stats, data / "saves")
            except sqlite3.Error as error:
                print(f"isaac record: cannot rebuild the record: {error}", file=sys.stderr)
                return 1
            print(
                f"Rebuilt from {data / 'saves'}: {done.written} finished games recorded, "
                f"{done.skipped} left out (unfinished, or no person played)."
            )
            for path, why in done.unreadable:
                print(f"isaac record: left out {path}: {why}", file=sys.stderr)
            print()
        try:
            table = text_table(lines(stats, args.game, same_opponent))
        except sqlite3.Error as error:
            print(f"isaac record: the record cannot be read: {error}", file=sys.stderr)
            return 1
        print(table, end="")
    finally:
        stats.close()
    return 0
