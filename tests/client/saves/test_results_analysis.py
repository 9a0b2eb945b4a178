"""The results screen of a game played to its end: the final board is drawn, there is no
Save (the game is on disk already; "Show the file" says where), and the analysis
started from its Review is kept beside that save: leave and review again, and it is
there (or, left half-way, it goes on from where it stopped instead of from 0%)."""

from __future__ import annotations

import time

import pygame
import pytest

from isaac_game.client.games.hari.rulebook import finished_game
from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.storage import analysis_path
from isaac_game.client.widgets import review as review_module
from isaac_game.rules import load_journal

from ..driver import click, key, run


def play_to_the_results(app) -> ResultsScene:
    """A whole HARI game in the real match scene (kept on disk move by move)."""
    final = finished_game(2)[-1]
    game = app.open("match", GameSetup("hari", "human", "human"))
    for move in final.moves:
        game.submit(game.match.state.parse_move(move))
        run(app, 1)
    deadline = time.monotonic() + 30
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, app.top.name
        run(app, 10)
    return app.top


def review(app, results: ResultsScene) -> ReplayScene:
    click(app, results.menu.item("review").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    return replay


def wait(app, condition, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        run(app, 1)
        time.sleep(0.01)


def test_the_results_show_the_final_board_and_where_the_file_is(app):
    results = play_to_the_results(app)
    path = results.save_path
    assert path is not None and load_journal(path).state.is_over
    keys = [item.key for item in results.menu.items]
    assert keys == ["rematch", "file", "review", "report", "menu"]
    assert results.menu.item("file").text() == "Show the file"
    app.draw()
    board = results.view.board
    assert board.rect.width > 200  # drawn, beside the menu: the position the game ended in
    assert results.view.shown(results).moves == results.outcome.state.moves
    assert not board.rect.colliderect(results.menu.items[0].rect)
    click(app, results.menu.item("file").rect.center)
    told = app.top
    assert isinstance(told, MessageScene) and str(path) in told.text
    key(app, pygame.K_RETURN)
    assert app.top is results


@pytest.mark.timeout(180)
def test_an_analysis_from_the_results_review_is_kept_beside_the_save(app, monkeypatch):
    monkeypatch.setattr(review_module, "REVIEW_SCALE", 0.02)
    results = play_to_the_results(app)
    path = results.save_path
    assert path is not None
    replay = review(app, results)
    key(app, pygame.K_h)  # Analyse
    analysis = replay.analysis
    assert analysis.running
    wait(app, lambda: len(analysis.views) >= 3)
    key(app, pygame.K_ESCAPE)  # left half-way
    assert app.top is results
    cache = analysis_path(path)
    assert cache.is_file()
    replay = review(app, results)
    kept = len(replay.analysis.views)
    assert kept >= 3 and not replay.analysis.done  # not back to 0%
    key(app, pygame.K_h)
    assert replay.analysis.running
    wait(app, lambda: replay.analysis.done)
    assert len(replay.analysis.reviews) == len(results.outcome.state.moves)
    key(app, pygame.K_ESCAPE)
    again = review(app, results)
    assert again.analysis.done and not again.analysis.running  # read back, nothing to do
    key(app, pygame.K_ESCAPE)
