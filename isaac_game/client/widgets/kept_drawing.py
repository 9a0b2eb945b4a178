"""Drawings kept as pictures: a part of the screen that looks the same frame after
frame (a player's panel while nobody moves) is drawn once onto a picture of its own,
and each frame copies the picture.

Why: a panel is a few dozen rounded rectangles and lines of text, about half of what a
frame costs at 1920x1080; copying one picture costs a fraction of that, so the window
keeps its frame rate on a slow machine while the computer thinks beside it.

The picture has no alpha: what the drawing leaves untouched is one key colour, which the
copy skips (`set_colorkey`), so rounded corners show what lies under them, and every
pixel drawn is the pixel drawing it directly would give (the shapes are not
anti-aliased, and text is blended onto the opaque panel under it either way).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

from isaac_game.i18n import language

from ..text import is_recording

Result = TypeVar("Result")

#: What a picture's untouched pixels hold: no palette draws this colour.
KEY_COLOUR = (255, 0, 254)
#: How many pictures are kept (two panels, a few states each): each is a panel's size.
MOST_KEPT = 6

_kept: OrderedDict[Hashable, tuple[pygame.Surface, Any]] = OrderedDict()


def draw_kept(
    surface: pygame.Surface,
    rect: pygame.Rect,
    key: Hashable,
    draw: Callable[[pygame.Surface, pygame.Rect], Result],
) -> Result:
    """Draw `draw(target, where)` at `rect` on `surface`, from a kept picture when the
    same `key` drew it before at that size; returns what `draw` returned, as if drawn at
    `rect` (its rectangles are moved there).

    `key` must hold all that the drawing shows (the words already translated may be in
    it: the language is added here). While a test records what is drawn, everything is
    drawn directly, so the record sees each text and box.
    """
    if is_recording(surface):
        return draw(surface, rect)
    full_key = (key, rect.size, language(), surface.get_bitsize())
    kept = _kept.get(full_key)
    if kept is None:
        picture = pygame.Surface(rect.size, 0, surface)
        picture.fill(KEY_COLOUR)
        drawn = draw(picture, pygame.Rect((0, 0), rect.size))
        picture.set_colorkey(KEY_COLOUR, pygame.RLEACCEL)
        kept = (picture, drawn)
        _kept[full_key] = kept
        while len(_kept) > MOST_KEPT:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(full_key)
    surface.blit(kept[0], rect)
    return _moved(kept[1], rect.topleft)


def _moved(result: Any, offset: tuple[int, int]) -> Any:
    """`result` with its rectangles moved by `offset` (a rect, or a dict of them)."""
    if isinstance(result, pygame.Rect):
        return result.move(offset)
    if isinstance(result, dict):
        return {name: _moved(value, offset) for name, value in result.items()}
    return result
