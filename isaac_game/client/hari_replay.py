"""Step through a HARI game action by action (ReplayScene's keys; HARI's drawing)."""

from __future__ import annotations

import pygame

from isaac_game.rules import HariState, Player

from .hari_view import budget_text, draw_marks, hari_panel, recent_actions, shade_short_rows
from .hud import draw_player_panel
from .replay import ReplayScene


class HariReplayScene(ReplayScene):
    name = "hari_replay"
    unit = "action"
    keys_help = "     Left/Right: step,  Up/Down: 10,  Esc: back"
    bar_size = 28

    def draw_board(self, surface: pygame.Surface, state: HariState) -> None:
        pal = self.app.palette
        surface.blit(self.board.board_surface(pal, state.pieces()), self.board.rect)
        # the action just stepped to, and the rest of its turn so far
        recent = recent_actions(self.states[max(0, self.index - 40) : self.index + 1])
        draw_marks(surface, self.board, pal, recent, state)

    def draw_panels(self, surface: pygame.Surface, layout, state: HariState, u: float) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        for player in (Player.DARK, Player.LIGHT):
            info = hari_panel(state, player, "", state.to_move == player)
            rows = draw_player_panel(surface, fonts, pal, layout.panels[player], info, u)
            shade_short_rows(surface, pal, rows, state.min_length(player))

    def step_text(self, state: HariState) -> str:
        text = super().step_text(state)
        if state.to_move is not None and budget_text(state):
            text += f"  ({state.to_move.title}: {budget_text(state)})"
        return text
