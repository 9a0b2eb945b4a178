"""Text from outside the program (peer names, chat, save headers) made safe to show."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from isaac_game.rules import clean_text
from isaac_game.rules.text import BIDI_CONTROLS, MAX_MARKS, is_clean, is_mark

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


def most_marks_on_one_character(text: str) -> int:
    """The longest run of combining marks in `text` (the marks on one character)."""
    most = run = 0
    for char in text:
        run = run + 1 if is_mark(char) else 0
        most = max(most, run)
    return most


def test_a_chat_line_of_200_combining_marks_keeps_at_most_two_on_a_character():
    """Stacked marks cost the font dozens of milliseconds a frame to lay out; no real
    word stacks more than two, so the rest are dropped where the text comes in."""
    assert MAX_MARKS == 2
    zalgo = "\u0301" * 200
    assert clean_text(zalgo) == "\u0301\u0301"  # no base character: two marks in all
    assert clean_text("a" + zalgo + "b" + "\u20dd" * 9) == "a\u0301\u0301b\u20dd\u20dd"
    mixed = "".join(base + "\u0300\u0316\u0489\u0301" * 50 for base in "hello")
    cleaned = clean_text(mixed)
    assert most_marks_on_one_character(cleaned) == MAX_MARKS
    assert [c for c in cleaned if not is_mark(c)] == list("hello")
    assert not is_clean(mixed) and is_clean(cleaned) and clean_text(cleaned) == cleaned


def test_korean_italian_and_vietnamese_text_loses_no_mark():
    """Hangul syllables and conjoining jamo are letters, not marks; a decomposed
    accent (NFD, as some keyboards send it) is one mark, a Vietnamese letter two."""
    for text in ("김민준 잘했어요", "perché è così", "Việt Nam", "Ἀλέξανδρος"):
        for form in ("NFC", "NFD"):
            shown = unicodedata.normalize(form, text)
            assert clean_text(shown) == shown
    jamo = unicodedata.normalize("NFD", "한국어")  # conjoining jamo, three to a syllable
    assert len(jamo) == 8 and not any(is_mark(c) for c in jamo)
    assert clean_text(jamo) == jamo


@given(any_text)
def test_cleaned_text_is_one_printable_line_that_encodes(text):
    cleaned = clean_text(text)
    cleaned.encode("utf-8")  # no lone surrogate survives
    assert cleaned.splitlines() in ([], [cleaned])
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in cleaned)
    assert not any(c in BIDI_CONTROLS for c in cleaned)
    assert most_marks_on_one_character(cleaned) <= MAX_MARKS
    assert is_clean(cleaned)
    assert clean_text(cleaned) == cleaned  # cleaning twice changes nothing


@given(any_text, st.integers(min_value=0, max_value=40))
def test_a_cut_keeps_to_its_length(text, most):
    assert len(clean_text(text, max_chars=most)) <= most
