"""Colours, panels and sizes: everything a scene needs to look like the rest.

Sizes scale with the window (`ui_scale`), so one layout works from 1280x720 to
3840x2160 and any aspect ratio in between. Fonts (`fonts.py`) are never smaller than
the readable minimum, and text that does not fit wraps onto more lines (`text.py`);
both are named here too, as every scene draws through this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from .fonts import MAX_DRAWN_CHARS, MIN_TEXT_HEIGHT, Color, Fonts, min_text_height
from .text import (
    DrawLog,
    DrawnBox,
    DrawnText,
    TextPart,
    blit_text,
    cut_lines,
    draw_texts,
    draw_wrapped,
    fit_line,
    fit_lines,
    line_step,
    note_box,
    note_cover,
    note_veil,
    recording,
    wrap,
)

#: What the client's modules take from here: the colours and panels, and the fonts and
#: text drawing of `fonts.py` and `text.py`.
__all__ = [
    "COLOUR_BLIND",
    "MAX_DRAWN_CHARS",
    "MIN_TEXT_HEIGHT",
    "PALETTES",
    "STANDARD",
    "Color",
    "DrawLog",
    "DrawnBox",
    "DrawnText",
    "Fonts",
    "Palette",
    "TextPart",
    "blit_text",
    "dim_behind",
    "draw_panel",
    "draw_texts",
    "draw_wrapped",
    "fit_line",
    "cut_lines",
    "fit_lines",
    "line_step",
    "min_text_height",
    "mix",
    "note_box",
    "note_cover",
    "palette_for",
    "recording",
    "rgb",
    "shade",
    "ui_scale",
    "wrap",
]


@dataclass(frozen=True)
class Palette:
    name: str
    background: Color
    panel: Color
    panel_edge: Color
    text: Color
    text_dim: Color
    accent: Color
    board: Color
    board_edge: Color
    grid: Color
    dark_piece: Color
    dark_edge: Color
    dark_text: Color
    light_piece: Color
    light_edge: Color
    light_text: Color
    dark_label: Color
    light_label: Color
    legal: Color
    illegal: Color
    highlight: Color
    target: Color
    forbidden: Color
    last_move: Color


STANDARD = Palette(
    name="standard",
    background=(24, 28, 36),
    panel=(36, 42, 54),
    panel_edge=(70, 80, 100),
    text=(236, 236, 232),
    text_dim=(150, 156, 170),
    accent=(246, 190, 80),
    board=(196, 160, 112),
    board_edge=(120, 86, 52),
    grid=(160, 124, 82),
    dark_piece=(58, 44, 40),
    dark_edge=(20, 14, 12),
    dark_text=(236, 210, 170),
    light_piece=(242, 232, 210),
    light_edge=(150, 132, 100),
    light_text=(90, 60, 40),
    dark_label=(40, 26, 18),
    light_label=(250, 244, 230),
    legal=(70, 200, 110),
    illegal=(226, 70, 60),
    highlight=(255, 214, 90),
    target=(90, 170, 255),
    forbidden=(226, 70, 60),
    last_move=(255, 140, 40),
)

#: Blue/orange instead of green/red; Okabe-Ito hues, distinct for all common
#: colour-vision deficiencies.
COLOUR_BLIND = Palette(
    name="colour-blind",
    background=(22, 26, 34),
    panel=(34, 40, 52),
    panel_edge=(70, 80, 100),
    text=(240, 240, 240),
    text_dim=(160, 164, 176),
    accent=(240, 228, 66),
    board=(190, 170, 140),
    board_edge=(110, 90, 64),
    grid=(150, 130, 100),
    dark_piece=(40, 40, 48),
    dark_edge=(10, 10, 14),
    dark_text=(240, 228, 66),
    light_piece=(245, 245, 240),
    light_edge=(140, 140, 130),
    light_text=(0, 80, 140),
    dark_label=(20, 20, 28),
    light_label=(255, 255, 255),
    legal=(0, 114, 178),
    illegal=(230, 159, 0),
    highlight=(240, 228, 66),
    target=(86, 180, 233),
    forbidden=(213, 94, 0),
    last_move=(204, 121, 167),
)

PALETTES = {p.name: p for p in (STANDARD, COLOUR_BLIND)}


def palette_for(colour_blind: bool) -> Palette:
    return COLOUR_BLIND if colour_blind else STANDARD


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x720; grows with the smaller of the two proportions."""
    w, h = size
    return max(0.5, min(w / 1280, h / 720))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, radius: int = 12) -> None:
    pygame.draw.rect(surface, pal.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, pal.panel_edge, rect, width=max(1, radius // 6), border_radius=radius)
    note_box(surface, rect)


def rgb(channels: Iterable[int]) -> Color:
    """A colour from its three channels, computed one by one."""
    r, g, b = channels
    return r, g, b


def shade(color: Color, factor: float) -> Color:
    """Lighter (factor > 1) or darker (factor < 1) version of a colour."""
    return rgb(max(0, min(255, int(c * factor))) for c in color)


def mix(a: Color, b: Color, t: float) -> Color:
    return rgb(int(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def dim_behind(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole surface (what an overlay shows its panel over)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))
    note_veil(surface)
