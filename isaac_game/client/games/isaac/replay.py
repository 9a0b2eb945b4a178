"""How the replay scene draws an ISAAC position: pieces, the last move, counters, panels."""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.match import move_between
from isaac_game.rules import IsaacState, Place, Player, Remove

from ...theme import Fonts, Palette
from ...widgets.board_view import BoardView
from ...widgets.hud import GameLayout, PanelInfo, draw_player_panels
from ..base import ReplayHost, ReplayPanelsHost, ReplayView


class IsaacReplayView(ReplayView[IsaacState]):
    def __init__(self, board: BoardView) -> None:
        super().__init__(board, IsaacState)

    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None:
        board, state = self.board, self.shown(host)
        counters = board.counters(state.scores) if state.phase != "placement" else []
        board.draw_board(surface, pal, state.pieces(), clear_of=board.counter_discs(counters))
        if host.index > 0:
            before, *_later = self.leading_to(host, 2)
            move = move_between(before, state).move
            piece = None
            if isinstance(move, Place):
                piece = state.piece_at(move.cell)
            elif isinstance(move, Remove):
                piece = before.piece_at(move.cell)  # outlined where it stood
            if piece is not None:
                board.mark_move(surface, pal.last_move, put=piece.cells, snug=False)
        for player, score, pos in counters:
            board.draw_counter(surface, pos, player, score, pal)

    def draw_panels(
        self, surface: pygame.Surface, host: ReplayPanelsHost, layout: GameLayout, fonts: Fonts
    ) -> None:
        state = host.states[host.index]
        infos = {
            player: PanelInfo.of(
                state, player, "", status=_("winner") if state.winner == player else ""
            )
            for player in (Player.DARK, Player.LIGHT)
        }
        draw_player_panels(surface, fonts, host.app.palette, layout, self.with_clocks(host, infos))
