"""What the scoring screen says on hover, and the results screen's rematch."""

from __future__ import annotations

import random

import pygame

from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.handoff import GameOutcome, GameSetup, history_of
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.rules import new_game

from ..driver import click, key, move_mouse
from ..kinds import is_game


def scoring_position(seed: int = 3):
    rng = random.Random(seed)
    state = new_game("isaac")
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_hover_shows_points_and_blocked_reasons(app):
    state = scoring_position()
    game = app.push(app.make("match", GameSetup(history=history_of(state))))
    app.frame()
    mover = state.to_move
    removable = game.play.scoring.removable(state, mover)
    piece = removable[0]
    move_mouse(app, game.play.board.cell_center(piece.anchor))
    text = game.play.scoring.info(state, mover)
    assert str(state.removal_points(piece.anchor)) in text  # "3 x 5 x 2 = 30"
    for anchor, reason in state.blocked_pieces().items():
        move_mouse(app, game.play.board.cell_center(anchor))
        assert reason in game.play.scoring.info(state, mover)
    # choosing a piece lights its targets with the full gain preselected
    click(app, game.play.board.cell_center(piece.anchor))
    targets = state.removal_targets(piece.anchor)
    assert game.play.scoring.target == targets[-1]
    # the arrow towards lower scores on the screen: the mover's track runs right and up
    # from the mover's own edge, so it runs left and down on a board facing the other
    key(app, pygame.K_LEFT if game.play.board.facing == mover else pygame.K_RIGHT)
    if len(targets) > 1:
        assert game.play.scoring.target == targets[-2]
    key(app, pygame.K_ESCAPE)  # back to choosing a piece, not the pause menu
    assert game.play.scoring.anchor is None and app.top is game
    # the opponent's counter cell is never a target
    forbidden = track_cell(mover.other, state.scores[mover.other.index])
    assert all(track_cell(mover, t) != forbidden for t in targets if t < 100)


def test_rematch_swaps_colours(app):
    rng = random.Random(1)
    state = new_game("isaac")
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    results = app.open("results", GameOutcome(GameSetup(dark="human", light="random"), state))
    assert isinstance(results, ResultsScene)
    app.frame()
    click(app, results.menu.item("rematch").rect.center)
    game = app.top
    assert is_game(game, "isaac")
    assert (game.setup.dark, game.setup.light) == ("random", "human")
