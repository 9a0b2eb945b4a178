"""The keys' cursor stays on the board after the computer moves: the ghost of the next
piece waits to be moved (it would hide the piece just played), but the cursor frame
the arrows move is drawn at once, not only after the next key."""

from __future__ import annotations

import time

import pygame

from isaac_game.client.handoff import GameSetup
from isaac_game.rules import Player

from ..driver import key, run


def test_the_keys_cursor_stays_in_sight_after_the_computer_moves(app):
    game = app.open("match", GameSetup("isaac", "human", "easy"))
    run(app, 2)
    key(app, pygame.K_UP)  # the keys are the input now: the cursor shows
    key(app, pygame.K_RETURN)  # the piece goes down where the cursor is
    assert len(game.match.state.moves) == 1
    placement = game.play.placement
    focus = placement.focus
    deadline = time.monotonic() + 60
    while not (len(game.match.state.moves) == 2 and game.human_to_move() == Player.DARK):
        assert time.monotonic() < deadline, "the computer never answered"
        run(app, 1)
        time.sleep(0.005)
    run(app, 90)  # the computer's move has been shown
    assert placement.focus == focus and not placement.pointer
    assert placement.ghost(game.match.state, Player.DARK) is None  # on the piece just placed
    app.draw()
    rect = game.play.board.cell_rect(focus)
    edge = app.screen.get_at((rect.centerx, rect.top + 1))
    assert edge == pygame.Color(app.palette.highlight)
