"""Text on screen: drawn (`blit_text`), wrapped onto more lines rather than shrunk
below the readable minimum (`wrap`, `fit_lines`, `draw_wrapped`, `draw_texts`), and
recorded while a test or a tool asks (`recording`): every text with its rect and the box
it was drawn in, every panel and button (`note_box`), what is drawn over others on
purpose (`note_cover`), and where an overlay's veil began (`note_veil`). Every text of
the client reaches the screen through `blit_text`, so the text-fit test sees it all.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from .fonts import Color, Fonts


@dataclass(frozen=True)
class DrawnText:
    """One text drawn on the recorded surface."""

    text: str
    rect: pygame.Rect  # where it landed
    height: int  # how high it was drawn, in pixels (what the minimum is measured on)
    box: pygame.Rect | None  # the box its drawer gave it, if any
    clip: pygame.Rect  # the surface's clip then: what lies outside is cut off
    order: int  # when it was drawn, among texts and boxes


@dataclass(frozen=True)
class DrawnBox:
    """A panel or a button: a box that text belongs in, or must keep out of."""

    rect: pygame.Rect
    order: int


@dataclass
class DrawLog:
    """Everything drawn on one surface while recording, in drawing order. A veil (an
    overlay dimming what is below) starts a new layer: what lies under it is no longer
    a neighbour of what is drawn over it."""

    target: pygame.Surface
    texts: list[DrawnText] = field(default_factory=list)
    boxes: list[DrawnBox] = field(default_factory=list)
    covers: list[DrawnBox] = field(default_factory=list)  # drawn over what lay there
    veiled_at: int = 0  # the order of the last veil
    count: int = 0

    def _next(self) -> int:
        self.count += 1
        return self.count


_recording: list[DrawLog] = []


@contextmanager
def recording(target: pygame.Surface) -> Iterator[DrawLog]:
    """Record the texts and boxes drawn on `target` meanwhile (for tests and tools)."""
    log = DrawLog(target)
    _recording.append(log)
    try:
        yield log
    finally:
        _recording.remove(log)


def is_recording(surface: pygame.Surface) -> bool:
    """Does a test record what is drawn on `surface` (so it must be drawn, not copied)?"""
    return bool(_recording) and _log_for(surface) is not None


def _log_for(surface: pygame.Surface) -> DrawLog | None:
    for log in _recording:
        if log.target is surface:
            return log
    return None


def note_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A button or a box was drawn on `surface` at `rect` (text must keep out of it,
    or keep inside it)."""
    log = _log_for(surface) if _recording else None
    if log is not None:
        log.boxes.append(DrawnBox(pygame.Rect(rect), log._next()))


