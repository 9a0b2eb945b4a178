"""A list to choose one row from, over the game screen: a lesson's steps.

A `Question` whose answers may be many: the panel grows with its rows up to most of the
window, and the rows scroll beyond that, so ten steps fit a small window as well as a
large one. Mouse, keys and pad choose as in every menu; Esc, B or Start closes it and
nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..scene import Question
from ..widgets.menu import Menu, MenuItem
from ..widgets.menu_screen import QuestionScreen


class ChooserScene(QuestionScreen):
    name = "chooser"

    def __init__(self, app, question: Question, behind=None, selected: str = "") -> None:
        rows = [
            MenuItem(item.label, self._answer(item.activate), item.enabled, key=item.key)
            for item in question.answers
        ]
        super().__init__(app, behind, rows)
        self.heading, self.text = question.heading, question.text
        if selected in {row.key for row in rows}:
            self.menu.select(selected)

    def make_menu(self, items: list[MenuItem]) -> Menu:
        return Menu(items, on_change=lambda: self.app.audio.play("click"), scroll=True)

    def _answer(self, then: Callable[[], None] | None) -> Callable[[], None]:
        def answer() -> None:
            self.app.pop(self)
            if then is not None:
                then()

        return answer

    def panel_rect(self, w: int, h: int, u: float) -> pygame.Rect:
        panel = super().panel_rect(w, h, u)
        panel.height = min(panel.height, int(h * 0.9))
        panel.center = (w // 2, h // 2)
        return panel

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        return max(16, int(26 * u))
