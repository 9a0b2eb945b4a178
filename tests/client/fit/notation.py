"""Notation in text a player reads: what the words check looks for (docs/rules.md 4:
`5v04`, `x04-30`, `s23+2`, `d5`, and the two-digit cells they name). Notation is for
records (saved files, the record view), never for the screens a player plays on."""

from __future__ import annotations

import re

NOTATION = re.compile(
    r"\b[3-7][hv]\d\d(@\d+)?\b"  # a placement: 5v04, 4h23@2
    r"|\bx\d\d-\d+\b"  # a removal: x04-30
    r"|\bs\d\d[+-](\d+|x)\b"  # a slide: s23+2, s23-x
    r"|\bd[3-7]\b"  # a discard: d5
    r"|\bcells? \d\d\b"  # a cell by its two digits: cell 34
    r"|(?<![\d-])\d\d-\d\d(?![\d-])"  # cells from one to another: 00-06 (not a date)
)


def notation_in(text: str) -> str | None:
    """The first piece of notation in `text`, if any."""
    found = NOTATION.search(text)
    return found.group(0) if found else None
