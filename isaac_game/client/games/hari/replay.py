"""How the replay scene draws a HARI position, action by action: marks and panels."""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.rules import HariState, Player

from ...theme import Fonts, Palette
from ...widgets.board_view import BoardView
from ...widgets.hud import GameLayout, draw_player_panels
from ...words import side_name
from ..base import ReplayHost, ReplayPanelsHost, ReplayView
from .view import budget_text, draw_marks, hari_panel, recent_actions, shade_short_rows


class HariReplayView(ReplayView[HariState]):
    unit = "action"

    def __init__(self, board: BoardView) -> None:
        super().__init__(board, HariState)

    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None:
        state = self.shown(host)
        self.board.draw_board(surface, pal, state.pieces())
        # the action just stepped to, and the rest of its turn so far
        recent = recent_actions(self.leading_to(host, 41))
        draw_marks(surface, self.board, pal, recent, state)

    def draw_panels(
        self, surface: pygame.Surface, host: ReplayPanelsHost, layout: GameLayout, fonts: Fonts
    ) -> None:
        state, pal = self.shown(host), host.app.palette
        infos = {player: hari_panel(state, player, "") for player in (Player.DARK, Player.LIGHT)}
        infos = self.with_clocks(host, infos)
        for player, rows in draw_player_panels(surface, fonts, pal, layout, infos).items():
            shade_short_rows(surface, pal, rows, state.min_length(player))

    def step_note(self, host: ReplayHost) -> str:
        """The turn's budget, while it goes on: `Dark: slid 3 so far: play value 3 or more`."""
        state = self.shown(host)
        if state.to_move is None or not state.slid_value:
            return ""
        # TRANSLATORS: {player} is Dark or Light, {budget} what its turn's slides ask
        return _("{player}: {budget}").format(
            player=side_name(state.to_move), budget=budget_text(state)
        )
