"""The shipped font draws every character the window can show: each character of every
source string and translation, the languages' own names, every key of the on-screen
keyboard, and every Hangul syllable (a Korean name or chat line from a peer). pygame has
no font fallback, so a missing glyph would be a box."""

from __future__ import annotations

import pygame
import pytest
from fontTools.ttLib import TTFont

from isaac_game import i18n
from isaac_game.client.fonts import FACE_PATH, Fonts
from isaac_game.client.scenes.keyboard import ROWS
from tests.i18n.test_catalogues import TRANSLATED, catalogue


@pytest.fixture(scope="module")
def cmap() -> dict[int, str]:
    return TTFont(str(FACE_PATH)).getBestCmap()


def drawn_characters(text: str) -> set[str]:
    return {c for c in text if c.isprintable() and not c.isspace()}


def test_every_hangul_syllable_has_a_glyph(cmap):
    missing = [hex(c) for c in range(0xAC00, 0xD7A4) if c not in cmap]
    assert not missing, f"{len(missing)} syllables missing, from {missing[0]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_character_of_a_catalogue_has_a_glyph(cmap, code):
    needed: set[str] = set()
    for message in catalogue(code):
        for text in (message.id, message.string):
            for one in text if isinstance(text, tuple) else (text,):
                needed |= drawn_characters(one or "")
    missing = sorted(c for c in needed if ord(c) not in cmap)
    assert not missing, f"no glyph for {missing} (run assets/make_font.py)"


def test_the_languages_names_and_the_keyboard_have_glyphs(cmap):
    needed = drawn_characters("".join(i18n.LANGUAGES.values()))
    for row in ROWS:
        needed |= drawn_characters(row + row.upper())
    missing = sorted(c for c in needed if ord(c) not in cmap)
    assert not missing


def test_pygame_draws_hangul_with_the_shipped_font():
    """The font the window draws with is the shipped one: two Hangul syllables are two
    different pictures, not the same box of a font without them."""
    pygame.font.init()
    fonts = Fonts()
    assert all(m is not None for m in fonts.font(40).metrics("한국어 Italiano àèéìòù"))

    def picture(text: str) -> bytes:
        return pygame.image.tobytes(fonts.render(text, 40, (255, 255, 255)), "RGBA")

    assert picture("가") != picture("각") != picture("갂")
