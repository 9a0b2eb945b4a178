"""Where this program keeps the user's files: one answer for the client and the headless
LAN commands, so a headless `join` finds the ticket the client left and a headless
`host` saves where the client's "Continue a saved game" looks.

`ISAAC_GAME_HOME` (tests, portable installs) puts everything under one folder:
`$ISAAC_GAME_HOME/config` and `$ISAAC_GAME_HOME/data`; otherwise platformdirs' user
config and data folders for "isaac-game".
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

APP_NAME = "isaac-game"
#: Tests (and portable installs) can point everything at one folder.
HOME_ENV = "ISAAC_GAME_HOME"
#: How saved game records end; the saves folder lists these.
RECORD_SUFFIX = ".isaac.txt"


def config_dir() -> Path:
    """The user's config folder (settings)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, False))


def data_dir() -> Path:
    """The user's data folder (saved games in `saves/`, the LAN ticket)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, False))


def elsewhere_dirs() -> list[Path]:
    """Where a game goes when its own folder cannot be written (a full or read-only
    disk), in the order tried: a folder in the user's documents, then in their home
    (`$ISAAC_GAME_HOME/elsewhere` when that is set)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return [Path(home) / "elsewhere"]
    import platformdirs

    folders = [Path(platformdirs.user_documents_dir()) / "ISAAC games"]
    return folders + [Path.home() / "ISAAC games"]


def new_record_path(folder: Path, taken: Callable[[Path], bool] = Path.exists) -> Path:
    """A file name for a new saved game in `folder`: the time, numbered if `taken`
    (by default: if a file of that name exists)."""
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"{stamp}{RECORD_SUFFIX}"
    n = 2
    while taken(path):
        path = folder / f"{stamp}_{n}{RECORD_SUFFIX}"
        n += 1
    return path
