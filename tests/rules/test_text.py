"""Text from outside the program (peer names, chat, save headers) made safe to show."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from isaac_game.rules import clean_text
from isaac_game.rules.text import BIDI_CONTROLS, is_clean

any_text = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF))


def test_a_nul_a_newline_and_an_escape_sequence_become_visible_escapes():
    assert clean_text("Bob\x00") == "Bob\\x00"
    forged = clean_text("x\nresult: dark 0 - light 99\x1b[2K")
    assert forged == "x\\x0aresult: dark 0 - light 99\\x1b[2K"
    assert clean_text("\x1b]0;owned\x07") == "\\x1b]0;owned\\x07"


def test_bidi_overrides_and_separators_are_escaped_but_any_script_is_kept():
    assert clean_text("abc\u202egpj.exe") == "abc\\u202egpj.exe"
    assert clean_text("a\u2028b") == "a\\u2028b"
    for name in ("Anna", "Zoë", "김민준", "Ἀλέξανδρος", "محمد", "🙂 ok"):
        assert clean_text(name) == name


def test_a_cut_never_splits_an_escape():
    assert clean_text("ab\x00cd", max_chars=4) == "ab"
    assert clean_text("ab\x00cd", max_chars=6) == "ab\\x00"


@given(any_text)
def test_cleaned_text_is_one_printable_line_that_encodes(text):
    cleaned = clean_text(text)
    cleaned.encode("utf-8")  # no lone surrogate survives
    assert cleaned.splitlines() in ([], [cleaned])
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in cleaned)
    assert not any(c in BIDI_CONTROLS for c in cleaned)
    assert is_clean(cleaned)
    assert clean_text(cleaned) == cleaned  # cleaning twice changes nothing


@given(any_text, st.integers(min_value=0, max_value=40))
def test_a_cut_keeps_to_its_length(text, most):
    assert len(clean_text(text, max_chars=most)) <= most
