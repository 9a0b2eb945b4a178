"""The player's stats (the title's "Your record"): every finished game, one game at a
time.

For each opponent (a computer level, a LAN player by name, the hotseat) a line says how
many games were played, won, lost and drawn (no rate is shown, so none is ever shown
without its number of games), the current streak, and the last 20 results as small
marks, oldest first. Unfinished games are not in the stats at all, and coached games
(the coach or an undo took a move back) are counted apart, in a section of their own.
The stats are read from the database (`isaac_game.stats`) each time the screen opens
or the game shown changes.
"""

from __future__ import annotations

import sqlite3

import pygame

from isaac_game.i18n import N_, _, ngettext
from isaac_game.players import same_opponent
from isaac_game.stats.tables import (
    COMPUTER,
    DARK_WON,
    DRAW,
    HOTSEAT,
    LAST,
    LIGHT_WON,
    LOSS,
    WIN,
    Line,
    lines,
)

from ..theme import blit_text, fit_line, ui_scale
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen
from ..words import kind_words

#: The columns' left edges, as fractions of the table's width: who, played, won, lost,
#: drawn, streak.
COLUMNS = (0.0, 0.34, 0.45, 0.55, 0.65, 0.76)
#: The heading of each column after the first (English sources: drawn translated).
COUNTS = (N_("Played"), N_("Won"), N_("Lost"), N_("Drawn"), N_("Streak"))
HOTSEAT_COUNTS = (N_("Played"), N_("Dark won"), N_("Light won"), N_("Drawn"), N_("Streak"))

#: A row of the table: a section's heading ("head", its words, hotseat?) or a line.
Row = tuple[str, object, bool]


