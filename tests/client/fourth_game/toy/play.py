"""TOY's part of the client: its play part, replay view, rules pages and words, drawn
on the corner of the shared square board."""

from __future__ import annotations

import pygame

from isaac_game.client.games.base import GamePlay, PlayHost, ReplayHost, ReplayView
from isaac_game.client.input import Action, Button
from isaac_game.client.theme import Fonts, Palette, draw_panel
from isaac_game.client.widgets.board_view import BoardView
from isaac_game.client.widgets.hud import GameLayout, PanelInfo, draw_bar_text, draw_player_panel
from isaac_game.client.widgets.move_words import MoveWords
from isaac_game.client.widgets.rules_pages import RulesBook
from isaac_game.rules import Move, Place, Player

from ..toy_rules import CENTRE, CORNER, ToyState


def draw_corner(surface: pygame.Surface, board: BoardView, pal: Palette, state: ToyState) -> None:
    """The corner's cells, its centre tinted, each side's piece in its colour."""
    for cell in CORNER:
        colour = pal.target if cell in CENTRE else pal.board
        for player, piece in ((Player.DARK, pal.dark_piece), (Player.LIGHT, pal.light_piece)):
            if cell in state.cells(player):
                colour = piece
        pygame.draw.rect(surface, colour, board.cell_rect(cell))
        pygame.draw.rect(surface, pal.grid, board.cell_rect(cell), 1)


def describe(before: ToyState, move: Move, after: ToyState) -> MoveWords:
    mover = before.to_move
    assert mover is not None  # a move was played from it
    news = "" if not after.is_over else result(after)
    return MoveWords(f"{mover.title} lays its piece on {move}", news)


def result(state: ToyState) -> str:
    dark, light = state.scores
    return f"Cells in the centre: Dark {dark}, Light {light}"


class ToyPlay(GamePlay[ToyState]):
    def __init__(self, host: PlayHost) -> None:
        super().__init__(host, BoardView(host.app.fonts), ToyState)

    def handle(self, action: Action) -> None:
        """A click on a cell lays the piece from it, along the row if it fits, else up."""
        mover = self.host.input.mover(action)
        if mover is None or action.button != Button.CLICK or action.pos is None:
            return
        cell = self.board.cell_at(action.pos)
        legal = list(self.state.legal_moves())
        for direction in "hv":
            move = Place(3, direction, cell if cell is not None else -1)
            if move in legal:
                self.host.submit(move)
                return
        self.host.bar.say("The piece does not fit there", warn=True)

    def show_move(self, player: Player, before: ToyState, move: Move, after: ToyState) -> None:
        self.host.app.audio.play("place")

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        host = self.host
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        draw_corner(surface, self.board, pal, self.state)
        for player in (Player.DARK, Player.LIGHT):
            info = host.panel_info(player)
            draw_player_panel(surface, fonts, pal, layout.panels[player], info, u)
        host.view.draw_top_bar(surface, host.bar.heading("lay your piece"))
        draw_panel(surface, layout.bottom, pal, radius=int(12 * u))
        text, colour = host.bar.status(host.human_to_move(), lambda p: f"{p.title}: click a cell")
        draw_bar_text(surface, fonts, pal, layout.bottom, text, int(30 * u), colour)

    def panel_info(self, player: Player, who: str) -> PanelInfo:
        return PanelInfo.of(self.state, player, who, hand_label="In hand")


class ToyReplayView(ReplayView[ToyState]):
    def __init__(self, board: BoardView) -> None:
        super().__init__(board, ToyState)

    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None:
        draw_corner(surface, self.board, pal, self.shown(host))

    def draw_panels(
        self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout, fonts: Fonts
    ) -> None:
        state, pal = self.shown(host), host.app.palette
        for player in (Player.DARK, Player.LIGHT):
            info = PanelInfo.of(state, player, "")
            draw_player_panel(surface, fonts, pal, layout.panels[player], info, layout.u)


class ToyBook(RulesBook):
    game = "toy"
    name = "TOY"
    pages = (
        ("1. The game", "Each side lays one piece of 3 cells in the corner; more cells in "
         "its centre wins."),
        ("2. Controls", "Click a cell: your piece goes from it along the row, or up."),
    )  # fmt: skip
