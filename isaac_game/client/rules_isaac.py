"""ISAAC's rules pages (RULES.md 1), drawn with the ISAAC board renderer."""

from __future__ import annotations

import functools
import random

import pygame

from isaac_game.rules import IsaacState, Place, Player, Remove, new_game

from .board_view import BoardView, piece_cells
from .rules_book import RulesBook
from .theme import Palette


@functools.cache
def example_positions() -> tuple[IsaacState, IsaacState, Remove]:
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
    (
        "5. Controls",
        "Placing: choose a piece with the keys 3-7, Tab / Q, the pad's shoulders or a click "
        "on its row in your panel; rotate it with R, right-click, the wheel or pad X; move it "
        "with the mouse, the arrows or the D-pad and put it down with a click, Enter or pad A.\n"
        "Scoring: click one of your outlined pieces (or Tab to it and press Enter / A), then "
        "click where your counter goes, or step through the targets with the arrows and "
        "confirm with Enter / A; Esc / B chooses again.\n"
        "Any time: H / pad Y for a hint, Ctrl+Z / Ctrl+Y to undo and redo, Esc / Start for "
        "the menu.",
    ),
)


class IsaacBook(RulesBook):
    game = "isaac"
    name = "ISAAC"
    pages = PAGES

    def __init__(self, fonts) -> None:
        super().__init__(fonts)
        self.board = BoardView(fonts)
        self.early, self.scoring, self.best = example_positions()

    def illustrate(
        self, page: int, surface: pygame.Surface, area: pygame.Rect, pal: Palette
    ) -> str:
        board = self.board
        board.place(area)
        state = self.scoring if page in (1, 2, 3) else self.early
        surface.blit(board.board_surface(pal, state.pieces()), board.rect)
        if page == 4:
            return self._controls(surface, pal)
        best = self.best
        removing = state.piece_at(best.cell) if page in (1, 2) else None
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
        if page == 2 and removing is not None:
            mover = removing.owner
            start = state.scores[mover.index]
            tint = board.cell_tint(pal.target, 90)
            for t in range(start, min(best.target, 99) + 1):
                surface.blit(tint, board.cell_rect(t if mover == Player.DARK else 99 - t))
        if page >= 1:
            dark, light = state.scores
            for player, score in ((Player.DARK, dark), (Player.LIGHT, light)):
                board.draw_counter(
                    surface,
                    board.counter_position(player, score, dark + light == 99),
                    player,
                    score,
                    pal,
                )
        if removing is None:
            return ""
        points = state.removal_points(best.cell)
        return (
            f"In the picture {removing.owner.title} removes the {removing.length}-piece "
            f"at {removing.anchor:02d}:\n{points} points."
        )

    def _controls(self, surface: pygame.Surface, pal: Palette) -> str:
        state, board = self.early, self.board
        fives = [m for m in state.legal_moves() if isinstance(m, Place) and m.length == 5]
        if not fives:
            return ""
        # the one nearest the middle of the board, where the cursor starts
        move = min(fives, key=lambda m: abs(m.cell // 10 - 4) + abs(m.cell % 10 - 3))
        cells = piece_cells(move.length, move.direction, move.cell)
        surface.blit(
            board.ghost(move.length, move.direction, pal.legal), board.span_rect(cells).topleft
        )
        focus = cells[len(cells) // 2]
        pygame.draw.rect(surface, pal.highlight, board.cell_rect(focus), max(2, board.cell // 16))
        return (
            f"In the picture {state.to_move.title}'s chosen 5 follows the cursor: green where "
            f"it fits ({move}), red where it does not."
        )
