"""The board painter takes the side it faces as a parameter (python-chess's
`svg.board(..., flipped=...)`): facing Light, the picture is turned half round, Light's
own coordinates run along the bottom and left edges and Dark's along the top and right
(docs/rules.md 0: "Light coordinates on the Light edge"); the geometry a click or an
arrow goes through turns with it. What is drawn over a piece (the keys' cursor, a
puzzle's answer marked) leaves its printed value readable: the value is printed on top."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.handoff import GameSetup
from isaac_game.client.learn.puzzle_control import PuzzleControl
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.widgets.board_view import BoardView, own_cell, way_word
from isaac_game.rules import BoardPiece, Player

from ..driver import click, frames_until, key, run


def painted(app, facing: Player, pieces=()) -> tuple[BoardView, pygame.Surface]:
    board = BoardView(app.fonts)
    board.place(pygame.Rect(0, 0, 560, 560), facing)
    return board, board.board_surface(app.palette, pieces)


def screen_center(board: BoardView, column_from_left: int, row_from_top: int) -> tuple[int, int]:
    """The centre of a screen cell, counted on the screen (not through the board's own
    geometry): what a player points at."""
    g, cell = board.grid, board.cell
    return g.x + column_from_left * cell + cell // 2, g.y + row_from_top * cell + cell // 2


def test_a_piece_is_drawn_where_the_light_view_puts_it(app):
    piece = BoardPiece(Player.DARK, 3, "h", 12, (12, 13, 14))  # row 1, columns 2-4
    pal = app.palette
    for facing, (column, row) in ((Player.DARK, (2, 8)), (Player.LIGHT, (7, 1))):
        board, surface = painted(app, facing, [piece])
        x, y = screen_center(board, column, row)  # the anchor cell, 12, as the screen shows it
        at = (x - board.rect.x, y - board.rect.y)
        assert tuple(surface.get_at(at))[:3] == pal.dark_piece, facing
        # and the other view's place for it is empty board
        other_column, other_row = 9 - column, 9 - row
        x, y = screen_center(board, other_column, other_row)
        at = (x - board.rect.x, y - board.rect.y)
        assert tuple(surface.get_at(at))[:3] == pal.board, facing


def test_the_edges_read_the_facing_players_own_coordinates(app, monkeypatch):
    pal = app.palette
    for facing, near, far in (
        (Player.DARK, pal.dark_label, pal.light_label),
        (Player.LIGHT, pal.light_label, pal.dark_label),
    ):
        board = BoardView(app.fonts)
        board.place(pygame.Rect(0, 0, 560, 560), facing)
        labels: list[tuple[str, tuple, tuple[int, int]]] = []

        def label(surf, text, px, color, at, labels=labels) -> None:
            labels.append((text, color, at))

        monkeypatch.setattr(board, "_label", label)
        board.board_surface(pal, [])
        grid = board.grid.move(-board.rect.x, -board.rect.y)
        bottom = sorted((at[0], text, color) for text, color, at in labels if at[1] > grid.bottom)
        top = sorted((at[0], text, color) for text, color, at in labels if at[1] < grid.top)
        left = sorted((-at[1], text, color) for text, color, at in labels if at[0] < grid.left)
        # the facing player's columns left to right along the bottom, rows up the left,
        # from their own 0: the numbers they read the board by
        assert [(t, c) for _x, t, c in bottom] == [(str(i), near) for i in range(10)]
        assert [(t, c) for _y, t, c in left] == [(str(i), near) for i in range(10)]
        assert [(t, c) for _x, t, c in top] == [(str(9 - i), far) for i in range(10)]
        # the label under a screen column names that column in the facing player's terms
        for x, text, _colour in bottom:
            column = (x + board.rect.x - board.grid.x) // board.cell
            cell = board.cell_at(screen_center(board, column, 9))
            assert cell is not None and own_cell(cell, facing)[1] == int(text)


@pytest.mark.parametrize("facing", [Player.DARK, Player.LIGHT])
def test_clicks_and_arrows_go_through_the_turned_geometry(app, facing):
    board, _surface = painted(app, facing)
    for cell in range(100):
        assert board.cell_at(board.cell_center(cell)) == cell
    # facing Light, the bottom-left screen cell is Dark's 99 (Light's own 00)
    bottom_left = board.cell_at(screen_center(board, 0, 9))
    assert bottom_left == (0 if facing == Player.DARK else 99)
    assert own_cell(bottom_left, facing) == (0, 0)
    # Right goes right on the screen, Up goes up
    x, y = board.cell_center(44)
    assert board.cell_center(board.moved(44, 1, 0)) == (x + board.cell, y)
    assert board.cell_center(board.moved(44, 0, 1)) == (x, y - board.cell)
    # a step along a piece's axis towards higher Dark coordinates, on the screen
    ux, uy = board.screen_way("h", 1)
    a, b = board.cell_center(44), board.cell_center(45)
    assert (b[0] - a[0], b[1] - a[1]) == (ux * board.cell, uy * board.cell)
    assert board.way_word("h", 1) == ("right" if facing == Player.DARK else "left")
    assert board.way_word("v", 1) == ("up" if facing == Player.DARK else "down")


def test_way_words_turn_with_the_board():
    assert way_word("h", 1) == "right" and way_word("h", -1, Player.LIGHT) == "right"
    assert way_word("v", -1) == "down" and way_word("v", -1, Player.LIGHT) == "up"


def _unread(surface: pygame.Surface, fonts, number) -> list[tuple[int, int]]:
    """The pixels of a printed number's glyphs (those its text covers whole) that show
    anything but its ink on `surface`: what a highlight drawn over it took."""
    image = fonts.render(number.text, number.px, number.ink, True)
    core = [
        (x, y)
        for x in range(image.get_width())
        for y in range(image.get_height())
        if image.get_at((x, y)).a == 255
    ]
    assert len(core) > 5, number
    at = number.rect.topleft
    return [
        (x, y) for x, y in core if tuple(surface.get_at((at[0] + x, at[1] + y)))[:3] != number.ink
    ]


def test_the_keys_cursor_leaves_the_value_of_the_piece_just_placed_readable(app):
    """The 2 has four cells: its value sits on the edge between its two middle cells,
    where the keys' cursor frames the cell it rests on after the piece goes down."""
    scene = app.open("match", GameSetup("isaac", "human", "human"))
    assert isinstance(scene, MatchScene)
    run(app, 2)
    key(app, pygame.K_2)  # the piece worth 2, by its printed value
    key(app, pygame.K_RETURN)  # put down where the keys' cursor rests
    state = scene.match.state
    assert len(state.pieces()) == 1 and state.pieces()[0].length == 4
    frames_until(app, lambda: not scene.motion.anims)
    surface = pygame.Surface(app.screen.get_size())
    app.draw(surface)
    board = scene.play.board
    focus = scene.play.placement.focus
    assert focus is not None and not scene.play.placement.pointer
    (value,) = board.printed
    assert value.rect.colliderect(board.cell_rect(focus))  # the frame crosses it
    assert _unread(surface, app.fonts, value) == []


def test_a_puzzles_answer_marks_leave_the_values_under_them_readable(app):
    scene = app.open("puzzle", "isaac", 0)
    assert isinstance(scene, MatchScene) and isinstance(scene.control, PuzzleControl)
    run(app, 2)
    click(app, scene.control.buttons["answer"].center)
    marks = scene.control.marks
    assert marks
    for age in (0.0, 0.2, 0.4):  # the marks pulse: at each strength
        scene.control.age = age
        surface = pygame.Surface(app.screen.get_size())
        app.draw(surface)
        board = scene.play.board
        cells = [board.cell_rect(c) for c in marks]
        under = [n for n in board.printed if n.rect.collidelist(cells) >= 0]
        assert under, "the answer marks a piece on the board"
        for number in under:
            assert _unread(surface, app.fonts, number) == [], (age, number)
