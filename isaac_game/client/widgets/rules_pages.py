"""What one game's rules pages are made of, and helpers their pictures share.

A book is a few pages of (title, text) plus `illustrate(page, ...)`, which draws
the page's picture with the game's own board renderer, from positions built by
playing real moves through the engine, and returns a caption that describes
that picture (computed from the position, so it can never disagree with it).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from isaac_game.i18n import _
from isaac_game.rules import Move

from ..states import S, start
from ..theme import Fonts, Palette
from .board_view import BoardView

#: (title, text): English sources marked with `N_`, translated where the page is drawn
#: (`RulesBook.words`), so a change of language reaches them. The text is one message,
#: or a tuple of paragraphs, one message each.
Page = tuple[str, str | tuple[str, ...]]


class RulesBook:
    game = ""
    name = ""  # the tab's label
    pages: tuple[Page, ...] = ()

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts

    def words(self, page: int) -> tuple[str, str]:
        """Page `page`'s title and text in the player's language (paragraphs apart)."""
        title, text = self.pages[page]
        paragraphs = (text,) if isinstance(text, str) else text
        return _(title), "\n".join(_(p) for p in paragraphs if p)

    def illustrate(
        self, page: int, surface: pygame.Surface, area: pygame.Rect, pal: Palette
    ) -> str:
        """Draw page `page`'s picture inside `area`; the caption that goes with it."""
        return ""


def play_through(kind: type[S], moves: list[str] | tuple[str, ...]) -> list[S]:
    """Every state of the game whose states are `kind`, from the start through `moves`
    (each checked by the engine)."""
    states = [start(kind)]
    for move in moves:
        states.append(states[-1].play(move))
    return states


def seeded_game(
    kind: type[S], seed: int, choose: Callable[[S, random.Random], Move] | None = None
) -> list[S]:
    """Every state of one whole game (whose states are `kind`), each move picked by
    `choose(state, rng)` (uniformly at random by default) from a generator seeded with
    `seed`: the pages' example games, the same on every run."""
    rng = random.Random(seed)
    states = [start(kind)]
    while not states[-1].is_over:
        state = states[-1]
        move = choose(state, rng) if choose else rng.choice(state.legal_moves())
        states.append(state.play(move))
    return states


def ring(surface: pygame.Surface, board: BoardView, rect: pygame.Rect, color) -> None:
    """A thick rounded outline, as the game marks a chosen piece."""
    width = max(3, board.cell // 10)
    pygame.draw.rect(surface, color, rect.inflate(-2, -2), width, border_radius=board.cell // 5)


def cross(surface: pygame.Surface, board: BoardView, rect: pygame.Rect, color) -> None:
    """An X over one cell: "nothing may go here"."""
    r = rect.inflate(-board.cell // 3, -board.cell // 3)
    width = max(3, board.cell // 9)
    pygame.draw.line(surface, color, r.topleft, r.bottomright, width)
    pygame.draw.line(surface, color, r.bottomleft, r.topright, width)
