"""A game over its moves as a line graph, drawn with pygame as the board is (no
plotting library at run time): the report's graph.

What is drawn comes from pure functions of the game's states: `score_series` (ISAAC:
both scores; FOUNDATIONS: the value left in each hand; HARI: the value on the board,
which is what each game's `scores` are) and `chance_series` (Dark's win chance, from
the analysis's views). Each series has one point per position: the start, then one
after each move, so `len(moves) + 1` points, the point at x = n being the position
after move n. `Graph.draw` lays the axes, gridlines and labels out from the rect it is
given, sizes every line and text by the ui scale `u`, and keeps the points it drew
(`points`, by line) for tests and for clicks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from isaac_game.ai.analysis import Mark, PositionView
from isaac_game.ai.judge import WinChance
from isaac_game.rules import GameState, Player

from ..theme import Color, Fonts, Palette, blit_text, mix


def score_series(states: Sequence[GameState]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dark's and Light's score in each position (one point per position)."""
    return tuple(s.scores[0] for s in states), tuple(s.scores[1] for s in states)


def chance_series(
    states: Sequence[GameState], views: Sequence[PositionView | None]
) -> tuple[float, ...]:
    """Dark's win chance in each position, from the analysis's view of each (exact once
    the game is over); empty until there is a view of every position."""
    if len(views) != len(states):
        return ()
    out = []
    for state, view in zip(states, views, strict=True):
        chance = WinChance.outcome(state) if state.is_over or view is None else view.chance
        out.append(chance.pov(Player.DARK))
    return tuple(out)


def nice_step(span: float, most: int) -> float:
    """A step of 1, 2 or 5 times a power of ten giving at most `most` steps over `span`."""
    if span <= 0:
        return 1.0
    raw = span / max(1, most)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return float(factor * power)
    return float(10 * power)


@dataclass(frozen=True)
class Line:
    """One line of the graph: its legend's words (translated), its values, its colour;
    `share`: values from 0 to 1 on the right-hand axis (a win chance), else on the left."""

    label: str
    values: tuple[float, ...]
    color: Color
    share: bool = False


@dataclass
class Graph:
    """Draws lines over the moves; remembers where it drew each point."""

    points: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    plot: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def draw(
        self,
        surface: pygame.Surface,
        fonts: Fonts,
        pal: Palette,
        rect: pygame.Rect,
        u: float,
        lines: Sequence[Line],
        marks: dict[int, Mark] | None = None,
    ) -> None:
        """The axes, gridlines, tick labels, a legend and every line, inside `rect`;
        `marks`: a mistake or blunder by move number, marked under the x axis."""
        px = max(1, int(17 * u))
        tick_h = fonts.line_height(px)
        left_lines = [line for line in lines if not line.share]
        count = max((len(line.values) for line in lines), default=1)
        top = max((max(line.values, default=0) for line in left_lines), default=0)
        y_step = nice_step(max(1.0, float(top)), 5)
        y_top = max(y_step, math.ceil(top / y_step) * y_step)
        left_w = fonts.size(f"{y_top:g}", px)[0] + int(12 * u)
        right_w = fonts.size("100%", px)[0] + int(12 * u) if any(x.share for x in lines) else 0
        legend_h = tick_h + int(8 * u)
        plot = pygame.Rect(
            rect.x + left_w,
            rect.y + legend_h + tick_h // 2,
            max(1, rect.width - left_w - right_w - int(10 * u)),
            max(1, rect.height - legend_h - tick_h * 2 - int(10 * u)),
        )
        self.plot = plot
        thin = max(1, int(1 * u))
        # gridlines and the left axis's labels
        value = 0.0
        while value <= y_top + 1e-9:
            y = plot.bottom - round(value / y_top * plot.height)
            pygame.draw.line(
                surface, mix(pal.panel, pal.panel_edge, 0.6), (plot.x, y), (plot.right, y), thin
            )
            at = (plot.x - int(6 * u), y)
            blit_text(surface, fonts, f"{value:g}", px, pal.text_dim, at, "midright")
            value += y_step
        if right_w:
            for share in (0.0, 0.5, 1.0):
                y = plot.bottom - round(share * plot.height)
                at = (plot.right + int(6 * u), y)
                blit_text(surface, fonts, f"{share:.0%}", px, pal.text_dim, at, "midleft")
        # the x axis: move numbers
        last = max(1, count - 1)
        x_step = max(1, int(nice_step(last, max(2, plot.width // int(60 * u + 1)))))

        def x_at(index: int) -> int:
            return plot.x + round(index / last * plot.width)

        # under the right axis's "0%" when there is one (the last move's number reaches it)
        below = plot.bottom + (max(int(3 * u), tick_h // 2) if right_w else int(3 * u))
        for move in range(0, last + 1, x_step):
            x = x_at(move)
            pygame.draw.line(
                surface, mix(pal.panel, pal.panel_edge, 0.35), (x, plot.y), (x, plot.bottom), thin
            )
            blit_text(surface, fonts, str(move), px, pal.text_dim, (x, below), "midtop")
        axis = max(1, int(2 * u))
        pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.bottomright, axis)
        pygame.draw.line(surface, pal.text_dim, plot.topleft, plot.bottomleft, axis)
        if right_w:
            pygame.draw.line(surface, pal.text_dim, plot.topright, plot.bottomright, axis)
        if right_w:  # the even chance, where the game balances
            half = plot.bottom - plot.height // 2
            pygame.draw.line(surface, pal.text_dim, (plot.x, half), (plot.right, half), thin)
        for move, mark in (marks or {}).items():
            tint = pal.illegal if mark == Mark.BLUNDER else pal.highlight
            x, y, s = x_at(move), plot.bottom - axis, max(3, int(5 * u))
            pygame.draw.polygon(
                surface, tint, [(x, y - s), (x - s, y + s // 2), (x + s, y + s // 2)]
            )
        # the lines, each point a dot
        self.points = {}
        width, dot = max(2, int(3 * u)), max(2, int(3.5 * u))
        for line in lines:
            scale = 1.0 if line.share else y_top
            pts = [
                (x_at(i), plot.bottom - round(min(max(v / scale, 0.0), 1.0) * plot.height))
                for i, v in enumerate(line.values)
            ]
            self.points[line.label] = pts
            if len(pts) > 1:
                pygame.draw.lines(surface, line.color, False, pts, width)
            for p in pts:
                pygame.draw.circle(surface, line.color, p, dot)
        self._legend(surface, fonts, pal, rect, px, u, lines)

    def _legend(
        self,
        surface: pygame.Surface,
        fonts: Fonts,
        pal: Palette,
        rect: pygame.Rect,
        px: int,
        u: float,
        lines: Sequence[Line],
    ) -> None:
        """Each line's swatch and words, left to right above the plot."""
        x, y = self.plot.x, rect.y + fonts.line_height(px) // 2
        for line in lines:
            swatch = pygame.Rect(0, 0, int(22 * u), max(3, int(5 * u)))
            swatch.midleft = (x, y)
            pygame.draw.rect(surface, line.color, swatch, border_radius=2)
            x = swatch.right + int(6 * u)
            drawn = blit_text(surface, fonts, line.label, px, pal.text, (x, y), "midleft")
            x = drawn.right + int(18 * u)
