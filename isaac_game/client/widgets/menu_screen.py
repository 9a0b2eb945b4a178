"""The frame every menu screen shares: a heading, a panel holding a menu, a footer line.

Settings, saves, pause, the LAN menus and the LAN dialogs were each a copy of the
same `handle`/`draw`; they now say only what differs (their heading, their panel's
size and place, what else they draw) and this class does the rest, so a fix to how
menus look or answer keys lands everywhere at once.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from isaac_game.i18n import _

from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, dim_behind, draw_panel, line_step, ui_scale, wrap
from .menu import Menu, MenuItem


class MenuScreen(Scene):
    """A scene made of a heading, a panel with a menu and a footer line.

    Subclasses set the class attributes (or override `panel_rect`) and may draw more
    with `draw_extra`. Esc, B and Start close it (`close`), everything else goes to
    the menu.
    """

    #: Dim the scene below (an overlay) instead of filling the background.
    overlay = False
    #: The heading and the footer: English sources (`N_`), translated as they are drawn.
    heading = ""
    heading_px = 60
    heading_y = 0.1  # fraction of the height (a full screen); overlays: in the panel
    footer = ""
    row_px = 32
    #: The panel: (fraction of the width, most logical pixels wide, fraction of the height)
    panel_size: tuple[float, int, float] = (0.7, 720, 0.66)
    panel_top = 0.2  # fraction of the height; overlays are centred
    #: How much of the panel's edge the menu keeps clear, in logical pixels (x, y).
    menu_inset: tuple[int, int] = (40, 30)
    #: The buttons that close the screen.
    closes_on: tuple[Button, ...] = (Button.BACK, Button.PAUSE)

    def __init__(self, app, items: list[MenuItem] | None = None) -> None:
        super().__init__(app)
        self.opaque = not self.overlay
        self.menu = self.make_menu(items or [])

    def make_menu(self, items: list[MenuItem]) -> Menu:
        """A menu that clicks as its selection moves."""
        return Menu(items, on_change=lambda: self.app.audio.play("click"))

    # ----- input ----------------------------------------------------------------------

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, action: Action) -> None:
        if action.button in self.closes_on:
            self.close()
        else:
            self.menu.handle(action)

    # ----- drawing ----------------------------------------------------------------------

    def title(self) -> str:
        """The heading's words, translated (a method, for headings that change)."""
        return _(self.heading) if self.heading else ""

    def panel_rect(self, w: int, h: int, u: float) -> pygame.Rect:
        frac_w, most_w, frac_h = self.panel_size
        panel = pygame.Rect(0, 0, int(min(w * frac_w, most_w * u)), int(h * frac_h))
        if self.overlay:
            panel.center = (w // 2, h // 2)
        else:
            panel.midtop = (w // 2, int(h * self.panel_top))
        return panel

    def menu_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        return panel.inflate(-int(self.menu_inset[0] * u), -int(self.menu_inset[1] * u))

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        return int(self.row_px * u)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        if self.overlay:
            dim_behind(surface, 160)
        else:
            surface.fill(pal.background)
        panel = self.panel_rect(w, h, u)
        heading = self.title()
        if heading and not self.overlay:
            at = (w // 2, int(h * self.heading_y))
            px = int(self.heading_px * u)
            blit_text(surface, fonts, heading, px, pal.accent, at, "center", True)
        draw_panel(surface, panel, pal, radius=int(18 * u))
        if heading and self.overlay:
            px = fonts.fit(heading, int(self.heading_px * u), panel.width - int(40 * u), True)
            at = (panel.centerx, panel.y + int(42 * u))
            blit_text(surface, fonts, heading, px, pal.accent, at, "center", True)
        area = self.menu_rect(panel, u)
        self.menu.layout(area, self.menu_px(area, u))
        self.menu.draw(surface, fonts, pal)
        self.draw_extra(surface, panel, u)
        footer = self.footer_text()
        if footer:
            at = (w // 2, h - int(26 * u))
            px = fonts.fit(footer, int(22 * u), w - int(40 * u))
            blit_text(surface, fonts, footer, px, pal.text_dim, at, "center")

    def footer_text(self) -> str:
        """The footer's words, translated."""
        return _(self.footer) if self.footer else ""

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        """Anything else the screen shows (a message line, a text block)."""


class KeptGoing(Protocol):
    """The screen under a question, as the question keeps it going (`Scene.tick_behind`)."""

    def tick_behind(self, dt: float) -> None: ...


class QuestionScreen(MenuScreen):
    """An overlay asking one question: a heading, up to three lines of text, answers.

    `behind` is the game screen underneath, kept going (`tick_behind`) while the
    question is open, so a LAN game's network never stalls behind a dialog.
    """

    overlay = True
    heading_px = 44

    def __init__(
        self, app, behind: KeptGoing | None = None, items: list[MenuItem] | None = None
    ) -> None:
        super().__init__(app, items)
        self.behind = behind
        self.text = ""

    def update(self, dt: float) -> None:
        if self.behind is not None:
            self.behind.tick_behind(dt)

    def panel_rect(self, w: int, h: int, u: float) -> pygame.Rect:
        rows = len(self.menu.items)
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 680 * u)), int((190 + 56 * rows) * u))
        panel.center = (w // 2, h // 2)
        return panel

    def menu_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        lines = len(self.text_lines(panel, u))
        step = line_step(self.app.fonts, int(26 * u), 1.2)
        top = panel.y + int(76 * u) + lines * step + int(8 * u)
        body = pygame.Rect(panel.x + int(40 * u), top, panel.width - int(80 * u), 0)
        body.height = panel.bottom - int(16 * u) - body.y
        return body

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        return int(30 * u)

    def text_lines(self, panel: pygame.Rect, u: float) -> list[str]:
        return wrap(self.app.fonts, self.text, int(26 * u), panel.width - int(60 * u))[:3]

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        px = int(26 * u)
        y = panel.y + int(76 * u)
        for line in self.text_lines(panel, u):
            at = (panel.centerx, y)
            blit_text(surface, self.app.fonts, line, px, self.app.palette.text, at, "midtop")
            y += line_step(self.app.fonts, px, 1.2)
