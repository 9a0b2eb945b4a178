"""What the tests of the board's side share: starting a game, waiting for a turn, and
where a board cell is on the screen, counted on the screen rather than through the
board's own geometry (what a player points at)."""

from __future__ import annotations

from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.match import MatchScene
from isaac_game.rules import Player

from ..driver import run


def start(app, game: str, dark: str, light: str) -> MatchScene:
    scene = app.push(app.make("match", GameSetup(game, dark, light)))
    assert isinstance(scene, MatchScene)
    run(app, 2)
    return scene


def on_screen(scene: MatchScene, cell: int, facing: Player) -> tuple[int, int]:
    """The centre of board `cell` (Dark's coordinates) on a screen facing `facing`:
    facing Dark, row 0 is the bottom row and column 0 the left column; facing Light,
    the other way round."""
    r, c = divmod(cell, 10)
    column, row_from_top = (c, 9 - r) if facing == Player.DARK else (9 - c, r)
    grid, size = scene.play.board.grid, scene.play.board.cell
    return grid.x + column * size + size // 2, grid.y + row_from_top * size + size // 2
