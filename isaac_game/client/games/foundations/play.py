"""FOUNDATIONS' part of the match scene.

What differs from ISAAC: one phase only (placing), a ghost on the level the mover
must build on, passes every turn for a player who is stuck, a hover tooltip listing
a cell's stack. Hints (H, pad Y, the bar's button) come from Hard's search, as in
ISAAC, with a one-line reason.
"""

from __future__ import annotations

import pygame

from isaac_game.rules import FoundationsState, Move, Pass, Place, Player

from ...input import Action, Button
from ...theme import draw_panel
from ...widgets.hints import HintHelper
from ...widgets.hud import GameLayout, PanelInfo, draw_bar_text
from ..base import GamePlay, PlayHost
from .board import StackBoard, StackDrop
from .placement import FoundationsPlacement
from .view import (
    between_panels,
    draw_panels,
    draw_stack_tooltip,
    draw_stacks,
    draw_top_left,
    panel_info,
)

HOVER_DELAY = 0.35  # seconds the pointer or cursor rests on a cell before its tooltip


class FoundationsPlay(GamePlay[FoundationsState]):
    board: StackBoard
    hints: HintHelper

    def __init__(self, host: PlayHost) -> None:
        super().__init__(host, StackBoard(host.app.fonts), FoundationsState)
        # lengths never go down on a level, so offer the shortest piece first
        self.placement = FoundationsPlacement(host, self.board, 3)
        self.hover_cell: int | None = None
        self.hover_rest = 0.0
        self.hints = HintHelper(host, self.board, on_answer=self.take_hint)

    # ----- input -------------------------------------------------------------------------

    def _track_hover(self, action: Action) -> None:
        b = action.button
        if b == Button.POINT and action.pos is not None:
            cell = self.board.cell_at(action.pos)
            if cell != self.hover_cell:
                self.hover_cell, self.hover_rest = cell, 0.0
        elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT, Button.CLICK):
            self.hover_rest = 0.0

    def handle(self, action: Action) -> None:
        self._track_hover(action)
        b = action.button
        if b == Button.HINT or (b == Button.CLICK and self.hints.hit(action.pos)):
            if action.allowed_for(self.host.human_to_move()):
                self.hints.request()
            return
        mover = self.host.input_mover(action)
        if mover is None:
            return
        self.placement.handle(action, self.state, mover)
        if not self.placement.pointer:  # the keyboard cursor shows its cell's stack
            self.hover_cell = self.placement.focus

    def take_hint(self, move: Move) -> None:
        """The hint arrived: its piece chosen and the cursor on its cells, so one press
        of Enter plays it."""
        state, player = self.state, self.host.human_to_move()
        if isinstance(move, Place) and player is not None and state.to_move == player:
            self.placement.aim(state, player, move.length, move.direction, move.cell)

    # ----- the match -----------------------------------------------------------------------

    def show_move(
        self, player: Player, before: FoundationsState, move: Move, after: FoundationsState
    ) -> None:
        """The move's animation and sound (its words: `words.describe`)."""
        host = self.host
        if isinstance(move, Pass):
            host.app.audio.play("pass")
            return
        pieces = after.pieces()
        if pieces:
            host.animate(StackDrop(pieces[-1]))
        host.app.audio.play("place")

    def pass_text(self, mover: Player) -> str:
        return f"{mover.title} cannot place: passes"

    def reset(self, new_game: bool = False) -> None:
        if new_game:
            self.hover_cell, self.hover_rest = None, 0.0

    def update(self, dt: float) -> None:
        self.hints.update()
        self.hover_rest += dt
        self.placement.follow_pointer(self.state)

    def close(self) -> None:
        self.hints.close()

    def keeps_time(self) -> bool:
        return self.hover_cell is not None and self.hover_rest < HOVER_DELAY + 0.1

    def tooltip_cell(self) -> int | None:
        """The cell whose stack the tooltip lists, once the pointer or cursor rests."""
        if self.hover_cell is None or self.hover_rest < HOVER_DELAY:
            return None
        return self.hover_cell if self.state.height(self.hover_cell) else None

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        host = self.host
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        state = self.state
        mover, human = state.to_move, host.human_to_move()
        hidden = frozenset({a.hides_piece() for a in host.anims} - {None})
        draw_stacks(surface, self.board, pal, state, hidden, mark_last=not host.anims)
        for anim in host.anims:
            anim.draw(surface, self.board, pal, False)
        self.hints.draw_board(surface)
        if human is not None and not host.passing:
            self.placement.draw(surface, state, human, True)
        infos = {p: host.panel_info(p) for p in (Player.DARK, Player.LIGHT)}
        playable = self.placement.playable_lengths(state) if human is not None else None
        draw_panels(surface, fonts, pal, layout, infos, playable)
        step = ""
        if mover is not None and isinstance(state.legal_moves()[0], Pass):
            step = "no piece fits: passes"
        elif mover is not None:
            step = f"place a piece on level {self.placement.target_level(state, mover)}"
        host.draw_top_bar(surface, host.bar.heading(step))
        draw_top_left(surface, fonts, pal, layout.top, state, u)
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        text_rect = self.hints.draw_bar(surface, bottom, u)
        text, color = host.bar.status(human, lambda player: self.placement.info(state, player))
        draw_bar_text(surface, fonts, pal, text_rect, text, int(32 * u), color)
        # last: the tooltip goes over the board, never over a panel
        cell, room = self.tooltip_cell(), between_panels(layout)
        draw_stack_tooltip(surface, fonts, pal, self.board, state, cell, u, room)

    def panel_info(self, player: Player, who: str) -> PanelInfo:
        state, host = self.state, self.host
        status = "thinking..." if host.thinking(player) else ""
        selected = None
        if state.to_move == player and host.human_to_move() == player:
            selected = self.placement.selected(state, player)
        return panel_info(state, player, who, status, selected)
