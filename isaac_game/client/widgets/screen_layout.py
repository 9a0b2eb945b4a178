"""Where the game screen's parts are: the board in the middle, a player's panel on each
side, the bars above and below, for a window's size and the side the board faces.

A pure function of the window (`game_layout`), asked by input and drawing alike; what
each part draws is `hud.py`'s and the scenes'.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from isaac_game.rules import Player


@dataclass
class GameLayout:
    size: tuple[int, int]
    u: float
    top: pygame.Rect
    bottom: pygame.Rect
    board_area: pygame.Rect
    panels: dict[Player, pygame.Rect]
    #: the player whose edge of the board is at the bottom: their panel is on the left
    facing: Player = Player.DARK
    #: the fonts' look (`Fonts.look`: the text size...) the parts were fitted to: the
    #: boxes that take a panel's foot measure their words, so text of another size
    #: needs the layout made again
    look: tuple[object, ...] = ()

    @property
    def left_player(self) -> Player:
        """Whose panel is on the left: the player the board faces."""
        return self.facing

    @property
    def right_player(self) -> Player:
        """Whose panel is on the right (where the move list and a lesson's box go)."""
        return self.facing.other


def game_layout(
    size: tuple[int, int], u: float, facing: Player = Player.DARK, look: tuple[object, ...] = ()
) -> GameLayout:
    """The game screen's parts for a window of `size` at ui scale `u`: the board in the
    middle, the panel of the player it faces (`facing`) on its left, as Dark's is in
    Dark's view, and the other's on its right."""
    w, h = size
    pad = int(16 * u)
    top_h = int(h * 0.085)
    bottom_h = int(h * 0.11)
    avail_h = h - top_h - bottom_h - 2 * pad
    board_side = min(avail_h, int(w * 0.56))
    panel_w = (w - board_side) // 2 - 2 * pad
    if panel_w < 240 * u:  # narrow screens: the panels take what they need
        panel_w = int(min(240 * u, w * 0.28))
        board_side = min(avail_h, w - 2 * panel_w - 4 * pad)
    board = pygame.Rect(0, 0, board_side, board_side)
    board.center = (w // 2, top_h + pad + avail_h // 2)
    panel_h = min(avail_h, int(board_side * 1.0))
    left = pygame.Rect(board.left - pad - panel_w, 0, panel_w, panel_h)
    right = pygame.Rect(board.right + pad, 0, panel_w, panel_h)
    left.centery = right.centery = board.centery
    return GameLayout(
        size=size,
        u=u,
        top=pygame.Rect(0, 0, w, top_h),
        bottom=pygame.Rect(pad, h - bottom_h - pad // 2, w - 2 * pad, bottom_h),
        board_area=board,
        panels={facing: left, facing.other: right},
        facing=facing,
        look=look,
    )
