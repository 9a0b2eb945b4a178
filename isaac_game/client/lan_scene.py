"""LAN play over any game scene: `LanSceneMixin`, put in front of a registered game
scene (GameScene, FoundationsScene, HariScene) by a small subclass (lan_game.py).

The session owns the match (rebuilt on every new game, kept across a rejoin); the
scene follows `session.match` and calls `session.update()` once per frame, which
never blocks. Local moves go in exactly as in local play (the human seat here);
each is sent as it is played (a HARI slide as soon as it is made), and the remote
seat's moves arrive through the session one by one. Undo and redo are off. On top
of the game's usual screen: the opponent's name and the link's state, a chat box
(T), a "reconnecting..." notice over the board while the link is down, resign in
the pause menu, and, once the link has been gone for the rejoin window (or the
peer left), a choice to save the game or leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import net
from isaac_game.lan import CLOSED, CONNECTED, LOST, RECONNECTING, LanSession
from isaac_game.match import Match
from isaac_game.rules import Player

from .game_scene import RESULTS_DELAY, GameScene
from .hud import GameLayout
from .input import Action, Button
from .lan_hud import ChatBox, draw_link_box, draw_lost_notice
from .scene import GameOutcome, GameSetup
from .widgets import MenuItem

LAN_BOX_H = 175  # chat and link boxes under the panels, at ui scale 1

# What the mixin stands on (for type checkers); at run time it is a plain mixin.
_GameSceneBase = GameScene if TYPE_CHECKING else object


class LanSceneMixin(_GameSceneBase):
    """LAN behaviour for a game scene; list it first: `class X(LanSceneMixin, Scene)`."""

    def __init__(self, app, session: LanSession) -> None:
        self.session = session
        super().__init__(app, GameSetup(session.adapter.game, "human", "human"))
        self.handed_over = False  # the session went on to the results screen
        self.chat = ChatBox(app, session)
        self.link_box = pygame.Rect(0, 0, 0, 0)
        self._lan_layout: GameLayout | None = None
        self.offered_give_up = False
        if session.match is not None:
            self.match = session.match
        self._sync_last_move()

    # ----- following the session ------------------------------------------------------

    @property
    def you(self) -> Player | None:
        return self.session.you

    def pump(self) -> None:
        """One `session.update()`: network news in, at most one move played."""
        for event in self.session.update():
            if isinstance(event, net.Event):
                self._net_event(event)
            else:
                self.handle_events([event])
        match = self.session.match
        if match is not None and match is not self.match:
            self._follow(match)

    def _net_event(self, event: net.Event) -> None:
        opp = self.session.opponent or "The opponent"
        if isinstance(event, net.GameStarted) and event.resumed:
            self.say("Reconnected: the game goes on")
        elif isinstance(event, net.ChatReceived):
            self.app.audio.play("click")
        elif isinstance(event, net.PeerResigned):
            self.say(f"{opp} resigned")
        elif isinstance(event, net.LinkLost):
            self.say(f"Connection to {opp} lost: reconnecting...", warn=True)
        elif isinstance(event, net.GameClosed | net.Closed) and not self.session.finished:
            if self.session.link == CLOSED:
                self.say(f"{opp} left the game", warn=True)
        elif isinstance(event, net.PeerError | net.PeerMisbehaved):
            self.say(f"Network: {event.code} {event.msg}", warn=True)

    def _follow(self, match: Match) -> None:
        """A new game (a rematch or the next joiner): show it from its first move."""
        self.match = match
        self.anims.clear()
        self.reset_input()
        self.pass_timer = None
        self.over_timer = 0.0
        self.offered_give_up = False
        self._sync_last_move()
        if self.you is not None:
            self.say(f"New game: you play {self.you.title}")

    def reset_input(self) -> None:
        """Forget half-entered input (a new game began). Game scenes add theirs."""
        self.scoring.reset()

    def _sync_last_move(self) -> None:
        self.last_move = None
        past = self.match._past
        if self.state.moves and past:
            before = past[-1]
            self.last_move = (before.to_move, self.state.moves[-1], before)  # type: ignore[assignment]

    # ----- what may happen now --------------------------------------------------------

    def may_move(self) -> bool:
        """May the local player move? Not once the game is decided or the peer is gone
        for good; while the link is merely down, yes (the moves follow on rejoin)."""
        s = self.session
        return s.playing and s.link not in (LOST, CLOSED)

    def human_to_move(self) -> Player | None:
        if not self.may_move():
            return None
        return super().human_to_move()

    def kind(self, player: Player) -> str:
        return "remote" if player != self.you else "human"

    def headers(self) -> dict[str, str]:
        names = {self.you: self.session.name, self.session.remote.player: self.session.opponent}
        return {
            "Dark": f"{names.get(Player.DARK, '?')} (LAN)",
            "Light": f"{names.get(Player.LIGHT, '?')} (LAN)",
            "DarkPlayer": "human",  # a saved LAN game continues as a hotseat game
            "LightPlayer": "human",
        }

    def undo(self) -> None:
        self.say("Undo is off in LAN games", warn=True)

    def redo(self) -> None:
        self.say("Redo is off in LAN games", warn=True)

    # ----- input ------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        if action.button == Button.PAD_LOST:
            super().handle(action)
            return
        if self.chat.handle(action):
            return
        super().handle(action)

    def pause_items(self, pause) -> list[MenuItem]:
        """Extra rows for the pause menu (PauseScene asks for them)."""
        return [MenuItem("Resign", self.ask_resign, enabled=self.may_move, key="resign")]

    def ask_resign(self) -> None:
        from .lan_dialogs import ConfirmScene

        def resign() -> None:
            self.app.pop_to(LanSceneMixin)
            self.session.resign()
            self.say("You resigned")

        self.app.push(ConfirmScene(self.app, "Resign this game?", "Resign", resign, behind=self))

    # ----- the frame ----------------------------------------------------------------------

    def tick_behind(self, dt: float) -> None:
        """Keep the network and the board going under an overlay (pause, dialogs)."""
        self.pump()
        self._age(dt)

    def update(self, dt: float) -> None:
        self.pump()
        s = self.session
        if s.link == CONNECTED:
            self.offered_give_up = False
        if s.finished:
            self._age(dt)
            self._lan_over(dt)
            return
        if (s.can_give_up or s.stalled) and not self.offered_give_up:
            self._age(dt)
            self.offered_give_up = True
            from .lan_dialogs import GiveUpScene

            self.app.push(GiveUpScene(self.app, self))
            return
        mover = self.state.to_move
        if mover is not None and mover == self.you and not self.may_move():
            self._age(dt)  # the local player cannot move: no auto-pass either
            return
        super().update(dt)

    def _lan_over(self, dt: float) -> None:
        if self.anims:
            return
        if self.over_timer <= 0:
            self.over_timer = RESULTS_DELAY
        self.over_timer -= dt
        if self.over_timer > 0:
            return
        from .lan_results import LanResultsScene

        self.app.audio.play("win")
        outcome = GameOutcome(self.setup, self.state, None, self.headers())
        self.handed_over = True
        self.app.replace(LanResultsScene(self.app, outcome, self.session))

    def on_exit(self) -> None:
        super().on_exit()
        if not self.handed_over:
            self.session.close()

    # ----- drawing --------------------------------------------------------------------------

    def relayout(self, size: tuple[int, int]) -> GameLayout:
        layout = super().relayout(size)
        if layout is not self._lan_layout:
            self._lan_layout = layout
            u = layout.u
            left, right = layout.panels[Player.DARK], layout.panels[Player.LIGHT]
            gap = int(10 * u)
            box_h = max(0, min(int(LAN_BOX_H * u), left.height - int(380 * u)))
            bottom = left.bottom
            for panel in (left, right):
                panel.height -= box_h + gap if box_h else 0
            self.chat.rect = pygame.Rect(left.x, bottom - box_h, left.width, box_h)
            self.link_box = pygame.Rect(right.x, bottom - box_h, right.width, box_h)
        return layout

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        layout = self.relayout(surface.get_size())
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        self.chat.draw(surface, fonts, pal, u)
        draw_link_box(surface, fonts, pal, self.link_box, self.session, u)
        if self.session.link == RECONNECTING and not self.session.finished:
            draw_lost_notice(surface, fonts, pal, layout.board_area, self.session, u)

    def _panel_info(self, state, player: Player):
        info = super()._panel_info(state, player)
        s = self.session
        if player == self.you:
            info.who = f"You: {s.name}"
        else:
            info.who = f"{s.opponent or '?'} (over the LAN)"
            if s.link != CONNECTED and not state.is_over:
                info.status = s.link if s.link != CLOSED else "left"
        if s.resigned == player:
            info.status = "resigned"
        elif s.resigned is not None and s.resigned != player:
            info.status = "winner"
        return info
