"""How the replay scene draws an ISAAC position: pieces, the last move, counters, panels."""

from __future__ import annotations

import pygame

from isaac_game.rules import IsaacState, Player

from ...theme import Fonts, Palette
from ...widgets.hud import GameLayout, PanelInfo, draw_player_panel
from ..base import ReplayHost, ReplayView


def _state(host: ReplayHost, index: int) -> IsaacState:
    state = host.states[index]
    assert isinstance(state, IsaacState)
    return state


class IsaacReplayView(ReplayView):
    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None:
        board, state = self.board, _state(host, host.index)
        surface.blit(board.board_surface(pal, state.pieces()), board.rect)
        if host.index > 0:
            move = state.moves[-1]
            before = _state(host, host.index - 1)
            piece = None
            if move[0].isdigit():
                piece = state.piece_at(int(move[2:4]))
            elif move.startswith("x"):
                piece = before.piece_at(int(move[1:3]))
            if piece is not None:
                rect = board.span_rect(piece.cells)
                width = max(3, board.cell // 12)
                pygame.draw.rect(surface, pal.last_move, rect, width, border_radius=board.cell // 5)
        if state.phase != "placement":
            dark, light = state.scores
            for player, score in ((Player.DARK, dark), (Player.LIGHT, light)):
                if score < 100:
                    pos = board.counter_position(player, score, dark + light == 99)
                    board.draw_counter(surface, pos, player, score, pal)

    def draw_panels(
        self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout, fonts: Fonts
    ) -> None:
        state = host.states[host.index]
        for player in (Player.DARK, Player.LIGHT):
            status = "winner" if state.winner == player else ""
            info = PanelInfo.of(state, player, "", status=status)
            pal = host.app.palette
            draw_player_panel(surface, fonts, pal, layout.panels[player], info, layout.u)
