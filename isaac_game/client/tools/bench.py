"""`python -m isaac_game bench --ui`: frame times of the placement scene at 1920x1080.

Software rendering (SDL's dummy video driver, an ordinary Surface), a half-full
board, and a piece dragged across it with the ghost recomputed every frame: the
work a real frame does, minus the display flip.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

SIZE = (1920, 1080)


def run_ui_bench(seconds: float) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from isaac_game.rules import IsaacState, new_game

    from ..app import TICK
    from ..handoff import GameSetup, history_of
    from ..input import Action, Button
    from ..registry import make_app
    from ..scenes.match import MatchScene
    from ..storage import Storage

    home = Path(tempfile.mkdtemp(prefix="isaac-bench-"))
    storage = Storage(home / "c", home / "d")
    app = make_app(size=SIZE, fullscreen=False, storage=storage, sound=False)
    rng = random.Random(5)
    state = new_game("isaac")
    assert isinstance(state, IsaacState)
    while state.phase == "placement" and len(state.pieces()) < 14:  # about half the cells
        state = state.play(rng.choice(state.legal_moves()))
    scene = app.open("match", GameSetup(history=history_of(state)))
    assert isinstance(scene, MatchScene)
    surface = app.screen
    scene.draw(surface)  # warm the caches, as the first real frame would
    grid = scene.board.grid
    times: list[float] = []
    frame = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times) < 30:
        # a smooth path over the whole board: a Lissajous curve
        t = frame / 90
        x = grid.centerx + int(grid.width * 0.55 * math.sin(t * 1.3))
        y = grid.centery + int(grid.height * 0.55 * math.sin(t * 2.1))
        start = time.perf_counter()
        scene.handle(Action(Button.POINT, "mouse", pos=(x, y)))
        if frame % 45 == 44:
            scene.handle(Action(Button.WHEEL, "mouse", value=1))
        scene.update(TICK)
        scene.draw(surface)
        times.append((time.perf_counter() - start) * 1000)
        frame += 1
        pygame.event.pump()
    app.shutdown()
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} frames in {seconds:.1f} s")
    print(f"ui: median {median:.2f} ms, p99 {p99:.2f} ms per frame at {SIZE[0]}x{SIZE[1]}")
    return 0
