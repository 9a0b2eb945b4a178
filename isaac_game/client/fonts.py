"""Fonts: the game's one font at any pixel size, never under the readable minimum.

One font serves every language, so the game looks the same in all of them: Noto Sans
KR, cut down to Latin, every Hangul syllable and the symbols the game uses
(`assets/fonts/`, made by `assets/make_font.py`). pygame has no font fallback, so a
font without Hangul would draw a Korean name as boxes. The file is read and tried once,
when the fonts are made (`load_face`), through the rules' careful reader: a regular file
of a sane size only, never a pipe (SDL's own open would wait for a writer for ever) or a
link to a device. It must then measure and draw a sample, since a truncated font opens
and fails only at its first word. If it cannot be used, pygame's default font stands in
(Latin only) and the reason is printed once; every size is made from the bytes read.

Sizes are asked in the units of pygame's default font, which the layouts were made
with: the shipped font is drawn at `FACE_SCALE` of the size asked, so that a word is as
wide as it was. Its lines are taller (the font leaves room for Hangul), and layouts
measure them (`line_height`).

The player's text size (Settings > Text size: `set_scale`) is applied here, under every
layout: a size asked is drawn `scale` times larger, and measured so too, so every text
of the client grows and a layout that measures its text makes room for it or wraps it.
Sizes keep being asked, returned (`fit`, `px`) and passed on in the layouts' units; only
the fonts made know the scale. The readable minimum stays the same in pixels. Text
already large (a heading, a score) grows less (`Fonts.drawn_size`); a board's numbers,
sized by its cells, not at all (`Fonts.unscaled`).

The smallest text on screen is defined once (`MIN_TEXT_HEIGHT`, scaled with the
window: `min_text_height`); `Fonts` gives no smaller font, for measuring and drawing
alike, so a layout that measures its text wraps it rather than drawing it too small.
Rendered text is cached, since most labels never change.
"""

from __future__ import annotations

import contextlib
import io
import math
import sys
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from assets import asset_path
from isaac_game.rules import FileReadError, clean_text, read_bytes

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
#: The largest body text (a panel's status line, a hand row): asked at `REFERENCE_SIZE`,
#: scaled with the window as `MIN_TEXT_HEIGHT` is. Up to it, the player's text size
#: grows text by its whole factor; larger text grows only up to where body text ends.
BODY_PX = 28

#: The most the font file may weigh (it weighs 1.2 MB): a bigger one is not ours.
FACE_LIMIT = 32 * 1024 * 1024
#: What the font must measure and draw before it is used: Latin, accents and Hangul.
FACE_SAMPLE = "Settings àèé 설정"

_faces: dict[Path, bytes | None] = {}  # each font file, checked once: its bytes or None


def load_face(path: Path) -> bytes | None:
    """The bytes of the font at `path` if pygame can draw with them, else None and the
    reason said on stderr, in one line: this runs before any window or language, so in
    English, like the `play` command's other lines. Checked once a run, however many
    `Fonts` are made (and whatever pygame was quit and started again in between)."""
    if path not in _faces:
        try:
            _faces[path] = _usable_face(path)
        except FileReadError as error:
            print(
                f"isaac: the font {path}: {error}; "
                "pygame's default font is used, and it has no Hangul",
                file=sys.stderr,
            )
            _faces[path] = None
    return _faces[path]


def _usable_face(path: Path) -> bytes:
    """The font's bytes, once they have measured and drawn `FACE_SAMPLE`; FileReadError
    saying why not (a truncated font opens, and fails only at its first word)."""
    data = read_bytes(path, FACE_LIMIT)
    if not data:
        raise FileReadError("it is empty (0 bytes)")
    try:
        pygame.font.init()  # already started in the window; a tool or a test may not have
        font = pygame.font.Font(io.BytesIO(data), 20)
        font.size(FACE_SAMPLE)
        font.render(FACE_SAMPLE, True, (255, 255, 255))
    except Exception as error:  # SDL_ttf's: pygame.error, ValueError, OSError, MemoryError
        raise FileReadError(f"not a font pygame can draw with ({error})") from None
    return data


def _open_face(face: bytes | None, px: float) -> pygame.font.Font:
    """The font read at start at `px` (in the default font's units, text size applied),
    or pygame's default when there is none. Made from memory: the file is never opened
    again (a fresh stream each, as pygame reads a font through its stream while it
    draws)."""
    if face is not None:
        # tried at one size already: another size failing is never seen, but if it did,
        # that size would be drawn in the default font rather than end the game
        with contextlib.suppress(Exception):
            return pygame.font.Font(io.BytesIO(face), max(1, round(px * FACE_SCALE)))
    return pygame.font.Font(None, max(1, round(px)))


