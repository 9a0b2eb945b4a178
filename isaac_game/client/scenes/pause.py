"""The pause overlay (Esc / Start): resume, hint, undo, redo, the game's file, turn the
board, rules, settings, quit.

A game is kept on disk after every move, so the file's row shows where it is ("Show
the file"), as the results screen's does (the same row: `unsaved.file_label`); it offers
to save only a game the disk refused, or one with no move yet."""

from __future__ import annotations

import pygame

from isaac_game.i18n import N_

from ..input import Action, Button
from ..scene import GameScreen, Jump
from ..theme import blit_text
from ..unsaved import file_label, show_file
from ..widgets.menu import Menu, MenuItem
from ..widgets.menu_screen import MenuScreen


class PauseScene(MenuScreen):
    name = "pause"
    overlay = True
    heading = N_("Paused")
    heading_px = 52
    panel_size = (0.7, 560, 0.86)

    def __init__(self, app, game: GameScreen, message: str = "") -> None:
        self.game = game
        self.message = message
        items = [
            MenuItem(N_("Resume"), self.resume, key="resume"),
            MenuItem(N_("Hint (H / Y)"), self.hint, enabled=game.play.hint_available, key="hint"),
            MenuItem(N_("Undo (Ctrl+Z)"), self.undo, enabled=game.can_undo, key="undo"),
            MenuItem(N_("Redo (Ctrl+Y)"), self.redo, enabled=game.can_redo, key="redo"),
            MenuItem(self.file_label, self.file, enabled=lambda: game.control.local, key="save"),
            MenuItem(N_("Turn the board (F)"), self.turn_board, key="turn"),
            MenuItem(N_("Rules"), self.rules, key="rules"),
            MenuItem(N_("Settings"), lambda: app.open("settings"), key="settings"),
            *game.control.pause_items(),  # a LAN game adds "Resign"
            MenuItem(N_("Quit to menu"), self.quit_to_menu, key="quit"),
        ]
        super().__init__(app, items)

    def make_menu(self, items: list[MenuItem]) -> Menu:
        """A menu that scrolls when its rows outgrow a small window (a puzzle's and a
        lesson's rows come on top of the game's)."""
        return Menu(items, on_change=lambda: self.app.audio.play("click"), scroll=True)

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        """Rows small enough for all of them to show, down to a readable size (below
        it, the menu scrolls)."""
        fits = int(area.height / (1.7 * max(1, len(self.menu.items))))
        return max(min(int(self.row_px * u), fits), max(16, int(22 * u)))

    def update(self, dt: float) -> None:
        self.game.control.tick_behind(dt)  # a LAN game goes on underneath

    def resume(self) -> None:
        self.app.pop(self)

    close = resume

    def hint(self) -> None:
        self.resume()  # the game polls for the answer only while it is on top
        self.game.play.request_hint()

    def undo(self) -> None:
        self.game.jump(Jump.UNDO)
        self.message = self.game.bar.text

    def redo(self) -> None:
        self.game.jump(Jump.REDO)
        self.message = self.game.bar.text

    def file_label(self) -> str:
        return file_label(self.game.keeping)

    def file(self) -> None:
        """Where the game is kept (a message over the menu); a game not on disk is
        saved now, and the menu says how that went."""
        said = show_file(self.app, self.game.keeping)
        if said:
            self.message = said

    def turn_board(self) -> None:
        """Back to the game, its board turned half round (to be seen at once)."""
        self.resume()
        self.game.view.turn_board()

    def rules(self) -> None:
        self.app.open("rules", self.game.setup.game)

    def quit_to_menu(self) -> None:
        """Back to the title (from a lesson: Learn to play), after asking when the game
        is not over (it is kept)."""

        def leave() -> None:
            self.app.pop_to(self.game.control.leaves_to)

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
