"""`isaac play`: placeholder until the client lands."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--demo", action="store_true")


def run(args: argparse.Namespace) -> int:
    print("the client is not built yet")
    return 1
