"""The application: window, fixed-timestep loop, scene stack, settings, sound.

The main thread owns pygame. `frame()` runs one iteration: translate events into
actions for the top scene, advance the simulation in fixed 1/60 s ticks, draw once.
"""

from __future__ import annotations

import os
import time

import pygame

from .audio import Audio
from .input import Action, Button, InputMapper
from .scene import Scene
from .storage import Settings, Storage
from .theme import Fonts, Palette, palette_for

TICK = 1 / 60
MAX_TICKS_PER_FRAME = 5
DEFAULT_WINDOW = (1280, 720)
MIN_WINDOW = (640, 360)


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        storage: Storage | None = None,
        sound: bool = True,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.storage = storage or Storage()
        self.settings, self.notice = self.storage.load_settings()
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.window_size = size or DEFAULT_WINDOW
        pygame.display.set_caption("ISAAC")
        self.screen = self._set_mode()
        pygame.key.set_repeat(320, 45)  # held arrows keep moving the cursor
        self.fonts = Fonts()
        self.input = InputMapper()
        self.audio = Audio(self.settings, enabled=sound)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self._accumulator = 0.0
        self.time = 0.0  # simulated seconds
        self.frames = 0

    # ----- window -------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._set_mode()
        self.storage.save_settings(self.settings)

    def resize(self, size: tuple[int, int]) -> None:
        if self.settings.fullscreen:
            return
        w, h = max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])
        self.window_size = (w, h)
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = surface

    @property
    def palette(self) -> Palette:
        return palette_for(self.settings.colour_blind)

    def save_settings(self) -> None:
        message = self.storage.save_settings(self.settings)
        if message:
            self.notice = message
        self.audio.apply_volumes()

    # ----- scene stack ----------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].on_pause()
        self.scenes.append(scene)
        scene.on_enter()
        if self.scenes and self.scenes[-1] is scene:
            scene.on_resume()
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Pop the top scene (only if it is `scene`, when given)."""
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return
        old = self.scenes.pop()
        old.on_pause()
        old.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        else:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            old = self.scenes.pop()
            old.on_pause()
            old.on_exit()
        self.scenes.append(scene)
        scene.on_enter()
        if self.scenes and self.scenes[-1] is scene:
            scene.on_resume()
        return scene

    def pop_to(self, kind: type) -> None:
        """Pop scenes until one of `kind` is on top."""
        while len(self.scenes) > 1 and not isinstance(self.scenes[-1], kind):
            old = self.scenes.pop()
            old.on_pause()
            old.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()

    # ----- loop --------------------------------------------------------------------------

    def dispatch(self, action: Action) -> None:
        if action.button == Button.QUIT:
            self.quit()
            return
        if action.button == Button.FULLSCREEN:
            self.toggle_fullscreen()
            return
        top = self.top
        if top is not None:
            top.handle(action)

    def process_events(self) -> None:
        for event in pygame.event.get():
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self.screen = pygame.display.get_surface() or self.screen
                continue
            for action in self.input.translate(event):
                self.dispatch(action)

    def frame(self, dt: float = TICK) -> None:
        """One loop iteration: events, fixed-step updates for `dt` seconds, one draw."""
        self.process_events()
        self._accumulator = min(self._accumulator + dt, TICK * MAX_TICKS_PER_FRAME)
        while self._accumulator >= TICK - 1e-9 and self.running:
            self._accumulator -= TICK
            self.time += TICK
            top = self.top
            if top is not None:
                top.update(TICK)
        if self.running:
            self.draw()
            pygame.display.flip()
        self.frames += 1

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(surface)

    def run(self) -> None:
        last = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            self.frame(now - last)
            last = now
            self.clock.tick(120)
        self.shutdown()

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        while self.scenes:
            old = self.scenes.pop()
            old.on_pause()
            old.on_exit()
        self.input.close()
        self.audio.close()
        pygame.quit()


def headless_environment() -> None:
    """Use SDL's dummy drivers unless a display was asked for (tests, bench)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


__all__ = ["App", "Settings", "TICK", "headless_environment"]
