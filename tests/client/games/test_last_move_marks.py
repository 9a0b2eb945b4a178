"""The last move is marked by one board call in every game that has the square board:
the piece just placed outlined (ISAAC, HARI), the cells a removal or a slide emptied
ringed, and the replay's mark on the piece itself."""

from __future__ import annotations

import pygame

from isaac_game.client.handoff import GameSetup
from isaac_game.rules import Place, Slide, new_game

from ..driver import run


def board_after(app, game: str, moves: list) -> tuple[object, pygame.Surface]:
    """A hotseat game of `game` after `moves` (entered as the players' moves), drawn."""
    app.open("match", GameSetup(game))
    scene = app.top
    for move in moves:
        scene.submit(move)
    run(app, 60)  # the animations end: the marks show
    app.draw()
    return scene, app.screen


def patch(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def pixels(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for y in range(rect.y, rect.bottom) for x in range(rect.x, rect.right)]


def test_a_placement_is_outlined_alike_in_isaac_and_hari(app):
    """The same placement, on the same board, is marked with the same pixels."""
    isaac, screen = board_after(app, "isaac", [Place(3, "h", 0)])
    around = isaac.play.board.span_rect((0, 1, 2)).inflate(isaac.play.board.cell // 2, 8)
    colour = app.palette.last_move
    isaac_pixels = patch(screen, around)
    assert any(screen.get_at(p)[:3] == colour for p in pixels(around))
    app.pop()
    hari, screen = board_after(app, "hari", [Place(3, "h", 0)])
    assert hari.play.board.rect == isaac.play.board.rect
    assert patch(screen, around) == isaac_pixels


def test_a_slide_rings_the_cells_it_left_and_outlines_where_it_went(app):
    scene, screen = board_after(app, "hari", [Place(3, "h", 0), Place(3, "h", 90)])
    scene.submit(Slide(0, 1, 2))  # Dark slides its 1 two cells right: 00-01 left empty
    run(app, 60)
    app.draw()
    board, colour = scene.play.board, app.palette.target  # this turn's slide: in blue
    left = board.cell_rect(0)
    assert screen.get_at(left.center)[:3] != colour  # a ring, not a fill
    ring_y = left.y + board.cell // 3 // 2 + 1  # the ring's top edge, inside the cell
    assert any(screen.get_at((x, ring_y))[:3] == colour for x in range(left.x, left.right))
    went = board.span_rect((2, 3, 4)).inflate(-2, -2)
    assert screen.get_at((went.centerx, went.y + 1))[:3] == colour


def test_the_replay_marks_the_move_on_the_piece_itself(app):
    state = new_game("isaac").play("3h00")
    app.open("replay", state)
    replay = app.top
    replay.go(1)
    app.draw()
    board, colour = replay.board, app.palette.last_move
    piece = board.span_rect((0, 1, 2))  # the outline on the piece's edge, not inside it
    assert app.screen.get_at((piece.centerx, piece.y + 1))[:3] == colour
