"""The results screen of a LAN game: the usual one, plus a rematch that asks the
other side (the host starts it once both have asked, colours swapped), the chat,
and the link's state. It keeps calling `session.update()` every frame; a new game
from the session takes the screen back to the board.
"""

from __future__ import annotations

import pygame

import net
from isaac_game.lan import CONNECTED, LanSession
from isaac_game.rules import Player

from .input import Action
from .lan_hud import ChatBox, draw_link_box
from .results import ResultsScene
from .scene import GameOutcome
from .theme import blit_text, ui_scale


class LanResultsScene(ResultsScene):
    name = "lan_results"

    def __init__(self, app, outcome: GameOutcome, session: LanSession) -> None:
        super().__init__(app, outcome)
        self.session = session
        self.asked = False  # we sent a rematch proposal for this game
        self.handed_over = False
        self.chat = ChatBox(app, session)
        self.link_box = pygame.Rect(0, 0, 0, 0)
        item = self.menu.item("rematch")
        item.label = self.rematch_label
        item.enabled = self.can_rematch

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

    def rematch(self) -> None:
        if self.can_rematch():
            self.asked = True
            self.session.rematch()

    # ----- the verdict ----------------------------------------------------------------------

    def headline(self) -> tuple[Player | None, str, str]:
        resigned = self.session.resigned
        if resigned is not None and not self.outcome.state.is_over:
            s = self.session
            who = f"you, {s.name}" if resigned == s.you else s.opponent
            winner = resigned.other
            return winner, f"{winner.title} wins!", f"{resigned.title} ({who}) resigned"
        return super().headline()

    # ----- the frame --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for event in self.session.update():
            if isinstance(event, net.GameStarted) and not event.resumed:
                self._new_game()
                return
            if isinstance(event, net.ChatReceived | net.RematchProposed):
                self.app.audio.play("click")

    def _new_game(self) -> None:
        from .games import lan_scene

        self.handed_over = True
        self.app.replace(lan_scene(self.app, self.session))

    def handle(self, action: Action) -> None:
        if self.chat.handle(action):
            return
        super().handle(action)

    def to_menu(self) -> None:
        from .title import TitleScene

        self.app.pop_to(TitleScene)

    def on_exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        menu = self.menu.items
        top = min(i.rect.top for i in menu) - int(30 * u)
        bottom = max(i.rect.bottom for i in menu) + int(20 * u)
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
