"""Text that comes from outside the program, made safe to show and to keep.

A peer's name or chat line and a save file's headers are written by someone else.
They may hold characters that break whatever shows them: a NUL (which pygame's font
refuses with an exception), a newline or carriage return (which would let a peer
write a line of its own into the headless tools' game record on stdout), an ANSI
escape (which a terminal obeys: a new title, a cleared line), a bidi override (which
makes text read backwards) or a lone surrogate (which cannot be encoded at all).
And a run of combining marks ("Zalgo" text: 200 accents stacked on one letter) costs
the font far more to lay out than any real word: six such chat lines once took 53 ms
of one frame to draw, against 0.9 ms for as many ASCII ones.

`clean_text` is applied once, where such text enters the program: it keeps every
printable character of any script and turns each of those others into a visible
escape such as `\\x00` or `\\u202e`, so the text stays one line, shows what was sent,
and can be printed, drawn and written to a file without surprises. It also keeps at most
`MAX_MARKS` combining marks on any one character and drops the rest: no language the
program speaks needs more (Italian's accents are one, a decomposed Vietnamese letter
two; Korean is written in precomposed syllables and conjoining jamo, which are letters,
not marks).
"""

from __future__ import annotations

import unicodedata

#: Bidirectional controls: they reorder the text drawn after them (an override can make
#: "exe.txt" read as "txt.exe") and never carry meaning in a name or a chat line.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f"  # the Arabic letter mark, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides, and their end
    "\u2066\u2067\u2068\u2069"  # isolates, and their end
)

#: Unicode categories escaped besides the bidi controls: control characters (C0, DEL,
#: C1), lone surrogates, and the line and paragraph separators (a line break in disguise).
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
#: Combining marks kept on one character (the first ones; later ones are dropped).
MAX_MARKS = 2
_MARK_CATEGORIES = frozenset({"Mn", "Me"})


def is_mark(char: str) -> bool:
    """Does `char` combine with the character before it (an accent, a vowel sign, an
    enclosing circle) rather than stand as a character of its own?"""
    return unicodedata.combining(char) != 0 or unicodedata.category(char) in _MARK_CATEGORIES


def _needs_escape(char: str) -> bool:
    return char in BIDI_CONTROLS or unicodedata.category(char) in _ESCAPED_CATEGORIES


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean_text(text: str, max_chars: int | None = None) -> str:
    """`text` as one safe line: controls, surrogates, line separators and bidi controls
    become visible escapes (`"Bob\\x00"` -> `"Bob\\\\x00"`); combining marks past
    `MAX_MARKS` on one character are dropped; everything else is kept. With `max_chars`,
    the result is cut to that many characters, never inside an escape.
    """
    if not isinstance(text, str):
        text = str(text)
    out: list[str] = []
    length = 0
    marks = 0  # combining marks kept on the character so far
    for char in text:
        if is_mark(char):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        piece = _escape(char) if _needs_escape(char) else char
        if max_chars is not None and length + len(piece) > max_chars:
            break
        out.append(piece)
        length += len(piece)
    return "".join(out)


def is_clean(text: str) -> bool:
    """True when `clean_text` would leave `text` as it is (before any cut)."""
    marks = 0
    for char in text:
        if _needs_escape(char):
            return False
        marks = marks + 1 if is_mark(char) else 0
        if marks > MAX_MARKS:
            return False
    return True
