"""The results screen of a LAN game: the usual one (`scenes/results.py`) with this control
handed in. A rematch asks the other side (the host starts it once both have asked,
colours swapped); the chat and the link's state show beside the menu. It keeps
calling `session.update()` every frame; a new game from the session takes the screen
back to the board.
"""

from __future__ import annotations

import pygame

from isaac_game.lan import CONNECTED, ChatReceived, GameStarted, LanSession, RematchProposed
from isaac_game.rules import Player

from ..app import App
from ..control import ResultsControl
from ..handoff import GameOutcome
from ..input import Action
from ..theme import blit_text
from ..widgets.menu import Menu
from .hud import ChatBox, draw_link_box


class LanResultsControl(ResultsControl):
    leaves_to_title = True

    def __init__(self, app: App, session: LanSession) -> None:
        self.app = app
        self.session = session
        self.asked = False  # we sent a rematch proposal for this game
        self.handed_over = False
        self.chat = ChatBox(app, session)
        self.link_box = pygame.Rect(0, 0, 0, 0)

    # ----- rematch ------------------------------------------------------------------------

    def can_rematch(self) -> bool:
        return self.session.link == CONNECTED and not self.asked

    def rematch_label(self) -> str:
        if self.session.remote.rematch_proposed and not self.asked:
            return "Accept the rematch (colours swapped)"
        return "Rematch (colours swapped)"

    def rematch_status(self) -> str:
        s = self.session
        opp = s.opponent or "the opponent"
        if s.link != CONNECTED:
            return f"{opp} has left" if s.link == "closed" else f"Connection: {s.link}"
        if self.asked:
            return f"Rematch asked: waiting for {opp}..."
        if s.remote.rematch_proposed:
            return f"{opp} wants a rematch"
        return ""

    def rematch(self) -> bool:
        if self.can_rematch():
            self.asked = True
            self.session.rematch()
        return True

    # ----- the verdict ----------------------------------------------------------------------

    def headline(self, outcome: GameOutcome) -> tuple[Player | None, str, str] | None:
        resigned = self.session.resigned
        if resigned is not None and not outcome.state.is_over:
            s = self.session
            who = f"you, {s.name}" if resigned == s.you else s.opponent
            winner = resigned.other
            return winner, f"{winner.title} wins!", f"{resigned.title} ({who}) resigned"
        return None

    # ----- the frame --------------------------------------------------------------------------

    def keeps_time(self) -> bool:
        return True  # the rematch answer, the chat and the link come over the network

    def update(self, app: App) -> None:
        for event in self.session.update():
            if isinstance(event, GameStarted) and not event.resumed:
                self.handed_over = True
                app.switch("lan_match", self.session)
                return
            if isinstance(event, ChatReceived | RematchProposed):
                app.audio.play("click")

    def handle(self, action: Action) -> bool:
        return self.chat.handle(action)

    def on_exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    def draw(self, surface: pygame.Surface, menu: Menu, u: float) -> None:
        w = surface.get_width()
        pal, fonts = self.app.palette, self.app.fonts
        top = min(i.rect.top for i in menu.items) - int(30 * u)
        bottom = max(i.rect.bottom for i in menu.items) + int(20 * u)
        status = self.rematch_status()
        if status:
            at = (w // 2, top - int(26 * u))
            blit_text(surface, fonts, status, int(30 * u), pal.accent, at, "center", True)
        side = max(0, (w - int(min(w * 0.6, 560 * u))) // 2 - int(40 * u))
        if side > 160 * u:
            self.chat.rect = pygame.Rect(int(20 * u), top, side, bottom - top)
            self.link_box = pygame.Rect(w - int(20 * u) - side, top, side, bottom - top)
            self.chat.draw(surface, fonts, pal, u)
            hints = ("T: chat   Esc: main menu",)
            draw_link_box(surface, fonts, pal, self.link_box, self.session, u, hints)
