"""A game's moves in words (`move_words`), as a list that scrolls (the match scene, the
replay and the report). `MovesBox` shows them in a box under the right-hand panel
with the last moves in sight; L (pad: right stick press) opens it taller, over the
panel's lower part, and lends it the arrow keys until L, Esc or any other input, so it
never keeps a key the game is waiting for; the wheel over it scrolls it. Where the
panel has no room to give (a LAN game's boxes took it), the box shows only opened.
Where the box is and which row a point hits are pure functions of the layout and the
scroll (`take_room`, `rows`, `row_at`), asked by input and drawing alike. A move too
long for the whole box is cut short with an ellipsis (the bar said it whole).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from isaac_game.ai.analysis import Mark
from isaac_game.i18n import _
from isaac_game.rules import Player

from ..input import Action, Button
from ..theme import Fonts, Palette, blit_text, cut_lines, draw_panel, mix, note_cover, wrap
from ..words import side_name
from .hud import GameLayout, panel_least, usual_parts
from .move_words import MoveEntry

LIST_H = 250  # the box's height at most, at ui scale 1
MIN_PANEL = 400  # what the panel above it keeps at least (more for larger text)
MIN_BOX = 110  # less room than this: the box shows only when opened (L)
_SCROLLS = frozenset({Button.UP, Button.DOWN, Button.PREV, Button.NEXT, Button.FIRST, Button.LAST})
#: Input that never closes the opened box (pointer moves, typing, the pad lost).
_PASSES = frozenset({Button.POINT, Button.RELEASE, Button.TEXT, Button.COMPOSE, Button.PAD_LOST})


@dataclass(frozen=True)
class _Measures:
    """The box's inner measures (`MovesBox._measures`)."""

    line_h: int  # a line's step
    head: int  # the heading's height
    inner: pygame.Rect  # where the rows go
    text_x: int  # where a row's words start
    width: int  # how wide its words may be
    room: int  # how many lines the box holds


@dataclass(frozen=True)
class Row:
    index: int  # into the entries
    rect: pygame.Rect
    lines: tuple[str, ...]  # the move's words, wrapped
    news: tuple[str, ...]  # its news, wrapped


