"""Reading the lower levels of FOUNDATIONS' stacks: the top levels peeled away, and the
stack under one cell told in the side panel.

Raised pieces hide what lies under them. V (the pad's left stick press, or a click on a
level's badge in the top left legend) peels the top level away, then the next, down to
level 1, then shows them all again; a move played shows them all. The legend greys the
levels not shown. Where a click on a badge lands is a pure function of the layout
(`legend_rects`), asked by drawing and input alike.

The stack under the pointer or cursor is listed in a side panel, in place of a hand
(the waiting player's, whose hand matters less this turn; the mover's when the other
panel is short), never over the board.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.rules import FoundationsState, Player

from ...theme import Fonts, Palette, blit_text, line_step, mix, note_cover, shade, wrap
from ...widgets.hud import GameLayout, PanelInfo, hand_rows
from .board import level_color, stack_lines


class LevelPeel:
    """Which levels the board shows: all (`upto` None), or levels 1 to `upto`."""

    def __init__(self) -> None:
        self.upto: int | None = None

    def peel(self, top: int) -> str:
        """One more level away (after level 1: all again); what the bar says."""
        if top < 2:
            self.upto = None
            return _("Only level 1 so far: nothing lies under it")
        shown = top if self.upto is None else self.upto
        self.upto = shown - 1 if shown > 1 else None
        return self.words(top)

    def pick(self, level: int, top: int) -> str:
        """A click on a level's badge: levels 1 to it (again, or the top: all)."""
        self.upto = None if level >= top or self.upto == level else level
        return self.words(top)

    def shown(self, top: int) -> int:
        """The highest level drawn."""
        return top if self.upto is None else min(self.upto, top)

    def words(self, top: int) -> str:
        shown = self.shown(top)
        if shown >= top:
            return _("All levels shown")
        if shown == 1:
            # TRANSLATORS: {top}: the highest level; V is the key that peels one more away
            return _("Showing level 1 only of {top} (V: one fewer; a move shows all)").format(
                top=top
            )
        # TRANSLATORS: {top}: the highest level; V is the key that peels one more away
        return _("Showing levels 1 to {shown} of {top} (V: one fewer; a move shows all)").format(
            shown=shown, top=top
        )


def top_left_rows(fonts: Fonts, top_bar: pygame.Rect, u: float) -> tuple[int, int, int]:
    """(the game's name's size, its line's middle, the legend's middle): two lines in
    the top bar's left end, as far apart as their text is high, the name smaller where
    both would not fit in the bar (larger text)."""
    legend_h = fonts.line_height(max(12, int(22 * u)))
    name_px = int(26 * u)
    while name_px > fonts.floor and fonts.line_height(name_px, True) + legend_h > top_bar.height:
        name_px = fonts.px(name_px * 0.92)
    spread = max(int(26 * u), (fonts.line_height(name_px, True) + legend_h) // 2 - 2)
    middle = top_bar.centery + int(1 * u)
    return name_px, middle - spread // 2, middle + spread - spread // 2


def _legend_geometry(fonts: Fonts, top_bar: pygame.Rect, u: float) -> tuple[int, int, int, int]:
    """(x of the first badge, y of the badges' centres, radius, step between badges)."""
    px = max(12, int(22 * u))
    x = int(20 * u) + fonts.size(_("Levels:"), px)[0] + int(10 * u)
    radius = max(6, int(11 * u))
    return x, top_left_rows(fonts, top_bar, u)[2], radius, 2 * radius + int(8 * u)


def legend_rects(fonts: Fonts, top_bar: pygame.Rect, top: int, u: float) -> dict[int, pygame.Rect]:
    """Where each level's badge is in the top left legend (what a click picks)."""
    x, y, radius, step = _legend_geometry(fonts, top_bar, u)
    rects = {}
    for level in range(1, max(1, top) + 1):
        rect = pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4)
        rect.center = (x + radius + (level - 1) * step, y)
        rects[level] = rect
    return rects


def draw_legend(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    top_bar: pygame.Rect,
    top: int,
    u: float,
    shown: int | None = None,
) -> None:
    """ "Levels: 1 2 3" with the badge colours, so the shades mean something; the levels
    peeled away (above `shown`) greyed and struck through."""
    px = max(12, int(22 * u))
    _x, y, radius, _step = _legend_geometry(fonts, top_bar, u)
    blit_text(surface, fonts, _("Levels:"), px, pal.text_dim, (int(20 * u), y), "midleft")
    for level, rect in legend_rects(fonts, top_bar, top, u).items():
        color = mix(pal.board, pal.panel, 0.2) if level == 1 else level_color(level)
        hidden = shown is not None and level > shown
        if hidden:
            color = mix(color, pal.panel, 0.75)
        centre = rect.center
        pygame.draw.circle(surface, shade(color, 0.5), centre, radius + 1)
        pygame.draw.circle(surface, color, centre, radius)
        px = int(radius * 1.6)
        blit_text(surface, fonts, str(level), px, (20, 20, 24), centre, "center", True, rect)
        if hidden:
            width = max(2, int(2 * u))
            a, b = rect.inflate(-4, -4).bottomleft, rect.inflate(-4, -4).topright
            pygame.draw.line(surface, pal.text, a, b, width)


def stack_panel(
    fonts: Fonts,
    layout: GameLayout,
    infos: dict[Player, PanelInfo],
    state: FoundationsState,
    lines: int,
) -> tuple[Player, pygame.Rect]:
    """The panel that lists a stack of `lines` lines, and the room it takes there: the
    hand's room in the waiting player's panel, or the mover's if that one is short."""
    u = layout.u
    mover = state.to_move
    waiting = layout.right_player if mover is None else Player(mover).other
    need = int(lines * 26 * u) + int(30 * u)
    best: tuple[Player, pygame.Rect] | None = None
    for player in (waiting, waiting.other):
        panel = layout.panels[player]
        rows = hand_rows(panel, infos[player], u, fonts)
        top = min(r.top for r in rows.values()) - int(30 * u)  # the hand's label too
        room = pygame.Rect(rows[max(rows)].x, top, rows[max(rows)].width, 0)
        room.height = max(0, panel.bottom - int(10 * u) - top)
        if room.height >= need:
            return player, room
        if best is None or room.height > best[1].height:
            best = (player, room)
    assert best is not None
    return best


def draw_stack_in_panel(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    layout: GameLayout,
    infos: dict[Player, PanelInfo],
    state: FoundationsState,
    cell: int | None,
    facing: Player,
) -> pygame.Rect | None:
    """The stack under `cell`, listed in a side panel in place of a hand (see
    `stack_panel`); where it was drawn (None: no stack there)."""
    if cell is None or not state.height(cell):
        return None
    u = layout.u
    lines = stack_lines(state, cell, facing)
    _player, room = stack_panel(fonts, layout, infos, state, len(lines))
    surface.fill(pal.panel, room)
    note_cover(surface, room)  # in place of the hand, on purpose
    px = max(14, int(20 * u))
    step = line_step(fonts, px, 1.25)
    y = room.y + int(4 * u)
    for i, line in enumerate(lines):
        colour = pal.accent if i == 0 else pal.text
        for part in wrap(fonts, line, px, room.width - int(8 * u)):
            if y + max(px, fonts.line_height(px)) > room.bottom:
                return room
            blit_text(surface, fonts, part, px, colour, (room.x + int(4 * u), y))
            y += step
    return room
