"""Short animations: pieces drop in, removed pieces lift out, counters hop.

Each lasts a fraction of a second and never blocks input; a new move simply
finishes whatever is still running. `draw` only reads; `advance` moves time. What an
animation draws passes over the board on purpose: the record of the screen notes it as
drawn over what lies under it (`note_cover`), which is hidden for a moment, not run over.
"""

from __future__ import annotations

import math

import pygame

from isaac_game.rules import BoardPiece, Player

from ..theme import Palette, note_cover
from .board_view import BoardView


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


class Anim:
    duration = 0.2

    def __init__(self) -> None:
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.duration) if self.duration > 0 else 1.0

    def advance(self, dt: float) -> None:
        self.t += dt

    def hides_piece(self) -> int | None:
        """Anchor of a board piece the static layer must leave out meanwhile."""
        return None

    def hides_counter(self) -> Player | None:
        return None

    def draw(
        self, surface: pygame.Surface, board: BoardView, pal: Palette, shared: bool
    ) -> None: ...


class DropIn(Anim):
    duration = 0.18

    def __init__(self, piece: BoardPiece) -> None:
        super().__init__()
        self.piece = piece

    def hides_piece(self) -> int | None:
        return self.piece.anchor

    def draw(self, surface, board, pal, shared) -> None:
        rect = board.span_rect(self.piece.cells)
        lift = int(board.cell * 0.7 * (1 - ease_out(self.progress)))
        grow = int(board.cell * 0.25 * (1 - self.progress))
        falling = rect.move(0, -lift).inflate(grow, grow)
        note_cover(surface, falling)
        board.draw_piece(surface, falling, self.piece.owner, self.piece.length, pal)


class LiftOut(Anim):
    duration = 0.3

    def __init__(self, piece: BoardPiece) -> None:
        super().__init__()
        self.piece = piece
        self._image: pygame.Surface | None = None

    def draw(self, surface, board, pal, shared) -> None:
        rect = board.span_rect(self.piece.cells)
        if self._image is None or self._image.get_size() != rect.inflate(8, 8).size:
            self._image = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
            board.draw_piece(
                self._image,
                rect.move(-rect.x + 4, -rect.y + 4),
                self.piece.owner,
                self.piece.length,
                pal,
            )
        self._image.set_alpha(int(255 * (1 - self.progress)))
        rise = int(board.cell * 0.8 * ease_out(self.progress))
        surface.blit(self._image, (rect.x - 4, rect.y - 4 - rise))


class CounterHop(Anim):
    """The counter hops cell by cell along its own track (capped in total time)."""

    def __init__(self, player: Player, start: int, end: int) -> None:
        super().__init__()
        self.player, self.start, self.end = player, start, end
        self.duration = min(0.7, 0.05 * max(1, end - start)) if end != start else 0.0

    def hides_counter(self) -> Player | None:
        return self.player

    def draw(self, surface, board, pal, shared) -> None:
        top = min(self.end, 99)
        steps = max(1, top - self.start)
        x = self.progress * steps
        i = min(int(x), steps - 1) if steps else 0
        frac = x - i
        a = board.counter_position(self.player, min(self.start + i, 99), False)
        b = board.counter_position(self.player, min(self.start + i + 1, top), False)
        pos = (int(a[0] + (b[0] - a[0]) * frac), int(a[1] + (b[1] - a[1]) * frac))
        hop = int(math.sin(math.pi * frac) * board.cell * 0.3)
        score = min(self.start + i + (1 if frac > 0.5 else 0), self.end)
        at = (pos[0], pos[1] - hop)
        note_cover(
            surface,
            pygame.Rect(at[0] - board.cell // 2, at[1] - board.cell // 2, board.cell, board.cell),
        )
        board.draw_counter(surface, at, self.player, score, pal, scale=1.1)
