"""A whole hotseat game from the title screen to the results, by posted events only.

Dark plays with the mouse, Light with the keyboard. The moves are picked from
`legal_moves()` (to keep the game short and deterministic), but every one is
entered the way a person would enter it.
"""

from __future__ import annotations

import random

import pygame

from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Place, Player, Remove

from ..driver import KEY_FOR_PIECE, arrow_towards, click, key, run
from ..kinds import is_game


def arrows_to(app, get_focus, cell: int) -> None:
    if get_focus() is None:
        key(app, pygame.K_UP)  # the first arrow shows the cursor
    board = app.top.play.board  # the arrows go as the screen shows the board
    r, c = divmod(get_focus(), 10)
    tr, tc = divmod(cell, 10)
    for _ in range(abs(tr - r)):
        key(app, arrow_towards(board, 1 if tr > r else -1, 0))
    for _ in range(abs(tc - c)):
        key(app, arrow_towards(board, 0, 1 if tc > c else -1))
    assert get_focus() == cell


def enter_place_by_mouse(app, game: MatchScene, move: Place) -> None:
    rows = game.hand_rows(Player.DARK)
    click(app, rows[move.length].center)
    if game.play.placement.direction[Player.DARK] != move.direction:
        click(app, game.play.board.cell_center(45), button=3)  # right-click rotates
    click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))


def enter_place_by_keys(app, game: MatchScene, move: Place) -> None:
    key(app, KEY_FOR_PIECE[move.length])
    if game.play.placement.direction[Player.LIGHT] != move.direction:
        key(app, pygame.K_r)
    placement = game.play.placement
    arrows_to(app, lambda: placement.focus, focus_for(move.cell, move.length, move.direction))
    key(app, pygame.K_RETURN)


def enter_remove_by_mouse(app, game: MatchScene, move: Remove) -> None:
    click(app, game.play.board.cell_center(move.cell))
    assert game.play.scoring.anchor == move.cell
    if move.target >= 100:
        click(app, game.play.off_track_button().center)
    else:
        click(app, game.play.board.cell_center(track_cell(Player.DARK, move.target)))


def enter_remove_by_keys(app, game: MatchScene, move: Remove) -> None:
    scoring = game.play.scoring
    arrows_to(app, lambda: scoring.focus, move.cell)
    key(app, pygame.K_RETURN)
    assert scoring.anchor == move.cell
    steps = len(scoring.targets) - 1 - scoring.targets.index(move.target)
    for _ in range(steps):
        key(app, pygame.K_LEFT)
    assert scoring.target == move.target
    key(app, pygame.K_RETURN)


def test_whole_hotseat_game_from_title_to_results(app):
    rng = random.Random(11)
    title = app.top
    assert isinstance(title, TitleScene)
    assert title.menu.current.key == "new"
    key(app, pygame.K_RETURN)  # New game (both seats human by default)
    game = app.top
    assert is_game(game, "isaac")
    saw_pass_banner = saw_blocked_reason = False
    for _ in range(400):
        if not is_game(app.top, "isaac"):
            break
        state = game.match.state
        if state.is_over:
            run(app, 10, dt=0.1)
            continue
        legal = list(state.legal_moves())
        if str(legal[0]) == "pass":
            run(app, 1)
            saw_pass_banner |= "passes" in game.bar.text
            run(app, 20, dt=0.1)  # the pass is announced, then played by itself
            continue
        if state.phase == "scoring":
            saw_blocked_reason |= bool(state.blocked_pieces())
            removes = [m for m in legal if isinstance(m, Remove)]
            # prefer the full gain, as a player usually does
            move = max(removes, key=lambda m: (m.target, rng.random()))
        else:
            move = rng.choice(legal)
        before = len(state.moves)
        mover = state.to_move
        if mover == Player.DARK:
            if isinstance(move, Place):
                enter_place_by_mouse(app, game, move)
            else:
                enter_remove_by_mouse(app, game, move)
        elif isinstance(move, Place):
            enter_place_by_keys(app, game, move)
        else:
            enter_remove_by_keys(app, game, move)
        assert len(game.match.state.moves) == before + 1, game.bar.text
        assert game.match.state.moves[-1] == str(move)
    results = app.top
    assert isinstance(results, ResultsScene)
    final = results.outcome.state
    assert final.is_over and final.winner is not None
    assert saw_pass_banner
    # the results screen works by mouse too: back to the menu
    app.draw()
    click(app, results.menu.item("menu").rect.center)
    assert isinstance(app.top, TitleScene)
