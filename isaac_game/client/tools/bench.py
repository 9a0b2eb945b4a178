"""`python -m isaac_game bench --ui`: frame times of the placement scene at 1920x1080.

Software rendering (SDL's dummy video driver, an ordinary Surface), a half-full
board, and a piece dragged across it with the ghost recomputed every frame: the
work a real frame does, minus the display flip. With `--think LEVEL` a computer seat
thinks all the while (Hard on every core, at its lower priority), as in a game where
the player drags a piece while the computer thinks, or waits for it.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time

SIZE = (1920, 1080)


class Thinker:
    """A computer seat kept thinking all through the measurement (`--think`): each time
    it answers, it is handed the next position of a random game of `game`, so that its
    processes (every core, for Hard) stay busy while the frames are drawn."""

    def __init__(self, level: str, game: str) -> None:
        from isaac_game.ai.seat import ComputerSeat
        from isaac_game.rules import new_game

        self.seat = ComputerSeat(level, seed=3)
        self.game = game
        self.state = new_game(game)
        self.rng = random.Random(7)
        self.answered = 0
        self.seat.start_turn(self.state)

    def poll(self) -> None:
        from isaac_game.rules import new_game

        if self.seat.poll() is None:
            return
        self.answered += 1
        self.state = self.state.play(self.rng.choice(self.state.legal_moves()))
        if self.state.is_over:
            self.state = new_game(self.game)
        self.seat.start_turn(self.state)

    def close(self) -> None:
        self.seat.close()


def run_ui_bench(seconds: float, think: str | None = None, game: str = "isaac") -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from isaac_game.rules import IsaacState, new_game

    from ..app import TICK
    from ..handoff import GameSetup, history_of
    from ..input import Action, Button
    from ..registry import make_app
    from ..scenes.match import MatchScene
    from .scratch import ScratchHome

    scratch = ScratchHome("isaac-bench-")
    app = make_app(size=SIZE, fullscreen=False, storage=scratch.storage, sound=False)
    rng = random.Random(5)
    state = new_game("isaac")
    assert isinstance(state, IsaacState)
    while state.phase == "placement" and len(state.pieces()) < 14:  # about half the cells
        state = state.play(rng.choice(state.legal_moves()))
    scene = app.open("match", GameSetup(history=history_of(state)))
    assert isinstance(scene, MatchScene)
    surface = app.screen
    scene.draw(surface)  # warm the caches, as the first real frame would
    grid = scene.play.board.grid
    thinker = Thinker(think, game) if think else None
    if thinker is not None:  # the first move waits for its processes to start
        while not thinker.answered:
            thinker.poll()
            time.sleep(0.01)
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
        if thinker is not None:
            thinker.poll()
    app.shutdown()
    scratch.cleanup()
    if thinker is not None:
        thinker.close()
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} frames in {seconds:.1f} s")
    print(f"ui: median {median:.2f} ms, p99 {p99:.2f} ms per frame at {SIZE[0]}x{SIZE[1]}")
    if thinker is not None:
        cores = thinker.seat.cores
        print(f"while {think} thought about {game} on {cores} core(s): {thinker.answered} moves")
    return 0
