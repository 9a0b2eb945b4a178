"""How the replay scene draws a FOUNDATIONS position: stacks, panels, and the stack under
the pointer listed in a side panel (never over the board)."""

from __future__ import annotations

import pygame

from isaac_game.rules import FoundationsState, Player

from ...input import Action, Button
from ...theme import Fonts, Palette
from ...widgets.hud import GameLayout
from ..base import ReplayHost, ReplayPanelsHost, ReplayView
from .board import StackBoard
from .levels import draw_stack_in_panel
from .view import draw_panels, draw_stacks, draw_top_left, panel_info


class FoundationsReplayView(ReplayView[FoundationsState]):
    board: StackBoard

    def __init__(self, board: StackBoard) -> None:
        super().__init__(board, FoundationsState)
        self.hover: int | None = None

    def handle(self, action: Action) -> bool:
        if action.button == Button.POINT and action.pos is not None:
            self.hover = self.board.cell_at(action.pos)
            return True
        return False

    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None:
        draw_stacks(surface, self.board, pal, self.shown(host))

    def draw_panels(
        self, surface: pygame.Surface, host: ReplayPanelsHost, layout: GameLayout, fonts: Fonts
    ) -> None:
        state = self.shown(host)
        infos = {p: panel_info(state, p, "") for p in (Player.DARK, Player.LIGHT)}
        infos = self.with_clocks(host, infos)
        pal = host.app.palette
        draw_panels(surface, fonts, pal, layout, infos, None)
        draw_stack_in_panel(
            surface, fonts, pal, layout, infos, state, self.hover, self.board.facing
        )

    def draw_corner(self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout) -> None:
        """The levels of the position shown, where the other games name themselves."""
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        draw_top_left(surface, fonts, pal, layout.top, self.shown(host), u)
