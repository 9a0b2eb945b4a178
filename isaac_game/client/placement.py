"""Placement phase input: choose a piece, rotate it, move its ghost, put it down."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import LENGTHS, IsaacState, Place, Player

from .input import Action, Button

if TYPE_CHECKING:
    from .game_scene import GameScene

START_FOCUS = 45


def anchor_for(focus: int, length: int, direction: str) -> int:
    """The anchor of a piece centred (as far as the board allows) on `focus`."""
    r, c = divmod(focus, 10)
    back = (length - 1) // 2
    if direction == "h":
        return r * 10 + max(0, min(c - back, 10 - length))
    return max(0, min(r - back, 10 - length)) * 10 + c


def focus_for(anchor: int, length: int, direction: str) -> int:
    """A focus cell whose centred piece has `anchor` (what a test or tutorial points at)."""
    return anchor + ((length - 1) // 2) * (1 if direction == "h" else 10)


class PlacementInput:
    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.length: dict[Player, int] = {Player.DARK: 7, Player.LIGHT: 7}
        self.direction: dict[Player, str] = {Player.DARK: "h", Player.LIGHT: "h"}
        self.focus: int | None = START_FOCUS
        self.pointer = False
        self._legal_for: IsaacState | None = None
        self._legal: set[tuple[int, str, int]] = set()
        self._hints: dict[tuple, frozenset[int]] = {}

    # ----- what the position allows ---------------------------------------------------

    def legal(self, state: IsaacState) -> set[tuple[int, str, int]]:
        if self._legal_for is not state:
            self._legal_for = state
            self._legal = {
                (m.length, m.direction, m.cell) for m in state.legal_moves() if isinstance(m, Place)
            }
            self._hints.clear()
        return self._legal

    def hint_cells(self, state: IsaacState, length: int, direction: str) -> frozenset[int]:
        """Focus cells where the selected piece would go down legally."""
        legal = self.legal(state)
        key = (length, direction)
        if key not in self._hints:
            self._hints[key] = frozenset(
                f
                for f in range(100)
                if (length, direction, anchor_for(f, length, direction)) in legal
            )
        return self._hints[key]

    def selected(self, state: IsaacState, player: Player) -> int | None:
        """The selected length, moved to an available one if the hand ran out."""
        hand = state.hand(player)
        if hand.get(self.length[player], 0) == 0:
            available = [n for n in reversed(LENGTHS) if hand[n]]
            if not available:
                return None
            self.length[player] = available[0]
        return self.length[player]

    def ghost(self, state: IsaacState, player: Player) -> tuple[int, str, int, bool] | None:
        length = self.selected(state, player)
        if length is None or self.focus is None:
            return None
        direction = self.direction[player]
        anchor = anchor_for(self.focus, length, direction)
        return length, direction, anchor, (length, direction, anchor) in self.legal(state)

    # ----- input -----------------------------------------------------------------------

    def handle(self, action: Action, state: IsaacState, player: Player) -> None:
        b = action.button
        board = self.scene.board
        if b == Button.POINT and action.pos is not None:
            cell = board.cell_at(action.pos)
            self.pointer = True
            self.focus = cell
        elif b == Button.CLICK and action.pos is not None:
            length = self._hand_row_at(action.pos, player)
            if length is not None:
                self._choose(state, player, length)
                return
            cell = board.cell_at(action.pos)
            if cell is not None:
                self.pointer = True
                self.focus = cell
                self.place(state, player)
        elif b in (Button.ALT_CLICK, Button.WHEEL, Button.ROTATE):
            self.direction[player] = "v" if self.direction[player] == "h" else "h"
            self.scene.app.audio.play("click")
        elif b in (Button.NEXT, Button.PREV):
            self._cycle(state, player, 1 if b == Button.NEXT else -1)
        elif b == Button.DIGIT:
            self._choose(state, player, action.value)
        elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
            self.pointer = False
            if self.focus is None:
                self.focus = START_FOCUS
                return
            r, c = divmod(self.focus, 10)
            dr = {Button.UP: 1, Button.DOWN: -1}.get(b, 0)
            dc = {Button.RIGHT: 1, Button.LEFT: -1}.get(b, 0)
            self.focus = max(0, min(9, r + dr)) * 10 + max(0, min(9, c + dc))
        elif b == Button.CONFIRM:
            if self.focus is None:
                self.focus = START_FOCUS
                self.pointer = False
                return
            self.place(state, player)

    def _hand_row_at(self, pos: tuple[int, int], player: Player) -> int | None:
        rows = self.scene.layout.hand_rows.get(player, {}) if self.scene.layout else {}
        for length, rect in rows.items():
            if rect.collidepoint(pos):
                return length
        return None

    def _choose(self, state: IsaacState, player: Player, length: int) -> None:
        if state.hand(player).get(length, 0) > 0:
            self.length[player] = length
            self.scene.app.audio.play("click")
        else:
            self.scene.say(f"No {length}-cell piece left in hand", warn=True)

    def _cycle(self, state: IsaacState, player: Player, step: int) -> None:
        hand = state.hand(player)
        available = [n for n in LENGTHS if hand[n]]
        if not available:
            return
        current = self.selected(state, player)
        i = available.index(current) if current in available else 0
        self.length[player] = available[(i + step) % len(available)]
        self.scene.app.audio.play("click")

    def place(self, state: IsaacState, player: Player) -> None:
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, _legal = ghost
        self.scene.submit(Place(length, direction, anchor))

    # ----- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: IsaacState, player: Player, human: bool) -> None:
        if not human:
            return
        scene = self.scene
        board, pal = scene.board, scene.app.palette
        length = self.selected(state, player)
        if length is None:
            return
        direction = self.direction[player]
        if scene.app.settings.hints:
            radius = max(2, board.cell // 12)
            for cell in self.hint_cells(state, length, direction):
                pygame.draw.circle(surface, pal.legal, board.cell_center(cell), radius)
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, legal = ghost
        image = board.ghost(length, direction, pal.legal if legal else pal.illegal)
        rect = board.cell_rect(anchor)
        top = rect.y - (board.cell * (length - 1) if direction == "v" else 0)
        surface.blit(image, (rect.x, top))
        if not self.pointer:
            pygame.draw.rect(
                surface, pal.highlight, board.cell_rect(self.focus), max(2, board.cell // 16)
            )

    def info(self, state: IsaacState, player: Player) -> str:
        ghost = self.ghost(state, player)
        name = player.title
        if ghost is None:
            return f"{name}: choose where to place a piece"
        length, direction, anchor, legal = ghost
        text = f"{length}{direction}{anchor:02d}"
        if legal:
            return (
                f"{name}: place {text}  (click / Enter / A; rotate: right-click, wheel, R, X;"
                " hint: H, Y)"
            )
        try:
            state.parse_move(text)
            reason = ""
        except ValueError as error:
            reason = str(error)
        return reason or f"{text} is not legal"
