"""The puzzle's box beside the board: its heading, its words, and two buttons.

While the player tries: the goal, what the last wrong try made, the clue once asked
for, and the buttons Clue and Answer. Once the turn is judged right, or the answer is
shown: those words, and the buttons Try again and Next. Drawing only: the control
keeps what the box shows (`BoxWords`) and reads back where the buttons were drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from isaac_game.i18n import _

from ..theme import Fonts, Palette, TextPart, blit_text, draw_panel, draw_texts, draw_wrapped, wrap


@dataclass(frozen=True)
class BoxWords:
    head: str  # "Puzzle 3 of 10: Light scores 16" (every text here in the player's words)
    solved_before: bool
    paragraphs: tuple[tuple[str, str], ...]  # (words, colour's name in the palette)
    buttons: tuple[tuple[str, str], ...]  # (name, label): left, right
    lit: str  # the button Enter presses, drawn lit ("" none)


def draw_box(
    surface: pygame.Surface, fonts: Fonts, pal: Palette, box: pygame.Rect, words: BoxWords, u: float
) -> dict[str, pygame.Rect]:
    """Draw the box; where each button was drawn, by name."""
    draw_panel(surface, box, pal, radius=int(14 * u))
    inner = box.inflate(-int(24 * u), -int(20 * u))
    y = inner.y
    for line in wrap(fonts, words.head, int(22 * u), inner.width, bold=True):
        at = (inner.x, y)
        y = blit_text(surface, fonts, line, int(22 * u), pal.accent, at, bold=True).bottom
    if words.solved_before:
        at = (inner.x, y)
        y = blit_text(surface, fonts, _("(solved before)"), int(17 * u), pal.text_dim, at).bottom
    y += int(8 * u)
    button_h, side_by_side = _buttons_height(fonts, inner, words, u)
    bottom = inner.bottom - button_h - int(8 * u)
    said: list[TextPart] = [
        (text, getattr(pal, colour), 19 * u, False) for text, colour in words.paragraphs
    ]
    draw_texts(surface, fonts, pygame.Rect(inner.x, y, inner.width, bottom - y), said, "left")
    if not words.buttons:
        return {}
    return _draw_buttons(surface, fonts, pal, inner, (button_h, side_by_side), words, u)


def _buttons_height(
    fonts: Fonts, inner: pygame.Rect, words: BoxWords, u: float
) -> tuple[int, bool]:
    """How high the buttons are, and whether side by side: so where each label takes
    at most two lines (never a size under the minimum), else one above the other."""
    if not words.buttons:
        return 0, True
    gap, px = int(10 * u), int(17 * u)
    count = len(words.buttons)
    w = (inner.width - gap * (count - 1)) // count
    line = fonts.line_height(px, True)
    if all(len(wrap(fonts, label, px, w - 6, bold=True)) <= 2 for __, label in words.buttons):
        return max(int(40 * u), 2 * line + 6), True
    return count * (line + int(12 * u)) + gap * (count - 1), False


def _draw_buttons(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    inner: pygame.Rect,
    size: tuple[int, bool],
    words: BoxWords,
    u: float,
) -> dict[str, pygame.Rect]:
    """The buttons side by side at the box's foot, or one above the other (`size`: their
    height, and which, from `_buttons_height`)."""
    h, side_by_side = size
    gap, px = int(10 * u), int(17 * u)
    count = len(words.buttons)
    w = (inner.width - gap * (count - 1)) // count
    rects: dict[str, pygame.Rect] = {}
    for i, (name, label) in enumerate(words.buttons):
        if side_by_side:
            rect = pygame.Rect(inner.x + i * (w + gap), inner.bottom - h, w, h)
        else:
            tall = (h - gap) // count
            rect = pygame.Rect(inner.x, inner.bottom - h + i * (tall + gap), inner.width, tall)
        rects[name] = rect
        lit = name == words.lit
        draw_panel(surface, rect, pal, radius=int(8 * u))
        if lit:
            pygame.draw.rect(surface, pal.accent, rect, max(2, int(3 * u)), int(8 * u))
        colour = pal.accent if lit else pal.text
        draw_wrapped(surface, fonts, label, px, colour, rect.inflate(-6, -2), True)
    return rects
