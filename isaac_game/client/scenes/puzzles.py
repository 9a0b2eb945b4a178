"""One game's puzzles, listed: pick one to open it on the board ("puzzle" by name).

Solved puzzles say so (kept by `learn.progress`); the list is read anew each time it
is drawn, so a puzzle solved a moment ago shows as solved on the way back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..learn.progress import Progress
from ..learn.puzzles import Puzzle, progress_key
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen


class PuzzlesScene(MenuScreen):
    name = "puzzles"
    heading_px = 56
    row_px = 26
    footer = "Enter or A opens a puzzle; Esc or B goes back."
    panel_size = (0.7, 760, 0.76)
    panel_top = 0.15

    def __init__(self, app, game: str, title: str, puzzles: Sequence[Puzzle]) -> None:
        self.heading = f"{title} puzzles"
        self.game = game
        self.puzzles = puzzles
        self.progress = Progress(app.storage)
        items = [self._item(i, p) for i, p in enumerate(puzzles)]
        items.append(MenuItem("Back", lambda: app.pop(self), key="back"))
        super().__init__(app, items)

    def _item(self, index: int, puzzle: Puzzle) -> MenuItem:
        def label() -> str:
            solved = "   (solved)" if self.progress.done(progress_key(puzzle)) else ""
            return f"{index + 1}. {puzzle.title}{solved}"

        def open_it() -> None:
            self.app.open("puzzle", self.game, index)

        return MenuItem(label, open_it, key=puzzle.id)

    def solved(self) -> int:
        return sum(self.progress.done(progress_key(p)) for p in self.puzzles)
