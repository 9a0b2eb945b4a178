"""Overlays of a LAN game: a yes/no question (resign?) and the choice offered when
the opponent is gone for good (save the game or leave). Both keep the game's
network going underneath (`tick_behind`), so nothing stalls while they are open.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from isaac_game.lan import CONNECTED, RECONNECTING

from .input import Action, Button
from .scene import Scene
from .theme import blit_text, dim_behind, draw_panel, ui_scale, wrap
from .widgets import Menu, MenuItem


class _Overlay(Scene):
    opaque = False

    def __init__(self, app, behind) -> None:
        super().__init__(app)
        self.behind = behind  # the LanGameScene underneath
        self.title = ""
        self.text = ""
        self.menu = Menu([])

    def update(self, dt: float) -> None:
        tick = getattr(self.behind, "tick_behind", None)
        if tick is not None:
            tick(dt)

    def handle(self, action: Action) -> None:
        self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        dim_behind(surface, 160)
        rows = len(self.menu.items)
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 680 * u)), int((190 + 56 * rows) * u))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, pal, radius=int(18 * u))
        title_px = fonts.fit(self.title, int(44 * u), panel.width - int(40 * u), True)
        at = (panel.centerx, panel.y + int(40 * u))
        blit_text(surface, fonts, self.title, title_px, pal.accent, at, "center", True)
        px = int(26 * u)
        y = panel.y + int(76 * u)
        for line in wrap(fonts, self.text, px, panel.width - int(60 * u))[:3]:
            blit_text(surface, fonts, line, px, pal.text, (panel.centerx, y), "midtop")
            y += int(px * 1.2)
        body = pygame.Rect(panel.x + int(40 * u), y + int(8 * u), panel.width - int(80 * u), 0)
        body.height = panel.bottom - int(16 * u) - body.y
        self.menu.layout(body, int(30 * u))
        self.menu.draw(surface, fonts, pal)


class ConfirmScene(_Overlay):
    """ "Resign this game?" with Yes (does `on_yes`) and No (back)."""

    name = "confirm"

    def __init__(
        self, app, question: str, yes: str, on_yes: Callable[[], None], behind=None
    ) -> None:
        super().__init__(app, behind)
        self.title = question
        self.on_yes = on_yes
        self.menu = Menu(
            [
                MenuItem("No, go back", lambda: self.app.pop(self), key="no"),
                MenuItem(yes, self._yes, key="yes"),
            ],
            on_change=lambda: app.audio.play("click"),
        )

    def _yes(self) -> None:
        self.app.pop(self)
        self.on_yes()

    def handle(self, action: Action) -> None:
        if action.button in (Button.BACK, Button.PAUSE):
            self.app.pop(self)
        else:
            self.menu.handle(action)


class GiveUpScene(_Overlay):
    """The opponent is gone for good (or for longer than the rejoin window): save the
    game, leave, or (while the joiner is still redialling) keep waiting."""

    name = "give_up"

    def __init__(self, app, game) -> None:
        super().__init__(app, game)
        self.game = game
        s = game.session
        opp = s.opponent or "The opponent"
        if s.problem is not None:
            self.title = "The game cannot go on"
            self.text = f"The two machines disagree about the game ({s.problem})."
        elif s.link == RECONNECTING:
            self.title = "The connection did not come back"
            self.text = f"{opp} has been unreachable for {int(s.lost_for)} s."
        else:
            self.title = f"{opp} is gone"
            self.text = f"{opp} left the game or could not come back in time."
        self.message = ""
        self.menu = Menu(
            [
                MenuItem("Save the game", self.save, key="save"),
                MenuItem("Leave", self.leave, key="leave"),
                MenuItem(
                    "Keep waiting",
                    lambda: self.app.pop(self),
                    enabled=lambda: s.link == RECONNECTING,
                    key="wait",
                ),
            ],
            on_change=lambda: app.audio.play("click"),
        )

    def save(self) -> None:
        game = self.game
        if game.save_path is None:
            game.save_path = self.app.storage.new_save_path()
        error = self.app.storage.save_game(game.save_path, game.state, game.headers())
        self.message = error or f"Saved as {game.save_path.name}"
        self.text = self.message + ". You can continue it from the main menu."

    def leave(self) -> None:
        from .title import TitleScene

        self.app.pop_to(TitleScene)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.session.link == CONNECTED and self.app.top is self:
            self.app.pop(self)  # the peer came back after all
            self.game.say("Reconnected: the game goes on")

    def handle(self, action: Action) -> None:
        if action.button in (Button.BACK, Button.PAUSE) and self.game.session.link == RECONNECTING:
            self.app.pop(self)
        else:
            self.menu.handle(action)
