"""What the scoring screen says on hover, and the results screen's rematch."""

from __future__ import annotations

import random

import pygame

from isaac_game.client.game_scene import GameScene
from isaac_game.client.results import ResultsScene
from isaac_game.client.saves_scene import history_of
from isaac_game.client.scene import GameOutcome, GameSetup
from isaac_game.client.scoring import track_cell
from isaac_game.rules import new_game

from .driver import click, key, move_mouse


def scoring_position(seed: int = 3):
    rng = random.Random(seed)
    state = new_game("isaac")
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_hover_shows_points_and_blocked_reasons(app):
    state = scoring_position()
    game = app.push(GameScene(app, GameSetup(history=history_of(state))))
    app.frame()
    mover = state.to_move
    removable = game.scoring.removable(state, mover)
    piece = removable[0]
    move_mouse(app, game.board.cell_center(piece.anchor))
    text = game.scoring.info(state, mover)
    assert str(state.removal_points(piece.anchor)) in text  # "3 x 5 x 2 = 30"
    for anchor, reason in state.blocked_pieces().items():
        move_mouse(app, game.board.cell_center(anchor))
        assert reason in game.scoring.info(state, mover)
    # choosing a piece lights its targets with the full gain preselected
    click(app, game.board.cell_center(piece.anchor))
    targets = state.removal_targets(piece.anchor)
    assert game.scoring.target == targets[-1]
    key(app, pygame.K_LEFT)
    if len(targets) > 1:
        assert game.scoring.target == targets[-2]
    key(app, pygame.K_ESCAPE)  # back to choosing a piece, not the pause menu
    assert game.scoring.anchor is None and app.top is game
    # the opponent's counter cell is never a target
    forbidden = track_cell(mover.other, state.scores[mover.other.index])
    assert all(track_cell(mover, t) != forbidden for t in targets if t < 100)


def test_rematch_swaps_colours(app):
    rng = random.Random(1)
    state = new_game("isaac")
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    results = app.push(
        ResultsScene(app, GameOutcome(GameSetup(dark="human", light="random"), state))
    )
    app.frame()
    click(app, results.menu.item("rematch").rect.center)
    game = app.top
    assert isinstance(game, GameScene)
    assert (game.setup.dark, game.setup.light) == ("random", "human")
