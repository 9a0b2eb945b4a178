"""Step through a finished or saved game, move by move (Left/Right, pad shoulders)."""

from __future__ import annotations

import pygame

from isaac_game.rules import GameState, Player, new_game

from .board_view import BoardView
from .hud import PanelInfo, draw_bar_text, draw_player_panel, game_layout
from .input import Action, Button
from .scene import Scene
from .theme import blit_text, draw_panel, ui_scale


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, final: GameState, title: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.states = [new_game(final.game)]
        for move in final.moves:
            self.states.append(self.states[-1].play(move))
        self.index = 0
        self.board = BoardView(app.fonts)
        self._layout = None

    @property
    def state(self) -> GameState:
        return self.states[self.index]

    def step(self, delta: int) -> None:
        new = max(0, min(len(self.states) - 1, self.index + delta))
        if new != self.index:
            self.index = new
            self.app.audio.play("click")

    def handle(self, action: Action) -> None:
        b = action.button
        if b in (Button.RIGHT, Button.NEXT, Button.CONFIRM, Button.WHEEL) and not (
            b == Button.WHEEL and action.value > 0
        ):
            self.step(1)
        elif b in (Button.LEFT, Button.PREV) or (b == Button.WHEEL and action.value > 0):
            self.step(-1)
        elif b == Button.UP:
            self.step(10)
        elif b == Button.DOWN:
            self.step(-10)
        elif b == Button.FIRST:
            self.index = 0
        elif b == Button.LAST:
            self.index = len(self.states) - 1
        elif b == Button.CLICK and action.pos is not None:
            w = self.app.screen.get_width()
            self.step(1 if action.pos[0] > w // 2 else -1)
        elif b in (Button.BACK, Button.PAUSE):
            self.app.pop(self)

    # ----- drawing: the frame is shared, the board, panels and words are the game's -----

    unit = "move"  # what one step is called in the title
    keys_help = "     Left/Right or shoulders: step,  Up/Down: 10 moves,  Esc: back"
    bar_size = 30

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = ui_scale(size)
        if self._layout is None or self._layout.size != size:
            self._layout = game_layout(size, u)
            self.board.place(self._layout.board_area)
        layout, pal, fonts = self._layout, self.app.palette, self.app.fonts
        state = self.state
        surface.fill(pal.background)
        self.draw_board(surface, state)
        self.draw_panels(surface, layout, state, u)
        title = f"Replay {self.title}: {self.unit} {self.index} of {len(self.states) - 1}"
        self.draw_title(surface, layout, state, title, u)
        draw_panel(surface, layout.bottom, pal, radius=int(12 * u))
        text = self.step_text(state) if self.index else "The start"
        text += self.keys_help
        draw_bar_text(surface, fonts, pal, layout.bottom, text, int(self.bar_size * u))
        if state.is_over:
            blit_text(
                surface,
                fonts,
                self.over_text(state),
                int(30 * u),
                pal.accent,
                (layout.top.right - int(20 * u), layout.top.centery),
                "midright",
                True,
            )
        self.draw_overlay(surface, state, u)

    def draw_board(self, surface: pygame.Surface, state: GameState) -> None:
        pal = self.app.palette
        surface.blit(self.board.board_surface(pal, state.pieces()), self.board.rect)
        if self.index > 0:
            move = state.moves[-1]
            before = self.states[self.index - 1]
            piece = None
            if move[0].isdigit():
                piece = state.piece_at(int(move[2:4]))
            elif move.startswith("x"):
                piece = before.piece_at(int(move[1:3]))
            if piece is not None:
                rect = self.board.span_rect(piece.cells)
                pygame.draw.rect(
                    surface,
                    pal.last_move,
                    rect,
                    max(3, self.board.cell // 12),
                    border_radius=self.board.cell // 5,
                )
        if state.phase != "placement":
            dark, light = state.scores
            for player, score in ((Player.DARK, dark), (Player.LIGHT, light)):
                if score < 100:
                    pos = self.board.counter_position(player, score, dark + light == 99)
                    self.board.draw_counter(surface, pos, player, score, pal)

    def draw_panels(self, surface: pygame.Surface, layout, state: GameState, u: float) -> None:
        for player in (Player.DARK, Player.LIGHT):
            info = PanelInfo(
                player,
                player.title,
                "",
                state.scores[player.index],
                state.hand(player),
                state.to_move == player,
                status="winner" if state.winner == player else "",
            )
            draw_player_panel(
                surface, self.app.fonts, self.app.palette, layout.panels[player], info, u
            )

    def draw_title(self, surface: pygame.Surface, layout, state: GameState, title: str, u: float):
        pal = self.app.palette
        draw_bar_text(surface, self.app.fonts, pal, layout.top, title, int(40 * u), pal.text, True)

    def step_text(self, state: GameState) -> str:
        """The bottom bar's words for the move just stepped to."""
        who = self.states[self.index - 1].to_move
        return f"{who.title if who else ''} played {state.moves[-1]}"

    def over_text(self, state: GameState) -> str:
        return "Game over"

    def draw_overlay(self, surface: pygame.Surface, state: GameState, u: float) -> None:
        """Anything drawn over the rest (a tooltip)."""
