"""The demo left running keeps the memory of one game, not of every game it played.

A match scene is a web of references (its parts point back at it), so when the demo
starts its next game the old scene is freed only by the cycle collector's full pass,
which runs seldom: a demo allocates few Python objects. What the old scene held stays
until then, and its rendered boards are SDL pixels the collector does not even count
(about 1 MB each at 1280x720, a dozen a game). So the collector is held off here, as
between its full passes, and the games that ended must hold no surface.
"""

from __future__ import annotations

import gc
import random
import weakref

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.registry import names
from isaac_game.client.scenes.match import DEMO_RESTART, RESULTS_DELAY, MatchScene
from isaac_game.rules import GameState, new_game

from .driver import run

GAMES = 4


def finished_game(game: str, seed: int = 3) -> GameState:
    """A game played to its end by random moves (the demo restarts after each end)."""
    rng = random.Random(seed)
    state = new_game(game)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def held_surfaces(root: object, shared: set[int]) -> list[pygame.Surface]:
    """The surfaces `root` reaches through attributes, dicts, lists and tuples, except
    through the objects in `shared` (the app, its fonts and screen: they stay; the
    fonts' normal-size view for the boards' numbers is the app's too)."""
    seen, stack, found = set(shared), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            found.append(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())
    return found


def pixel_bytes(surfaces: list[pygame.Surface]) -> int:
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces)


@pytest.mark.parametrize("game", names())  # the client's games (a test may register more)
def test_a_demo_game_that_ended_keeps_no_rendered_board(app, game):
    setup = GameSetup(game, "random", "random", history_of(finished_game(game)), demo=True)
    scenes = [weakref.ref(app.open("match", setup))]
    shared = {id(app), id(app.fonts), id(app.fonts.unscaled), id(app.screen)}
    frames_a_game = int((RESULTS_DELAY + DEMO_RESTART) * 60 / 8) + 5  # frames of 8 ticks
    gc.disable()  # as between the collector's full passes
    try:
        while len(scenes) <= GAMES:
            run(app, 1, dt=8 / 60)
            if app.top is not scenes[-1]():
                assert isinstance(app.top, MatchScene) and app.top.setup.demo
                scenes.append(weakref.ref(app.top))
            assert app.frames < GAMES * frames_a_game * 2, "the demo does not start again"
        ended = [ref() for ref in scenes[:-1]]
        kept = [held_surfaces(scene, shared) for scene in ended if scene is not None]
        assert pixel_bytes(held_surfaces(app.top, shared)) > 0  # the game on screen draws
        assert [pixel_bytes(surfaces) for surfaces in kept] == [0] * len(kept)
    finally:
        gc.enable()
