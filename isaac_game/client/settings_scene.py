"""Settings: fullscreen, volumes, colour-blind palette, legal-move hints. Saved at once."""

from __future__ import annotations

import pygame

from .input import Action, Button
from .scene import Scene
from .theme import blit_text, draw_panel, ui_scale
from .widgets import Menu, MenuItem, setting_item

ON_OFF = (False, True)
LEVELS = tuple(range(11))


def on_off(value: object) -> str:
    return "on" if value else "off"


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.menu = Menu(
            [
                MenuItem(
                    "Fullscreen",
                    values=ON_OFF,
                    get=lambda: s.fullscreen,
                    set=lambda v: app.toggle_fullscreen() if v != s.fullscreen else None,
                    show=on_off,
                    key="fullscreen",
                ),
                setting_item(app, "Sound volume", "sound_volume", LEVELS, "sound"),
                setting_item(app, "Music volume", "music_volume", LEVELS, "music"),
                setting_item(
                    app, "Colour-blind-safe palette", "colour_blind", ON_OFF, "colour_blind", on_off
                ),
                setting_item(app, "Legal-move hints", "hints", ON_OFF, "hints", on_off),
                MenuItem("Back", lambda: app.pop(self), key="back"),
            ],
            on_change=lambda: app.audio.play("click"),
        )

    def handle(self, action: Action) -> None:
        if action.button in (Button.BACK, Button.PAUSE):
            self.app.pop(self)
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        blit_text(
            surface,
            fonts,
            "Settings",
            int(64 * u),
            pal.accent,
            (w // 2, int(h * 0.1)),
            "center",
            True,
        )
        panel = pygame.Rect(0, 0, int(min(w * 0.7, 720 * u)), int(h * 0.66))
        panel.midtop = (w // 2, int(h * 0.2))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        self.menu.layout(panel.inflate(-int(40 * u), -int(30 * u)), int(32 * u))
        self.menu.draw(surface, fonts, pal)
        hint = "Left / Right change a value; Esc or B goes back. Settings are saved at once."
        blit_text(
            surface, fonts, hint, int(22 * u), pal.text_dim, (w // 2, h - int(26 * u)), "center"
        )
