"""The FOUNDATIONS game screen: GameScene's match, undo, save and pause, with stacks.

What differs from ISAAC: one phase only (placing), a ghost that sits on the level
the mover must build on (their current level, or the next one up once nothing
fits there: RULES.md 2.5), passes every turn for a player who is stuck, a hover
tooltip listing a cell's stack, and no hints (they are ISAAC's).
"""

from __future__ import annotations

from isaac_game.match import MovePlayed
from isaac_game.rules import LENGTHS, FoundationsState, Place, Player

from .foundations_board import StackBoard, StackDrop
from .foundations_view import FoundationsView
from .game_scene import GameScene
from .input import Action, Button
from .placement import PlacementInput

HOVER_DELAY = 0.35  # seconds the pointer or cursor rests on a cell before its tooltip


class FoundationsPlacement(PlacementInput):
    """ISAAC's placement input (hand, rotate, cursor, pad), aimed at one level."""

    def __init__(self, scene: FoundationsScene) -> None:
        # lengths never go down on a level, so offer the shortest piece first
        super().__init__(scene, 3)

    def target_level(self, state: FoundationsState, player: Player) -> int:
        """The level a placement goes on now (every legal placement shares it)."""
        for move in state.legal_moves():
            if isinstance(move, Place):
                return move.level
        return state.current_level(player)

    def playable_lengths(self, state: FoundationsState) -> set[int]:
        return {length for length, _d, _a in self.legal(state)}

    def selected(self, state: FoundationsState, player: Player) -> int | None:
        hand = state.hand(player)
        if hand.get(self.length[player], 0) == 0:
            playable = sorted(self.playable_lengths(state)) if state.to_move == player else []
            available = playable or [n for n in LENGTHS if hand[n]]
            if not available:
                return None
            self.length[player] = available[0]
        return self.length[player]

    def place_move(
        self, state: FoundationsState, player: Player, piece: tuple[int, str, int]
    ) -> Place:
        return Place(*piece, self.target_level(state, player))

    def hint_offset(self, state: FoundationsState, player: Player) -> tuple[int, int]:
        return self.scene.board.lift(self.target_level(state, player))

    def draw_ghost(self, surface, state: FoundationsState, player: Player, piece, color) -> None:
        length, direction, anchor = piece
        level = self.target_level(state, player)
        self.scene.board.stack_ghost(surface, length, direction, anchor, level, color)

    def info(self, state: FoundationsState, player: Player) -> str:
        ghost = self.ghost(state, player)
        name = player.title
        level = self.target_level(state, player)
        current = state.current_level(player)
        up = (
            f"Nothing fits on level {current}: go up to level {level} with any piece.  "
            if level > current
            else ""
        )
        if ghost is None:
            return f"{up}{name}: choose where to place a piece"
        length, direction, anchor, legal = ghost
        text = str(Place(length, direction, anchor, level))
        if legal:
            where = f" on level {level}" if level > 1 else ""
            return (
                f"{up}{name}: place {text}{where}  (click / Enter / A;"
                " rotate: right-click, wheel, R, X; piece: 3-7, Tab, shoulders)"
            )
        return up + (self.play_reason(state, text) or f"{text} is not legal")


class FoundationsScene(FoundationsView, GameScene):
    name = "foundations"

    def __init__(self, app, setup) -> None:
        super().__init__(app, setup)
        self.board = StackBoard(app.fonts)
        self.placement = FoundationsPlacement(self)
        self.hover_cell: int | None = None
        self.hover_rest = 0.0

    @property
    def state(self) -> FoundationsState:
        return self.match.state  # type: ignore[return-value]

    # ----- input -------------------------------------------------------------------------

    def _track_hover(self, action: Action) -> None:
        b = action.button
        if b == Button.POINT and action.pos is not None:
            cell = self.board.cell_at(action.pos)
            if cell != self.hover_cell:
                self.hover_cell, self.hover_rest = cell, 0.0
        elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT, Button.CLICK):
            self.hover_rest = 0.0

    def handle(self, action: Action) -> None:
        if self._handle_demo_or_pad_lost(action):
            return
        self._track_hover(action)
        b = action.button
        if b in (Button.PAUSE, Button.BACK):
            self.open_pause()
        elif b == Button.UNDO:
            self.undo()
        elif b == Button.REDO:
            self.redo()
        elif b == Button.HINT:
            self.say("Hints are for ISAAC only", warn=True)
        else:
            mover = self._input_mover(action)
            if mover is None:
                return
            self.placement.handle(action, self.state, mover)
            if not self.placement.pointer:  # the keyboard cursor shows its cell's stack
                self.hover_cell = self.placement.focus

    # ----- the match -----------------------------------------------------------------------

    def _played(self, event: MovePlayed) -> None:
        self._note_played(event)
        if event.move == "pass":
            self.say(f"{event.player.title} cannot place: passes")
            self.app.audio.play("pass")
            if event.after.is_over:
                self.say("Both players passed: the game is over", seconds=3.0)
            return
        after: FoundationsState = event.after  # type: ignore[assignment]
        pieces = after.pieces()
        if pieces:
            self.anims.append(StackDrop(pieces[-1]))
            if pieces[-1].level > event.before.current_level(event.player):  # type: ignore[attr-defined]
                self.say(f"{event.player.title} moves up to level {pieces[-1].level}")
        self.app.audio.play("place")

    def pass_text(self, state: FoundationsState, mover: Player) -> str:
        return f"{mover.title} cannot place: passes"

    def update(self, dt: float) -> None:
        self.hover_rest += dt
        super().update(dt)

    def tooltip_cell(self) -> int | None:
        """The cell whose stack the tooltip lists, once the pointer or cursor rests."""
        if self.hover_cell is None or self.hover_rest < HOVER_DELAY:
            return None
        return self.hover_cell if self.state.height(self.hover_cell) else None
