"""The FOUNDATIONS game screen: GameScene's match, undo, save and pause, with stacks.

What differs from ISAAC: one phase only (placing), a ghost that sits on the level
the mover must build on (their current level, or the next one up once nothing
fits there: RULES.md 2.5), passes every turn for a player who is stuck, a hover
tooltip listing a cell's stack, and no hints (they are ISAAC's).
"""

from __future__ import annotations

import pygame

from isaac_game.match import MovePlayed
from isaac_game.rules import LENGTHS, FoundationsState, Place, Player

from .foundations_board import StackBoard, StackDrop
from .foundations_view import FoundationsView
from .game_scene import AUTO_PASS_DELAY, COMPUTER_PAUSE, GameScene
from .input import Action, Button
from .placement import PlacementInput

HOVER_DELAY = 0.35  # seconds the pointer or cursor rests on a cell before its tooltip


class FoundationsPlacement(PlacementInput):
    """ISAAC's placement input (hand, rotate, cursor, pad), aimed at one level."""

    def __init__(self, scene: FoundationsScene) -> None:
        super().__init__(scene)
        # lengths never go down on a level, so offer the shortest piece first
        self.length = {Player.DARK: 3, Player.LIGHT: 3}

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

    def place(self, state: FoundationsState, player: Player) -> None:
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, _legal = ghost
        self.scene.submit(Place(length, direction, anchor, self.target_level(state, player)))

    def draw(self, surface, state: FoundationsState, player: Player, human: bool) -> None:
        if not human:
            return
        scene = self.scene
        board, pal = scene.board, scene.app.palette
        length = self.selected(state, player)
        if length is None:
            return
        direction = self.direction[player]
        level = self.target_level(state, player)
        if scene.app.settings.hints:
            radius = max(2, board.cell // 12)
            dx, dy = board.lift(level)
            for cell in self.hint_cells(state, length, direction):
                x, y = board.cell_center(cell)
                pygame.draw.circle(surface, pal.legal, (x + dx, y + dy), radius)
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, legal = ghost
        color = pal.legal if legal else pal.illegal
        board.stack_ghost(surface, length, direction, anchor, level, color)
        if not self.pointer:
            pygame.draw.rect(
                surface, pal.highlight, board.cell_rect(self.focus), max(2, board.cell // 16)
            )

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
        try:
            state.parse_move(text)
            reason = ""
        except ValueError as error:
            reason = str(error)
        return up + (reason or f"{text} is not legal")


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
        b = action.button
        if self.setup.demo:
            if b != Button.PAD_LOST and not (b == Button.POINT and self.age < 1.5):
                self.app.pop(self)
            return
        self._track_hover(action)
        if b == Button.PAD_LOST:
            self.open_pause("A controller was disconnected: the game is paused.")
        elif b in (Button.PAUSE, Button.BACK):
            self.open_pause()
        elif b == Button.UNDO:
            self.undo()
        elif b == Button.REDO:
            self.redo()
        elif b == Button.HINT:
            self.say("Hints are for ISAAC only", warn=True)
        else:
            mover = self.human_to_move()
            if mover is None or not action.allowed_for(mover) or self.pass_timer is not None:
                return
            if b == Button.CONFIRM and self.anims:
                self.finish_anims()
            self.placement.handle(action, self.state, mover)
            if not self.placement.pointer:  # the keyboard cursor shows its cell's stack
                self.hover_cell = self.placement.focus

    # ----- the match -----------------------------------------------------------------------

    def _played(self, event: MovePlayed) -> None:
        self.finish_anims()
        self.last_move = (event.player, event.move, event.before)
        self.wait = COMPUTER_PAUSE
        self.pass_timer = None
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

    def update(self, dt: float) -> None:
        self.age += dt
        self.hover_rest += dt
        for anim in self.anims:
            anim.advance(dt)
        self.anims = [a for a in self.anims if not a.done]
        self.banner_time = max(0.0, self.banner_time - dt)
        self.wait = max(0.0, self.wait - dt)
        state = self.state
        if state.is_over:
            self._update_over(dt)
            return
        mover = state.to_move
        if self.match.seats[mover].kind == "human" and not self.setup.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            if self.pass_timer is None and str(state.legal_moves()[0]) == "pass":
                self.pass_timer = AUTO_PASS_DELAY
                self.say(f"{mover.title} cannot place: passes", seconds=AUTO_PASS_DELAY + 0.5)
            if self.pass_timer is not None:
                self.pass_timer -= dt
                if self.pass_timer <= 0:
                    self.pass_timer = None
                    self.submit("pass")
            return
        if self.anims or self.wait > 0:
            return
        self.handle_events(self.match.update())

    def tooltip_cell(self) -> int | None:
        """The cell whose stack the tooltip lists, once the pointer or cursor rests."""
        if self.hover_cell is None or self.hover_rest < HOVER_DELAY:
            return None
        return self.hover_cell if self.state.height(self.hover_cell) else None
