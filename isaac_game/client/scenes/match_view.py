"""Drawing the match scene's frame: the layout, the top bar, the bottom bar's words and
the move list.

The board, the panels and what goes in the bars are the game's (`GamePlay.draw`);
the LAN boxes are the control's; the move list takes its room after them, under the
right-hand panel. Nothing here changes the match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import Player

from ..theme import blit_text, ui_scale
from ..widgets.hud import GameLayout, draw_bar_text, game_layout
from ..widgets.move_list import MoveHistory, MovesBox, MoveWords

if TYPE_CHECKING:
    from ..app import App
    from ..control import MatchControl
    from ..games.base import GamePlay
    from ..handoff import GameSetup


class MatchView:
    """The match scene's drawing (a part of MatchScene, kept apart for its size)."""

    app: App
    play: GamePlay
    control: MatchControl
    setup: GameSetup
    layout: GameLayout | None
    banner: str
    banner_warn: bool
    banner_time: float
    said: int
    history: MoveHistory
    moves_box: MovesBox

    if TYPE_CHECKING:  # the scene's (`MatchWords`)

        def last_words(self) -> MoveWords | None: ...

    def relayout(self, size: tuple[int, int]) -> GameLayout:
        """The screen's parts for `size` (computed once per size; input reads them)."""
        if self.layout is None or self.layout.size != size:
            layout = game_layout(size, ui_scale(size))
            self.control.relayout(layout)
            self.moves_box.take_room(layout)  # after the LAN boxes took theirs
            self.moves_box.keep_up(self.history.entries)
            self.play.board.place(layout.board_area)
            self.layout = layout
        return self.layout

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.relayout(surface.get_size())
        surface.fill(self.app.palette.background)
        self.play.draw(surface, layout)
        entries = self.history.entries
        self.moves_box.draw(surface, self.app.palette, entries, len(entries) - 1)
        self.control.draw(surface, layout)

    def draw_top_bar(
        self, surface: pygame.Surface, title: str, inset: int = 600, px: int = 46
    ) -> None:
        """The top bar's title (marked in a demo) and, at its right end, the menu key."""
        assert self.layout is not None
        pal, fonts, u, top = self.app.palette, self.app.fonts, self.layout.u, self.layout.top
        if self.setup.demo:
            title = "Demo: " + title + "   (press any key)"
        bar = top.inflate(-int(inset * u), 0)
        draw_bar_text(surface, fonts, pal, bar, title, int(px * u), pal.text, True)
        at = (top.right - int(20 * u), top.centery)
        blit_text(surface, fonts, "Esc / Start: menu", int(24 * u), pal.text_dim, at, "midright")

    def status(
        self, human: Player | None, input_info: Callable[[Player], str], since: int | None = None
    ) -> tuple[str, tuple]:
        """The bottom bar's words and colour: a fresh announcement, else what the human
        to move may do (`input_info`, from the input in charge), else the last move (the
        top bar says who the game waits for).

        `since`: the human to move has a choice pending (an ISAAC removal chosen, waiting
        for Enter), made when the bar had been given `since` messages. Their own choice
        then wins over those (the opponent's last move, say); only a message given
        after it (why their last click did nothing) shows first."""
        pal = self.app.palette
        mover = self.play.host.state.to_move
        newer = since is None or human is None or self.said > since
        if self.banner_time > 0 and self.banner and newer:
            return self.banner, (pal.illegal if self.banner_warn else pal.accent)
        if human is not None:
            return input_info(human), pal.text
        last = self.last_words()
        if last is not None:
            return last.announcement(), pal.text_dim
        if mover is not None:
            return self.control.waiting_text(mover, self.setup), pal.text_dim
        return "", pal.text
