"""The pause overlay (Esc / Start): resume, hint, undo, redo, save, rules, settings, quit."""

from __future__ import annotations

import pygame

from ..input import Action, Button
from ..scene import GameScreen
from ..theme import blit_text
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen


class PauseScene(MenuScreen):
    name = "pause"
    overlay = True
    heading = "Paused"
    heading_px = 52
    panel_size = (0.7, 560, 0.86)

    def __init__(self, app, game: GameScreen, message: str = "") -> None:
        self.game = game
        self.message = message
        items = [
            MenuItem("Resume", self.resume, key="resume"),
            MenuItem("Hint (H / Y)", self.hint, enabled=game.hint_available, key="hint"),
            MenuItem("Undo (Ctrl+Z)", self.undo, enabled=game.can_undo, key="undo"),
            MenuItem("Redo (Ctrl+Y)", self.redo, enabled=game.can_redo, key="redo"),
            MenuItem("Save game", self.save, enabled=game.can_save, key="save"),
            MenuItem("Rules", self.rules, key="rules"),
            MenuItem("Settings", lambda: app.open("settings"), key="settings"),
            *game.pause_items(),  # a LAN game adds "Resign"
            MenuItem("Quit to menu", self.quit_to_menu, key="quit"),
        ]
        super().__init__(app, items)

    def update(self, dt: float) -> None:
        self.game.tick_behind(dt)  # a LAN game goes on underneath

    def resume(self) -> None:
        self.app.pop(self)

    close = resume

    def hint(self) -> None:
        self.resume()  # the game polls for the answer only while it is on top
        self.game.request_hint()

    def undo(self) -> None:
        self.game.undo()
        self.message = self.game.banner

    def redo(self) -> None:
        self.game.redo()
        self.message = self.game.banner

    def save(self) -> None:
        self.message = self.game.save()

    def rules(self) -> None:
        self.app.open("rules", self.game.game_name)

    def quit_to_menu(self) -> None:
        """Back to the title, after asking when the game is not over (it is kept)."""

        def leave() -> None:
            self.app.pop_to("title")

        question = self.game.leave_question(leave)
        if question is None:
            leave()
        else:
            self.app.open("question", question, self.game)

    def handle(self, action: Action) -> None:
        if action.button == Button.UNDO:
            self.undo()
        elif action.button == Button.REDO:
            self.redo()
        else:
            super().handle(action)

    def panel_rect(self, w: int, h: int, u: float) -> pygame.Rect:
        panel = pygame.Rect(0, 0, int(min(w * 0.7, 560 * u)), int(min(h * 0.86, 600 * u)))
        panel.center = (w // 2, h // 2)
        return panel

    def menu_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        return pygame.Rect(
            panel.x + int(30 * u),
            panel.y + int(100 * u),
            panel.width - int(60 * u),
            panel.height - int(110 * u),
        )

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        if self.message:
            fonts = self.app.fonts
            px = fonts.fit(self.message, int(24 * u), panel.width - int(30 * u))
            at = (panel.centerx, panel.y + int(84 * u))
            blit_text(surface, fonts, self.message, px, self.app.palette.text_dim, at, "center")
