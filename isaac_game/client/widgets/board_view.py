"""Drawing the board, its pieces and counters; a pure function of what it is given.

The board faces one player (`facing`, given to `place` as python-chess's `svg.board`
is given `flipped`), as the box's board faces whoever sits at its edge: that player's
edge is the bottom of the screen, so their own row 0 is the bottom row and their own
column 0 the left column. Facing Dark, cell (r, c) is r rows up and c columns right;
facing Light, the picture is turned half round. Both coordinate sets are drawn, each on
its owner's edges: the facing player's on the bottom and left, the other's on the top
and right (docs/rules.md 0: "Light coordinates on the Light edge").

The board with its pieces is rendered once per position into one opaque surface;
a frame then costs one blit plus whatever moves (ghost, highlights, animations).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

import pygame

from isaac_game.rules import BoardPiece, Player

from ..theme import Fonts, Palette, rgb, shade


def piece_cells(length: int, direction: str, anchor: int) -> tuple[int, ...]:
    step = 1 if direction == "h" else 10
    return tuple(anchor + step * i for i in range(length))


def way_word(direction: str, sign: int, facing: Player = Player.DARK) -> str:
    """The screen's word for a step along a piece's `direction` ("h": along a row, "v":
    along a column) towards higher (`sign` > 0) or lower Dark coordinates, on a board
    facing `facing`: what the player sees it do ("left", "up"). Every word that names a
    way on the board comes from here, so it turns with the board."""
    if facing == Player.LIGHT:
        sign = -sign
    if direction == "h":
        return "right" if sign > 0 else "left"
    return "up" if sign > 0 else "down"


def own_cell(cell: int, facing: Player = Player.DARK) -> tuple[int, int]:
    """(row, column) of `cell` (Dark's coordinates) in `facing`'s own coordinates, the
    numbers drawn on the edges nearest to them (docs/rules.md 0: Light's are (9 - r,
    9 - c)): what a player reading the board from that side calls the cell."""
    r, c = divmod(cell, 10)
    return (9 - r, 9 - c) if facing == Player.LIGHT else (r, c)


class Facing:
    """Which side of the board faces the screen: the side the game gives (the local
    human's, a lesson step's mover's...), turned half round by the player (F, the pause
    menu) until the side given changes (the turn passes in a hotseat turned for the
    player to move, a LAN rematch swaps the colours)."""

    def __init__(self, given: Player = Player.DARK) -> None:
        self.given = given
        self.turned = False

    def follow(self, given: Player | None) -> Player:
        """The side facing the screen, once the game gives `given` (None: as before)."""
        if given is not None and given != self.given:
            self.given, self.turned = given, False
        return self.given.other if self.turned else self.given

    def turn(self) -> None:
        self.turned = not self.turned


class BoardView:
    """Geometry and rendering of a 10 x 10 board inside `rect`."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.cell = 10
        self.margin = 6
        self.grid = pygame.Rect(0, 0, 100, 100)
        #: whose edge is the bottom of the screen (see the module's docstring)
        self.facing = Player.DARK
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._ghosts: dict[tuple, pygame.Surface] = {}

    # ----- geometry ----------------------------------------------------------------

    @property
    def flipped(self) -> bool:
        """Is the board turned half round from Dark's view (Light's edge at the bottom)?"""
        return self.facing == Player.LIGHT

    def place(self, rect: pygame.Rect, facing: Player = Player.DARK) -> None:
        """Fit the board (with its coordinate margins) into the square inside `rect`,
        with `facing`'s edge at the bottom of the screen."""
        self.facing = facing
        side = min(rect.width, rect.height)
        cell = int(side / 11.2)
        margin = int(cell * 0.6)
        total = cell * 10 + 2 * margin
        outer = pygame.Rect(0, 0, total, total)
        outer.center = rect.center
        if outer != self.rect or cell != self.cell:
            self.rect, self.cell, self.margin = outer, cell, margin
            self.grid = pygame.Rect(outer.x + margin, outer.y + margin, cell * 10, cell * 10)
            self._cache.clear()
            self._ghosts.clear()

    def release(self) -> None:
        """Let go of the rendered boards now: the scene that shows them is gone.

        Each is the board's size in SDL's memory (1.1 MB at 1280x720, 11 MB at 4K), which
        the cycle collector does not count; and a scene is a web of references that
        only the collector's seldom full pass frees. Left to it, a demo left running
        kept the boards of every game it had played."""
        self._cache.clear()
        self._ghosts.clear()

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, 10)
        if self.flipped:
            r, c = 9 - r, 9 - c
        return pygame.Rect(
            self.grid.x + c * self.cell, self.grid.y + (9 - r) * self.cell, self.cell, self.cell
        )

    def cell_center(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def row_col_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        """(row, column) in Dark's coordinates under `pos`, on the board or beyond its
        edges (a piece dragged off the board: below 0 or above 9)."""
        c = (pos[0] - self.grid.x) // self.cell
        r = 9 - (pos[1] - self.grid.y) // self.cell
        if self.flipped:
            r, c = 9 - r, 9 - c
        return int(r), int(c)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        r, c = self.row_col_at(pos)
        return r * 10 + c

    def screen_way(self, direction: str, sign: int) -> tuple[int, int]:
        """The screen's unit step (x to the right, y down) of a step along a piece's
        `direction` towards higher (`sign` > 0) or lower Dark coordinates."""
        if self.flipped:
            sign = -sign
        return (sign, 0) if direction == "h" else (0, -sign)

    def board_step(self, right: int, up: int) -> tuple[int, int]:
        """(rows, columns) in Dark's coordinates of a step `right` and `up` on the
        screen: Right goes right on the screen whichever side faces it."""
        return (-up, -right) if self.flipped else (up, right)

    def moved(self, cell: int, right: int, up: int) -> int:
        """The cell `right` and `up` on the screen from `cell`, held at the board's edges
        (a keyboard cursor's step: Right goes right on the screen)."""
        dr, dc = self.board_step(right, up)
        r, c = divmod(cell, 10)
        return max(0, min(9, r + dr)) * 10 + max(0, min(9, c + dc))

    def way_word(self, direction: str, sign: int) -> str:
        """`way_word` on this board as it faces now."""
        return way_word(direction, sign, self.facing)

    def span_rect(self, cells: Iterable[int]) -> pygame.Rect:
        rects = [self.cell_rect(c) for c in cells]
        return rects[0].unionall(rects[1:])

    def lift(self, level: int) -> tuple[int, int]:
        """Screen offset of a piece on `level`: a flat board has one level (FOUNDATIONS'
        stacked board raises the higher ones)."""
        return 0, 0

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
        surf.fill(pal.background)
        local = surf.get_rect()
        radius = max(4, self.cell // 5)
        pygame.draw.rect(surf, pal.board_edge, local, border_radius=radius)
        inner = local.inflate(-max(2, self.margin // 6), -max(2, self.margin // 6))
        pygame.draw.rect(surf, shade(pal.board, 0.9), inner, border_radius=radius)
        grid = self.grid.move(-self.rect.x, -self.rect.y)
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
        return self._store(key, surf)

    def _label(self, surf, text, px, color, center) -> None:
        img = self.fonts.render(text, px, color, bold=True)
        surf.blit(img, img.get_rect(center=center))

    def _store(self, key: tuple, surf: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surf
        while len(self._cache) > 12:
            self._cache.popitem(last=False)
        return surf

    def board_surface(
        self,
        pal: Palette,
        pieces: Iterable[BoardPiece],
        dimmed: frozenset[int] = frozenset(),
        outlined: frozenset[int] = frozenset(),
    ) -> pygame.Surface:
        """Board plus pieces (anchors in `dimmed` faded, in `outlined` ringed), cached."""
        pieces = tuple(pieces)
        key = (
            "pieces",
            pal.name,
            self.facing,
            tuple((p.owner, p.length, p.direction, p.anchor) for p in pieces),
            dimmed,
            outlined,
        )
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self._base(pal).copy()
        offset = (-self.rect.x, -self.rect.y)
        for p in pieces:
            rect = self.span_rect(p.cells).move(offset)
            self.draw_piece(surf, rect, p.owner, p.length, pal, dim=p.anchor in dimmed)
            if p.anchor in outlined:
                width = max(2, self.cell // 14)
                pygame.draw.rect(
                    surf, pal.highlight, rect.inflate(-2, -2), width, border_radius=self.cell // 5
                )
        return self._store(key, surf)

    # ----- pieces and counters -----------------------------------------------------

    def draw_piece(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        owner: Player,
        length: int,
        pal: Palette,
        dim: bool = False,
    ) -> None:
        from isaac_game.rules import VALUE

        inset = max(2, self.cell // 9)
        body = rect.inflate(-inset * 2, -inset * 2)
        dark = owner == Player.DARK
        fill = pal.dark_piece if dark else pal.light_piece
        edge = pal.dark_edge if dark else pal.light_edge
        ink = pal.dark_text if dark else pal.light_text
        if dim:
            fill = rgb((a * 2 + b) // 3 for a, b in zip(fill, pal.board, strict=True))
            ink = rgb((a + b) // 2 for a, b in zip(ink, fill, strict=True))
        radius = max(3, body.width // 4 if body.width < body.height else body.height // 4)
        shadow = body.move(max(1, inset // 2), max(1, inset // 2))
        pygame.draw.rect(surface, shade(pal.board, 0.6), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, max(1, self.cell // 22), border_radius=radius)
        value = VALUE[length]
        px = max(10, int(self.cell * 0.55))
        img = self.fonts.render(str(value), px, ink, bold=True)
        surface.blit(img, img.get_rect(center=body.center))
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
        radius = int(self.cell * 0.34 * scale)
        dark = owner == Player.DARK
        fill = pal.dark_piece if dark else pal.light_piece
        ring = pal.accent if dark else pal.target
        pygame.draw.circle(surface, (0, 0, 0), (center[0] + 2, center[1] + 3), radius)
        pygame.draw.circle(surface, fill, center, radius)
        pygame.draw.circle(surface, ring, center, radius, max(2, radius // 5))
        px = max(9, int(radius * 1.05))
        img = self.fonts.render(
            str(score), px, pal.dark_text if dark else pal.light_text, bold=True
        )
        surface.blit(img, img.get_rect(center=center))

    def counter_position(self, player: Player, score: int, both_share: bool) -> tuple[int, int]:
        """Screen centre for a counter at `score` (Dark's cell s, Light's 99 - s)."""
        score = min(score, 99)
        cell = score if player == Player.DARK else 99 - score
        x, y = self.cell_center(cell)
        if both_share:  # the facing player's counter sits towards their own corner
            shift = self.cell // 5
            x += -shift if player == self.facing else shift
            y += shift if player == self.facing else -shift
        return x, y

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

    def line_cells(self, piece: BoardPiece) -> tuple[int, ...]:
        """The row (h) or column (v) a piece scores along."""
        r, c = divmod(piece.anchor, 10)
        if piece.direction == "h":
            return tuple(r * 10 + i for i in range(10))
        return tuple(i * 10 + c for i in range(10))