def min_text_height(size: tuple[int, int]) -> int:
    """The height in pixels of the smallest text allowed in a window of `size`."""
    scale = min(size[0] / REFERENCE_SIZE[0], size[1] / REFERENCE_SIZE[1])
    return max(1, round(MIN_TEXT_HEIGHT * scale))


class Fonts:
    """The shipped font (or pygame's default) at any pixel size, plus a cache of rendered
    text.

    No font is smaller than the window's readable minimum (`set_window`): a size asked
    below it is raised to it, for measuring and drawing alike, so a layout that
    measures its text wraps it rather than drawing it too small. Every size asked is
    drawn larger by the player's text size (`set_scale`, `drawn_size`)."""

    def __init__(self, max_cached: int = 600) -> None:
        self._fonts: dict[tuple[float, bool], pygame.font.Font] = {}
        #: the font for each size asked (after the floor), so a frame's hundred asks
        #: are one lookup each; forgotten when the floor or the text size changes
        self._asked: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        #: text wrapped to a width (`text.wrap`), by the text, size and width: the bars
        #: and panels wrap the same words every frame; forgotten with the fonts' look
        self.wrapped: dict[tuple[str, float, int, bool], tuple[str, ...]] = {}
        self._max = max_cached
        self.floor = 8  # the smallest size given, asked (see `set_window`)
        self.scale = 1.0  # the player's text size: how much larger words are drawn
        self.face = FACE_PATH  # where the font was read from (a key of kept pictures)
        self._face = load_face(self.face)  # its bytes, or None for pygame's default
        self._want = 0  # the readable minimum's height in pixels (0: no window yet)
        self._unscaled: Fonts | None = None  # made when first asked

    @property
    def look(self) -> tuple[object, ...]:
        """All that a text's drawn size depends on besides the size asked: what a kept
        picture or layout of text is keyed by, as well as by its sizes."""
        return (self.face, self.floor, self.scale, self._want)

    @property
    def unscaled(self) -> Fonts:
        """These fonts at the normal text size, in the same window: for the numbers a
        board prints in its cells and margins (coordinates, values, counters), sized by
        the board, which grows with the window. They are the largest their boxes hold
        already: drawn larger they would leave them."""
        if self._unscaled is None:
            self._unscaled = Fonts(self._max)
            self._unscaled._apply(self._want, 1.0)
        return self._unscaled

    def set_window(self, size: tuple[int, int]) -> None:
        """The window is `size`: no text drawn smaller than `min_text_height(size)`."""
        self._apply(min_text_height(size), self.scale)
        if self._unscaled is not None:
            self._unscaled._apply(self._want, 1.0)

    def set_scale(self, scale: float) -> None:
        """Draw words `scale` times the size asked (the player's text size: see
        `drawn_size`), never under the readable minimum (the floor, asked, goes down as
        the scale goes up: the minimum stays the same in pixels)."""
        self._apply(self._want, scale)

    def drawn_size(self, px: float) -> float:
        """The size a size asked is drawn at, in the default font's units.

        Text size is for reading words: text up to body size (`BODY_PX`, scaled with the
        window as the minimum is) grows by the full factor; larger text (a heading, a
        score, the title) grows only up to the size the largest body text reaches, and
        never shrinks. It is read across a room already, and growing it further would
        take the room the words need."""
        body = BODY_PX * self._want / MIN_TEXT_HEIGHT if self._want else BODY_PX
        return min(px * self.scale, max(px, body * self.scale))

    def _apply(self, want: int, scale: float) -> None:
        """The floor for a readable minimum of `want` pixels at text size `scale`."""
        if (want, scale) == (self._want, self.scale):
            return
        self._want, self.scale = want, scale
        self._text.clear()  # drawn at other sizes now
        self._asked.clear()
        self.wrapped.clear()
        px = max(1, math.floor(8 / scale))  # never under 8 drawn, as without a window
        # measured on pygame's default font, whose sizes the layouts use: the shipped
        # font's glyphs are as large, and its lines taller
        while (
            pygame.font.Font(None, max(1, round(self.drawn_size(px)))).get_linesize() < want
            and px < 400
        ):
            px += 1
        self.floor = max(px, math.ceil(8 / scale))

    def clear(self) -> None:
        """Forget every rendered text (the language changed: none of it is shown again)."""
        self._text.clear()

    def _font(self, px: int, bold: bool) -> pygame.font.Font:
        size = self.drawn_size(px)
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = _open_face(self._face, size)
            font.bold = bold
            self._fonts[key] = font
        return font

    def px(self, px: float) -> int:
        """The pixel size drawn for a size asked: never below the floor."""
        return max(self.floor, int(px))

    def font(self, px: float, bold: bool = False) -> pygame.font.Font:
        key = (self.px(px), bold)
        found = self._asked.get(key)
        if found is None:
            found = self._asked[key] = self._font(*key)
        return found

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
