"""The application: window, fixed-timestep loop, scene stack, settings, sound.

The main thread owns pygame. `frame()` runs one iteration: translate events into
actions for the top scene, advance the simulation in fixed 1/60 s ticks, draw once.

While nothing moves the loop rests between frames, and only input wakes it early; so
news from another thread (the network: a chat line, a lost link, a move) calls `wake()`,
which ends the rest at once and has the next frame's updates drawn.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from isaac_game import i18n

from .audio import Audio
from .input import Action, Button, InputMapper
from .scene import Scene
from .storage import Settings, Storage
from .theme import Fonts, Palette, palette_for

TICK = 1 / 60
#: Most fixed steps one frame catches up (an idle frame waits up to IDLE_WAIT).
MAX_TICKS_PER_FRAME = 8
FPS = 60  # the most frames a second the loop runs
#: With nothing moving, the loop rests this long at most between updates...
IDLE_WAIT = 0.1
#: ...looking for input this often. (pygame-ce's `event.wait(timeout)` polls the queue
#: every millisecond inside: 3% of a core on its own, measured, against under 1% here.)
REST_STEP = 0.01
DEFAULT_WINDOW = (1280, 720)
MIN_WINDOW = (800, 600)  # smaller, the board and panels no longer fit
#: What opening the window raises when it cannot be opened (no video device, ...):
#: pygame's error, named here so that the `play` command catches it without pygame.
DisplayError = pygame.error

#: Makes a scene: (app, *hand-off) -> Scene. The registry maps names to these.
SceneFactory = Callable[..., Scene]


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        storage: Storage | None = None,
        sound: bool = True,
        scenes: Mapping[str, SceneFactory] | None = None,
        language: str | None = None,
    ) -> None:
        #: name -> factory: how scenes ask for the next one (Tuxemon's state registry)
        self.scene_factories: dict[str, SceneFactory] = dict(scenes or {})
        pygame.display.init()
        pygame.font.init()
        self.storage = storage or Storage()
        self.storage.sweep_temporaries()  # once a run: what a killed write left behind
        self.settings, self.notice = self.storage.load_settings()
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.window_size = size or DEFAULT_WINDOW
        pygame.display.set_caption("ISAAC")
        self.screen = self._set_mode()
        pygame.key.set_repeat(320, 45)  # held arrows keep moving the cursor
        self.fonts = Fonts()
        self.fonts.set_window(self.screen.get_size())  # text no smaller than readable
        self.fonts.set_scale(self.settings.text_scale)  # the player's text size
        #: `--lang` for this run only; else the setting; else the system's language
        i18n.set_language(language or self.settings.language or i18n.system_language())
        self.notice = i18n.refusal() or self.notice  # a catalogue that cannot be read
        self.input = InputMapper()
        self.audio = Audio(self.settings, enabled=sound)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self._accumulator = 0.0
        self._dirty = True  # the screen must be redrawn (scenes changed, a resize)
        self._keys_down: set[int] = set()  # keys pressed and not let go yet
        self._swallowed: set[int] = set()  # held keys whose repeats are dropped
        self._last_draw = 0.0
        self._woken = threading.Event()  # another thread has news for the scenes
        self.time = 0.0  # simulated seconds
        self.frames = 0
        #: `isaac --relay HOST[:PORT]`: Play online's relay for this run, over Settings'
        self.relay_override = ""

    # ----- window -------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        # the window manager keeps the window at least MIN_WINDOW (resize() clamps too);
        # pygame-ce 2.5 reaches the display module's window only through a deprecated call
        with warnings.catch_warnings(), contextlib.suppress(pygame.error, AttributeError):
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        return screen

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._set_mode()
        self.fonts.set_window(self.screen.get_size())
        self.storage.save_settings(self.settings)

    def resize(self, size: tuple[int, int]) -> None:
        if self.settings.fullscreen:
            return
        w, h = max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])
        self.window_size = (w, h)
        self._dirty = True
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = surface
        self.fonts.set_window(self.screen.get_size())

    def set_language(self, code: str) -> None:
        """Speak `code` from now on, kept in the settings: every scene on the stack makes
        its words again, the rendered-text cache is emptied and the screen redrawn."""
        self.settings.language = i18n.set_language(code)
        self.notice = i18n.refusal() or self.notice
        self.save_settings()
        self.fonts.clear()
        for scene in self.scenes:
            scene.on_language()
        self._dirty = True

    @property
    def palette(self) -> Palette:
        return palette_for(self.settings.colour_blind)

    def save_settings(self) -> None:
        """Keep the settings, and apply those that take effect at once here (volumes,
        text size: every scene measures its text as it draws)."""
        message = self.storage.save_settings(self.settings)
        if message:
            self.notice = message
        self.audio.apply_volumes()
        self.fonts.set_scale(self.settings.text_scale)
        self._dirty = True

    # ----- scene stack ----------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self._dirty = True
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
        self._dirty = True
        old = self.scenes.pop()
        old.on_pause()
        old.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        else:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        self._dirty = True
        if self.scenes:
            old = self.scenes.pop()
            old.on_pause()
            old.on_exit()
        self.scenes.append(scene)
        scene.on_enter()
        if self.scenes and self.scenes[-1] is scene:
            scene.on_resume()
        return scene

    # ----- scenes by name ----------------------------------------------------------------

    def make(self, name: str, *handoff: Any, **options: Any) -> Scene:
        """A new scene from the registry, given its hand-off (no scene imports another)."""
        try:
            factory = self.scene_factories[name]
        except KeyError:
            raise KeyError(f"no scene called {name!r} is registered") from None
        return factory(self, *handoff, **options)

    def open(self, name: str, *handoff: Any, **options: Any) -> Scene:
        """Push the scene called `name` over the current one."""
        return self.push(self.make(name, *handoff, **options))

    def switch(self, name: str, *handoff: Any, **options: Any) -> Scene:
        """Replace the current scene with the one called `name`."""
        return self.replace(self.make(name, *handoff, **options))

    def pop_to(self, name: str) -> None:
        """Pop scenes until the one called `name` is on top (or only one is left)."""
        self._dirty = True
        while len(self.scenes) > 1 and self.scenes[-1].name != name:
            old = self.scenes.pop()
            old.on_pause()
            old.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()

    # ----- loop --------------------------------------------------------------------------

    def swallow_held_keys(self) -> None:
        """The keys held down now do nothing more until they are let go: the key that
        closed a screen (the demo) is not also taken by the screen under it, however
        long it is held (a held key repeats)."""
        self._swallowed |= self._keys_down

    def _held(self, event: pygame.event.Event) -> bool:
        """Track the keys held down; True for a swallowed key's repeat (to drop)."""
        if event.type == pygame.KEYDOWN:
            if event.key in self._swallowed:
                return True
            self._keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
            self._swallowed.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:  # no key-up comes for keys let go elsewhere
            self._keys_down.clear()
            self._swallowed.clear()
        return False

    def dispatch(self, action: Action) -> None:
        if action.button == Button.QUIT:
            self.request_quit()
            return
        if action.button == Button.FULLSCREEN:
            self.toggle_fullscreen()
            return
        top = self.top
        if top is not None:
            top.handle(action)

    def process_events(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Hand the events (all waiting ones, by default) to the top scene; any at all?"""
        events = pygame.event.get() if events is None else events
        for event in events:
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self.screen = pygame.display.get_surface() or self.screen
                continue
            if self._held(event):
                continue
            for action in self.input.translate(event):
                self.dispatch(action)
        if events:
            self._dirty = True
        return bool(events)

    def frame(
        self,
        dt: float = TICK,
        events: list[pygame.event.Event] | None = None,
        always_draw: bool = True,
    ) -> None:
        """One loop iteration: events, fixed-step updates for `dt` seconds, one draw (or,
        unless `always_draw`, a draw only when the screen may have changed)."""
        self.process_events(events)
        self._accumulator = min(self._accumulator + dt, TICK * MAX_TICKS_PER_FRAME)
        if self._accumulator >= TICK - 1e-9 and self._woken.is_set():
            # the updates below take the news in (news after this wakes again): draw them
            self._woken.clear()
            self._dirty = True
        while self._accumulator >= TICK - 1e-9 and self.running:
            self._accumulator -= TICK
            self.time += TICK
            top = self.top
            if top is not None:
                top.update(TICK)
        if self.running and (always_draw or self.needs_drawing()):
            self.draw()
            pygame.display.flip()
            self._dirty, self._last_draw = False, self.time
        self.frames += 1

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame: the top one and those under its overlays."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)

    def animating(self) -> bool:
        """Does anything on screen move by itself (then every frame is drawn)?"""
        return any(scene.animating() for scene in self.visible())

    def needs_drawing(self) -> bool:
        """Has the screen changed: input, a scene came or went, something moves, a scene
        said so, or a scene that shows time (a countdown) is due?"""
        if self._dirty or self.animating():
            return True
        periods = [p for p in (s.refresh_every() for s in self.visible()) if p is not None]
        return bool(periods) and self.time - self._last_draw >= min(periods)

    def request_redraw(self) -> None:
        """Something on screen changed without input (a move arrived, a message came)."""
        self._dirty = True

    def wake(self) -> None:
        """News for the scenes from another thread (any thread may call it): the loop
        stops resting, and the frame whose updates take the news in is drawn."""
        self._woken.set()

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        for scene in self.visible():
            scene.draw(surface)

    def run(self) -> None:
        """The game loop, until Quit; then everything is closed."""
        self.run_for(None)
        self.shutdown()

    def run_for(self, seconds: float | None) -> None:
        """Run the loop (for `seconds`, or until Quit). It rests when the player does:
        with nothing moving it sleeps until input (up to IDLE_WAIT) and draws only what
        changed; anything moving gets up to FPS frames a second."""
        start = last = time.perf_counter()
        while self.running:
            events = pygame.event.get() if self.animating() else self.rest(IDLE_WAIT)
            now = time.perf_counter()
            self.frame(now - last, events, always_draw=False)
            last = now
            if seconds is not None and now - start >= seconds:
                return
            self.clock.tick(FPS)

    def rest(self, longest: float) -> list[pygame.event.Event]:
        """Sleep until input or news (`wake`) comes, or `longest` seconds pass; the
        events that came."""
        deadline = time.perf_counter() + longest
        while True:
            events = pygame.event.get()
            if events or self._woken.is_set() or time.perf_counter() >= deadline:
                return events
            time.sleep(REST_STEP)

    def quit(self) -> None:
        self.running = False

    def request_quit(self) -> None:
        """The window is being closed: ask first when a game under way would be left
        (the top-most scene that has a question asks it); asked already, close, unless
        the question is about a game that is not on disk (only an answer loses it)."""
        asked = self.top.asks if self.top is not None else None
        if asked is not None:
            if asked.close_leaves:
                self.quit()  # closing again while asked: the player means it
            return
        for scene in reversed(self.scenes):
            question = scene.leave_question(self.quit)
            if question is not None:
                self.open("question", question, scene)
                return
        self.quit()

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