def note_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A box was drawn on `surface` over what lies under it, on purpose (a list opened
    over a panel's foot): the text under it is hidden, not run over."""
    log = _log_for(surface) if _recording else None
    if log is not None:
        box = DrawnBox(pygame.Rect(rect), log._next())
        log.covers.append(box)
        log.boxes.append(box)


def blit_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    px: float,
    color: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw cached text with its rect's `anchor` (e.g. "center", "midleft") at `pos`;
    `box`: the box it belongs in, where the drawer knows it (else the panel under it)."""
    surf = fonts.render(text, px, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    log = _log_for(surface) if _recording else None
    if log is not None and text.strip():
        clip = surface.get_clip()
        log.texts.append(DrawnText(text, rect, rect.height, box, clip, log._next()))
    return rect


def _split_word(fonts: Fonts, word: str, px: float, width: int, bold: bool) -> list[str]:
    """A word wider than `width`, cut into pieces that fit (a long name, a language
    without spaces); a combining mark stays with its letter."""
    pieces: list[str] = []
    piece = ""
    for char in word:
        mark = unicodedata.combining(char)
        if piece and not mark and fonts.size(piece + char, px, bold)[0] > width:
            pieces.append(piece)
            piece = char
        else:
            piece += char
    return [*pieces, piece]


def _units(paragraph: str) -> list[str]:
    """The paragraph's words, a number kept with the word before it ("column 5", "righe
    1-3", "5행 3열"): a line never ends on "column" with its number on the next. Only
    spaces part words, so a no-break space (U+00A0) joins two as well."""
    units: list[str] = []
    for word in paragraph.split(" "):
        if units and units[-1] and word[:1].isdigit():
            units[-1] += " " + word
        else:
            units.append(word)
    return units


#: How many wrapped texts the fonts keep (`Fonts.wrapped`) before they start again.
WRAPPED_KEPT = 1024


def wrap(fonts: Fonts, text: str, px: float, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels at size `px`, a number on the line
    of the word before it (`_units`) unless the two are too wide for a line together;
    a word too long for a line of its own is cut. Kept by the fonts for their look: a
    frame wraps the bars' and panels' same words again."""
    key = (text, px, width, bold)
    kept = fonts.wrapped.get(key)
    if kept is None:
        if len(fonts.wrapped) >= WRAPPED_KEPT:
            fonts.wrapped.clear()
        kept = fonts.wrapped[key] = tuple(_wrap(fonts, text, px, width, bold))
    return list(kept)


def _wrap(fonts: Fonts, text: str, px: float, width: int, bold: bool) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit in _units(paragraph):
            whole_unit = " " not in unit or fonts.size(unit, px, bold)[0] <= width
            for word in [unit] if whole_unit else unit.split(" "):
                trial = f"{line} {word}".strip()
                if fonts.size(trial, px, bold)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                *whole, line = _split_word(fonts, word, px, width, bold)
                lines += whole
        lines.append(line)
    return lines


def fit_lines(
    fonts: Fonts,
    text: str,
    px: float,
    width: int,
    height: int,
    bold: bool = False,
    fewest: bool = False,
) -> tuple[int, list[str]]:
    """The largest size <= px (not below the floor) at which `text`, wrapped to
    `width`, fits `height`, and its lines (`fewest`: on as few lines as the floor allows,
    the largest size for those: a title or a label rather than a paragraph); at the
    floor the lines that do not fit are dropped, the last one ending in an ellipsis."""
    size = fonts.px(px)
    if fewest:
        least = len(wrap(fonts, text, fonts.floor, width, bold))
        while size > fonts.floor and len(wrap(fonts, text, size, width, bold)) > least:
            size = max(fonts.floor, int(size * 0.92))
    while True:
        lines = wrap(fonts, text, size, width, bold)
        line_h = fonts.line_height(size, bold)
        if len(lines) * line_h <= height or size <= fonts.floor:
            break
        size = max(fonts.floor, int(size * 0.92))
    return size, cut_lines(fonts, lines, size, width, max(1, height // line_h), bold)


def line_step(fonts: Fonts, px: float, spacing: float, bold: bool = False) -> int:
    """The step from one line of text asked at `px` to the next: `spacing` x `px`, as a
    layout was drawn up, or the line's height where that is more (larger text: the
    player's text size), so lines never run into each other."""
    return max(int(px * spacing), fonts.line_height(px, bold))


def cut_lines(
    fonts: Fonts, lines: list[str], px: float, width: int, most: int, bold: bool = False
) -> list[str]:
    """At most `most` of the wrapped `lines`, the last one ending in an ellipsis when
    some were dropped (`most` 0: none)."""
    if len(lines) <= most:
        return lines
    lines = lines[:most]
    if lines:
        last = lines[-1]
        while last and fonts.size(last + "...", px, bold)[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "..."
    return lines


def fit_line(fonts: Fonts, text: str, px: float, width: int, bold: bool = False) -> tuple[int, str]:
    """One line that must stay one (a name, a label): the largest size <= px at which it
    fits `width`, and at the floor the text cut short with an ellipsis if it must be."""
    size = fonts.fit(text, px, width, bold)
    if fonts.size(text, size, bold)[0] <= width:
        return size, text
    cut = text
    while cut and fonts.size(cut + "...", size, bold)[0] > width:
        cut = cut[:-1]
    return size, cut.rstrip() + "..."


def draw_wrapped(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    px: float,
    color: Color,
    box: pygame.Rect,
    bold: bool = False,
    align: str = "center",
) -> pygame.Rect:
    """`text` in `box` (a title, a bar, a button): on as few lines as it can be without
    shrinking below the floor, as large as `px` allows, centred vertically; `align` is
    "center" or "left". Returns the rect the lines took."""
    size, lines = fit_lines(fonts, text, px, box.width, box.height, bold, fewest=True)
    line_h = fonts.line_height(size, bold)
    y = box.centery - len(lines) * line_h // 2
    taken = pygame.Rect(box.centerx, y, 0, 0)
    for line in lines:
        if align == "left":
            at, anchor = (box.x, y), "topleft"
        else:
            at, anchor = (box.centerx, y), "midtop"
        taken.union_ip(blit_text(surface, fonts, line, size, color, at, anchor, bold, box))
        y += line_h
    return taken


#: One text of several stacked in a box: (text, colour, size, bold).
TextPart = tuple[str, Color, float, bool]


def draw_texts(
    surface: pygame.Surface,
    fonts: Fonts,
    box: pygame.Rect,
    parts: list[TextPart],
    align: str = "center",
) -> pygame.Rect:
    """Several texts stacked in `box`, each wrapped to its width, all shrunk alike until
    they fit its height, never below the readable minimum; past that the longest loses
    its last lines (an ellipsis says so). `align`: "center" (centred both ways) or
    "left" (from the top left). Returns the rect the lines took."""
    parts = [part for part in parts if part[0]]
    scale = 1.0
    while True:
        sizes = [fonts.px(px * scale) for _, _, px, _ in parts]
        lines = [
            wrap(fonts, text, size, box.width, bold)
            for (text, _, _, bold), size in zip(parts, sizes, strict=True)
        ]
        heights = [fonts.line_height(size) for size in sizes]
        total = sum(len(ls) * h for ls, h in zip(lines, heights, strict=True))
        if total <= box.height or all(size <= fonts.floor for size in sizes):
            break
        scale *= 0.92
    while total > box.height:  # at the floor: the longest part gives up a line
        i = max(range(len(lines)), key=lambda k: len(lines[k]))
        if len(lines[i]) <= 1:
            break
        lines[i] = lines[i][:-1]
        last, bold = lines[i][-1].rstrip("."), parts[i][3]
        while last and fonts.size(last + "...", sizes[i], bold)[0] > box.width:
            last = last[:-1]  # the ellipsis must fit the box too
        lines[i][-1] = last.rstrip() + "..."
        total -= heights[i]
    y = box.centery - total // 2 if align == "center" else box.y
    taken = pygame.Rect(box.x, y, 0, 0)
    for (_, color, _, bold), size, part_lines, height in zip(
        parts, sizes, lines, heights, strict=True
    ):
        for line in part_lines:
            at, anchor = (
                ((box.centerx, y), "midtop") if align == "center" else ((box.x, y), "topleft")
            )
            taken.union_ip(blit_text(surface, fonts, line, size, color, at, anchor, bold, box))
            y += height
    return taken


def note_veil(surface: pygame.Surface) -> None:
    """An overlay dimmed everything drawn on `surface` so far (what lies under it is no
    longer a neighbour of what is drawn over it)."""
    log = _log_for(surface) if _recording else None
    if log is not None:
        log.veiled_at = log._next()
