"""Drawing the board, its pieces and counters; a pure function of what it is given.

Where things are on the board, and which player it faces, is `board_geometry.py`'s
(its names are taken from here too, as every painter and input did before).

The board with its pieces is rendered once per position into one opaque surface;
a frame then costs one blit plus whatever moves (ghost, highlights, animations). While
a test records the screen, the board is painted on it directly, so the record holds
every number on the board (`board_print.py`). Highlights and the keys' cursor are drawn
through the board (`highlight_cells`, `frame_cell`), which prints the values under them
again on top: a piece's value stays readable under whatever marks its cells.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable

import pygame

from isaac_game.rules import VALUE, BoardPiece, Player, StackedPiece

from ..text import is_recording
from ..theme import Color, Fonts, Palette, blit_text, shade
from .board_geometry import BoardGeometry, Facing, own_cell, piece_cells, way_word
from .board_print import (
    Printed,
    disc_number,
    disc_radius,
    piece_colours,
    print_number,
    reprint,
    value_rect,
)

#: What the painters take from here: the board, and its geometry's words.
__all__ = ["BoardGeometry", "BoardView", "Facing", "own_cell", "piece_cells", "way_word"]


class BoardView(BoardGeometry):
    """Rendering of a 10 x 10 board inside `rect` (where things are: `BoardGeometry`)."""

    def __init__(self, fonts: Fonts) -> None:
        super().__init__(fonts)
        #: the values the last board drawn printed, worked out when first asked
        self._printing: Callable[[], list[Printed]] = list
        self._printed: list[Printed] | None = None
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._ghosts: dict[tuple, pygame.Surface] = {}

    def release(self) -> None:
        """Let go of the rendered boards now: the scene that shows them is gone.

        Each is the board's size in SDL's memory (1.1 MB at 1280x720, 11 MB at 4K), which
        the cycle collector does not count; and a scene is a web of references that
        only the collector's seldom full pass frees. Left to it, a demo left running
        kept the boards of every game it had played."""
        self._cache.clear()
        self._ghosts.clear()

    # ----- static layers --------------------------------------------------------------

    def _base(self, pal: Palette) -> pygame.Surface:
        key = ("base", pal.name, self.facing)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        surf = (
            pygame.Surface(self.rect.size).convert()
            if pygame.display.get_surface()
            else (pygame.Surface(self.rect.size))
        )
        self._paint_base(surf, surf.get_rect(), pal)
        return self._store(key, surf)

    def _paint_base(self, surf: pygame.Surface, local: pygame.Rect, pal: Palette) -> None:
        """The empty board and its coordinates on `surf`, the board's rect being `local`
        there (a picture of its own, or the screen itself)."""
        surf.fill(pal.background, local)
        radius = max(4, self.cell // 5)
        pygame.draw.rect(surf, pal.board_edge, local, border_radius=radius)
        inner = local.inflate(-max(2, self.margin // 6), -max(2, self.margin // 6))
        pygame.draw.rect(surf, shade(pal.board, 0.9), inner, border_radius=radius)
        grid = self.grid.move(local.x - self.rect.x, local.y - self.rect.y)
        pygame.draw.rect(surf, pal.board, grid)
        line = max(1, self.cell // 40)
        for i in range(11):
            x = grid.x + i * self.cell
            y = grid.y + i * self.cell
            pygame.draw.line(surf, pal.grid, (x, grid.top), (x, grid.bottom - 1), line)
            pygame.draw.line(surf, pal.grid, (grid.left, y), (grid.right - 1, y), line)
        px = max(10, int(self.margin * 0.85))
        half = self.margin // 2
        near, far = pal.dark_label, pal.light_label
        if self.flipped:
            near, far = far, near
        for i in range(10):
            x = grid.x + i * self.cell + self.cell // 2
            y = grid.y + (9 - i) * self.cell + self.cell // 2
            # The facing player: their columns along the bottom, their rows up the left.
            self._label(surf, str(i), px, near, (x, grid.bottom + half))
            self._label(surf, str(i), px, near, (grid.left - half, y))
            # The other: their own numbers (9 - c, 9 - r) along the top and the right.
            self._label(surf, str(9 - i), px, far, (x, grid.top - half))
            self._label(surf, str(9 - i), px, far, (grid.right + half, y))

    def _label(self, surf, text, px, color, center) -> None:
        """A coordinate, in its margin: the margin's square round `center` is its box."""
        box = pygame.Rect(0, 0, self.margin, self.margin)
        box.center = center
        blit_text(surf, self.fonts, text, px, color, center, "center", True, box)

    def _store(self, key: tuple, surf: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surf
        while len(self._cache) > 12:
            self._cache.popitem(last=False)
        return surf

    def draw_board(
        self,
        surface: pygame.Surface,
        pal: Palette,
        pieces: Iterable[BoardPiece],
        dimmed: frozenset[int] = frozenset(),
        outlined: frozenset[int] = frozenset(),
        clear_of: tuple[pygame.Rect, ...] = (),
    ) -> None:
        """The board with its pieces in its place on `surface` (`board_surface`); while
        a test records `surface`, painted there directly, so the record holds each
        number on it. The values printed are kept for `keep_values`."""
        pieces = tuple(pieces)
        if is_recording(surface):
            self._paint_base(surface, self.rect, pal)
            self._paint_pieces(surface, (0, 0), pal, pieces, dimmed, outlined, clear_of)
        else:
            surface.blit(self.board_surface(pal, pieces, dimmed, outlined, clear_of), self.rect)
        self.printing(lambda: [self.value_of(pal, p, p.anchor in dimmed, clear_of) for p in pieces])

    def printing(self, values: Callable[[], list[Printed]]) -> None:
        """The board just drawn printed `values()` (asked only if something is drawn
        over it: most frames draw no highlight)."""
        self._printing, self._printed = values, None

    @property
    def printed(self) -> list[Printed]:
        """The values the last board drawn printed, where they are on the screen."""
        if self._printed is None:
            self._printed = self._printing()
        return self._printed

    def board_surface(
        self,
        pal: Palette,
        pieces: Iterable[BoardPiece],
        dimmed: frozenset[int] = frozenset(),
        outlined: frozenset[int] = frozenset(),
        clear_of: tuple[pygame.Rect, ...] = (),
    ) -> pygame.Surface:
        """Board plus pieces (anchors in `dimmed` faded, in `outlined` ringed, values
        clear of the counters' discs `clear_of`), cached."""
        pieces = tuple(pieces)
        key = (
            "pieces",
            pal.name,
            self.facing,
            tuple((p.owner, p.length, p.direction, p.anchor) for p in pieces),
            dimmed,
            outlined,
            tuple(tuple(r) for r in clear_of),
        )
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self._base(pal).copy()
        offset = (-self.rect.x, -self.rect.y)
        self._paint_pieces(surf, offset, pal, pieces, dimmed, outlined, clear_of)
        return self._store(key, surf)

    def _paint_pieces(
        self,
        surf: pygame.Surface,
        offset: tuple[int, int],
        pal: Palette,
        pieces: tuple[BoardPiece, ...],
        dimmed: frozenset[int],
        outlined: frozenset[int],
        clear_of: tuple[pygame.Rect, ...],
    ) -> None:
        """The pieces on `surf`, whose pixel (0, 0) is the screen's `-offset`."""
        for p in pieces:
            rect = self.span_rect(p.cells).move(offset)
            value = self.value_of(pal, p, p.anchor in dimmed, clear_of).moved(*offset)
            self.draw_piece(surf, rect, p.owner, p.length, pal, p.anchor in dimmed, value)
            if p.anchor in outlined:
                width = max(2, self.cell // 14)
                pygame.draw.rect(
                    surf, pal.highlight, rect.inflate(-2, -2), width, border_radius=self.cell // 5
                )

    def value_of(
        self,
        pal: Palette,
        piece: BoardPiece | StackedPiece,
        dim: bool,
        clear_of: tuple[pygame.Rect, ...] = (),
        lying: pygame.Rect | None = None,
    ) -> Printed:
        """`piece`'s value as printed on the screen: mid-piece, or off the counters
        (`lying`: where the piece is drawn, if not flat on its cells)."""
        body = self.piece_body(self.span_rect(piece.cells) if lying is None else lying)
        text, px = str(VALUE[piece.length]), self.value_px()
        cells = [self.cell_rect(c) for c in piece.cells]
        ink = piece_colours(pal, piece.owner, dim)[2]
        return Printed(text, px, ink, value_rect(self.fonts, text, px, body, cells, clear_of), body)

    # ----- drawn over the board: the values under it stay readable ------------------------

    def keep_values(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """What was just drawn over `area` of the board leaves the values in it readable:
        their part there is printed again on top."""
        reprint(surface, self.fonts, self.printed, area)

    def highlight_cells(
        self, surface: pygame.Surface, cells: Iterable[int], color: Color, alpha: int, edge: int = 0
    ) -> None:
        """`cells` tinted see-through (`edge`: framed that wide), the values on them
        printed again over the tint."""
        tint = self.cell_tint(color, alpha)
        for cell in cells:
            rect = self.cell_rect(cell)
            surface.blit(tint, rect)
            if edge:
                pygame.draw.rect(surface, color, rect, edge)
            self.keep_values(surface, rect)

    def frame_cell(self, surface: pygame.Surface, cell: int, color: Color) -> None:
        """The keys' cursor: a frame round `cell`, the value it crosses printed again
        over it (a piece's value can sit on a cell's edge: the 2 and the 4 have an even
        number of cells)."""
        self.frame(surface, self.cell_rect(cell), color)

    def frame(self, surface: pygame.Surface, rect: pygame.Rect, color: Color) -> None:
        """A cursor's frame round `rect`, the values it crosses printed again over it."""
        width = max(2, self.cell // 16)
        pygame.draw.rect(surface, color, rect, width)
        for x, y, w, h in (
            (rect.x, rect.y, rect.width, width),
            (rect.x, rect.bottom - width, rect.width, width),
            (rect.x, rect.y, width, rect.height),
            (rect.right - width, rect.y, width, rect.height),
        ):
            self.keep_values(surface, pygame.Rect(x, y, w, h))

    # ----- pieces and counters -----------------------------------------------------

    def piece_body(self, rect: pygame.Rect) -> pygame.Rect:
        """The body of a piece lying on `rect` (its cells): a little inside them."""
        inset = max(2, self.cell // 9)
        return rect.inflate(-inset * 2, -inset * 2)

    def value_px(self) -> int:
        """The size a piece's value is asked at."""
        return max(10, int(self.cell * 0.55))

    def draw_piece(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        owner: Player,
        length: int,
        pal: Palette,
        dim: bool = False,
        value: Printed | None = None,
    ) -> None:
        """A piece on `rect` with its value (`value`: where the board prints it, else
        mid-piece)."""
        inset = max(2, self.cell // 9)
        body = self.piece_body(rect)
        fill, edge, ink = piece_colours(pal, owner, dim)
        radius = max(3, body.width // 4 if body.width < body.height else body.height // 4)
        shadow = body.move(max(1, inset // 2), max(1, inset // 2))
        pygame.draw.rect(surface, shade(pal.board, 0.6), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, max(1, self.cell // 22), border_radius=radius)
        if value is None:
            text, px = str(VALUE[length]), self.value_px()
            place = self.fonts.render(text, px, ink, True).get_rect(center=body.center)
            value = Printed(text, px, ink, place, body)
        print_number(surface, self.fonts, value)
        if dim:  # blocked: a diagonal hatch says "not now" without relying on colour
            step = max(6, self.cell // 4)
            clip = surface.get_clip()
            surface.set_clip(body)
            for x in range(body.left - body.height, body.right, step):
                pygame.draw.line(surface, edge, (x, body.bottom), (x + body.height, body.top), 1)
            surface.set_clip(clip)

    def draw_counter(
        self,
        surface: pygame.Surface,
        center: tuple[int, int],
        owner: Player,
        score: int,
        pal: Palette,
        scale: float = 1.0,
    ) -> None:
        text, px = str(score), self.counter_px(scale)
        radius = disc_radius(self.fonts, text, px, int(self.cell * 0.34 * scale))
        dark = owner == Player.DARK
        fill = pal.dark_piece if dark else pal.light_piece
        ring = pal.accent if dark else pal.target
        pygame.draw.circle(surface, (0, 0, 0), (center[0] + 2, center[1] + 3), radius)
        pygame.draw.circle(surface, fill, center, radius)
        pygame.draw.circle(surface, ring, center, radius, max(2, radius // 5))
        ink = pal.dark_text if dark else pal.light_text
        disc_number(surface, self.fonts, text, px, ink, center, radius)

    def counter_px(self, scale: float = 1.0) -> int:
        """The size a counter's score is asked at."""
        return max(9, int(int(self.cell * 0.34 * scale) * 1.05))

    def counter_discs(
        self, counters: Iterable[tuple[Player, int, tuple[int, int]]]
    ) -> tuple[pygame.Rect, ...]:
        """The squares the `counters` (`counters`) cover, their shadows too: what the
        pieces' values keep clear of."""
        discs = []
        for _player, score, (x, y) in counters:
            r = disc_radius(self.fonts, str(score), self.counter_px(), int(self.cell * 0.34))
            discs.append(pygame.Rect(x - r, y - r, 2 * r + 2, 2 * r + 3))
        return tuple(discs)

    def mark_move(
        self,
        surface: pygame.Surface,
        color: tuple[int, int, int],
        put: Iterable[int] = (),
        left: Iterable[int] = (),
        snug: bool = True,
    ) -> None:
        """A move's marks, the same in every game: the cells a piece went to (`put`)
        outlined as one piece, the cells a piece left (`left`) each ringed small.
        `snug`: the outline sits just inside the piece's edge (on the board in play),
        else on it (the replay's)."""
        width = max(3, self.cell // 12)
        for cell in left:
            ring = self.cell_rect(cell).inflate(-self.cell // 3, -self.cell // 3)
            pygame.draw.rect(surface, color, ring, max(2, width // 2), self.cell // 6)
        cells = tuple(put)
        if cells:
            rect = self.span_rect(cells)
            if snug:
                rect = rect.inflate(-2, -2)
            pygame.draw.rect(surface, color, rect, width, border_radius=self.cell // 5)

    def ghost(self, length: int, direction: str, color: tuple[int, int, int]) -> pygame.Surface:
        key = (length, direction, color)
        surf = self._ghosts.get(key)
        if surf is None:
            w = self.cell * (length if direction == "h" else 1)
            h = self.cell * (length if direction == "v" else 1)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            inset = max(2, self.cell // 9)
            body = surf.get_rect().inflate(-inset * 2, -inset * 2)
            pygame.draw.rect(surf, (*color, 110), body, border_radius=max(3, self.cell // 5))
            pygame.draw.rect(
                surf,
                (*color, 230),
                body,
                max(2, self.cell // 14),
                border_radius=max(3, self.cell // 5),
            )
            self._ghosts[key] = surf
        return surf

    def cell_tint(self, color: tuple[int, int, int], alpha: int) -> pygame.Surface:
        key = ("tint", color, alpha)
        surf = self._ghosts.get(key)
        if surf is None:
            surf = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            surf.fill((*color, alpha))
            self._ghosts[key] = surf
        return surf
