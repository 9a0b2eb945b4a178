"""Placement phase input: choose a piece, rotate it, move its ghost, put it down."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import LENGTHS, GameState, IsaacState, Place, Player

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


class HandCursorInput:
    """The hand-and-ghost input every game shares: choose a piece from the hand
    (panel rows, digits, Tab/Q, shoulders), rotate it, move its ghost with the mouse
    or the cursor keys, and put it down. Games say which lengths are on offer
    (`selected`, `cycle_options`) and what a click or Enter on a cell does."""

    def __init__(self, scene: GameScene, length: int) -> None:
        self.scene = scene
        self.length: dict[Player, int] = {Player.DARK: length, Player.LIGHT: length}
        self.direction: dict[Player, str] = {Player.DARK: "h", Player.LIGHT: "h"}
        self.focus: int | None = START_FOCUS
        self.pointer = False
        self._legal_for: GameState | None = None
        self._legal: set[tuple[int, str, int]] = set()

    # ----- what the position allows ---------------------------------------------------

    def legal(self, state: GameState) -> set[tuple[int, str, int]]:
        if self._legal_for is not state:
            self._legal_for = state
            self._legal = {
                (m.length, m.direction, m.cell) for m in state.legal_moves() if isinstance(m, Place)
            }
        return self._legal

    def selected(self, state: GameState, player: Player) -> int | None:
        raise NotImplementedError

    def cycle_options(self, state: GameState, player: Player) -> list[int]:
        """The lengths Tab/Q and the shoulders step through."""
        hand = state.hand(player)
        return [n for n in LENGTHS if hand[n]]

    def ghost(self, state: GameState, player: Player) -> tuple[int, str, int, bool] | None:
        length = self.selected(state, player)
        if length is None or self.focus is None:
            return None
        direction = self.direction[player]
        anchor = anchor_for(self.focus, length, direction)
        return length, direction, anchor, (length, direction, anchor) in self.legal(state)

    # ----- input -----------------------------------------------------------------------

    def handle(self, action: Action, state: GameState, player: Player) -> None:
        b = action.button
        board = self.scene.board
        if b == Button.POINT and action.pos is not None:
            cell = board.cell_at(action.pos)
            self.pointer = True
            self.focus = cell
        elif b == Button.CLICK and action.pos is not None:
            if self._click_off_board(action.pos, state, player):
                return
            cell = board.cell_at(action.pos)
            if cell is not None:
                self.pointer = True
                self.focus = cell
                self.click_cell(state, player, cell)
        elif b in (Button.ALT_CLICK, Button.WHEEL, Button.ROTATE):
            self.direction[player] = "v" if self.direction[player] == "h" else "h"
            self.scene.app.audio.play("click")
        elif b in (Button.NEXT, Button.PREV):
            self._cycle(state, player, 1 if b == Button.NEXT else -1)
        elif b == Button.DIGIT:
            self._choose(state, player, action.value)
        elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
            self._move_focus(b)
        elif b == Button.CONFIRM:
            if self.focus is None:
                self.focus = START_FOCUS
                self.pointer = False
                return
            self.confirm_cell(state, player, self.focus)

    def _click_off_board(self, pos: tuple[int, int], state: GameState, player: Player) -> bool:
        """A click on the hand panel chooses a piece; True when it was used up."""
        length = self._hand_row_at(pos, player)
        if length is None:
            return False
        self._choose(state, player, length)
        return True

    def click_cell(self, state: GameState, player: Player, cell: int) -> None:
        """A click on a board cell (already the focus)."""
        self.place(state, player)

    def confirm_cell(self, state: GameState, player: Player, cell: int) -> None:
        """Enter / pad A on the focus cell."""
        self.place(state, player)

    def _move_focus(self, b: Button) -> None:
        self.pointer = False
        if self.focus is None:
            self.focus = START_FOCUS
            return
        r, c = divmod(self.focus, 10)
        dr = {Button.UP: 1, Button.DOWN: -1}.get(b, 0)
        dc = {Button.RIGHT: 1, Button.LEFT: -1}.get(b, 0)
        self.focus = max(0, min(9, r + dr)) * 10 + max(0, min(9, c + dc))

    def _hand_row_at(self, pos: tuple[int, int], player: Player) -> int | None:
        rows = self.scene.layout.hand_rows.get(player, {}) if self.scene.layout else {}
        for length, rect in rows.items():
            if rect.collidepoint(pos):
                return length
        return None

    def _choose(self, state: GameState, player: Player, length: int) -> None:
        if state.hand(player).get(length, 0) > 0:
            self.length[player] = length
            self.scene.app.audio.play("click")
            self.chosen(state, player, length)
        else:
            self.scene.say(f"No {length}-cell piece left in hand", warn=True)

    def chosen(self, state: GameState, player: Player, length: int) -> None:
        """A piece in hand was just chosen (a game may warn that it cannot be played)."""

    def _cycle(self, state: GameState, player: Player, step: int) -> None:
        options = self.cycle_options(state, player)
        if not options:
            return
        current = self.selected(state, player)
        i = options.index(current) if current in options else 0
        self.length[player] = options[(i + step) % len(options)]
        self.scene.app.audio.play("click")

    @staticmethod
    def play_reason(state: GameState, text: str) -> str:
        """Why the move `text` may not be played now ("" if it may)."""
        try:
            state.parse_move(text)
        except ValueError as error:
            return str(error)
        return ""

    def place_move(self, state: GameState, player: Player, piece: tuple[int, str, int]) -> Place:
        """The move that puts the ghost's piece down."""
        return Place(*piece)

    def place(self, state: GameState, player: Player) -> None:
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, _legal = ghost
        self.scene.submit(self.place_move(state, player, (length, direction, anchor)))


class PlacementInput(HandCursorInput):
    """ISAAC's placement phase."""

    def __init__(self, scene: GameScene, length: int = 7) -> None:
        super().__init__(scene, length)
        self._hints: dict[tuple, frozenset[int]] = {}

    # ----- what the position allows ---------------------------------------------------

    def legal(self, state: GameState) -> set[tuple[int, str, int]]:
        if self._legal_for is not state:
            self._hints.clear()
        return super().legal(state)

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
            dx, dy = self.hint_offset(state, player)
            for cell in self.hint_cells(state, length, direction):
                x, y = board.cell_center(cell)
                pygame.draw.circle(surface, pal.legal, (x + dx, y + dy), radius)
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, legal = ghost
        color = pal.legal if legal else pal.illegal
        self.draw_ghost(surface, state, player, (length, direction, anchor), color)
        if not self.pointer:
            pygame.draw.rect(
                surface, pal.highlight, board.cell_rect(self.focus), max(2, board.cell // 16)
            )

    def hint_offset(self, state: GameState, player: Player) -> tuple[int, int]:
        """Where the legal-cell dots sit, from the cells' centres."""
        return 0, 0

    def draw_ghost(
        self,
        surface: pygame.Surface,
        state: GameState,
        player: Player,
        piece: tuple[int, str, int],
        color,
    ) -> None:
        length, direction, anchor = piece
        board = self.scene.board
        image = board.ghost(length, direction, color)
        rect = board.cell_rect(anchor)
        top = rect.y - (board.cell * (length - 1) if direction == "v" else 0)
        surface.blit(image, (rect.x, top))

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
        return self.play_reason(state, text) or f"{text} is not legal"
