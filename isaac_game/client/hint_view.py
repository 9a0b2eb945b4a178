"""The hint button (H, pad Y, the bar's button, the pause menu): what Hard would play.

A hint is for a local human to move in a game against the computer or in hotseat:
never for a computer's turn, in a demo, or in a game with a remote (LAN) seat. It
is asked of an `AsyncHint` (a worker process, created on the first request and
closed with the scene), so the screen never waits for it. While it thinks the bar
says so; the answer is one line in the bottom bar and the move drawn on the board
(a ghost outline for a placement; the piece outlined and its counter's target
marked for a removal) until the position changes. The player moves themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import IsaacState, Move, Place, Player, Remove

from .board_view import piece_cells
from .hud import draw_bar_text
from .scoring import track_cell
from .theme import blit_text, mix

if TYPE_CHECKING:
    from isaac_game.ai import AsyncHint

    from .game_scene import GameScene


class HintHelper:
    """One game scene's hints: asks, polls, forgets stale answers, draws."""

    def __init__(self, scene: GameScene, budget: float | None = None) -> None:
        self.scene = scene
        self.budget = budget  # None: Hard's own default
        self.worker: AsyncHint | None = None
        self.state: IsaacState | None = None  # the position asked about
        self.move: Move | None = None
        self.text = ""
        self.error = ""
        self.pending = False
        self.button = pygame.Rect(0, 0, 0, 0)  # the bar's "Hint" button, once drawn

    # ----- asking ---------------------------------------------------------------------

    def available(self) -> bool:
        """May a hint be asked for now? (a local human to move in a running game)"""
        scene = self.scene
        state = scene.state
        return (
            isinstance(state, IsaacState)
            and not state.is_over
            and not scene.setup.demo
            and scene.local  # against the computer or hotseat: no hints in a LAN game
            and scene.human_to_move() is not None
            and scene.pass_timer is None
        )

    @property
    def busy(self) -> bool:
        return self.pending

    @property
    def shown(self) -> bool:
        return self.move is not None and self.state is self.scene.state

    def request(self) -> bool:
        """Ask for a hint for the current position; False when nothing was asked."""
        if self.pending or not self.available():
            return False
        state = self.scene.state
        if self.shown:
            return False  # already on the board
        if self.worker is None:
            from isaac_game.ai import AsyncHint

            self.worker = AsyncHint(self.budget)
        self.clear()
        self.worker.start(state)
        self.state, self.pending = state, True
        self.scene.app.audio.play("click")
        return True

    def update(self) -> None:
        """Once per tick: drop a hint whose position is gone, collect an answer."""
        if self.state is not None and self.state is not self.scene.state:
            self.clear()
            return
        if not self.pending or self.worker is None:
            return
        answer = self.worker.poll()
        if answer is not None:
            self.pending = False
            self.move, self.text = answer
        elif not self.worker.busy:  # the worker answered with an error
            self.pending = False
            self.error = self.worker.error or "no answer"
            self.scene.say("No hint this time", warn=True)

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

    def hit(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.button.collidepoint(pos) and self.available()

    def line(self) -> str:
        if self.pending:
            return "Hint: thinking..."
        if self.shown:
            return f"Hint: {self.move}  -  {self.text}"
        return ""

    # ----- drawing ----------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        """The suggested move on the board."""
        if not self.shown or self.state is None:
            return
        scene, move = self.scene, self.move
        board, pal = scene.board, scene.app.palette
        color = pal.target
        pulse = 0.5 + 0.5 * abs(((scene.age * 1.2) % 2.0) - 1.0)  # 0.5 .. 1, slowly
        width = max(3, board.cell // 10)
        radius = board.cell // 5
        if isinstance(move, Place):
            rect = board.span_rect(piece_cells(move.length, move.direction, move.cell))
            self._tint(surface, rect, (*color, int(70 * pulse)), board.cell // 10, radius)
            self._dashed_rect(surface, mix(pal.board, color, pulse), rect.inflate(-4, -4), width)
        elif isinstance(move, Remove):
            piece = self.state.piece_at(move.cell)
            if piece is not None:
                rect = board.span_rect(piece.cells)
                self._tint(surface, rect, (*color, int(60 * pulse)), 0, radius)
                pygame.draw.rect(
                    surface, mix(pal.board, color, pulse), rect, width, border_radius=radius
                )
            if move.target < 100 and self.state.to_move is not None:
                cell = track_cell(Player(self.state.to_move), move.target)
                target = board.cell_rect(cell).inflate(-board.cell // 8, -board.cell // 8)
                pygame.draw.rect(surface, color, target, width, border_radius=board.cell // 4)
                pygame.draw.circle(surface, color, target.center, max(3, board.cell // 8))

    @staticmethod
    def _tint(surface: pygame.Surface, rect: pygame.Rect, rgba, inset: int, radius: int) -> None:
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        inner = fill.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(fill, rgba, inner, border_radius=radius)
        surface.blit(fill, rect)

    @staticmethod
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

    def draw_bar(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> pygame.Rect:
        """The button (left end of the bottom bar) and the hint line; the rect left over."""
        scene = self.scene
        pal, fonts = scene.app.palette, scene.app.fonts
        self.button = pygame.Rect(0, 0, 0, 0)
        if self.available():
            button = rect.copy()
            button.width = int(rect.width * 0.11)
            rect = rect.copy()
            rect.width -= button.width
            rect.left = button.right
            key = "Y" if scene.app.input.last_device == "pad" else "H"
            label = "Thinking..." if self.pending else f"Hint ({key})"
            back = mix(pal.panel, pal.target, 0.45 if self.shown or self.pending else 0.25)
            face = button.inflate(-int(8 * u), -int(8 * u))
            pygame.draw.rect(surface, back, face, border_radius=int(10 * u))
            pygame.draw.rect(surface, pal.target, face, max(1, int(2 * u)), int(10 * u))
            px = fonts.fit(label, int(28 * u), face.width - int(12 * u), True)
            blit_text(surface, fonts, label, px, pal.text, face.center, "center", True)
            self.button = button
        text = self.line()
        if not text:
            return rect
        upper, lower = rect.copy(), rect.copy()
        upper.height = rect.height // 2 + int(4 * u)
        lower.height = rect.height - upper.height
        lower.top = upper.bottom - int(6 * u)
        color = pal.text_dim if self.pending else pal.target
        draw_bar_text(surface, fonts, pal, lower, text, int(26 * u), color)
        return upper
