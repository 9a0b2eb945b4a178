"""Step through a HARI game action by action (ReplayScene's keys; HARI's drawing)."""

from __future__ import annotations

import pygame

from isaac_game.rules import HariState, Player

from .hari_view import budget_text, draw_marks, hari_panel, recent_actions, shade_short_rows
from .hud import draw_bar_text, draw_player_panel, game_layout
from .replay import ReplayScene
from .theme import blit_text, draw_panel, ui_scale


class HariReplayScene(ReplayScene):
    name = "hari_replay"

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = ui_scale(size)
        if self._layout is None or self._layout.size != size:
            self._layout = game_layout(size, u)
            self.board.place(self._layout.board_area)
        layout, pal, fonts = self._layout, self.app.palette, self.app.fonts
        state: HariState = self.state  # type: ignore[assignment]
        surface.fill(pal.background)
        surface.blit(self.board.board_surface(pal, state.pieces()), self.board.rect)
        # the action just stepped to, and the rest of its turn so far
        recent = recent_actions(self.states[max(0, self.index - 40) : self.index + 1])
        draw_marks(surface, self.board, pal, recent, state)
        for player in (Player.DARK, Player.LIGHT):
            info = hari_panel(state, player, "", state.to_move == player)
            rows = draw_player_panel(surface, fonts, pal, layout.panels[player], info, u)
            shade_short_rows(surface, pal, rows, state.min_length(player))
        title = f"Replay {self.title}: action {self.index} of {len(self.states) - 1}"
        draw_bar_text(surface, fonts, pal, layout.top, title, int(40 * u), pal.text, True)
        draw_panel(surface, layout.bottom, pal, radius=int(12 * u))
        if self.index:
            who = self.states[self.index - 1].to_move
            text = f"{who.title if who else ''} played {state.moves[-1]}"
            if state.to_move is not None and budget_text(state):
                text += f"  ({state.to_move.title}: {budget_text(state)})"
        else:
            text = "The start"
        text += "     Left/Right: step,  Up/Down: 10,  Esc: back"
        draw_bar_text(surface, fonts, pal, layout.bottom, text, int(28 * u))
        if state.is_over:
            blit_text(
                surface,
                fonts,
                "Game over",
                int(30 * u),
                pal.accent,
                (layout.top.right - int(20 * u), layout.top.centery),
                "midright",
                True,
            )
