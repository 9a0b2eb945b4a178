"""The rules in a few pages, illustrated with the game's own board renderer."""

from __future__ import annotations

import functools
import random

import pygame

from isaac_game.rules import IsaacState, Player, Remove, new_game

from .board_view import BoardView
from .input import Action, Button
from .scene import Scene
from .theme import blit_text, draw_panel, ui_scale, wrap


@functools.cache
def _example_positions() -> tuple[IsaacState, IsaacState, Remove]:
    """A placement position and a scoring position with a telling removal (seeded):
    one whose points show all three factors, after the counters have left their corners."""
    fallback = None
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = new_game("isaac")
        early = state
        while state.phase == "placement":
            state = state.play(rng.choice(state.legal_moves()))
            if len(state.moves) == 8:
                early = state
        for _ in range(6):
            moves = [m for m in state.legal_moves() if isinstance(m, Remove)]
            if not moves:
                break
            for m in moves:
                points = state.removal_points(m.cell)
                full = m.target == state.scores[state.to_move.index] + points.points
                if min(state.scores) > 0 and points.multiplier > 1 and points.pieces >= 3 and full:
                    return early, state, m  # type: ignore[return-value]
            fallback = fallback or (early, state, moves[-1])
            state = state.play(max(moves, key=lambda m: (m.target, -m.cell)))
    return fallback  # type: ignore[return-value]


PAGES = (
    (
        "1. Placing pieces",
        "Each player has 15 bars: five 3s, four 4s, three 5s, two 6s and one 7 (values "
        "1, 2, 3, 4 and 6). Dark starts. On your turn put one piece from your hand on empty "
        "cells, across or up. You must place if you can; if you cannot, you pass and place no "
        "more. When both have passed, the pieces left in hand are set aside for the tie-break.\n"
        "Dark's numbers run along the bottom and left edges, Light's along the top and right.",
    ),
    (
        "2. Scoring a removal",
        "Then players take turns removing their own pieces, never shorter than their last "
        "removal, and never a piece with a counter on it. Points = value x N x M: N is the "
        "number of other pieces with a cell on the removed piece's line (row if lying across, "
        "column if upright), M is 1, 2 or 4 as zero, one or two counters stand on that line.",
    ),
    (
        "3. Counters on the track",
        "Each score is a counter on the board: Dark's score 34 stands on Dark's cell 34, "
        "Light's on Light's own cell 34 (the opposite corner's numbering). After a removal "
        "move your counter forward by up to the points you made, never onto the other "
        "counter's cell. Stopping short can block: a counter on a piece freezes it.",
    ),
    (
        "4. The end and the tie-break",
        "A counter that reaches 100 leaves the board and wins at once. Otherwise the game "
        "ends when both players pass, and the higher score wins. On equal scores the pieces "
        "each player set aside are lined up: the longer line wins (fewer pieces if equal); "
        "if still equal, Dark wins.",
    ),
)


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.board = BoardView(app.fonts)
        self.early, self.scoring, self.best = _example_positions()

    def handle(self, action: Action) -> None:
        b = action.button
        if b in (Button.RIGHT, Button.NEXT, Button.CONFIRM, Button.DOWN):
            if self.page == len(PAGES) - 1 and b == Button.CONFIRM:
                self.app.pop(self)
            self.page = min(len(PAGES) - 1, self.page + 1)
        elif b in (Button.LEFT, Button.PREV, Button.UP):
            self.page = max(0, self.page - 1)
        elif b == Button.CLICK and action.pos is not None:
            if action.pos[0] > self.app.screen.get_width() // 2:
                self.page = min(len(PAGES) - 1, self.page + 1)
            else:
                self.page = max(0, self.page - 1)
        elif b in (Button.BACK, Button.PAUSE):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        title, text = PAGES[self.page]
        blit_text(
            surface, fonts, title, int(56 * u), pal.accent, (w // 2, int(h * 0.08)), "center", True
        )
        area = pygame.Rect(int(w * 0.04), int(h * 0.15), int(w * 0.46), int(h * 0.75))
        self.board.place(area)
        state = self.early if self.page == 0 else self.scoring
        best = self.best
        board = self.board
        removing = state.piece_at(best.cell) if self.page in (1, 2) else None
        surface.blit(board.board_surface(pal, state.pieces()), board.rect)
        if removing is not None:
            tint = board.cell_tint(pal.highlight, 80)
            for cell in board.line_cells(removing):
                surface.blit(tint, board.cell_rect(cell))
            pygame.draw.rect(
                surface,
                pal.highlight,
                board.span_rect(removing.cells),
                max(3, board.cell // 10),
                border_radius=board.cell // 5,
            )
        if self.page == 2 and removing is not None:
            mover = removing.owner
            start = state.scores[mover.index]
            tint = board.cell_tint(pal.target, 90)
            for t in range(start, min(best.target, 99) + 1):
                surface.blit(tint, board.cell_rect(t if mover == Player.DARK else 99 - t))
        if self.page >= 1:
            dark, light = state.scores
            for player, score in ((Player.DARK, dark), (Player.LIGHT, light)):
                board.draw_counter(
                    surface,
                    board.counter_position(player, score, dark + light == 99),
                    player,
                    score,
                    pal,
                )
        panel = pygame.Rect(int(w * 0.53), int(h * 0.15), int(w * 0.43), int(h * 0.75))
        draw_panel(surface, panel, pal, radius=int(16 * u))
        px = int(30 * u)
        y = panel.y + int(24 * u)
        body = text
        if removing is not None:
            points = state.removal_points(best.cell)
            body += (
                f"\n\nIn the picture {removing.owner.title} removes the {removing.length}-piece "
                f"at {removing.anchor:02d}:\n{points} points."
            )
        for line in wrap(fonts, body, px, panel.width - int(40 * u)):
            blit_text(surface, fonts, line, px, pal.text, (panel.x + int(20 * u), y))
            y += int(px * 1.22)
        foot = f"Page {self.page + 1} of {len(PAGES)}.  Left / Right to turn, Esc to close"
        blit_text(
            surface, fonts, foot, int(24 * u), pal.text_dim, (w // 2, h - int(28 * u)), "center"
        )
