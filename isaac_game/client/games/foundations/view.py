"""Drawing FOUNDATIONS' screen parts, shared by its play part, its replay view and its
rules pages: the stacks with the last move (the top levels peeled away, if asked), the
panels, the top left.

Pure functions of what they are given; nothing here changes the match.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _, pgettext
from isaac_game.rules import VALUE, FoundationsState, Pass, Player, parse_notation

from ...theme import Fonts, Palette, blit_text
from ...widgets.hud import GameLayout, PanelInfo, draw_player_panels
from .board import StackBoard
from .levels import draw_legend, top_left_rows
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
        return _("Must play on level {level} now, any piece").format(level=must)
    if least:
        # TRANSLATORS: the shortest piece allowed next on the level: its printed {value},
        # then its length ({length}+ cells: that many cells or more)
        return _("Level {level}, next: {value} or more ({length}+ cells)").format(
            level=level, value=VALUE[least], length=least
        )
    return _("Level {level}, any piece").format(level=level)


def panel_info(
    state: FoundationsState, player: Player, who: str, status: str = "", selected=None
) -> PanelInfo:
    if not status:
        if state.is_over and state.winner == player:
            # TRANSLATORS: a player panel's status at the end of the game
            status = _("winner")
        elif state.is_over and state.winner is None:
            # TRANSLATORS: a player panel's status: the game ended in a draw
            status = pgettext("result", "draw")
        elif last_passed(state, player):
            status = _("stuck: passes")
    return PanelInfo.of(
        state,
        player,
        who,
        status=status,
        selected=selected,
        hand_label=_("In hand"),
        extra=level_text(state, player),
        score_label=_("Value in hand"),
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
    drawn = draw_player_panels(surface, fonts, pal, layout, infos)
    for player, info in infos.items():
        rows = drawn[player]
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
    upto: int | None = None,
) -> None:
    """The board with every stack (`upto`: only levels 1 to it), the last placement
    ringed (if shown)."""
    pieces = [p for p in state.pieces() if upto is None or p.level <= upto]
    board.draw_stacks(surface, pal, pieces, hidden)
    last = state.pieces()[-1] if state.pieces() else None
    placed = state.moves and not isinstance(parse_notation(state.moves[-1]), Pass)
    if mark_last and placed and last is not None and (upto is None or last.level <= upto):
        board.mark_piece(surface, last, pal.last_move)


def draw_top_left(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    top: pygame.Rect,
    state,
    u: float,
    shown: int | None = None,
) -> None:
    """The game's name and the levels' legend (`shown`: the highest level drawn)."""
    px, y, _legend_y = top_left_rows(fonts, top, u)
    blit_text(surface, fonts, "FOUNDATIONS", px, pal.text_dim, (int(20 * u), y), "midleft", True)
    draw_legend(surface, fonts, pal, top, max(2, state.top_level), u, shown)
