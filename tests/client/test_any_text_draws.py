"""Drawing never raises, whatever the string: one bad name must not take the window down."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.client.theme import Fonts, blit_text, wrap

any_text = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF))
pygame.font.init()
FONTS = Fonts()


@settings(max_examples=300, deadline=None)
@given(any_text | st.sampled_from(["Bob\x00", "hi\x00", "\ud800", "\x1b]0;x\x07", "\u202eabc"]))
def test_any_string_is_drawn_measured_and_wrapped(text):
    surface = pygame.Surface((400, 200))
    rect = blit_text(surface, FONTS, text, 20, (255, 255, 255), (10, 10))
    assert rect.height > 0
    assert FONTS.size(text, 20)[1] > 0
    assert wrap(FONTS, text, 20, 300)


def test_a_nul_is_drawn_as_a_visible_escape_and_a_huge_string_is_cut():
    width_with_escape = FONTS.size("Bob\x00", 20)[0]
    assert width_with_escape == FONTS.size("Bob\\x00", 20)[0]
    assert FONTS.render("x" * 200_000, 20, (0, 0, 0)).get_width() < 50_000
