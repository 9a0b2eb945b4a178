"""What the text-fit test finds wrong on one drawn screen (see `misfits`).

It reads the record the client's text drawing keeps (`theme.recording`): every text
with its rect, its line height and the box it was drawn in, every panel and button,
and where an overlay's veil began. It needs nothing of the screen it judges, so a
language is only a parameter of whoever draws the screens.
"""

from __future__ import annotations

import pygame

from isaac_game.client.theme import DrawLog, DrawnBox, DrawnText, min_text_height

#: A text's rect may poke this many pixels past its box (a glyph's side bearing).
SLACK = 2


def _tight(rect: pygame.Rect) -> pygame.Rect:
    """The rect a text's pixels can reach, less the slack its surface leaves round them."""
    return rect.inflate(-2 * SLACK, -2 * SLACK)


def _home(text: DrawnText, boxes: list[DrawnBox]) -> DrawnBox | None:
    """The box a text was drawn in: the last drawn before it under its centre."""
    under = [b for b in boxes if b.order < text.order and b.rect.collidepoint(text.rect.center)]
    return under[-1] if under else None


def _covered(text: DrawnText, log: DrawLog) -> bool:
    """Is the text under a box drawn over it on purpose (a list opened over a panel)?"""
    return any(c.order > text.order and c.rect.colliderect(text.rect) for c in log.covers)


def _name(text: DrawnText) -> str:
    shown = text.text if len(text.text) <= 60 else text.text[:57] + "..."
    return f"{shown!r} at {tuple(text.rect)}"


def misfits(log: DrawLog, size: tuple[int, int]) -> list[str]:
    """Every text drawn smaller than the window's minimum, cut off, outside its box
    or the window, over a panel or button it does not belong to, or over another
    text. Under an overlay's veil only the size counts: the overlay is what is read."""
    least = min_text_height(size)
    window = pygame.Rect((0, 0), size)
    found: list[str] = []
    for text in log.texts:
        if text.height < least:
            found.append(f"{_name(text)} is {text.height} px high, under {least}")
    texts = [t for t in log.texts if t.order > log.veiled_at and not _covered(t, log)]
    boxes = [b for b in log.boxes if b.order > log.veiled_at]
    for text in texts:
        tight = _tight(text.rect)
        if not window.contains(tight):
            found.append(f"{_name(text)} runs out of the window")
        if not text.clip.contains(tight):
            found.append(f"{_name(text)} is cut off at {tuple(text.clip)}")
        home = _home(text, boxes)
        box = text.box if text.box is not None else (home.rect if home is not None else None)
        if box is not None and not box.contains(tight):
            found.append(f"{_name(text)} runs out of its box {tuple(box)}")
        since = home.order if home is not None else 0
        for other in boxes:
            if other is not home and other.order > since and other.rect.colliderect(tight):
                found.append(f"{_name(text)} runs over the box at {tuple(other.rect)}")
                break
    for i, text in enumerate(texts):
        tight = _tight(text.rect)
        for other in texts[i + 1 :]:
            if tight.colliderect(_tight(other.rect)):
                found.append(f"{_name(text)} and {_name(other)} overlap")
    return found
