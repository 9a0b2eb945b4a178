"""Colours, fonts and sizes: everything a scene needs to look like the rest.

Sizes scale with the window (`ui_scale`), so one layout works from 1280x720 to
3840x2160 and any aspect ratio in between. Fonts are pygame's default font, cached
per pixel size; rendered text is cached too, since most labels never change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import pygame

from isaac_game.rules import clean_text

Color = tuple[int, int, int]
T = TypeVar("T")
#: No line on screen is longer than this; a longer string is cut before it is drawn.
MAX_DRAWN_CHARS = 1000


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


class Fonts:
    """pygame's default font at any pixel size, plus a cache of rendered text."""

    def __init__(self, max_cached: int = 600) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._max = max_cached

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (max(8, int(px)), bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, key[0])
            font.bold = bold
            self._fonts[key] = font
        return font

    def render(self, text: str, px: int, color: Color, bold: bool = False) -> pygame.Surface:
        """`text` drawn at `px`; never raises, whatever the string (see `_safe`)."""
        key = (text, int(px), color, bold)
        surf = self._text.get(key)
        if surf is None:
            font = self.font(px, bold)
            surf = _safe(lambda shown: font.render(shown, True, color), text)
            self._text[key] = surf
            if len(self._text) > self._max:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surf

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        font = self.font(px, bold)
        return _safe(font.size, text)

    def fit(self, text: str, px: int, width: int, bold: bool = False) -> int:
        """The largest size <= px at which `text` fits in `width` pixels."""
        while px > 10 and self.size(text, px, bold)[0] > width:
            px = int(px * 0.92)
        return px


def _safe(draw: Callable[[str], T], text: str) -> T:
    """Run a font call on `text` made drawable; never raises, whatever the string.

    Text from outside (a peer's name, a save's headers) is cleaned where it enters, but
    drawing is the last line: a NUL or a lone surrogate makes pygame raise, and one
    string must never take the window down. Such characters are drawn as the escapes
    `clean_text` makes (measuring and drawing agree, since both go through here). A
    string longer than anyone can read is cut first: its surface would be hundreds of
    thousands of pixels wide. A string the font still refuses (one made only of
    zero-width characters) is drawn as a space.
    """
    if len(text) > MAX_DRAWN_CHARS:
        text = text[:MAX_DRAWN_CHARS]
    if not text.isprintable():  # the common case costs one C-level scan
        text = clean_text(text)
    try:
        return draw(text)
    except (ValueError, pygame.error):
        return draw(" ")


def blit_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    px: int,
    color: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw cached text with its rect's `anchor` (e.g. "center", "midleft") at `pos`."""
    surf = fonts.render(text, px, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def wrap(fonts: Fonts, text: str, px: int, width: int) -> list[str]:
    """Split text into lines that fit `width` pixels at size `px`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and fonts.size(trial, px)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, radius: int = 12) -> None:
    pygame.draw.rect(surface, pal.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, pal.panel_edge, rect, width=max(1, radius // 6), border_radius=radius)


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
