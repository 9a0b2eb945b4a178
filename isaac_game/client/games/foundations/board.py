"""Drawing FOUNDATIONS stacks: a pure function of the pieces and the levels.

A piece on level k is drawn raised by k - 1 steps (up and a little left), over a
soft shadow where it would lie one level down, with an outline in its level's
colour and a numbered badge (levels 2 and up), so a cell's height reads at a glance
even without colour. Pieces are drawn level 1 first, so each cell shows its top.
The stack under one cell is spelled out by `stack_lines`, for the side panel
(`levels.py`) and the rules pages' picture (`draw_tooltip`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import pygame

from isaac_game.i18n import _
from isaac_game.rules import VALUE, FoundationsState, Player, StackedPiece

from ...text import is_recording
from ...theme import Fonts, Palette, blit_text, draw_panel, line_step, note_cover
from ...widgets.anim import Anim, ease_out
from ...widgets.board_print import Printed, disc_number, disc_radius, uncovered
from ...widgets.board_view import BoardView, piece_cells
from ...words import cell_words, side_name, span_words

#: Outline and badge colour per level (level 1 keeps the piece's own edge).
LEVEL_COLORS = (
    (70, 190, 200),  # 2: teal
    (200, 110, 220),  # 3: violet
    (90, 150, 255),  # 4: blue
    (250, 150, 60),  # 5: orange
    (120, 220, 110),  # 6: green
)


def level_color(level: int) -> tuple[int, int, int]:
    return LEVEL_COLORS[(level - 2) % len(LEVEL_COLORS)]


class StackBoard(BoardView):
    """BoardView that knows levels: raised offsets, level outlines and badges."""

    def lift(self, level: int) -> tuple[int, int]:
        """Screen offset of a piece on `level` (level 1 lies flat)."""
        step = max(2, self.cell // 8)
        return -(step // 2) * (level - 1), -step * (level - 1)

    def body_rect(self, cells: Iterable[int], level: int) -> pygame.Rect:
        """Where a piece on these cells and this level is drawn (screen coordinates)."""
        dx, dy = self.lift(level)
        return self.span_rect(tuple(cells)).move(dx, dy)

    def draw_stacks(
        self,
        surface: pygame.Surface,
        pal: Palette,
        pieces: Iterable[StackedPiece],
        hidden: Collection[tuple[int, int]] = (),
    ) -> None:
        """The board with every stack in its place on `surface` (`stack_surface`);
        while a test records `surface`, painted there directly, so the record holds
        each number on it. The values no higher piece covers are kept for `keep_values`."""
        pieces = tuple(p for p in pieces if (p.anchor, p.level) not in hidden)
        if is_recording(surface):
            self._paint_base(surface, self.rect, pal)
            for p in sorted(pieces, key=lambda p: p.level):
                self.draw_stacked(surface, p.cells, p.level, p.owner, p.length, pal)
        else:
            surface.blit(self.stack_surface(pal, pieces), self.rect)
        self.printing(lambda: self._stack_values(pal, pieces))

    def _stack_values(self, pal: Palette, pieces: tuple[StackedPiece, ...]) -> list[Printed]:
        """The values the stacks show: one under a higher piece is hidden."""
        ordered = sorted(pieces, key=lambda p: p.level)
        lying = [self.body_rect(p.cells, p.level) for p in ordered]
        values = [
            self.value_of(pal, p, False, lying=at) for p, at in zip(ordered, lying, strict=True)
        ]
        return uncovered(values, [self.piece_body(at) for at in lying])

    def stack_surface(
        self, pal: Palette, pieces: Iterable[StackedPiece], hidden=frozenset()
    ) -> pygame.Surface:
        """Board plus every piece (minus (anchor, level) in `hidden`), cached."""
        pieces = tuple(p for p in pieces if (p.anchor, p.level) not in hidden)
        key = (
            "stacks",
            pal.name,
            self.facing,
            tuple((p.owner, p.length, p.direction, p.anchor, p.level) for p in pieces),
        )
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self._base(pal).copy()
        offset = (-self.rect.x, -self.rect.y)
        for p in sorted(pieces, key=lambda p: p.level):
            self.draw_stacked(surf, p.cells, p.level, p.owner, p.length, pal, offset)
        return self._store(key, surf)

    def draw_stacked(
        self,
        surface: pygame.Surface,
        cells: tuple[int, ...],
        level: int,
        owner: Player,
        length: int,
        pal: Palette,
        offset: tuple[int, int] = (0, 0),
        raise_by: int = 0,
    ) -> None:
        """One piece on its level; `raise_by` lifts it further (a drop animation)."""
        rect = self.body_rect(cells, level).move(offset[0], offset[1] - raise_by)
        if level > 1 or raise_by:  # drawn over the pieces under it, on purpose
            note_cover(surface, rect)
        if level > 1:  # the shadow falls one level down
            low = self.body_rect(cells, level - 1).move(offset)
            inset = max(2, self.cell // 9)
            shadow = pygame.Surface(low.size, pygame.SRCALPHA)
            pygame.draw.rect(
                shadow,
                (0, 0, 0, 90),
                shadow.get_rect().inflate(-inset, -inset),
                border_radius=max(3, self.cell // 5),
            )
            surface.blit(shadow, low.move(inset // 2, inset // 2))
        self.draw_piece(surface, rect, owner, length, pal)
        if level > 1:
            inset = max(2, self.cell // 9)
            body = rect.inflate(-inset * 2, -inset * 2)
            color = level_color(level)
            radius = max(3, min(body.width, body.height) // 4)
            pygame.draw.rect(surface, color, body, max(2, self.cell // 12), border_radius=radius)
            self.draw_badge(surface, level, rect)

    def draw_badge(self, surface: pygame.Surface, level: int, rect: pygame.Rect) -> None:
        """A small numbered disc in the piece's bottom-left corner on the screen: its level."""
        least = max(6, self.cell // 5)
        px = int(least * 1.6)
        radius = disc_radius(self.fonts, str(level), px, least)
        # the same corner whichever side the board faces, so badges line up
        corner = (rect.left + radius + 2, rect.bottom - radius - 2)
        pygame.draw.circle(surface, (20, 20, 24), corner, radius + 1)
        pygame.draw.circle(surface, level_color(level), corner, radius)
        disc_number(surface, self.fonts, str(level), px, (20, 20, 24), corner, radius)

    def stack_ghost(
        self,
        surface: pygame.Surface,
        length: int,
        direction: str,
        anchor: int,
        level: int,
        color: tuple[int, int, int],
    ) -> None:
        """The selected piece, see-through, on the level it would go to."""
        cells = piece_cells(length, direction, anchor)
        rect = self.body_rect(cells, level)
        surface.blit(self.ghost(length, direction, color), rect.topleft)
        if level > 1:
            self.draw_badge(surface, level, rect)

    def mark_piece(
        self, surface: pygame.Surface, piece: StackedPiece, color, width: int | None = None
    ) -> None:
        rect = self.body_rect(piece.cells, piece.level)
        width = width or max(3, self.cell // 12)
        pygame.draw.rect(surface, color, rect.inflate(-2, -2), width, border_radius=self.cell // 5)


class StackDrop(Anim):
    """A FOUNDATIONS piece falling onto its level."""

    duration = 0.18

    def __init__(self, piece: StackedPiece) -> None:
        super().__init__()
        self.piece = piece

    def hides_piece(self):
        return (self.piece.anchor, self.piece.level)

    def draw(self, surface, board, pal, shared) -> None:
        p = self.piece
        lift = int(board.cell * 0.7 * (1 - ease_out(self.progress)))
        board.draw_stacked(surface, p.cells, p.level, p.owner, p.length, pal, raise_by=lift)


def stack_lines(state: FoundationsState, cell: int, facing: Player = Player.DARK) -> list[str]:
    """The stack under one cell in words: where and how high, then each level from the
    top down ("Level 2: Light's 4 on row 1, columns 4-9"), cells as read from `facing`'s
    side of the board."""
    height = state.height(cell)
    where = cell_words(cell, facing).capitalize()
    # TRANSLATORS: {where}: "Row 3, column 3"; {height}: how many levels its stack has
    said = _("{where}: height {height}") if height else _("{where}: empty")
    lines = [said.format(where=where, height=height)]
    stack = state.levels_at(cell)
    for level in range(len(stack), 0, -1):
        piece = stack[level - 1]
        if piece is None:
            lines.append(_("Level {level}: nothing (under a bridge)").format(level=level))
        else:
            span = span_words(piece.length, piece.direction, piece.anchor, facing)
            # TRANSLATORS: "Level 2: Light's 4 on row 1, columns 4-9"
            said = _("Level {level}: {player}'s {value} on {where}")
            owner = side_name(piece.owner)
            lines.append(
                said.format(level=level, player=owner, value=VALUE[piece.length], where=span)
            )
    return lines


def draw_tooltip(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    lines: list[str],
    near: pygame.Rect,
    u: float,
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A small panel with `lines`, beside `near` and kept inside `bounds` (the space
    between the side panels, so it never covers a player's panel; default: the screen)."""
    px = max(12, int(22 * u))
    pad = int(10 * u)
    width = max(fonts.size(line, px)[0] for line in lines) + 2 * pad
    step = line_step(fonts, px, 1.15, True)
    height = len(lines) * step + 2 * pad
    box = pygame.Rect(0, 0, width, height)
    box.topleft = (near.right + int(12 * u), near.top - height - int(6 * u))
    screen = surface.get_rect() if bounds is None else bounds.clip(surface.get_rect())
    if box.right > screen.right:
        box.right = near.left - int(12 * u)
    if box.top < screen.top:
        box.top = near.bottom + int(6 * u)
    box.clamp_ip(screen)
    note_cover(surface, box)  # over the board's picture, on purpose: what it hides is not read
    draw_panel(surface, box, pal, radius=int(8 * u))
    pygame.draw.rect(surface, pal.accent, box, max(1, int(2 * u)), border_radius=int(8 * u))
    y = box.y + pad
    for i, line in enumerate(lines):
        color = pal.accent if i == 0 else pal.text
        blit_text(surface, fonts, line, px, color, (box.x + pad, y), bold=i == 0)
        y += step
    return box
