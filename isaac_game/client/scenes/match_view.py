"""What the match scene draws: the layout, the frame around the game's screen, the
move list, and which side of the board faces the screen.

The board, the panels and what goes in the bars are the game's (`GamePlay.draw`);
the LAN boxes are the control's; the move list takes its room after them, under the
right-hand panel. Nothing here changes the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.i18n import _
from isaac_game.rules import Player

from ..theme import blit_text, ui_scale
from ..widgets.board_view import Facing
from ..widgets.hud import GameLayout, draw_bar_text, game_layout
from ..widgets.move_list import MovesBox
from .match_bar import MatchBar

if TYPE_CHECKING:
    from isaac_game.match import Match

    from ..app import App
    from ..control import OverlayPolicy
    from ..games.base import GamePlay
    from ..handoff import GameSetup
    from ..widgets.coach import Coach


class ViewScene(Protocol):
    """The match scene, as its drawing sees it."""

    app: App
    play: GamePlay

    @property
    def control(self) -> OverlayPolicy: ...

    setup: GameSetup
    bar: MatchBar
    match: Match
    coach: Coach


class MatchView:
    """The match scene's drawing: the layout for the window's size (computed once per
    size; input reads it too), the frame, and the move list's box."""

    def __init__(self, scene: ViewScene) -> None:
        self.scene = scene
        self.layout: GameLayout | None = None
        self.moves_box = MovesBox(scene.app.fonts)
        self.facing = Facing()

    @property
    def side(self) -> Player:
        """The player whose edge of the board is at the bottom of the screen: the side
        the control gives (`MatchControl.facing`), unless the player turned the board."""
        scene = self.scene
        given = scene.control.facing(scene.match.state, scene.setup, scene.app.settings.turn_board)
        return self.facing.follow(given)

    def turn_board(self) -> None:
        """F, or the pause menu: the board turns half round (until the side given changes)."""
        self.facing.turn()
        self.scene.app.request_redraw()

    def relayout(self, size: tuple[int, int]) -> GameLayout:
        """The screen's parts for `size` and the side facing the screen (computed once
        per size, side and text size; input reads them)."""
        scene = self.scene
        side, look = self.side, scene.app.fonts.look
        layout = self.layout
        if layout is None or layout.size != size or layout.facing != side or layout.look != look:
            layout = game_layout(size, ui_scale(size), side, look)
            scene.bar.face(side)  # the move list reads the board from the side facing it
            scene.control.relayout(layout)
            self.moves_box.take_room(layout)  # after the LAN boxes took theirs
            self.moves_box.keep_up(scene.bar.history.entries)
            scene.play.board.place(layout.board_area, side)
            self.layout = layout
        return layout

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layout = self.relayout(surface.get_size())
        surface.fill(scene.app.palette.background)
        scene.play.draw(surface, layout)
        scene.coach.draw(surface, layout)  # its offer over the bottom bar
        entries = scene.bar.history.entries
        self.moves_box.draw(surface, scene.app.palette, entries, len(entries) - 1)
        scene.control.draw(surface, layout)

    def lay_out_again(self) -> None:
        """The layout changes before the window does (a puzzle's box changes sides)."""
        self.layout = None

    def draw_top_bar(
        self, surface: pygame.Surface, title: str, inset: int = 600, px: int = 46
    ) -> None:
        """The top bar's title (marked in a demo) and, at its right end, the menu key."""
        app, layout = self.scene.app, self.layout
        assert layout is not None
        pal, fonts, u, top = app.palette, app.fonts, layout.u, layout.top
        if self.scene.setup.demo:
            # TRANSLATORS: the top bar of the demo game; {title} is what it says otherwise
            title = _("Demo: {title}   (press any key)").format(title=title)
        listed = self.moves_box.dock is None  # no room under the panel: L shows the list
        if self.scene.control.escape_leaves:  # a spectator's: Esc leaves, no menu
            # TRANSLATORS: the top bar's keys of a game one watches: Esc leaves it
            keys = _("L: moves   Esc / Start: leave") if listed else _("Esc / Start: leave")
        else:
            # TRANSLATORS: the top bar's keys when the move list has no room on screen
            keys = _("L: moves   Esc / Start: menu") if listed else _("Esc / Start: menu")
        # the title keeps clear of the keys at its right (and as far from the left end)
        clear = fonts.size(keys, int(24 * u))[0] + int(40 * u)
        bar = top.inflate(-max(int(inset * u), 2 * clear), 0)
        draw_bar_text(surface, fonts, pal, bar, title, int(px * u), pal.text, True)
        at = (top.right - int(20 * u), top.centery)
        blit_text(surface, fonts, keys, int(24 * u), pal.text_dim, at, "midright")
