"""The hint button (H, pad Y, the bar's button, the pause menu): what Hard would play.

The same helper serves the three games. A hint is for a local human to move in a
game against the computer or in hotseat: never for a computer's turn, in a demo, or
in a game with a remote (LAN) seat. It
is asked of an `AsyncHint` (a worker process, created on the first request and
closed with the scene), so the screen never waits for it. While it thinks the bar
says so; the answer is one line in the bottom bar and the move drawn on the board
(a ghost outline for a placement; the piece outlined for a removal or a slide,
with the slide's end as a ghost; the game adds its own marks, such as ISAAC's
counter target, through `mark`) until the position changes. The hinted move is also made
ready (`on_answer`: its piece selected and the cursor on it), but the player plays
it themselves, with one press of Enter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from isaac_game.ai import AsyncHint
from isaac_game.i18n import _
from isaac_game.rules import GameState, HariState, IsaacState, Move, Place, Remove, Slide

from ..theme import Palette, draw_wrapped, mix, note_box
from .board_view import BoardView, piece_cells
from .hud import bar_button, draw_bar_lines

if TYPE_CHECKING:
    from ..games.base import PlayHost

#: A game's own marks for a hinted move (surface, move, position asked about).
HintMark = Callable[[pygame.Surface, Move, GameState], None]

#: The share of the bottom bar the Hint button takes, at its left end.
HINT_SHARE = 0.11


def draw_suggestion(
    surface: pygame.Surface,
    board: BoardView,
    pal: Palette,
    state: GameState,
    move: Move,
    strength: float = 1.0,
) -> None:
    """A move suggested for `state` (a hint, or the move Hard preferred in a review):
    a dashed ghost where a piece would go, the piece outlined for a removal or a
    slide. `strength` (0.5-1) is how strongly it shows: a hint pulses with it."""
    color = pal.target
    width = max(3, board.cell // 10)
    radius = board.cell // 5
    edge = mix(pal.board, color, strength)
    if isinstance(move, Place):
        rect = board.span_rect(piece_cells(move.length, move.direction, move.cell))
        rect = rect.move(board.lift(move.level))  # a higher level is drawn raised
        _tint(surface, rect, (*color, int(70 * strength)), board.cell // 10, radius)
        _dashed_rect(surface, edge, rect.inflate(-4, -4), width)
    elif isinstance(move, Remove | Slide) and isinstance(state, IsaacState | HariState):
        piece = state.piece_at(move.cell)
        if piece is not None:
            rect = board.span_rect(piece.cells)
            _tint(surface, rect, (*color, int(60 * strength)), 0, radius)
            pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
            if isinstance(move, Slide) and move.distance is not None:
                step = move.sign * move.distance * (1 if piece.direction == "h" else 10)
                end = piece_cells(piece.length, piece.direction, piece.anchor + step)
                _dashed_rect(surface, edge, board.span_rect(end).inflate(-4, -4), width)


def _tint(surface: pygame.Surface, rect: pygame.Rect, rgba, inset: int, radius: int) -> None:
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    inner = fill.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(fill, rgba, inner, border_radius=radius)
    surface.blit(fill, rect)


def _dashed_rect(surface: pygame.Surface, color, rect: pygame.Rect, width: int) -> None:
    """A dashed outline: a ghost, told apart from the player's own solid one."""
    dash = max(6, width * 3)
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, dash * 2):
            end = min(length, start + dash)
            a = (x0 + (x1 - x0) * start // length, y0 + (y1 - y0) * start // length)
            b = (x0 + (x1 - x0) * end // length, y0 + (y1 - y0) * end // length)
            pygame.draw.line(surface, color, a, b, width)


class HintHelper:
    """One game scene's hints: asks, polls, forgets stale answers, draws."""

    def __init__(
        self,
        host: PlayHost,
        board: BoardView,
        on_answer: Callable[[Move], None] | None = None,
        mark: HintMark | None = None,
    ) -> None:
        self.host = host
        self.board = board
        #: told the hinted move when it arrives for the position on the board
        self.on_answer = on_answer
        self.mark = mark
        self.worker: AsyncHint | None = None
        self.state: GameState | None = None  # the position asked about
        self.move: Move | None = None
        self.text = ""
        self.error = ""
        self.pending = False

    # ----- asking ---------------------------------------------------------------------

    def available(self) -> bool:
        """May a hint be asked for now? (a local human to move in a running game: never
        in a demo, where no human is to move)"""
        host = self.host
        state = host.match.state
        return (
            not state.is_over
            and host.control.local  # against the computer or hotseat: no hints in a LAN game
            and host.human_to_move() is not None
            and not host.motion.passing
        )

    @property
    def busy(self) -> bool:
        return self.pending

    @property
    def shown(self) -> bool:
        return self.move is not None and self.state is self.host.match.state

    def request(self) -> bool:
        """Ask for a hint for the current position; False when nothing was asked."""
        if self.pending or not self.available():
            return False
        state = self.host.match.state
        if self.shown:
            return False  # already on the board
        if self.worker is None:
            self.worker = AsyncHint()
        self.clear()
        self.worker.start(state, self.board.facing)  # its rows as the board shows them
        self.state, self.pending = state, True
        self.host.app.audio.play("click")
        return True

    def update(self) -> None:
        """Once per tick: drop a hint whose position is gone, collect an answer."""
        if self.state is not None and self.state is not self.host.match.state:
            self.clear()
            return
        if not self.pending or self.worker is None:
            return
        answer = self.worker.poll()
        if answer is not None:
            self.pending = False
            self.move, self.text = answer
            if self.on_answer is not None:
                self.on_answer(self.move)
        elif not self.worker.busy:  # the worker answered with an error
            self.pending = False
            self.error = self.worker.error or "no answer"  # for the logs
            self.host.bar.say(_("No hint this time"), warn=True)

    def clear(self) -> None:
        if self.pending and self.worker is not None:
            self.worker.cancel()
        self.pending = False
        self.state = self.move = None
        self.text = self.error = ""

    def close(self) -> None:
        self.clear()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def button(self) -> pygame.Rect | None:
        """The bar's Hint button, while a hint may be asked for."""
        layout = self.host.view.layout
        if layout is None or not self.available():
            return None
        return bar_button(layout.bottom, HINT_SHARE, right=False)

    def hit(self, pos: tuple[int, int] | None) -> bool:
        button = self.button()
        return pos is not None and button is not None and button.collidepoint(pos)

    def line(self) -> str:
        if self.pending:
            return _("Hint: thinking...")
        if self.shown:
            # TRANSLATORS: {hint} is the computer's advice ("places the 3 on ...")
            return _("Hint: {hint}").format(hint=self.text)
        return ""

    # ----- drawing ----------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        """The suggested move on the board."""
        if not self.shown or self.state is None or self.move is None:
            return
        pulse = 0.5 + 0.5 * abs(((self.host.motion.age * 1.2) % 2.0) - 1.0)  # 0.5 .. 1, slowly
        draw_suggestion(surface, self.board, self.host.app.palette, self.state, self.move, pulse)
        if self.mark is not None:
            self.mark(surface, self.move, self.state)

    def draw_bar(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> pygame.Rect:
        """The button (left end of the bottom bar); the rect left over for the words
        (`draw_text`, once the game's own buttons took their room too)."""
        host = self.host
        pal, fonts = host.app.palette, host.app.fonts
        button = self.button()
        if button is None:
            return rect
        rect = rect.copy()
        rect.width -= button.width
        rect.left = button.right
        key = "Y" if host.app.input.last_device == "pad" else "H"
        # TRANSLATORS: the Hint button; {key} is the key that asks for it (H, or pad Y)
        label = _("Thinking...") if self.pending else _("Hint ({key})").format(key=key)
        back = mix(pal.panel, pal.target, 0.45 if self.shown or self.pending else 0.25)
        face = button.inflate(-int(8 * u), -int(8 * u))
        pygame.draw.rect(surface, back, face, border_radius=int(10 * u))
        pygame.draw.rect(surface, pal.target, face, max(1, int(2 * u)), int(10 * u))
        note_box(surface, face)
        draw_wrapped(surface, fonts, label, int(28 * u), pal.text, face.inflate(-8, -4), True)
        return rect

    def draw_text(
        self, surface: pygame.Surface, rect: pygame.Rect, text: str, color, px: int, u: float
    ) -> None:
        """The bar's words in `rect`: the game's `text`, then the hint's line under it,
        both wrapped to fit (never under a button: `rect` is what the buttons left)."""
        pal = self.host.app.palette
        hint_color = pal.text_dim if self.pending else pal.target
        parts = [(text, color, px), (self.line(), hint_color, int(26 * u))]
        draw_bar_lines(surface, self.host.app.fonts, rect, parts)
