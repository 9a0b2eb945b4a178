"""Text that fits, in words: every screen the screenshot tools show has no text under
the readable minimum (`theme.MIN_TEXT_HEIGHT`), cut off, outside its box or over
another panel, button or text (`misfits`), and no notation (`notation_in`: a player
reads pieces by their value and cells by row and column). A language is a parameter:
every language the client has is checked the same way, and so is the player's text
size (Settings > Text size).

Each text size is checked in two windows (every size in every window would take twice
the time): the normal size in the smallest window and the usual one; the larger sizes,
chosen for a television, at 3840x2160, a television's own, where the layouts have
grown with the window but a text's box keeps its few pixels of slack, so lines spaced
by a fixed share of their size run into each other there first; and in a small
window, where grown text has the least room: large in the smallest, larger in the
usual one (larger in the smallest fits too, checked once by hand)."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.app import App
from isaac_game.client.theme import recording
from isaac_game.client.tools import lan_screenshots, screenshots

from .misfits import misfits
from .notation import notation_in

#: (window, text size): each size in a small window and a large one (see above).
CASES = [
    ((800, 600), "normal"),
    ((1280, 720), "normal"),
    ((800, 600), "large"),
    ((3840, 2160), "large"),
    ((1280, 720), "larger"),
    ((3840, 2160), "larger"),
]
CASE_IDS = [f"{w}x{h}-{text_size}" for (w, h), text_size in CASES]


class Looker:
    """Draws each screen it is shown on a surface of its own and notes what misfits."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.surface = pygame.Surface(size)
        self.seen: list[str] = []
        self.problems: list[str] = []
        self.notation: list[str] = []

    def __call__(self, name: str, app: App) -> None:
        self.seen.append(name)
        with recording(self.surface) as log:
            app.draw(self.surface)
        assert log.texts, f"{name}: nothing was drawn through the client's text drawing"
        self.problems += [f"{name}: {problem}" for problem in misfits(log, self.size)]
        for text in log.texts:
            found = notation_in(text.text)
            if found:
                self.notation.append(f"{name}: {found!r} in {text.text!r}")

    def report(self) -> str:
        return f"{len(self.problems)} misfits:\n" + "\n".join(self.problems)

    def check(self) -> None:
        assert not self.notation, "notation on screen:\n" + "\n".join(sorted(set(self.notation)))
        assert not self.problems, self.report()


@pytest.mark.parametrize("language", screenshots.LANGUAGES)
@pytest.mark.parametrize(("size", "text_size"), CASES, ids=CASE_IDS)
def test_every_screen_fits(size, text_size, language):
    looker = Looker(size)
    screenshots.visit(size, looker, language=language, text_size=text_size)
    assert len(looker.seen) > 100  # every screen of the tool, not a few
    looker.check()


@pytest.mark.parametrize("language", screenshots.LANGUAGES)
@pytest.mark.parametrize(("size", "text_size"), CASES, ids=CASE_IDS)
def test_every_lan_screen_fits(size, text_size, language):
    looker = Looker(size)
    lan_screenshots.visit(size, looker, language=language, text_size=text_size)
    assert len(looker.seen) > 15
    looker.check()
