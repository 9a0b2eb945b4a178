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
from .hud import draw_bar_text, game_layout
from .input import Action, Button
from .replay import ReplayScene
from .theme import blit_text, draw_panel, ui_scale


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

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = ui_scale(size)
        if self._layout is None or self._layout.size != size:
            self._layout = game_layout(size, u)
            self.board.place(self._layout.board_area)
        layout, pal, fonts = self._layout, self.app.palette, self.app.fonts
        state: FoundationsState = self.state  # type: ignore[assignment]
        surface.fill(pal.background)
        draw_stacks(surface, self.board, pal, state)
        infos = {p: panel_info(state, p, "") for p in (Player.DARK, Player.LIGHT)}
        draw_panels(surface, fonts, pal, layout, infos, None)
        title = f"Replay {self.title}: move {self.index} of {len(self.states) - 1}"
        draw_bar_text(
            surface,
            fonts,
            pal,
            layout.top.inflate(-int(600 * u), 0),
            title,
            int(40 * u),
            pal.text,
            True,
        )
        draw_top_left(surface, fonts, pal, layout.top, state, u)
        draw_panel(surface, layout.bottom, pal, radius=int(12 * u))
        if self.index:
            who = self.states[self.index - 1].to_move
            move = state.moves[-1]
            text = f"{who.title if who else ''} {'passed' if move == 'pass' else 'played ' + move}"
        else:
            text = "The start"
        text += "     Left/Right or shoulders: step,  Up/Down: 10 moves,  Esc: back"
        draw_bar_text(surface, fonts, pal, layout.bottom, text, int(30 * u))
        if state.is_over:
            result = f"{state.winner.title} wins" if state.winner else "Draw"
            blit_text(
                surface,
                fonts,
                f"Game over: {result}",
                int(30 * u),
                pal.accent,
                (layout.top.right - int(20 * u), layout.top.centery),
                "midright",
                True,
            )
        draw_stack_tooltip(surface, fonts, pal, self.board, state, self.hover, u)
