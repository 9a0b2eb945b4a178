"""`python -m isaac_game bench --idle --seconds 10`: how much of one core the client uses
while nobody plays: on the menu, and on a game screen waiting for a human move.

Each screen runs the real loop (`App.run_for`) for the given seconds, headless (SDL's
dummy drivers); the process's own CPU time (psutil) over the wall time is the share
of one core. Last line: `idle: menu <x>% game <y>% of one core`.
"""

from __future__ import annotations

import os
import time

import psutil

from ..app import App
from ..handoff import GameSetup
from ..registry import make_app
from .scratch import ScratchHome


def cpu_share(app: App, seconds: float) -> float:
    """The share of one core (percent) the loop used over `seconds` of real time."""
    me = psutil.Process()
    before, start = me.cpu_times(), time.perf_counter()
    app.run_for(seconds)
    after, wall = me.cpu_times(), time.perf_counter() - start
    used = (after.user - before.user) + (after.system - before.system)
    return 100 * used / wall


def run_idle_bench(seconds: float) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    scratch = ScratchHome("isaac-idle-")
    app = make_app(size=(1920, 1080), fullscreen=False, storage=scratch.storage, sound=False)
    app.open("title")
    app.run_for(0.5)  # settle: the first frames build caches
    menu = cpu_share(app, seconds)
    print(f"menu: {menu:.1f}% of one core over {seconds:.0f} s", flush=True)
    app.open("match", GameSetup("isaac", "human", "human"))
    app.run_for(0.5)
    game = cpu_share(app, seconds)
    print(f"game: {game:.1f}% of one core over {seconds:.0f} s (a human to move)", flush=True)
    app.shutdown()
    scratch.cleanup()
    print(f"idle: menu {menu:.1f}% game {game:.1f}% of one core")
    return 0
