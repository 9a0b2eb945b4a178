"""Enter does not skip the results (issue 41): Enter is also the key that goes on past
the computer's move, so an Enter held or pressed as the game ends must not choose
Rematch before the player has seen them. The results take no input for a moment after
they open (counted in the app's frames, so this is driven frame by frame), and a key
held as they open does nothing until it is let go; then Enter chooses as ever.

The events are posted raw here: the driver's `key` waits for the screen to take input,
as a player reading it would."""

from __future__ import annotations

import pygame

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.results import SETTLE, ResultsScene

from .driver import key, run
from .kinds import is_game
from .test_results_and_panels import last_pass

ENTER_DOWN = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
ENTER_UP = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="")


def to_the_last_frame_before_results(app) -> None:
    """A game against the computer where Dark, to move, can only pass and the pass ends
    it: run it to the frame before its results open."""
    game = app.open("match", GameSetup(history=history_of(last_pass(1)), light="hard"))
    assert is_game(game)
    for _ in range(600):
        if game.motion.pace.results_in > 0 and game.motion.pace.results_in <= 1 / 60 + 1e-9:
            return  # the next frame opens the results
        run(app, 1)
    raise AssertionError("the game never ended")


def test_an_enter_held_as_the_game_ends_does_not_choose_rematch(app):
    to_the_last_frame_before_results(app)
    pygame.event.post(ENTER_DOWN)  # pressed to go on past the last move, and held
    run(app, 1)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.menu.current.key == "rematch"
    for _ in range(int(SETTLE * 60) * 3):  # held well past the settling: it repeats
        pygame.event.post(ENTER_DOWN)
        run(app, 1)
    assert app.top is results and results.accepts_input()
    pygame.event.post(ENTER_UP)
    run(app, 1)
    pygame.event.post(ENTER_DOWN)  # let go and pressed again: that is a choice
    pygame.event.post(ENTER_UP)
    run(app, 1)
    assert is_game(app.top) and app.top.setup.dark == "hard"  # the rematch, sides swapped


def test_an_enter_pressed_as_the_results_open_is_not_taken_and_one_after_is(app):
    to_the_last_frame_before_results(app)
    run(app, 1)
    results = app.top
    assert isinstance(results, ResultsScene) and not results.accepts_input()
    rematch = results.menu.item("rematch").rect.center
    frames = 0
    while not results.accepts_input():
        pygame.event.post(ENTER_DOWN)  # a player pressing on for the computer's move
        pygame.event.post(ENTER_UP)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rematch, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rematch, button=1))
        run(app, 1)
        frames += 1
        assert app.top is results
    assert frames == round(SETTLE * 60)  # counted in the app's ticks: the same on any machine
    assert 0.5 <= SETTLE <= 1.0  # long enough for a press or two, short for a reader
    key(app, pygame.K_RETURN)
    assert is_game(app.top) and app.top.setup.dark == "hard"
