"""FOUNDATIONS' part of the match scene.

What differs from ISAAC: one phase only (placing), a ghost on the level the mover
must build on, passes every turn for a player who is stuck, the stack under the resting
pointer or cursor listed in a side panel, and the top levels peeled away on request
(V, the pad's left stick press, a click on a level's badge: `levels.py`) so that the
lower ones can be read. Hints (H, pad Y, the bar's button) come from Hard's search, as
in ISAAC, with a one-line reason.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.rules import FoundationsState, Move, Pass, Place, Player

from ...input import Action, Button
from ...theme import draw_panel
from ...widgets.hints import HintHelper
from ...widgets.hud import GameLayout, PanelInfo
from ...words import side_name
from ..base import GamePlay, PlayHost
from .board import StackBoard, StackDrop
from .levels import LevelPeel, draw_stack_in_panel, legend_rects
from .placement import FoundationsPlacement
from .view import draw_panels, draw_stacks, draw_top_left, panel_info

HOVER_DELAY = 0.35  # seconds the pointer or cursor rests on a cell before its stack shows


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
        self.levels = LevelPeel()

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
        if b == Button.LEVELS or (b == Button.CLICK and self._badge_at(action.pos)):
            self._peel(action)
            return
        if b == Button.HINT or (b == Button.CLICK and self.hints.hit(action.pos)):
            if action.allowed_for(self.host.human_to_move()):
                self.request_hint()
            return
        mover = self.host.input.mover(action)
        if mover is None:
            return
        self.placement.handle(action, self.state, mover)
        if not self.placement.pointer:  # the keyboard cursor shows its cell's stack
            self.hover_cell = self.placement.focus

    def _badge_at(self, pos: tuple[int, int] | None) -> int | None:
        """The level whose badge in the top left legend is at `pos`, if any."""
        layout = self.host.view.layout
        if pos is None or layout is None:
            return None
        top = max(2, self.state.top_level)
        rects = legend_rects(self.host.app.fonts, layout.top, top, layout.u)
        return next((level for level, rect in rects.items() if rect.collidepoint(pos)), None)

    def _peel(self, action: Action) -> None:
        """V or the pad: one level fewer; a badge: the levels up to it."""
        top = self.state.top_level
        level = self._badge_at(action.pos) if action.button == Button.CLICK else None
        said = self.levels.peel(top) if level is None else self.levels.pick(level, top)
        self.host.bar.say(said)
        self.host.app.request_redraw()

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
        """The move's animation and sound (its words: `words.describe`); every level
        shows again, so the board is seen whole after each move."""
        host = self.host
        self.levels.upto = None
        if isinstance(move, Pass):
            host.app.audio.play("pass")
            return
        pieces = after.pieces()
        if pieces:
            host.motion.animate(StackDrop(pieces[-1]))
        host.app.audio.play("place")

    def pass_text(self, mover: Player) -> str:
        return _("{player} cannot place: passes").format(player=side_name(mover))

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
        """The cell whose stack a side panel lists, once the pointer or cursor rests."""
        if self.hover_cell is None or self.hover_rest < HOVER_DELAY:
            return None
        return self.hover_cell if self.state.height(self.hover_cell) else None

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        host = self.host
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        state = self.state
        mover, human = state.to_move, host.human_to_move()
        hidden = frozenset({a.hides_piece() for a in host.motion.anims} - {None})
        shown = self.levels.shown(state.top_level)
        upto = None if shown >= state.top_level else shown
        draw_stacks(surface, self.board, pal, state, hidden, not host.motion.anims, upto)
        for anim in host.motion.anims:
            anim.draw(surface, self.board, pal, False)
        self.hints.draw_board(surface)
        if human is not None and not host.motion.passing:
            self.placement.draw(surface, state, human, True)
        infos = {p: host.panel_info(p) for p in (Player.DARK, Player.LIGHT)}
        playable = self.placement.playable_lengths(state) if human is not None else None
        draw_panels(surface, fonts, pal, layout, infos, playable)
        step = ""
        if mover is not None and isinstance(state.legal_moves()[0], Pass):
            step = _("no piece fits: passes")
        elif mover is not None:
            level = self.placement.target_level(state, mover)
            step = _("place a piece on level {level}").format(level=level)
        host.view.draw_top_bar(surface, host.bar.heading(step))
        draw_top_left(surface, fonts, pal, layout.top, state, u, upto)
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        text_rect = self.hints.draw_bar(surface, bottom, u)
        text, color = host.bar.status(human, lambda player: self.placement.info(state, player))
        self.hints.draw_text(surface, text_rect, text, color, int(32 * u), u)
        # the stack under the resting pointer or cursor: in a side panel, never on the board
        cell = self.tooltip_cell()
        draw_stack_in_panel(surface, fonts, pal, layout, infos, state, cell, self.board.facing)

    def panel_info(self, player: Player, who: str) -> PanelInfo:
        state, host = self.state, self.host
        status = _("thinking...") if host.match.computer_thinking(player) else ""
        selected = None
        if state.to_move == player and host.human_to_move() == player:
            selected = self.placement.selected(state, player)
        return panel_info(state, player, who, status, selected)
