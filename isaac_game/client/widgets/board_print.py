"""The numbers printed on a board: a piece's value, a counter's score, a level's badge.

They are text like any other, so they go through the client's text drawing
(`blit_text`), each with the box it must stay inside (its piece, its disc): the text-fit
test then judges them as it judges every text on screen, and a board too small to carry
a number readably fails it. A piece's value moves along its piece, off a counter that
stands on its middle (`value_rect`), and the board keeps the values it printed last
(`Printed`), so that what is drawn over the board afterwards (a highlight, the keys'
cursor) can print them again on top (`reprint`): the value under a highlight still reads.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from isaac_game.rules import Player

from ..theme import Color, Fonts, Palette, blit_text, rgb


@dataclass(frozen=True)
class Printed:
    """A number printed on the board: what, at what size and colour, and where on the
    screen (`rect`: the text's own rect; `box`: the piece it belongs to)."""

    text: str
    px: int
    ink: Color
    rect: pygame.Rect
    box: pygame.Rect

    def moved(self, dx: int, dy: int) -> Printed:
        return Printed(self.text, self.px, self.ink, self.rect.move(dx, dy), self.box.move(dx, dy))


def piece_colours(pal: Palette, owner: Player, dim: bool) -> tuple[Color, Color, Color]:
    """(fill, edge, ink) of `owner`'s piece; `dim`: faded into the board (blocked)."""
    dark = owner == Player.DARK
    fill = pal.dark_piece if dark else pal.light_piece
    edge = pal.dark_edge if dark else pal.light_edge
    ink = pal.dark_text if dark else pal.light_text
    if dim:
        fill = rgb((a * 2 + b) // 3 for a, b in zip(fill, pal.board, strict=True))
        ink = rgb((a + b) // 2 for a, b in zip(ink, fill, strict=True))
    return fill, edge, ink


def value_rect(
    fonts: Fonts,
    text: str,
    px: int,
    body: pygame.Rect,
    cells: Sequence[pygame.Rect],
    clear_of: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where a piece's value goes: the middle of its `body`, else the middle of the cell
    of it nearest there that keeps the number off every rect of `clear_of` (the
    counters' discs: a counter on the piece's middle would hide its value)."""
    rect = fonts.render(text, px, (0, 0, 0), True).get_rect(center=body.center)
    if not clear_of:
        return rect
    middles = sorted(
        (c.center for c in cells),
        key=lambda p: math.dist(p, body.center),
    )
    for spot in (body.center, *middles):
        rect.center = spot
        if rect.collidelist(list(clear_of)) < 0:
            return rect
    rect.center = body.center
    return rect


def print_number(surface: pygame.Surface, fonts: Fonts, number: Printed) -> None:
    """`number` on `surface` through the client's text drawing (the record sees it)."""
    at = number.rect.center
    blit_text(surface, fonts, number.text, number.px, number.ink, at, "center", True, number.box)


def uncovered(numbers: Iterable[Printed], bodies: Sequence[pygame.Rect]) -> list[Printed]:
    """The numbers no later piece lies over: `bodies[i]` is the body drawn after the
    i-th number's own (a stack's higher levels); a covered value is not printed again."""
    numbers = list(numbers)
    return [n for i, n in enumerate(numbers) if n.rect.collidelist(list(bodies[i + 1 :])) < 0]


def reprint(
    surface: pygame.Surface, fonts: Fonts, numbers: Iterable[Printed], area: pygame.Rect
) -> None:
    """Print again, over what was just drawn on `area`, the part of each number in it.

    The number is already in the record, where the board printed it: this copies the
    same text onto the same place, so it is not recorded twice."""
    clip = surface.get_clip()
    for number in numbers:
        if not number.rect.colliderect(area):
            continue
        surface.set_clip(area.clip(clip))
        image = fonts.render(number.text, number.px, number.ink, True)
        surface.blit(image, number.rect)
    surface.set_clip(clip)


def disc_number(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    px: int,
    ink: Color,
    center: tuple[int, int],
    radius: int,
) -> None:
    """A number in the middle of a disc of `radius` (its box: the disc's square)."""
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = center
    blit_text(surface, fonts, text, px, ink, center, "center", True, disc)


def disc_radius(fonts: Fonts, text: str, px: int, radius: int) -> int:
    """`radius`, or more when the number it holds needs it: a disc at least as high as
    the number's line, so a small board's counter still holds a readable score."""
    return max(radius, (fonts.size(text, px, True)[1] + 1) // 2)
