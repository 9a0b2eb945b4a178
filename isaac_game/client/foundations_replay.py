"""Step through a FOUNDATIONS game move by move, stacks and all (ReplayScene's keys)."""

from __future__ import annotations

import pygame

from isaac_game.rules import FoundationsState, GameState, Player

from .foundations_board import StackBoard
from .foundations_view import (
    draw_panels,
    draw_stack_tooltip,
    draw_stacks,
    draw_top_left,
    panel_info,
)
from .hud import draw_bar_text
from .input import Action, Button
from .replay import ReplayScene


class FoundationsReplayScene(ReplayScene):
    name = "foundations_replay"

    def __init__(self, app, final: GameState, title: str = "") -> None:
        super().__init__(app, final, title)
        self.board = StackBoard(app.fonts)
        self.hover: int | None = None

    def handle(self, action: Action) -> None:
        if action.button == Button.POINT and action.pos is not None:
            self.hover = self.board.cell_at(action.pos)
            return
        super().handle(action)

    def draw_board(self, surface: pygame.Surface, state: FoundationsState) -> None:
        draw_stacks(surface, self.board, self.app.palette, state)

    def draw_panels(
        self, surface: pygame.Surface, layout, state: FoundationsState, u: float
    ) -> None:
        infos = {p: panel_info(state, p, "") for p in (Player.DARK, Player.LIGHT)}
        draw_panels(surface, self.app.fonts, self.app.palette, layout, infos, None)

    def draw_title(
        self, surface: pygame.Surface, layout, state: FoundationsState, title: str, u: float
    ) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        top = layout.top.inflate(-int(600 * u), 0)
        draw_bar_text(surface, fonts, pal, top, title, int(40 * u), pal.text, True)
        draw_top_left(surface, fonts, pal, layout.top, state, u)

    def step_text(self, state: FoundationsState) -> str:
        who = self.states[self.index - 1].to_move
        move = state.moves[-1]
        return f"{who.title if who else ''} {'passed' if move == 'pass' else 'played ' + move}"

    def over_text(self, state: FoundationsState) -> str:
        result = f"{state.winner.title} wins" if state.winner else "Draw"
        return f"Game over: {result}"

    def draw_overlay(self, surface: pygame.Surface, state: FoundationsState, u: float) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        draw_stack_tooltip(surface, fonts, pal, self.board, state, self.hover, u)
