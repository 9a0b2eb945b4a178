"""Learn to play: the chooser of lessons (a guided first game per game) and puzzles.

The rows come from the registry (`registry.learn_entries`), asked afresh each time the
screen shows, so a lesson finished a moment ago says so.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from isaac_game.i18n import N_

from ..learn.lesson import LearnEntry
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen


class LearnScene(MenuScreen):
    name = "learn"
    heading = N_("Learn to play")
    footer = N_("A lesson is a guided first game on real positions. Esc: back")
    panel_size = (0.7, 760, 0.62)

    def __init__(self, app, entries: Callable[[], list[LearnEntry]]) -> None:
        self.entries = entries
        super().__init__(app, self.items())
        chosen = f"lesson_{app.settings.game}"  # opens on the game the title offers
        if chosen in {item.key for item in self.menu.items}:
            self.menu.select(chosen)

    def items(self) -> list[MenuItem]:
        rows = [
            MenuItem(
                e.label,
                partial(self.choose, e) if e.scene else None,
                enabled=(lambda: True) if e.scene else (lambda: False),
                key=e.key or e.label,
            )
            for e in self.entries()
        ]
        return [*rows, MenuItem(N_("Back"), self.close, key="back")]

    def choose(self, entry: LearnEntry) -> None:
        self.app.open(entry.scene, *entry.handoff)

    def on_language(self) -> None:
        """The rows are asked again, in the new language."""
        self.on_resume()

    def on_resume(self) -> None:
        key = self.menu.current.key if self.menu.items else ""
        self.menu = self.make_menu(self.items())
        if key in {item.key for item in self.menu.items}:
            self.menu.select(key)
