"""The 10 x 10 board as a Python int, and every piece's footprint precomputed.

Bit layout: cell `(r, c)` is bit `r * 11 + c`. Column 10 of each row is a guard
bit that is never "empty", so a horizontal run stops at the row's end by itself
and shifting never wraps into the next row; vertical runs stop at row 10, which
does not exist. With that, "every anchor where a length-L piece fits" is a handful
of shifts and ANDs (see `fit_masks`), which is what makes random playouts fast.
"""

from __future__ import annotations

from typing import NamedTuple

from .common import LENGTHS, VALUE

STRIDE = 11
#: Every board cell set: the empty board.
ALL_CELLS = sum(1 << (r * STRIDE + c) for r in range(10) for c in range(10))

#: cell (r * 10 + c) -> bit index, and back (-1 for guard bits).
CELL_TO_BIT: tuple[int, ...] = tuple((cell // 10) * STRIDE + cell % 10 for cell in range(100))
BIT_TO_CELL: tuple[int, ...] = tuple(
    (b // STRIDE) * 10 + b % STRIDE if b % STRIDE < 10 and b // STRIDE < 10 else -1
    for b in range(STRIDE * 11)
)


#: cell -> its bitboard (one bit set).
CELL_MASK: tuple[int, ...] = tuple(1 << bit for bit in CELL_TO_BIT)


def cell_bit(cell: int) -> int:
    return CELL_MASK[cell]


def kind_of(length: int, direction: str) -> int:
    """A piece's kind, 0-9: (length - 3) * 2, plus 1 when it lies vertically. A shape
    id is kind * 100 + anchor, and `fit_kinds` lists its masks by kind."""
    return (length - 3) * 2 + (direction == "v")


def fit_kinds(empty: int) -> tuple[int, ...]:
    """For each kind (see `kind_of`), the bitboard of anchors where such a piece fits
    in the `empty` cells: the arithmetic every game's move generation rests on."""
    h2 = empty & (empty >> 1)
    h4 = h2 & (h2 >> 2)
    v2 = empty & (empty >> 11)
    v4 = v2 & (v2 >> 22)
    h3 = h2 & (empty >> 2)
    v3 = v2 & (empty >> 22)
    return (
        h3,
        v3,
        h4,
        v4,
        h4 & (empty >> 4),
        v4 & (empty >> 44),
        h4 & (h2 >> 4),
        v4 & (v2 >> 44),
        h4 & (h3 >> 4),
        v4 & (v3 >> 44),
    )


def fit_masks(empty: int) -> dict[int, tuple[int, int]]:
    """For each length, (horizontal, vertical) bitboards of anchors where it fits."""
    f = fit_kinds(empty)
    return {3: (f[0], f[1]), 4: (f[2], f[3]), 5: (f[4], f[5]), 6: (f[6], f[7]), 7: (f[8], f[9])}


def mask_cells(mask: int) -> list[int]:
    """The cells (r * 10 + c) of a bitboard, lowest bit first: e.g. the anchors of a
    `fit_masks` mask. Guard bits are never set in a board mask, so none is skipped."""
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_TO_CELL[low.bit_length() - 1])
        mask ^= low
    return out


class PieceShape(NamedTuple):
    """One piece of one length, lying one way, at one anchor: everything derivable."""

    length: int
    direction: str
    anchor: int  # cell r * 10 + c
    value: int
    mask: int  # its cells as a bitboard
    cells: tuple[int, ...]
    line: int  # the line it scores on: row r -> r, column c -> 10 + c
    lines: tuple[int, ...]  # every line (rows 0-9, columns 10-19) it has a cell on


def shape_id(length: int, direction: str, anchor: int) -> int:
    """A dense index into SHAPES for a piece shape: kind * 100 + anchor."""
    return kind_of(length, direction) * 100 + anchor


def _make_shape(length: int, direction: str, anchor: int) -> PieceShape | None:
    r, c = divmod(anchor, 10)
    if direction == "h":
        if c + length > 10:
            return None
        cells = tuple(anchor + i for i in range(length))
        lines = (r, *(10 + c + i for i in range(length)))
        line = r
    else:
        if r + length > 10:
            return None
        cells = tuple(anchor + 10 * i for i in range(length))
        lines = (10 + c, *(r + i for i in range(length)))
        line = 10 + c
    mask = sum(cell_bit(x) for x in cells)
    return PieceShape(length, direction, anchor, VALUE[length], mask, cells, line, lines)


#: shape_id -> PieceShape (None where the piece would leave the board).
SHAPES: tuple[PieceShape | None, ...] = tuple(
    _make_shape(length, direction, anchor)
    for length in LENGTHS
    for direction in ("h", "v")
    for anchor in range(100)
)

#: For a counter on cell x: the two lines (row, column) it stands on.
CELL_LINES: tuple[tuple[int, int], ...] = tuple((x // 10, 10 + x % 10) for x in range(100))
#: The same as two tables, a cell's row line (0-9) and its column line (10-19).
CELL_ROW: tuple[int, ...] = tuple(row for row, _column in CELL_LINES)
CELL_COL: tuple[int, ...] = tuple(column for _row, column in CELL_LINES)

# The same facts as flat tables indexed by shape id (0 or () where SHAPES has None), for
# the fast cores' and the searches' inner loops, where reading a named tuple's field
# costs more than the work around it. Defined here once, so nothing copies them.
S_LEN: tuple[int, ...] = tuple(s.length if s else 0 for s in SHAPES)
S_VAL: tuple[int, ...] = tuple(s.value if s else 0 for s in SHAPES)
S_MASK: tuple[int, ...] = tuple(s.mask if s else 0 for s in SHAPES)
S_LINE: tuple[int, ...] = tuple(s.line if s else 0 for s in SHAPES)
S_LINES: tuple[tuple[int, ...], ...] = tuple(s.lines if s else () for s in SHAPES)
S_ANCHOR: tuple[int, ...] = tuple(s.anchor if s else 0 for s in SHAPES)
S_CELLS: tuple[tuple[int, ...], ...] = tuple(s.cells if s else () for s in SHAPES)
S_DIR: tuple[str, ...] = tuple(s.direction if s else "" for s in SHAPES)


def cell_map(owned: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[int, tuple[int, int]]:
    """cell -> (owner index, shape id) for each side's pieces on a one-level board."""
    return {
        cell: (owner, sid)
        for owner in (0, 1)
        for sid in owned[owner]
        for cell in SHAPES[sid].cells  # type: ignore[union-attr]
    }
