"""Drawing never raises, whatever the string: one bad name must not take the window down."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isaac_game.client.theme import Fonts, blit_text, wrap

any_text = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF))
planted = st.sampled_from(["Bob\x00", "hi\x00", "\ud800", "\x1b]0;x\x07", "\u202eabc", "\xad"])


@pytest.fixture(scope="module")
def fonts():
    """Other client tests quit pygame when they end: start its fonts for this module."""
    pygame.font.init()
    return Fonts()


@settings(max_examples=300, deadline=None)
@given(text=any_text | planted)
def test_any_string_is_drawn_measured_and_wrapped(fonts, text):
    surface = pygame.Surface((400, 200))
    rect = blit_text(surface, fonts, text, 20, (255, 255, 255), (10, 10))
    assert rect.height > 0
    assert fonts.size(text, 20)[1] > 0
    assert wrap(fonts, text, 20, 300)


def test_a_nul_is_drawn_as_a_visible_escape_and_a_huge_string_is_cut(fonts):
    assert fonts.size("Bob\x00", 20)[0] == fonts.size("Bob\\x00", 20)[0]
    assert fonts.render("x" * 200_000, 20, (0, 0, 0)).get_width() < 50_000
