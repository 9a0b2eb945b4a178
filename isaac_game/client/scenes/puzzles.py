"""One game's puzzles, listed: pick one to open it on the board ("puzzle" by name).

Solved puzzles say so (kept by `learn.progress`); the list is read anew each time it
is drawn, so a puzzle solved a moment ago shows as solved on the way back.
"""

from __future__ import annotations

from collections.abc import Sequence

from isaac_game.i18n import N_, _

from ..learn.progress import Progress
from ..learn.puzzles import Puzzle, progress_key
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen


class PuzzlesScene(MenuScreen):
    name = "puzzles"
    heading_px = 56
    row_px = 26
    footer = N_("Enter or A opens a puzzle; Esc or B goes back.")
    panel_size = (0.7, 760, 0.76)
    panel_top = 0.15

    def __init__(self, app, game: str, title: str, puzzles: Sequence[Puzzle]) -> None:
        self.game_title = title  # the game's name (ISAAC): never translated
        self.game = game
        self.puzzles = puzzles
        self.progress = Progress(app.storage)
        items = [self._item(i, p) for i, p in enumerate(puzzles)]
        items.append(MenuItem(N_("Back"), lambda: app.pop(self), key="back"))
        super().__init__(app, items)

    def _item(self, index: int, puzzle: Puzzle) -> MenuItem:
        def label() -> str:
            title = _(puzzle.title)  # the puzzle's data keeps its English source
            if self.progress.done(progress_key(puzzle)):
                # TRANSLATORS: a puzzle in the list, solved: "3. The last piece   (solved)"
                text = _("{number}. {title}   (solved)")
            else:
                # TRANSLATORS: a puzzle in the list: "3. The last piece"
                text = _("{number}. {title}")
            return text.format(number=index + 1, title=title)

        def open_it() -> None:
            self.app.open("puzzle", self.game, index)

        return MenuItem(label, open_it, key=puzzle.id)

    def title(self) -> str:
        # TRANSLATORS: the heading of a game's puzzle list; {game} is its name (ISAAC)
        return _("{game} puzzles").format(game=self.game_title)

    def solved(self) -> int:
        return sum(self.progress.done(progress_key(p)) for p in self.puzzles)
