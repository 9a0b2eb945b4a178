"""Sound effects and optional music. Silent (never failing) when there is no mixer."""

from __future__ import annotations

import contextlib

import pygame

from assets import asset_path

from .storage import Settings

SOUNDS = ("place", "remove", "counter", "pass", "illegal", "win", "click", "clock")


class Audio:
    def __init__(self, settings: Settings, enabled: bool = True) -> None:
        self.settings = settings
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.ok = False
        self._music_on = False
        if enabled:
            try:
                pygame.mixer.pre_init(22050, -16, 1, 512)
                pygame.mixer.init()
                self.ok = True
            except pygame.error:
                self.ok = False
        self.apply_volumes()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            except (pygame.error, FileNotFoundError):
                self._sounds[name] = None
        return self._sounds[name]

    def play(self, name: str) -> None:
        if not self.ok or self.settings.sound_volume <= 0:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self.settings.sound_volume / 10)
            sound.play()

    def apply_volumes(self) -> None:
        if not self.ok:
            return
        volume = self.settings.music_volume / 10
        try:
            if volume > 0 and not self._music_on:
                pygame.mixer.music.load(str(asset_path("sounds", "music.wav")))
                pygame.mixer.music.play(-1)
                self._music_on = True
            if self._music_on:
                pygame.mixer.music.set_volume(volume)
                if volume <= 0:
                    pygame.mixer.music.stop()
                    self._music_on = False
        except pygame.error:
            self._music_on = False

    def close(self) -> None:
        if self.ok:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
