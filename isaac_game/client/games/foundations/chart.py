"""FOUNDATIONS' result as a picture (docs/rules.md 2.7): value in hand, then value on each
level from the top down, Dark's and Light's side by side, the row that decides ringed.

A finished board of stacked pieces shows who built where, not who won: the levels'
totals cannot be read off it. This chart can, so the rules page that explains the
winner shows it instead. A pure function of the finished position.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.rules import FoundationsState, Player

from ...theme import Fonts, Palette, blit_text, draw_panel, mix
from ...words import side_name
from .board import level_color

Row = tuple[str, int, int, int]  # (label, Dark's value, Light's value, level; 0: hand)


def chart_rows(state: FoundationsState) -> tuple[list[Row], int | None]:
    """The rows in the order the rules look at them, and the index of the one that
    decides (None: a draw, equal everywhere)."""
    dark, light = state.scores
    rows: list[Row] = [(_("In hand"), dark, light, 0)]
    values = state.level_values()
    rows += [
        (_("Level {level}").format(level=k), *values[k - 1], k) for k in range(len(values), 0, -1)
    ]
    decided = next((i for i, (_l, d, lt, _k) in enumerate(rows) if d != lt), None)
    return rows, decided


def draw_chart(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    area: pygame.Rect,
    state: FoundationsState,
    u: float,
) -> None:
    """The chart inside `area`: a row per total, two bars each (Dark above, Light below),
    lower is better; the deciding row ringed, the rows never looked at faded."""
    draw_panel(surface, area, pal, radius=int(14 * u))
    rows, decided = chart_rows(state)
    pad = int(18 * u)
    inner = area.inflate(-2 * pad, -2 * pad)
    px = max(12, int(22 * u))
    head = int(px * 1.6)
    # TRANSLATORS: the heading of the chart of values left in hand and on each level
    title = _("Value: the lower wins")
    blit_text(surface, fonts, title, px, pal.text_dim, (inner.x, inner.y), bold=True)
    for i, (who, color) in enumerate(
        ((Player.DARK, pal.dark_piece), (Player.LIGHT, pal.light_piece))
    ):
        x = inner.right - (2 - i) * int(110 * u)
        swatch = pygame.Rect(x, inner.y + int(px * 0.15), int(px * 1.3), int(px * 0.8))
        pygame.draw.rect(surface, color, swatch, border_radius=int(4 * u))
        pygame.draw.rect(surface, pal.text_dim, swatch, 1, border_radius=int(4 * u))
        blit_text(
            surface, fonts, side_name(who), px, pal.text, (swatch.right + int(8 * u), inner.y)
        )
    row_h = min(int(96 * u), (inner.height - head) // len(rows))
    label_w = max(fonts.size(row[0], px, True)[0] for row in rows) + int(40 * u)
    most = max(1, *(max(d, lt) for _l, d, lt, _k in rows))
    bar_room = inner.width - label_w - int(120 * u)
    y = inner.y + head
    for i, (label, d, lt, level) in enumerate(rows):
        row = pygame.Rect(inner.x, y, inner.width, row_h - int(8 * u))
        if level >= 2:
            badge = (row.x + int(12 * u), row.centery)
            pygame.draw.circle(surface, level_color(level), badge, int(9 * u))
        text_at = (row.x + int(28 * u), row.centery)
        blit_text(surface, fonts, label, px, pal.text, text_at, "midleft", True)
        bar_h = max(6, (row.height - int(10 * u)) // 2)
        for j, (value, fill) in enumerate(((d, pal.dark_piece), (lt, pal.light_piece))):
            bar = pygame.Rect(
                row.x + label_w,
                row.y + int(4 * u) + j * (bar_h + int(2 * u)),
                max(int(4 * u), bar_room * value // most),
                bar_h,
            )
            pygame.draw.rect(surface, fill, bar, border_radius=int(4 * u))
            width = max(1, int(2 * u))
            pygame.draw.rect(surface, pal.text_dim, bar, width, border_radius=int(4 * u))
            at = (bar.right + int(8 * u), bar.centery)
            blit_text(surface, fonts, str(value), px, pal.text, at, "midleft", True)
        if decided is not None and i > decided:  # never looked at: faded
            veil = pygame.Surface(row.size, pygame.SRCALPHA)
            veil.fill((*pal.panel, 180))
            surface.blit(veil, row)
        elif decided is None or i < decided:
            at = (row.right, row.centery)
            # TRANSLATORS: beside a row of the chart whose two values are equal
            blit_text(surface, fonts, _("tied"), px, pal.text_dim, at, "midright")
        else:
            edge = mix(pal.highlight, pal.accent, 0.5)
            pygame.draw.rect(surface, edge, row.inflate(int(8 * u), int(4 * u)), max(2, int(3 * u)),
                             border_radius=int(8 * u))  # fmt: skip
        y += row_h
