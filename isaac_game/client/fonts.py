"""Fonts: the game's one font at any pixel size, never under the readable minimum.

One font serves every language, so the game looks the same in all of them: Noto Sans
KR, cut down to Latin, every Hangul syllable and the symbols the game uses
(`assets/fonts/`, made by `assets/make_font.py`). pygame has no font fallback, so a
font without Hangul would draw a Korean name as boxes. If the file cannot be opened,
pygame's default font stands in (Latin only) and the reason is printed once.

Sizes are asked in the units of pygame's default font, which the layouts were made
with: the shipped font is drawn at `FACE_SCALE` of the size asked, so that a word is as
wide as it was. Its lines are taller (the font leaves room for Hangul), and layouts
measure them (`line_height`).

The smallest text on screen is defined once (`MIN_TEXT_HEIGHT`, scaled with the
window: `min_text_height`); `Fonts` gives no smaller font, for measuring and drawing
alike, so a layout that measures its text wraps it rather than drawing it too small.
Rendered text is cached, since most labels never change.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from assets import asset_path
from isaac_game.rules import clean_text

Color = tuple[int, int, int]
T = TypeVar("T")
#: No line on screen is longer than this; a longer string is cut before it is drawn.
MAX_DRAWN_CHARS = 1000
#: The smallest text on screen: the height in pixels of its line in a window
#: `REFERENCE_SIZE` (720 lines, at least 960 wide), scaled with the window: 12 px at
#: 800x600, 42 px at 3840x2160.
MIN_TEXT_HEIGHT = 14
REFERENCE_SIZE = (960, 720)
#: The font every text is drawn in, and the size it is drawn at for a size asked.
FACE_PATH = asset_path("fonts", "NotoSansKR-subset.otf")
FACE_SCALE = 0.69

_face_refused: list[str] = []  # why the shipped font could not be opened, said once


def _open_face(path: Path, px: int) -> pygame.font.Font:
    """The shipped font at `px` asked, or pygame's default when it cannot be opened."""
    if not _face_refused:
        try:
            return pygame.font.Font(str(path), max(1, round(px * FACE_SCALE)))
        except (OSError, pygame.error) as error:
            _face_refused.append(str(error))
            print(
                f"isaac: the font {path} cannot be opened ({error}); "
                "pygame's default font is used, and it has no Hangul",
                file=sys.stderr,
            )
    return pygame.font.Font(None, px)


def min_text_height(size: tuple[int, int]) -> int:
    """The height in pixels of the smallest text allowed in a window of `size`."""
    scale = min(size[0] / REFERENCE_SIZE[0], size[1] / REFERENCE_SIZE[1])
    return max(1, round(MIN_TEXT_HEIGHT * scale))


class Fonts:
    """pygame's default font at any pixel size, plus a cache of rendered text.

    No font is smaller than the window's readable minimum (`set_window`): a size asked
    below it is raised to it, for measuring and drawing alike, so a layout that
    measures its text wraps it rather than drawing it too small."""

    def __init__(self, max_cached: int = 600) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._max = max_cached
        self.floor = 8  # the smallest pixel size given (see `set_window`)
        self.face = FACE_PATH

    def set_window(self, size: tuple[int, int]) -> None:
        """The window is `size`: no text drawn smaller than `min_text_height(size)`."""
        want, px = min_text_height(size), 8
        # measured on pygame's default font, whose sizes the layouts use: the shipped
        # font's glyphs are as large, and its lines taller
        while pygame.font.Font(None, px).get_linesize() < want and px < 400:
            px += 1
        if px != self.floor:
            self.floor = px
            self._text.clear()

    def clear(self) -> None:
        """Forget every rendered text (the language changed: none of it is shown again)."""
        self._text.clear()

    def _font(self, px: int, bold: bool) -> pygame.font.Font:
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            font = _open_face(self.face, px)
            font.bold = bold
            self._fonts[key] = font
        return font

    def px(self, px: float) -> int:
        """The pixel size drawn for a size asked: never below the floor."""
        return max(self.floor, int(px))

    def font(self, px: float, bold: bool = False) -> pygame.font.Font:
        return self._font(self.px(px), bold)

    def line_height(self, px: float, bold: bool = False) -> int:
        """The height of one line of text at `px`: what a drawn line is high, and the step
        between wrapped lines."""
        return self.font(px, bold).get_linesize()

    def render(self, text: str, px: float, color: Color, bold: bool = False) -> pygame.Surface:
        """`text` drawn at `px`; never raises, whatever the string (see `_safe`)."""
        key = (text, self.px(px), color, bold)
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

    def size(self, text: str, px: float, bold: bool = False) -> tuple[int, int]:
        font = self.font(px, bold)
        return _safe(font.size, text)

    def fit(self, text: str, px: float, width: int, bold: bool = False) -> int:
        """The largest size <= px, and no smaller than the floor, at which `text` fits
        in `width` pixels; text still too wide at the floor must be wrapped."""
        size = self.px(px)
        while size > self.floor and self.size(text, size, bold)[0] > width:
            size = max(self.floor, int(size * 0.92))
        return size


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
