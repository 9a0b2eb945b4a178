"""The pause overlay (Esc / Start): resume, hint, undo, redo, save, rules, settings, quit."""

from __future__ import annotations

import pygame

from .input import Action, Button
from .scene import Scene
from .theme import blit_text, dim_behind, draw_panel, ui_scale
from .widgets import Menu, MenuItem


class PauseScene(Scene):
    opaque = False
    name = "pause"

    def __init__(self, app, game, message: str = "") -> None:
        super().__init__(app)
        self.game = game
        self.message = message
        local = game.local
        self.menu = Menu(
            [
                MenuItem("Resume", self.resume, key="resume"),
                MenuItem("Hint (H / Y)", self.hint, enabled=game.hint_helper.available, key="hint"),
                MenuItem(
                    "Undo (Ctrl+Z)",
                    self.undo,
                    enabled=lambda: local and game.match.can_undo,
                    key="undo",
                ),
                MenuItem(
                    "Redo (Ctrl+Y)",
                    self.redo,
                    enabled=lambda: local and game.match.can_redo,
                    key="redo",
                ),
                MenuItem("Save game", self.save, enabled=lambda: local, key="save"),
                MenuItem("Rules", self.rules, key="rules"),
                MenuItem("Settings", self.settings, key="settings"),
                MenuItem("Quit to menu", self.quit_to_menu, key="quit"),
            ],
            on_change=lambda: app.audio.play("click"),
        )
        extra = getattr(game, "pause_items", None)  # a LAN game adds "Resign"
        if extra is not None:
            self.menu.items[-1:-1] = extra(self)

    def update(self, dt: float) -> None:
        tick = getattr(self.game, "tick_behind", None)  # a LAN game goes on underneath
        if tick is not None:
            tick(dt)

    def resume(self) -> None:
        self.app.pop(self)

    def hint(self) -> None:
        self.resume()  # the game polls for the answer only while it is on top
        self.game.hint_helper.request()

    def undo(self) -> None:
        self.game.undo()
        self.message = self.game.banner

    def redo(self) -> None:
        self.game.redo()
        self.message = self.game.banner

    def save(self) -> None:
        self.message = self.game.save()

    def rules(self) -> None:
        from .rules_scene import RulesScene

        game = getattr(getattr(self.game, "setup", None), "game", "isaac")
        self.app.push(RulesScene(self.app, game))

    def settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        from .title import TitleScene

        self.app.pop_to(TitleScene)

    def handle(self, action: Action) -> None:
        if action.button in (Button.BACK, Button.PAUSE):
            self.resume()
        elif action.button == Button.UNDO:
            self.undo()
        elif action.button == Button.REDO:
            self.redo()
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        dim_behind(surface, 160)
        panel = pygame.Rect(0, 0, int(min(w * 0.7, 560 * u)), int(min(h * 0.86, 600 * u)))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, pal, radius=int(18 * u))
        blit_text(
            surface,
            fonts,
            "Paused",
            int(52 * u),
            pal.accent,
            (panel.centerx, panel.y + int(42 * u)),
            "center",
            True,
        )
        if self.message:
            px = fonts.fit(self.message, int(24 * u), panel.width - int(30 * u))
            blit_text(
                surface,
                fonts,
                self.message,
                px,
                pal.text_dim,
                (panel.centerx, panel.y + int(84 * u)),
                "center",
            )
        body = pygame.Rect(
            panel.x + int(30 * u),
            panel.y + int(100 * u),
            panel.width - int(60 * u),
            panel.height - int(110 * u),
        )
        self.menu.layout(body, int(32 * u))
        self.menu.draw(surface, fonts, pal)
