"""Drawing the FOUNDATIONS game screen (a mixin of FoundationsScene) and its parts.

Nothing here changes the match. The helpers below the mixin (the board with its
last move, the panels, the tooltip) are shared with the replay screen.
"""

from __future__ import annotations

import pygame

from isaac_game.rules import FoundationsState, Player

from .foundations_board import StackBoard, draw_tooltip, level_legend, stack_lines
from .game_view import kind_label
from .hud import GameLayout, PanelInfo, draw_bar_text, draw_player_panel
from .theme import Fonts, Palette, blit_text, draw_panel


def last_passed(state: FoundationsState, player: Player) -> bool:
    """Was the player's latest turn a pass? (turns strictly alternate, Dark first)"""
    moves = state.moves
    for i in range(len(moves) - 1, -1, -1):
        if i % 2 == player.index:
            return moves[i] == "pass"
    return False


def level_text(state: FoundationsState, player: Player) -> str:
    level, least = state.current_level(player), state.min_length(player)
    return f"Level {level}, next: {least}+ cells" if least else f"Level {level}, any length"


def panel_info(
    state: FoundationsState, player: Player, who: str, status: str = "", selected=None
) -> PanelInfo:
    if not status:
        if state.is_over and state.winner == player:
            status = "winner"
        elif state.is_over and state.winner is None:
            status = "draw"
        elif last_passed(state, player):
            status = "stuck: passes"
    return PanelInfo(
        player=player,
        title=player.title,
        who=who,
        score=state.scores[player.index],
        hand=state.hand(player),
        to_move=state.to_move == player,
        status=status,
        selected=selected,
        hand_label="In hand (value each)",
        extra=level_text(state, player),
        score_label="Value in hand",
    )


def draw_panels(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    layout: GameLayout,
    infos: dict[Player, PanelInfo],
    playable: set[int] | None,
) -> None:
    """Both panels; the mover's lengths that cannot go down now are faded out."""
    layout.hand_rows = {}
    for player, info in infos.items():
        rows = draw_player_panel(surface, fonts, pal, layout.panels[player], info, layout.u)
        layout.hand_rows[player] = rows
        if playable is None or not info.to_move:
            continue
        for length, rect in rows.items():
            if info.hand.get(length) and length not in playable:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((*pal.panel, 170))
                surface.blit(veil, rect)


def draw_stacks(
    surface: pygame.Surface,
    board: StackBoard,
    pal: Palette,
    state: FoundationsState,
    hidden=frozenset(),
    mark_last: bool = True,
) -> None:
    """The board with every stack, the last placement ringed."""
    surface.blit(board.stack_surface(pal, state.pieces(), hidden), board.rect)
    if mark_last and state.moves and state.moves[-1] != "pass":
        board.mark_piece(surface, state.pieces()[-1], pal.last_move)


def draw_stack_tooltip(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    board: StackBoard,
    state: FoundationsState,
    cell: int | None,
    u: float,
) -> None:
    if cell is None or not state.height(cell):
        return
    near = board.body_rect((cell,), state.height(cell))
    draw_tooltip(surface, fonts, pal, stack_lines(state, cell), near, u)


def draw_top_left(
    surface: pygame.Surface, fonts: Fonts, pal: Palette, top: pygame.Rect, state, u: float
) -> None:
    x = int(20 * u)
    pos = (x, top.centery - int(12 * u))
    blit_text(surface, fonts, "FOUNDATIONS", int(26 * u), pal.text_dim, pos, "midleft", True)
    level_legend(surface, fonts, pal, max(2, state.top_level), (x, top.centery + int(14 * u)), u)


class FoundationsView:
    """Mixed into FoundationsScene; expects GameScene's attributes."""

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.relayout(surface.get_size())
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        state: FoundationsState = self.state
        surface.fill(pal.background)
        mover, human = state.to_move, self.human_to_move()
        hidden = frozenset({a.hides_piece() for a in self.anims} - {None})
        draw_stacks(surface, self.board, pal, state, hidden, mark_last=not self.anims)
        for anim in self.anims:
            anim.draw(surface, self.board, pal, False)
        if human is not None and self.pass_timer is None:
            self.placement.draw(surface, state, human, True)
        # panels
        infos = {p: self._panel_info(state, p) for p in (Player.DARK, Player.LIGHT)}
        playable = self.placement.playable_lengths(state) if human is not None else None
        draw_panels(surface, fonts, pal, layout, infos, playable)
        # top bar
        top = layout.top
        if state.is_over:
            title = "Game over"
        elif mover is not None and str(state.legal_moves()[0]) == "pass":
            title = f"{mover.title} cannot place"
        elif mover is not None:
            level = self.placement.target_level(state, mover)
            title = f"{mover.title} to place on level {level}"
        else:
            title = ""
        self._draw_top_bar(surface, layout, title)
        draw_top_left(surface, fonts, pal, top, state, u)
        # bottom bar
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        text, color = self._status(state, human, self.placement)
        draw_bar_text(surface, fonts, pal, bottom, text, int(32 * u), color)
        # last: the tooltip may reach over a panel
        draw_stack_tooltip(surface, fonts, pal, self.board, state, self.tooltip_cell(), u)

    def _panel_info(self, state: FoundationsState, player: Player) -> PanelInfo:
        seat = self.match.seats[player]
        status = "thinking..." if getattr(seat, "thinking", False) else ""
        selected = None
        if state.to_move == player and self.human_to_move() == player:
            selected = self.placement.selected(state, player)
        return panel_info(state, player, kind_label(self.kind(player)), status, selected)
