"""The rules in a few pages per game, illustrated with each game's own board renderer.

Opened from the title it starts on the game chosen there, from the pause menu on
the game being played; tabs (click them, or Tab / Q, the pad's shoulders) switch
to another game's rules. Left / Right (D-pad, Page Up / Down, clicking a side of
the screen) turn the pages; Enter on the last page, Esc or pad B closes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from isaac_game.i18n import _

from ..games.base import GameEntry
from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, draw_panel, line_step, mix, ui_scale, wrap
from ..widgets.rules_pages import RulesBook


class RulesScene(Scene):
    """`games`: the games (their records) whose rules the tabs offer, in tab order."""

    name = "rules"

    def __init__(self, app, games: Sequence[GameEntry], game: str = "isaac") -> None:
        super().__init__(app)
        self.entries = {entry.name: entry for entry in games}
        #: the games in tab order; a game without a book shows the first one's
        self.games = tuple(self.entries)
        self.books: dict[str, RulesBook] = {}
        self.game = game if game in self.games else self.games[0]
        self.page = 0
        self.tabs: dict[str, pygame.Rect] = {}
        self.text_px = 0  # the size the page's text was last drawn at (it shrinks to fit)

    @property
    def book(self) -> RulesBook:
        book = self.books.get(self.game)
        if book is None:
            book = self.entries[self.game].rules_book(self.app.fonts)
            self.books[self.game] = book
        return book

    @property
    def pages(self) -> int:
        return len(self.book.pages)

    def switch(self, step: int = 0, game: str | None = None) -> None:
        """Show another game's rules (by tab order, or by name), from its first page."""
        games = self.games
        target = game or games[(games.index(self.game) + step) % len(games)]
        if target != self.game:
            self.game, self.page = target, 0
            self.app.audio.play("click")

    def turn(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.app.audio.play("click")

    def handle(self, action: Action) -> None:
        b = action.button
        paging = action.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        if b in (Button.NEXT, Button.PREV) and not paging:
            self.switch(1 if b == Button.NEXT else -1)
        elif b in (Button.RIGHT, Button.NEXT, Button.CONFIRM, Button.DOWN):
            if self.page == self.pages - 1 and b == Button.CONFIRM:
                self.app.pop(self)
                return
            self.turn(1)
        elif b in (Button.LEFT, Button.PREV, Button.UP):
            self.turn(-1)
        elif b in (Button.FIRST, Button.LAST):
            self.turn(-self.pages if b == Button.FIRST else self.pages)
        elif b == Button.CLICK and action.pos is not None:
            tab = next((g for g, rect in self.tabs.items() if rect.collidepoint(action.pos)), None)
            if tab is not None:
                self.switch(game=tab)
            else:
                self.turn(1 if action.pos[0] > self.app.screen.get_width() // 2 else -1)
        elif b in (Button.BACK, Button.PAUSE):
            self.app.pop(self)

    # ----- drawing ----------------------------------------------------------------------

    def _draw_tabs(self, surface: pygame.Surface, u: float) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        w = surface.get_width()
        width, height, gap = int(230 * u), int(44 * u), int(14 * u)
        x = (w - len(self.games) * width - (len(self.games) - 1) * gap) // 2
        self.tabs = {}
        for entry in self.entries.values():
            rect = pygame.Rect(x, int(12 * u), width, height)
            chosen = entry.name == self.game
            back = mix(pal.panel, pal.accent, 0.3) if chosen else pal.panel
            radius = int(10 * u)
            pygame.draw.rect(surface, back, rect, border_radius=radius)
            edge = pal.accent if chosen else pal.panel_edge
            pygame.draw.rect(surface, edge, rect, max(1, int(2 * u)), border_radius=radius)
            color = pal.accent if chosen else pal.text_dim
            px = fonts.fit(entry.title, int(28 * u), width - int(16 * u), bold=True)
            blit_text(surface, fonts, entry.title, px, color, rect.center, "center", chosen)
            self.tabs[entry.name] = rect
            x += width + gap

    def _draw_text(self, surface, panel: pygame.Rect, body: str, caption: str, u) -> None:
        """The page's text, then its caption, at the largest size (<= 30) that fits."""
        pal, fonts = self.app.palette, self.app.fonts
        pad = int(20 * u)
        width, room = panel.width - 2 * pad, panel.height - 2 * pad
        px = int(30 * u)
        while True:
            lines = [(line, pal.text) for line in wrap(fonts, body, px, width)]
            if caption:
                lines += [("", pal.text)]
                lines += [(line, pal.accent) for line in wrap(fonts, caption, px, width)]
            step = line_step(fonts, px, 1.22)
            if len(lines) * step <= room or px <= 12:
                break
            px = int(px * 0.94)
        self.text_px = px
        y = panel.y + pad
        for line, color in lines:
            blit_text(surface, fonts, line, px, color, (panel.x + pad, y))
            y += step

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        self._draw_tabs(surface, u)
        book = self.book
        self.page = min(self.page, self.pages - 1)
        title, text = book.words(self.page)
        blit_text(
            surface, fonts, title, int(46 * u), pal.accent, (w // 2, int(94 * u)), "center", True
        )
        top = int(128 * u)
        bottom = h - int(52 * u)
        area = pygame.Rect(int(w * 0.04), top, int(w * 0.46), bottom - top)
        caption = book.illustrate(self.page, surface, area, pal)
        panel = pygame.Rect(int(w * 0.53), top, int(w * 0.43), bottom - top)
        draw_panel(surface, panel, pal, radius=int(16 * u))
        self._draw_text(surface, panel, text, caption, u)
        # TRANSLATORS: the rules' footer; {game} is the game's name (ISAAC)
        foot = _(
            "{game}: page {page} of {pages}.   Left / Right: page.   "
            "Tab / Q or shoulders: other game.   Esc: close"
        ).format(game=book.name, page=self.page + 1, pages=self.pages)
        px = fonts.fit(foot, int(24 * u), w - int(40 * u))
        blit_text(surface, fonts, foot, px, pal.text_dim, (w // 2, h - int(26 * u)), "center")
