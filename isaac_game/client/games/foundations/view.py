"""Drawing FOUNDATIONS' screen parts, shared by its play part, its replay view and its
rules pages: the stacks with the last move, the panels, the tooltip, the top left.

Pure functions of what they are given; nothing here changes the match.
"""

from __future__ import annotations

import pygame

from isaac_game.rules import VALUE, FoundationsState, Pass, Player, parse_notation

from ...theme import Fonts, Palette, blit_text
from ...widgets.hud import GameLayout, PanelInfo, draw_player_panel
from .board import StackBoard, draw_tooltip, level_legend, stack_lines
from .placement import level_to_play


def last_passed(state: FoundationsState, player: Player) -> bool:
    """Was the player's latest turn a pass? (turns strictly alternate, Dark first)"""
    moves = state.moves
    for i in range(len(moves) - 1, -1, -1):
        if i % 2 == player.index:
            return isinstance(parse_notation(moves[i]), Pass)
    return False


def level_text(state: FoundationsState, player: Player) -> str:
    """The panel's line on the level: the one the bar and the ghost name too (a player
    with nothing left that fits on their level must go up: docs/rules.md 2.5)."""
    level, least = state.current_level(player), state.min_length(player)
    must = level_to_play(state, player)
    if must > level:
        return f"Must play on level {must} now, any piece"
    if least:
        return f"Level {level}, next: {VALUE[least]} or more ({least}+ cells)"
    return f"Level {level}, any piece"


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
    return PanelInfo.of(
        state,
        player,
        who,
        status=status,
        selected=selected,
        hand_label="In hand",
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
    for player, info in infos.items():
        rows = draw_player_panel(surface, fonts, pal, layout.panels[player], info, layout.u)
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
    if mark_last and state.moves and not isinstance(parse_notation(state.moves[-1]), Pass):
        board.mark_piece(surface, state.pieces()[-1], pal.last_move)


def draw_stack_tooltip(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    board: StackBoard,
    state: FoundationsState,
    cell: int | None,
    u: float,
    bounds: pygame.Rect | None = None,
) -> None:
    """The stack under `cell`, listed beside it, inside `bounds` (default: the board)."""
    if cell is None or not state.height(cell):
        return
    near = board.body_rect((cell,), state.height(cell))
    lines = stack_lines(state, cell)
    draw_tooltip(surface, fonts, pal, lines, near, u, board.rect if bounds is None else bounds)


def between_panels(layout: GameLayout) -> pygame.Rect:
    """The screen between the two side panels and the two bars: what the board may
    cover with a tooltip without hiding a player's panel."""
    left, right = layout.panels[Player.DARK], layout.panels[Player.LIGHT]
    top, bottom = layout.top.bottom, layout.bottom.top
    return pygame.Rect(left.right, top, right.left - left.right, bottom - top)


def draw_top_left(
    surface: pygame.Surface, fonts: Fonts, pal: Palette, top: pygame.Rect, state, u: float
) -> None:
    x = int(20 * u)
    pos = (x, top.centery - int(12 * u))
    blit_text(surface, fonts, "FOUNDATIONS", int(26 * u), pal.text_dim, pos, "midleft", True)
    level_legend(surface, fonts, pal, max(2, state.top_level), (x, top.centery + int(14 * u)), u)
