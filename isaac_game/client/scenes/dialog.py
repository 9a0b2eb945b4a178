"""Boxes over whatever is below: a message (errors, notices; any confirm closes it) and
a yes/no question (resign?)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from isaac_game.i18n import N_, _

from ..input import Action, Button
from ..scene import Question, Scene
from ..theme import blit_text, dim_behind, draw_panel, line_step, ui_scale, wrap
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import QuestionScreen


class MessageScene(Scene):
    opaque = False
    name = "message"

    def __init__(self, app, title: str, text: str, then: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title, self.text = title, text
        self.then = then  # done once the message is closed
        self.ok_rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, action: Action) -> None:
        if action.button in (Button.CONFIRM, Button.BACK, Button.PAUSE) or (
            action.button == Button.CLICK and action.pos and self.ok_rect.collidepoint(action.pos)
        ):
            self.app.pop(self)
            if self.then is not None:
                self.then()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        dim_behind(surface, 150)
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 820 * u)), int(h * 0.5))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, pal, radius=int(16 * u))
        at = (panel.centerx, panel.y + int(40 * u))
        blit_text(surface, fonts, self.title, int(44 * u), pal.accent, at, "center", True)
        px = int(28 * u)
        y = panel.y + int(80 * u)
        for line in wrap(fonts, self.text, px, panel.width - int(60 * u)):
            blit_text(surface, fonts, line, px, pal.text, (panel.x + int(30 * u), y))
            y += line_step(fonts, px, 1.2)
        self.ok_rect = pygame.Rect(0, 0, int(160 * u), int(50 * u))
        self.ok_rect.midbottom = (panel.centerx, panel.bottom - int(20 * u))
        pygame.draw.rect(surface, pal.accent, self.ok_rect, border_radius=int(10 * u))
        at = self.ok_rect.center
        blit_text(surface, fonts, _("OK"), int(32 * u), pal.background, at, "center", True)


class ConfirmScene(QuestionScreen):
    """ "Resign this game?" with Yes (does `on_yes`) and No (back)."""

    name = "confirm"

    def __init__(
        self, app, question: str, yes: str, on_yes: Callable[[], None], behind=None
    ) -> None:
        super().__init__(
            app,
            behind,
            [
                MenuItem(N_("No, go back"), lambda: self.app.pop(self), key="no"),
                MenuItem(yes, self._yes, key="yes"),
            ],
        )
        self.heading = question
        self.on_yes = on_yes

    def _yes(self) -> None:
        self.app.pop(self)
        self.on_yes()


class QuestionScene(QuestionScreen):
    """A `Question` put over the scene `behind` (which goes on underneath): "Leave the
    game? It is saved: Resume picks it up." Each answer closes it, then does its thing."""

    name = "question"

    def __init__(self, app, question: Question, behind=None) -> None:
        answers = [
            MenuItem(item.label, self._answer(item.activate), item.enabled, key=item.key)
            for item in question.answers
        ]
        super().__init__(app, behind, answers)
        self.heading, self.text = question.heading, question.text
        self.asks = question  # closing the window again while asked: see `Question`

    def _answer(self, then: Callable[[], None] | None) -> Callable[[], None]:
        def answer() -> None:
            self.app.pop(self)
            if then is not None:
                then()

        return answer
