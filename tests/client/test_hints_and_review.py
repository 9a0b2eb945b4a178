"""Hints in FOUNDATIONS and HARI (H, as in ISAAC), and the computer's view of a game in
the Review screen: computed in a worker with its progress shown, cached beside the
save, Hard's preferred move named and drawn, H stepping through the worst moves."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.games.hari.rulebook import finished_game as hari_game
from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.storage import analysis_path
from isaac_game.client.widgets import review as review_module

from .driver import frames_until, key, menu_to, run
from .kinds import is_game

TIMEOUT = 90.0


@pytest.mark.parametrize("game_name", ["foundations", "hari"])
def test_h_gives_a_hint_with_a_reason_and_enter_plays_it(app, game_name):
    game = app.push(app.make("match", GameSetup(game_name, "human", "human")))
    assert isinstance(game, MatchScene) and is_game(game, game_name)
    hints = game.play.hints
    hints.budget = 0.2
    run(app, 2)
    state = game.match.state
    key(app, pygame.K_h)
    assert hints.pending and hints.line() == "Hint: thinking..."
    frames_until(app, lambda: not hints.pending, TIMEOUT, then=1)
    assert hints.shown, hints.error
    assert str(hints.move) in {str(m) for m in state.legal_moves()}
    assert "places the" in hints.text and "Hard's playouts" in hints.text
    app.draw()  # the ghost and the line are drawn for real
    assert game.match.state is state  # a hint never plays by itself
    hinted = str(hints.move)
    key(app, pygame.K_RETURN)  # the hinted piece is ready where the hint put it
    run(app, 2)
    assert game.match.state.moves == (*state.moves, hinted)
    assert not hints.shown  # gone with its position


def test_review_analysis_is_computed_cached_and_steps_through_the_worst_moves(
    app, storage, monkeypatch
):
    monkeypatch.setattr(review_module, "REVIEW_SCALE", 0.02)
    final = hari_game(2)[-1]
    path = storage.saves_dir / "2026-05-01_09-15-00.isaac.txt"
    storage.save_game(path, final, {"Dark": "Ada", "Light": "Bo"})
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    analysis = replay.analysis
    assert not analysis.done and not analysis.running
    key(app, pygame.K_h)  # H: the computer's view
    assert analysis.running
    frames_until(app, lambda: analysis.done, TIMEOUT, then=1)
    assert len(analysis.reviews) == len(final.moves)
    cache = analysis_path(path)
    assert cache.is_file()
    key(app, pygame.K_END)
    lines = []
    for _ in range(len(final.moves)):
        lines.append(replay.view_line())
        key(app, pygame.K_LEFT)
    assert any("Hard preferred:" in t or "Hard agrees" in t for t in lines)
    worst = analysis.worst()
    if worst:
        key(app, pygame.K_h)
        assert replay.index == worst[0]
        assert "gave away" in replay.view_line()
        app.draw()  # the preferred move drawn on the board
    key(app, pygame.K_ESCAPE)
    # reviewed again: read back from beside the save, nothing to compute
    again = app.open("replay", storage.load_game(path)[0], path)
    assert again.analysis.done and not again.analysis.running
