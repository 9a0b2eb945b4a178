"""A message box over whatever is below (errors, notices); any confirm closes it."""

from __future__ import annotations

import pygame

from .input import Action, Button
from .scene import Scene
from .theme import blit_text, dim_behind, draw_panel, ui_scale, wrap


class MessageScene(Scene):
    opaque = False
    name = "message"

    def __init__(self, app, title: str, text: str) -> None:
        super().__init__(app)
        self.title, self.text = title, text
        self.ok_rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, action: Action) -> None:
        if action.button in (Button.CONFIRM, Button.BACK, Button.PAUSE) or (
            action.button == Button.CLICK and action.pos and self.ok_rect.collidepoint(action.pos)
        ):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        dim_behind(surface, 150)
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 820 * u)), int(h * 0.5))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, pal, radius=int(16 * u))
        blit_text(
            surface,
            fonts,
            self.title,
            int(44 * u),
            pal.accent,
            (panel.centerx, panel.y + int(40 * u)),
            "center",
            True,
        )
        px = int(28 * u)
        y = panel.y + int(80 * u)
        for line in wrap(fonts, self.text, px, panel.width - int(60 * u)):
            blit_text(surface, fonts, line, px, pal.text, (panel.x + int(30 * u), y))
            y += int(px * 1.2)
        self.ok_rect = pygame.Rect(0, 0, int(160 * u), int(50 * u))
        self.ok_rect.midbottom = (panel.centerx, panel.bottom - int(20 * u))
        pygame.draw.rect(surface, pal.accent, self.ok_rect, border_radius=int(10 * u))
        blit_text(
            surface, fonts, "OK", int(32 * u), pal.background, self.ok_rect.center, "center", True
        )
