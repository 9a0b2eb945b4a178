"""The results screen of a LAN game: the usual one (`scenes/results.py`) with this control
handed in. A rematch asks the other side (the host starts it once both have asked,
colours swapped); the rematch's state (and the link's, when it is down) shows over
the menu, the chat under the final board. It keeps calling `session.update()` every
frame; a new game from the session takes the screen back to the board.

A host whose joiner has left offers "Host again" in the rematch's place: after a game
the host is neither listed nor open to a new joiner (`rest_after_game`) until its
player chooses that, which opens the host's lobby again on the same port (online: the
same code, or a new one if that one is refused now); the next joiner starts a game
with a chat of its own.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.lan import (
    CLOSED,
    CONNECTED,
    ChatReceived,
    GameStarted,
    LanSession,
    RematchProposed,
)
from isaac_game.lan.online import code_locked, host_anew
from isaac_game.match import HumanSeat
from isaac_game.rules import Player

from ..app import App
from ..control import ResultsControl
from ..handoff import GameOutcome
from ..input import Action
from ..theme import blit_text
from ..widgets.menu import Menu
from ..words import side_name
from . import menu as lan_menu
from .hud import ChatBox, link_word

#: The chat's room under the final board, in logical pixels.
CHAT_ROOM = 190


class LanResultsControl(ResultsControl):
    leaves_to_title = True

    def __init__(self, app: App, session: LanSession) -> None:
        self.app = app
        self.session = session
        session.wake_with(app.wake)  # a rematch offer or a chat line is drawn as it comes
        self.asked = False  # we sent a rematch proposal for this game
        self.handed_over = False
        self.chat = ChatBox(app, session)

    # ----- rematch ------------------------------------------------------------------------

    def may_host_again(self) -> bool:
        """A host whose joiner has left: only its player opens it to a new one."""
        return self.session.role == "host" and self.session.link == CLOSED

    def can_rematch(self) -> bool:
        return (self.session.link == CONNECTED and not self.asked) or self.may_host_again()

    def rematch_label(self) -> str:
        if self.may_host_again():
            return _("Host again")
        if self.session.remote.rematch_proposed and not self.asked:
            return _("Accept the rematch (colours swapped)")
        return _("Rematch (colours swapped)")

    def rematch_status(self) -> str:
        s = self.session
        opp = s.opponent
        if s.link != CONNECTED:
            if s.link != "closed":
                return _("Connection: {state}").format(state=link_word(s.link))
            return _("{name} has left").format(name=opp) if opp else _("The opponent has left")
        if self.asked:
            if opp:
                return _("Rematch asked: waiting for {name}...").format(name=opp)
            return _("Rematch asked: waiting for the opponent...")
        if s.remote.rematch_proposed:
            if opp:
                return _("{name} wants a rematch").format(name=opp)
            return _("The opponent wants a rematch")
        return ""

    def rematch(self) -> bool:
        if self.may_host_again():
            self.host_again()
        elif self.can_rematch():
            self.asked = True
            self.session.rematch()
        return True

    def host_again(self) -> None:
        """Listed again and waiting for a new joiner: the host's lobby, same session (an
        online one keeps its code, as a headless host does for the games after its
        first). A code refused now (too many wrong tries) would turn every joiner away:
        then a new host, in a new room with a new code, as Host online makes one (the
        old session closes as this screen goes)."""
        if code_locked(self.session):
            fresh = host_anew(self.session, HumanSeat(self.session.name))
            self.app.switch("online_lobby", fresh, start=True)
            return
        self.session.host_again()
        self.handed_over = True
        port = getattr(self.session.endpoint, "port", 0)
        self.app.switch("lan_lobby", self.session, where="", bind=lan_menu.HOST_BIND, port=port)

    # ----- the verdict ----------------------------------------------------------------------

    def headline(self, outcome: GameOutcome) -> tuple[Player | None, str, str] | None:
        resigned = self.session.resigned
        if resigned is not None and not outcome.state.is_over:
            s = self.session
            winner = resigned.other
            wins = _("{side} wins!").format(side=side_name(winner))
            if resigned == s.you:
                # TRANSLATORS: "Dark (you, Ann) resigned"
                why = _("{side} (you, {name}) resigned").format(
                    side=side_name(resigned), name=s.name
                )
            else:
                # TRANSLATORS: "Light (Bob) resigned": the side and the opponent's name
                why = _("{side} ({name}) resigned").format(
                    side=side_name(resigned), name=s.opponent
                )
            return winner, wins, why
        return None

    # ----- the frame --------------------------------------------------------------------------

    def keeps_time(self) -> bool:
        """Only the line being typed blinks: the rematch answer, the chat and the link
        come over the network, which wakes the window and has them drawn as they come."""
        return self.chat.typing

    def update(self, app: App) -> None:
        events = self.session.update()
        if events:
            app.request_redraw()
        for event in events:
            if isinstance(event, GameStarted) and not event.resumed:
                self.handed_over = True
                app.switch("lan_match", self.session)
                return
            if isinstance(event, ChatReceived | RematchProposed):
                app.audio.play("click")

    def handle(self, action: Action) -> bool:
        return self.chat.handle(action)

    def on_exit(self) -> None:
        self.chat.close()
        if not self.handed_over:
            self.session.close()

    def facing(self) -> Player | None:
        return self.session.you

    def room_under_board(self) -> int:
        return CHAT_ROOM

    def draw(self, surface: pygame.Surface, menu: Menu, u: float, room: pygame.Rect) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        panel_top = menu.area.top - int(10 * u)  # the panel around it (ResultsScene)
        cx = menu.items[0].rect.centerx
        status = self.rematch_status()
        if status:  # just above the menu's panel, whatever the font's line height
            at = (cx, panel_top - int(6 * u))
            blit_text(surface, fonts, status, int(30 * u), pal.accent, at, "midbottom", True)
        self.chat.rect = room  # under the board: "T: type a message" and the lines
        self.chat.draw(surface, fonts, pal, u)
