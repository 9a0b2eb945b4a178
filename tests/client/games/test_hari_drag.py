"""HARI: while a slide is dragged, the piece itself follows the pointer along its line
(no further than it may slide), with the ghost where it would land; let go, and the
slide is played (docs/rules.md 3.3). Driven by posted mouse events only."""

from __future__ import annotations

import pygame

from isaac_game.client.games.hari.rulebook import story
from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.match import MatchScene
from isaac_game.rules import Player, Slide

from ..driver import move_mouse, run


def press(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app, 1)


def release(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 1)


def fill_at(app, game: MatchScene, pos: tuple[int, int], player: Player) -> bool:
    """Is the piece colour of `player` drawn at `pos` (the screen as last drawn)?"""
    app.draw()
    pal = app.palette
    want = pal.dark_piece if player == Player.DARK else pal.light_piece
    got = app.screen.get_at(pos)[:3]
    return all(abs(a - b) <= 6 for a, b in zip(got, want, strict=True))


def open_at(app, plies: int) -> MatchScene:
    game = app.open("match", GameSetup("hari", history=story()[: plies + 1]))
    assert isinstance(game, MatchScene)
    game.view.relayout(app.screen.get_size())
    run(app, 2)
    return game


def test_a_dragged_piece_rides_the_pointer_along_its_row_within_its_range(app):
    game = open_at(app, 4)  # Dark's 2 at 4h32 may slide 1 right, or left and off the board
    ui, board, cell = game.play.move_input, game.play.board, game.play.board.cell
    assert game.match.state.to_move == Player.DARK
    grab = board.cell_center(33)
    move_mouse(app, grab)
    press(app, grab)
    assert ui.piece is not None and ui.piece.anchor == 32 and ui.dragging
    # a cell and a half to the right: it may go only one, so it stops there
    move_mouse(app, (grab[0] + cell * 3 // 2, grab[1]))
    assert ui.drag_shift(game.match.state) == (cell, 0)
    assert ui.target == Slide(32, 1, 2)  # the ghost under the pointer, red: not legal
    assert fill_at(app, game, board.cell_center(36), Player.DARK)  # it is drawn there
    assert not fill_at(app, game, board.cell_center(32), Player.DARK)  # and gone from here
    # left, and up off its row: it follows along its row only, by the pointer's way
    at = (grab[0] - cell * 7 // 5, grab[1] - cell * 2)
    move_mouse(app, at)
    assert ui.drag_shift(game.match.state) == (at[0] - grab[0], 0)
    assert ui.target == Slide(32, -1, 1)
    left_edge = board.cell_rect(32).left + (at[0] - grab[0])
    assert fill_at(app, game, (left_edge + cell // 2, grab[1]), Player.DARK)
    assert not fill_at(app, game, board.cell_center(35), Player.DARK)
    # let go two cells left: the slide is played, the piece lies on its new cells
    drop = board.cell_center(31)
    move_mouse(app, drop)
    release(app, drop)
    assert game.match.state.moves[-1] == "s32-2"
    assert ui.piece is None and ui.drag_shift(game.match.state) is None
    moved = game.match.state.piece_at(30)
    assert moved is not None and moved.cells == (30, 31, 32, 33)


def test_a_dragged_upright_piece_rides_its_column(app):
    game = open_at(app, 6)  # Light's 1 at 3v66 may slide down six, or off the board
    ui, board, cell = game.play.move_input, game.play.board, game.play.board.cell
    assert game.match.state.to_move == Player.LIGHT
    grab = board.cell_center(76)
    move_mouse(app, grab)
    press(app, grab)
    assert ui.piece is not None and ui.piece.anchor == 66
    at = (grab[0] + cell, grab[1] + cell * 12 // 5)  # down 2.4 rows (and aside a little)
    move_mouse(app, at)
    assert ui.drag_shift(game.match.state) == (0, at[1] - grab[1])
    assert ui.target == Slide(66, -1, 2)
    assert fill_at(app, game, board.cell_center(46), Player.LIGHT)
    assert not fill_at(app, game, board.cell_center(86), Player.LIGHT)
    # never below the board's bottom edge plus its length: it may slide off, no further
    move_mouse(app, (grab[0], grab[1] + cell * 20))
    assert ui.drag_shift(game.match.state) == (0, cell * 9)  # 6 rows under it + its 3 cells
    release(app, board.cell_center(46))
    assert game.match.state.moves[-1] == "s66-3"
