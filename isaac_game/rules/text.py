"""Text that comes from outside the program, made safe to show and to keep.

A peer's name or chat line and a save file's headers are written by someone else.
They may hold characters that break whatever shows them: a NUL (which pygame's font
refuses with an exception), a newline or carriage return (which would let a peer
write a line of its own into the headless tools' game record on stdout), an ANSI
escape (which a terminal obeys: a new title, a cleared line), a bidi override (which
makes text read backwards) or a lone surrogate (which cannot be encoded at all).

`clean_text` is applied once, where such text enters the program: it keeps every
printable character of any script and turns each of those others into a visible
escape such as `\\x00` or `\\u202e`, so the text stays one line, shows what was sent,
and can be printed, drawn and written to a file without surprises.
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


def _needs_escape(char: str) -> bool:
    return char in BIDI_CONTROLS or unicodedata.category(char) in _ESCAPED_CATEGORIES


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean_text(text: str, max_chars: int | None = None) -> str:
    """`text` as one safe line: controls, surrogates, line separators and bidi controls
    become visible escapes (`"Bob\\x00"` -> `"Bob\\\\x00"`); everything else is kept.
    With `max_chars`, the result is cut to that many characters, never inside an escape.
    """
    if not isinstance(text, str):
        text = str(text)
    out: list[str] = []
    length = 0
    for char in text:
        piece = _escape(char) if _needs_escape(char) else char
        if max_chars is not None and length + len(piece) > max_chars:
            break
        out.append(piece)
        length += len(piece)
    return "".join(out)


def is_clean(text: str) -> bool:
    """True when `clean_text` would leave `text` as it is (before any cut)."""
    return not any(_needs_escape(char) for char in text)
