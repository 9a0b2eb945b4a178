"""Leaving a LAN game under way asks "Leave for now (your seat is kept) / Resign / Stay"."""

from __future__ import annotations

import random

import pygame
import pytest

from isaac_game.client.scenes.dialog import QuestionScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.stats.tables import LAN, Opponent, lines

from ..driver import key, menu_to
from ..kinds import is_lan_game, is_lan_results
from .lanclient import Cli, fast_lan, play_turn, pump
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_leaving_a_lan_game_asks_stay_resign_or_leave(app, storage):
    lobby = host_from_the_menu(app)
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--ai", "random", "--name", "Bob"])
    try:
        pump(app, lambda: is_lan_game(app.top, "isaac"))
        game = app.top
        rng = random.Random(2)
        play_turn(app, game, rng, by_mouse=False)
        pump(app, lambda: game.human_to_move() is not None)  # Bob has answered
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        menu_to(app, app.top.menu, "quit")
        key(app, pygame.K_RETURN)
        question = app.top
        assert isinstance(question, QuestionScene)
        keys = [item.key for item in question.menu.items]
        assert keys == ["leave", "resign", "stay"]
        assert question.menu.item("leave").text() == "Leave for now (your seat is kept)"
        menu_to(app, question.menu, "stay")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, PauseScene) and game.control.session.playing
        menu_to(app, app.top.menu, "quit")
        key(app, pygame.K_RETURN)
        menu_to(app, app.top.menu, "resign")
        key(app, pygame.K_RETURN)  # resign: the game is decided, the results follow
        key(app, pygame.K_ESCAPE)  # off the pause menu
        pump(app, lambda: is_lan_results(app.top))
        results = app.top
        assert results.headline()[2].startswith("Dark (you, ")
        # the game is over in its file, off Continue's list, and in the stats: lost to Bob
        record, _error = storage.load_game(results.save_path)
        assert record is not None and record.headers["Result"] == "dark resigns, light wins"
        assert storage.in_progress() == [] and not storage.has_unfinished()
        (line,) = lines(storage.stats, "isaac")
        assert (line.opponent, line.played, line.lost) == (Opponent(LAN, "Bob"), 1, 1)
    finally:
        join.kill()