class MovesBox:
    """The move list's box: where it is, how far it is scrolled, what it draws.

    Docked under the panel it shows the last moves; opened (L) it grows up over the
    panel's lower part and takes the arrow keys until L, Esc or any other input."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.u = 1.0
        self.dock: pygame.Rect | None = None  # under the panel (None: no room there)
        self.tall = pygame.Rect(0, 0, 0, 0)  # opened: over the panel's lower part too
        self.opened = False  # the arrow keys scroll it
        self.top = 0  # the first entry in sight
        self.follow = True  # keep the newest entry in sight
        self.pointer: tuple[int, int] | None = None
        self._wrapped: dict[tuple, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        self._measured: tuple[tuple, _Measures] | None = None
        #: the analysis's marks by entry: a mistake or a blunder (drawn "?" and "??")
        self.marks: dict[int, Mark] = {}

    # ----- where it is -----------------------------------------------------------------

    def take_room(self, layout: GameLayout, side: Player | None = None) -> None:
        """Take the box's room from the bottom of `side`'s panel (default: the right-hand
        one, whoever the board faces), after any LAN boxes took theirs; with too little
        left, the box shows only when opened."""
        panel, u, fonts = (
            layout.panels[layout.right_player if side is None else side],
            layout.u,
            self.fonts,
        )
        self.u = u
        gap = int(10 * u)
        # the panel keeps its words and its whole hand at their size: with larger text,
        # the box may show only opened, the hand being what the panel is for
        room = panel.height - max(int(MIN_PANEL * u), panel_least(fonts, u)) - gap
        self.dock = None
        if room >= max(int(MIN_BOX * u), self._head() + 2 * self.line_h + int(10 * u)):
            height = min(int(LIST_H * u), room)
            self.dock = pygame.Rect(panel.x, panel.bottom - height, panel.width, height)
            panel.height -= height + gap
        bottom = panel.bottom if self.dock is None else self.dock.bottom
        # the name, who, score and status stay in sight
        top = panel.y + max(int(172 * u), usual_parts(fonts, u).status_y + int(24 * u))
        self.tall = pygame.Rect(panel.x, top, panel.width, bottom - top)
        self._wrapped.clear()

    def place(self, rect: pygame.Rect, u: float) -> None:
        """Stand at `rect`, always shown (the report's list, beside no panel)."""
        self.u, self.dock, self.tall = u, rect.copy(), rect.copy()
        self._wrapped.clear()

    @property
    def rect(self) -> pygame.Rect:
        if self.opened or self.dock is None:
            return self.tall
        return self.dock

    @property
    def visible(self) -> bool:
        return self.opened or self.dock is not None

    def over(self, pos: tuple[int, int] | None) -> bool:
        return self.visible and pos is not None and bool(self.rect.collidepoint(pos))

    # ----- rows --------------------------------------------------------------------------

    @property
    def px(self) -> int:
        return max(11, int(18 * self.u))

    def _measures(self) -> _Measures:
        """The box's inner measures for its rect, scale, font and marks, worked out once
        for them (a frame asks for them for every row it draws, and each is a few font
        measurements)."""
        key = (*self.rect, self.u, self.fonts.look, bool(self.marks))
        if self._measured is None or self._measured[0] != key:
            self._measured = (key, self._measure())
        return self._measured[1]

    def _measure(self) -> _Measures:
        u, rect, fonts, px = self.u, self.rect, self.fonts, self.px
        # a line's step: its text's height, and a little more (the player's text size
        # included)
        line_h = max(int(px * 1.22), fonts.line_height(px) + int(2 * u))
        head = max(int(28 * u), fonts.line_height(int(20 * u), True) + int(6 * u))
        inner = pygame.Rect(
            rect.x + int(10 * u),
            rect.y + head,
            rect.width - int(20 * u),
            rect.height - head - int(6 * u),
        )
        # the words start after the number and the colour swatch
        text_x = inner.x + fonts.size("888", px)[0] + int(px * 1.1)
        width = inner.right - text_x - int(14 * u)  # the arrows
        width -= fonts.size("??", px, True)[0] + int(4 * u) if self.marks else 0
        room = max(1, (inner.height - int(4 * u)) // line_h)
        return _Measures(line_h, head, inner, text_x, width, room)

    @property
    def line_h(self) -> int:
        """A line's step: its text's height, and a little more."""
        return self._measures().line_h

    def _head(self) -> int:
        """The height of the box's heading ("Moves", the keys' hint)."""
        return self._measures().head

    def _inner(self) -> pygame.Rect:
        return self._measures().inner.copy()

    def _text_x(self) -> int:
        """Where the words start in a row: after the number and the colour swatch."""
        return self._measures().text_x

    def _wrap(self, entry: MoveEntry) -> tuple[tuple[str, ...], tuple[str, ...]]:
        measures = self._measures()
        width, room = measures.width, measures.room
        key = (entry.words, entry.player, width, self.px, room, self.fonts.look)
        if key not in self._wrapped:
            text = entry.words.text
            title = side_name(entry.player) + " "
            if text.startswith(title):  # the swatch says who
                text = text[len(title) :]
            fonts, px, news = self.fonts, self.px, entry.words.news
            lines = cut_lines(fonts, wrap(fonts, text, px, width), px, width, room)
            told = cut_lines(fonts, wrap(fonts, news, px, width), px, width, room - len(lines))
            self._wrapped[key] = (tuple(lines), tuple(told) if news else ())
        return self._wrapped[key]

    def _height(self, entry: MoveEntry) -> int:
        lines, news = self._wrap(entry)
        return (len(lines) + len(news)) * self.line_h + int(4 * self.u)

    def rows(self, entries: Sequence[MoveEntry]) -> list[Row]:
        """The rows in sight, from the first one shown (`top`)."""
        inner = self._inner()
        y = inner.y
        out: list[Row] = []
        for index in range(max(0, self.top), len(entries)):
            height = self._height(entries[index])
            if y + height > inner.bottom and out:
                break
            lines, news = self._wrap(entries[index])
            rect = pygame.Rect(inner.x, y, inner.width - int(16 * self.u), height)  # arrows
            out.append(Row(index, rect, lines, news))
            y += height
        return out

    def row_at(self, pos: tuple[int, int], entries: Sequence[MoveEntry]) -> int | None:
        """The entry whose row is at `pos`."""
        if not self.over(pos):
            return None
        return next((row.index for row in self.rows(entries) if row.rect.collidepoint(pos)), None)

    def _last_top(self, entries: Sequence[MoveEntry], last: int | None = None) -> int:
        """The first entry to show so that entry `last` (the newest) is the last in sight."""
        last = len(entries) - 1 if last is None else last
        if last < 0:
            return 0
        room, top = self._inner().height, last
        while top >= 0:
            room -= self._height(entries[top])
            if room < 0:
                break
            top -= 1
        return min(last, top + 1)

    # ----- scrolling -----------------------------------------------------------------------

    def keep_up(self, entries: Sequence[MoveEntry]) -> None:
        """New entries came (or went): the newest stays in sight unless the player scrolled
        back to read."""
        bottom = self._last_top(entries)
        if self.follow or self.top > bottom:
            self.top = bottom
            self.follow = True

    def reveal(self, index: int, entries: Sequence[MoveEntry]) -> None:
        """Scroll so that entry `index` is in sight (the replay's move)."""
        if index < 0:
            self.top = 0
        elif index < self.top:
            self.top = index
        elif not any(row.index == index for row in self.rows(entries)):
            self.top = self._last_top(entries, index)
        self.follow = self.top >= self._last_top(entries)

    def scroll(self, delta: int, entries: Sequence[MoveEntry]) -> None:
        bottom = self._last_top(entries)
        self.top = max(0, min(bottom, self.top + delta))
        self.follow = self.top >= bottom

    def page(self) -> int:
        return max(1, self._inner().height // (2 * self.line_h))

    def open(self, opened: bool, entries: Sequence[MoveEntry]) -> None:
        """Open (taller, the arrow keys scroll it) or close the box."""
        self.opened = opened
        self._wrapped.clear()
        if self.follow:
            self.keep_up(entries)
        else:
            self.scroll(0, entries)

    def handle(self, action: Action, entries: Sequence[MoveEntry]) -> bool:
        """Input for the list (True: used, the game never sees it)."""
        b = action.button
        if b == Button.POINT and action.pos is not None:
            self.pointer = action.pos
            return False
        if b == Button.MOVES:
            self.open(not self.opened, entries)
            return True
        if b == Button.WHEEL and self.over(self.pointer):
            self.scroll(-action.value, entries)
            return True
        if self.opened and b in _SCROLLS:
            page = self.page()
            steps = {Button.UP: -1, Button.DOWN: 1, Button.PREV: -page, Button.NEXT: page}
            jump = len(entries) + 1
            self.scroll(steps.get(b, -jump if b == Button.FIRST else jump), entries)
            return True
        clicked = b in (Button.CLICK, Button.ALT_CLICK) and self.over(action.pos)
        if self.opened and b not in _PASSES and not clicked:
            self.open(False, entries)  # anything else goes back to the game
            return b == Button.BACK
        return clicked  # a click on the box is the box's (it may lie over the panel)

    # ----- drawing ---------------------------------------------------------------------------

    def hint(self) -> str:
        return _("Up/Down, L: close") if self.opened else _("L: more")

    def draw(
        self,
        surface: pygame.Surface,
        pal: Palette,
        entries: Sequence[MoveEntry],
        current: int | None,
    ) -> None:
        """The box, its rows from `top`, entry `current` marked (the move on the board)."""
        title = _("Moves")
        if not self.visible:
            return
        fonts, u, rect = self.fonts, self.u, self.rect
        radius = int(14 * u)
        draw_panel(surface, rect, pal, radius=radius)
        if self.opened:
            pygame.draw.rect(surface, pal.accent, rect, max(2, int(3 * u)), border_radius=radius)
            note_cover(surface, rect)  # over the panel's foot, on purpose
        head_y = rect.y + self._head() // 2 + int(2 * u)
        left, right = (rect.x + int(14 * u), head_y), (rect.right - int(14 * u), head_y)
        blit_text(surface, fonts, title, int(20 * u), pal.text_dim, left, "midleft", True)
        blit_text(surface, fonts, self.hint(), int(16 * u), pal.text_dim, right, "midright")
        inner = self._inner()
        if not entries:
            blit_text(surface, fonts, _("No moves yet"), self.px, pal.text_dim, inner.topleft)
            return
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(int(6 * u), 0))
        rows = self.rows(entries)
        for row in rows:
            self._draw_row(surface, pal, entries[row.index], row, row.index == current)
        surface.set_clip(clip)
        self._draw_more(surface, pal, rows, len(entries))

    def _draw_row(
        self, surface: pygame.Surface, pal: Palette, entry: MoveEntry, row: Row, now: bool
    ) -> None:
        fonts, u, px, line_h, text_x = self.fonts, self.u, self.px, self.line_h, self._text_x()
        if now:
            back = row.rect.inflate(int(6 * u), 0)
            radius = int(6 * u)
            pygame.draw.rect(
                surface, mix(pal.panel, pal.last_move, 0.22), back, border_radius=radius
            )
            pygame.draw.rect(surface, pal.last_move, back, max(1, int(2 * u)), border_radius=radius)
        y = row.rect.y + int(2 * u) + line_h // 2
        blit_text(
            surface,
            fonts,
            str(entry.number),
            px,
            pal.text_dim,
            (text_x - int(px * 0.95), y),
            "midright",
        )
        side = int(px * 0.55)
        swatch = pygame.Rect(0, 0, side, side)
        swatch.center = (text_x - int(px * 0.5), y)
        dark = entry.player == Player.DARK
        pygame.draw.rect(
            surface, pal.dark_piece if dark else pal.light_piece, swatch, border_radius=2
        )
        pygame.draw.rect(surface, pal.text_dim, swatch, 1, border_radius=2)
        color = pal.text if now else mix(pal.text, pal.text_dim, 0.45)
        mark = self.marks.get(row.index)
        if mark:  # a mistake "?", a blunder "??", at the row's right end
            sign, tint = ("??", pal.illegal) if mark == Mark.BLUNDER else ("?", pal.highlight)
            blit_text(surface, fonts, sign, px, tint, (row.rect.right, y), "midright", True)
        for line in row.lines:
            blit_text(surface, fonts, line, px, color, (text_x, y), "midleft")
            y += line_h
        for line in row.news:
            blit_text(surface, fonts, line, px, pal.accent, (text_x, y), "midleft")
            y += line_h

    def _draw_more(
        self, surface: pygame.Surface, pal: Palette, rows: list[Row], count: int
    ) -> None:
        """Small arrows at the box's right edge where more rows lie above or below."""
        if not rows:
            return
        u, inner = self.u, self._inner()
        s = max(4, int(6 * u))
        x = self.rect.right - int(13 * u)
        if rows[0].index > 0:
            y = inner.y + s
            pygame.draw.polygon(
                surface, pal.text_dim, [(x, y - s), (x - s, y + s // 2), (x + s, y + s // 2)]
            )
        if rows[-1].index < count - 1:
            y = inner.bottom - s
            pygame.draw.polygon(
                surface, pal.text_dim, [(x, y + s), (x - s, y - s // 2), (x + s, y - s // 2)]
            )