class StatsScene(MenuScreen):
    name = "stats"
    heading = N_("Your record")
    heading_px = 52
    heading_y = 0.075
    row_px = 24
    footer = N_("Left and Right change the game or the page; Esc or B goes back.")
    panel_size = (0.94, 1120, 0.8)
    panel_top = 0.13

    def __init__(self, app, games: tuple[str, ...]) -> None:
        self.games = games
        remembered = app.settings.game
        self.game = remembered if remembered in games else games[0]
        self.page = 1
        self.pages = 1
        self.lines: list[Line] = []
        items = [
            MenuItem(
                N_("Game"),
                values=games,
                get=lambda: self.game,
                set=self._set_game,
                show=lambda g: str(g).upper(),
                key="game",
            ),
            MenuItem(
                N_("Page"),
                values=range(1, 1000),
                get=lambda: self.page,
                set=self._set_page,
                show=self._show_page,
                enabled=lambda: self.pages > 1,
                key="page",
            ),
            MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
        ]
        super().__init__(app, items)
        self.read()

    # ----- what is shown ---------------------------------------------------------------

    def read(self) -> None:
        """The chosen game's lines, read from the stats again."""
        try:
            self.lines = lines(self.app.storage.stats, self.game, same_opponent)
        except sqlite3.Error:  # a database damaged since it was opened: nothing to show
            self.lines = []
        self.page = 1

    def on_resume(self) -> None:
        self.read()
        notice = self.app.storage.stats_notice()
        if notice:
            self.app.open("message", _("Note"), notice)

    def _set_game(self, game: object) -> None:
        self.game = str(game)
        self.read()

    def _set_page(self, page: object) -> None:
        wanted = int(str(page))
        if wanted > self.pages:
            wanted = 1 if wanted == self.pages + 1 else self.pages
        self.page = wanted

    def _show_page(self, page: object) -> str:
        # TRANSLATORS: which page of the record is shown: "1 of 3"
        return _("{page} of {pages}").format(page=page, pages=self.pages)

    def rows(self) -> list[Row]:
        """The table's rows: for the games counted, then for the coached ones, a
        heading and the opponents' lines, then a heading and the hotseat's line."""
        out: list[Row] = []
        for coached in (False, True):
            mine = [line for line in self.lines if line.coached == coached]
            against = [line for line in mine if line.opponent.kind != HOTSEAT]
            hotseat = [line for line in mine if line.opponent.kind == HOTSEAT]
            if against:
                title = N_("Coached games, counted apart") if coached else N_("Against")
                out.append(("head", title, False))
                out += [("line", line, False) for line in against]
            if hotseat:
                title = N_("Coached hotseat games") if coached else N_("Hotseat")
                out.append(("head", title, True))
                out += [("line", line, True) for line in hotseat]
        return out

    # ----- drawing ---------------------------------------------------------------------

    def menu_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        """The menu's three rows at the foot of the panel."""
        px = self.menu_px(panel, u)
        height = int(px * 1.7) * 3 + int(8 * u)
        inner = panel.inflate(-int(self.menu_inset[0] * u), 0)
        return pygame.Rect(inner.x, panel.bottom - height - int(10 * u), inner.width, height)

    def table_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        """Where the table goes: the panel above the menu."""
        table = pygame.Rect(panel.x + int(30 * u), panel.y + int(18 * u), 0, 0)
        table.width = panel.width - int(60 * u)
        table.height = self.menu_rect(panel, u).top - table.y - int(8 * u)
        return table

    def paginate(self, rows: list[Row], table: pygame.Rect, px: int, u: float) -> list[list[int]]:
        """The rows on each page, and each row's height (a heading is one text line; a
        line is its counts and, under them, its marks); the legend keeps the last line."""
        line_h = self.app.fonts.line_height(px)
        room = table.height - line_h - int(6 * u)
        pages: list[list[int]] = [[]]
        used, head = 0, 0
        for i, (kind, *_rest) in enumerate(rows):
            height = self.row_height(kind, px, u)
            if kind == "head":
                head = i
            if pages[-1] and used + height > room:
                pages.append([])
                used = 0
                if kind != "head":  # a section going on: its heading again, on top
                    pages[-1].append(head)
                    used += self.row_height("head", px, u)
            pages[-1].append(i)
            used += height
        return pages

    def row_height(self, kind: str, px: int, u: float) -> int:
        line_h = self.app.fonts.line_height(px)
        return line_h + int(6 * u) if kind == "head" else 2 * line_h

    def draw(self, surface: pygame.Surface) -> None:
        """The pages are counted before the menu (which names them) is drawn."""
        w, h = surface.get_size()
        u = ui_scale((w, h))
        table = self.table_rect(self.panel_rect(w, h, u), u)
        self.pages = len(self.paginate(self.rows(), table, int(22 * u), u))
        self.page = min(self.page, self.pages)
        super().draw(surface)

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        fonts, pal = self.app.fonts, self.app.palette
        table = self.table_rect(panel, u)
        px = int(22 * u)
        rows = self.rows()
        if not rows:
            text = _("No finished game of {game} in your record yet.")
            words = text.format(game=self.game.upper())
            size, shown = fit_line(fonts, words, px, table.width)
            blit_text(surface, fonts, shown, size, pal.text_dim, table.center, "center")
            return
        pages = self.paginate(rows, table, px, u)
        y = table.y
        for i in pages[min(self.page, len(pages)) - 1]:
            kind, what, hotseat = rows[i]
            if kind == "head":
                self._heading(surface, table, y, px, str(what), hotseat)
            else:
                assert isinstance(what, Line)
                self._line(surface, table, y, px, what, u)
            y += self.row_height(kind, px, u)
        self._legend(surface, table, table.bottom - fonts.line_height(px), px, u)

    def _cell(
        self, surface, table: pygame.Rect, column: int, y: int, px: int, text: str, colour
    ) -> None:
        """One column's text, fitted to its width."""
        left = table.x + int(COLUMNS[column] * table.width)
        right = table.x + int(
            (COLUMNS[column + 1] if column + 1 < len(COLUMNS) else 1.0) * table.width
        )
        size, shown = fit_line(self.app.fonts, text, px, right - left - 6)
        blit_text(surface, self.app.fonts, shown, size, colour, (left, y), "topleft")

    def _heading(
        self, surface, table: pygame.Rect, y: int, px: int, title: str, hotseat: bool
    ) -> None:
        pal = self.app.palette
        self._cell(surface, table, 0, y, px, _(title), pal.accent)
        for column, words in enumerate(HOTSEAT_COUNTS if hotseat else COUNTS, start=1):
            self._cell(surface, table, column, y, px, _(words), pal.text_dim)

    def _line(self, surface, table: pygame.Rect, y: int, px: int, line: Line, u: float) -> None:
        pal = self.app.palette
        self._cell(surface, table, 0, y, px, self.who(line), pal.text)
        counts = (line.played, line.won, line.lost, line.drawn)
        for column, count in enumerate(counts, start=1):
            self._cell(surface, table, column, y, px, str(count), pal.text)
        self._cell(surface, table, 5, y, px, self.streak(line), pal.text)
        mark = max(4, int(px * 0.6))
        step = mark + max(2, int(4 * u))
        top = y + self.app.fonts.line_height(px) + (self.app.fonts.line_height(px) - mark) // 2
        x = table.x + int(8 * u)
        for outcome in line.last:
            self._mark(surface, pygame.Rect(x, top, mark, mark), outcome, u)
            x += step

    def _mark(self, surface, rect: pygame.Rect, outcome: str, u: float) -> None:
        """A result as a small mark: won (hotseat: Dark won) filled, lost (Light won)
        hollow, drawn a bar across."""
        pal = self.app.palette
        edge = max(1, int(2 * u))
        if outcome in (WIN, DARK_WON):
            pygame.draw.rect(surface, pal.accent, rect, border_radius=edge)
        elif outcome in (LOSS, LIGHT_WON):
            pygame.draw.rect(surface, pal.text, rect, edge, border_radius=edge)
        else:
            bar = pygame.Rect(rect.x, rect.centery - edge, rect.width, 2 * edge)
            pygame.draw.rect(surface, pal.text_dim, bar)

    def _legend(self, surface, table: pygame.Rect, y: int, px: int, u: float) -> None:
        """What the marks mean: "Last 20 results, oldest first" and each mark's word."""
        fonts, pal = self.app.fonts, self.app.palette
        hotseat = all(line.opponent.kind == HOTSEAT for line in self.lines)
        # TRANSLATORS: the legend of the marks under each line of the record
        intro = _("Last {count} results, oldest first:").format(count=LAST)
        keys = (
            ((DARK_WON, _("Dark won")), (LIGHT_WON, _("Light won")), (DRAW, _("drawn")))
            if hotseat
            else ((WIN, _("won")), (LOSS, _("lost")), (DRAW, _("drawn")))
        )
        mark = max(4, int(px * 0.6))
        x = table.x
        size, shown = fit_line(fonts, intro, px, table.width // 2)
        x = blit_text(surface, fonts, shown, size, pal.text_dim, (x, y), "topleft").right
        for outcome, words in keys:
            x += int(16 * u)
            top = y + (fonts.line_height(px) - mark) // 2
            self._mark(surface, pygame.Rect(x, top, mark, mark), outcome, u)
            x += mark + int(6 * u)
            room = max(1, table.right - x)
            size, shown = fit_line(fonts, words, px, room)
            x = blit_text(surface, fonts, shown, size, pal.text_dim, (x, y), "topleft").right

    def who(self, line: Line) -> str:
        opponent = line.opponent
        if opponent.kind == COMPUTER:
            return kind_words(opponent.name, self.game)
        if opponent.kind == HOTSEAT:
            return _("Dark and Light at this screen")
        # TRANSLATORS: a LAN opponent in the record: "Bob (over the LAN)"
        return _("{name} (over the LAN)").format(name=opponent.name)

    def streak(self, line: Line) -> str:
        """The current streak in words ("3 wins"); "" before any game."""
        if line.streak is None:
            return ""
        outcome, count = line.streak
        if outcome == DRAW:
            text = ngettext("{count} draw", "{count} draws", count)
        elif line.opponent.kind == HOTSEAT:
            if outcome == DARK_WON:
                text = ngettext("Dark, {count} win", "Dark, {count} wins", count)
            else:
                text = ngettext("Light, {count} win", "Light, {count} wins", count)
        elif outcome == WIN:
            text = ngettext("{count} win", "{count} wins", count)
        else:
            text = ngettext("{count} loss", "{count} losses", count)
        return text.format(count=count)
