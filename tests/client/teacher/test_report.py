"""The report after a game (issue 24, section 2), driven by real events: opened from the
results screen, from the Replay list (R, the chart button, pad Y) and from Review (R);
its graph has one point per position (the start and one after each move); with an
analysis beside the save, its mistakes and blunders, its three worst moves and the
move list's marks are the analysis's, and a worst move opens Review at that move."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from isaac_game.ai.analysis import reviews_of
from isaac_game.ai.generic import rule_of_thumb
from isaac_game.ai.judge import VERSION as JUDGE
from isaac_game.client.handoff import GameOutcome, GameSetup
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.report import ReportScene, mark_counts
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.saves import SavesScene, report_rect
from isaac_game.client.storage import analysis_path
from isaac_game.client.widgets.graph import chance_series, score_series
from isaac_game.client.widgets.review import view_of
from isaac_game.rules import GameState, Player, new_game

from ..driver import click, key, menu_to, pad

GAMES = ["isaac", "foundations", "hari"]


def finished(game: str, seed: int = 3) -> GameState:
    """A whole game: at random in ISAAC, by the rule of thumb in the sister games."""
    rng, state = random.Random(seed), new_game(game)
    while not state.is_over:
        legal = state.legal_moves()
        state = state.play(rng.choice(legal) if game == "isaac" else rule_of_thumb(state, rng))
    return state


def states_of(final: GameState) -> list[GameState]:
    states = [new_game(final.game)]
    for move in final.moves:
        states.append(states[-1].play(move))
    return states


def planted_views(final: GameState, seed: int = 1) -> list:
    """An analysis's views of every position, as Review writes them: a legal move other
    than the one played where there is one, and chances that mark many moves."""
    rng, views = random.Random(seed), []
    for i, state in enumerate(states_of(final)):
        if state.is_over:
            views.append(None)
            continue
        played = final.moves[i]
        others = [str(m) for m in state.legal_moves() if str(m) != played]
        chance, after = round(rng.random(), 3), round(rng.random(), 3)
        views.append([others[0] if others else played, chance, after])
    return views


def save_with_analysis(storage, final: GameState, name: str = "2026-05-01_09-15-00"):
    path = storage.saves_dir / f"{name}.isaac.txt"
    storage.save_game(path, final, {"Dark": "Ada", "Light": "Bo", "Date": "2026-05-01"})
    views = planted_views(final)
    data = {"game": final.game, "moves": list(final.moves), "judge": JUDGE, "views": views}
    analysis_path(path).write_text(json.dumps(data))
    return path, reviews_of(
        final.game, final.moves, [None if v is None else view_of(v) for v in views]
    )


def check_graph(report: ReportScene, final: GameState, analysed: bool) -> None:
    """One point per position for every line, where the series say."""
    report.app.draw()
    states = states_of(final)
    lines = report.series()
    assert len(lines) == (3 if analysed else 2)
    dark, light = score_series(states)
    assert lines[0].values == dark and lines[1].values == light
    assert (dark[-1], light[-1]) == final.scores
    for line in lines:
        assert len(report.graph.points[line.label]) == len(final.moves) + 1
    xs = [x for x, _y in report.graph.points[lines[0].label]]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)  # each move a point of its own


@pytest.mark.parametrize("game", GAMES)
def test_the_report_opens_from_the_results_screen(app, game):
    final = finished(game)
    app.open("results", GameOutcome(GameSetup(game, "human", "hard"), final))
    results = app.top
    assert isinstance(results, ResultsScene)
    menu_to(app, results.menu, "report")
    key(app, pygame.K_RETURN)
    report = app.top
    assert isinstance(report, ReportScene) and report.record.game == game
    assert report.states[-1].moves == final.moves  # the final board is what is drawn
    check_graph(report, final, analysed=False)
    assert "Analyse the game" in report.count_lines()[0]
    key(app, pygame.K_ESCAPE)
    assert app.top is results


@pytest.mark.parametrize("game", GAMES)
def test_the_report_from_the_replay_list_shows_the_analysis(app, storage, game):
    final = finished(game)
    path, reviews = save_with_analysis(storage, final)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    key(app, pygame.K_r)  # R: the chosen save's report
    report = app.top
    assert isinstance(report, ReportScene)
    assert report.analysis.done  # read back from beside the save
    check_graph(report, final, analysed=True)
    views = report.analysis.views
    assert report.series()[2].values == chance_series(states_of(final), views)
    for player, line in zip((Player.DARK, Player.LIGHT), report.count_lines(), strict=True):
        mistakes, blunders = mark_counts(reviews, player)
        assert mistakes == sum(r.mark == "mistake" and r.mover == player for r in reviews)
        assert f"{mistakes} mistake" in line and f"{blunders} blunder" in line
    marked = sorted((r for r in reviews if r.mark), key=lambda r: (-r.loss, r.ply))
    assert len(marked) >= 3  # the planted chances mark plenty
    worst = [r.ply + 1 for r in marked[:3]]
    assert [r.ply + 1 for r in report.worst()] == worst
    for rank, number in enumerate(worst):
        assert report.worst_label(rank).startswith(f"Move {number},")
    assert report.moves_box.marks == {r.ply: r.mark for r in reviews if r.mark}
    # the worst move, by its key: Review opens at that move
    key(app, pygame.K_1)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.index == worst[0]
    app.draw()
    assert replay.moves_box.marks == report.moves_box.marks  # Review marks them too
    key(app, pygame.K_ESCAPE)
    assert app.top is report
    # the second worst, by a click on its row
    click(app, report.menu.item("worst2").rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.index == worst[1]


def test_the_chart_button_and_the_pad_open_a_report(app, storage):
    final = finished("hari")
    save_with_analysis(storage, final)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    app.draw()
    row = saves.menu.items[0].rect
    click(app, report_rect(row).center)
    assert isinstance(app.top, ReportScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is saves
    pad(app, pygame.CONTROLLER_BUTTON_Y)
    report = app.top
    assert isinstance(report, ReportScene)
    menu_to(app, report.menu, "worst3", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.top, ReplayScene) and app.top.index == report.worst()[2].ply + 1


def test_review_opens_the_report_and_a_worst_move_goes_back_there(app, storage):
    final = finished("foundations")
    path, reviews = save_with_analysis(storage, final)
    replay = app.open("replay", storage.load_game(path)[0], path)
    assert isinstance(replay, ReplayScene)
    key(app, pygame.K_r)  # R: the report, sharing Review's analysis
    report = app.top
    assert isinstance(report, ReportScene) and report.analysis is replay.analysis
    app.draw()
    key(app, pygame.K_2)
    assert app.top is replay  # back in the same Review, at that move
    assert replay.index == report.worst()[1].ply + 1
    # the bar's Report button does the same as R
    app.draw()
    layout = replay.relayout(app.screen.get_size())
    from isaac_game.client.scenes.replay import replay_buttons

    click(app, replay_buttons(layout.bottom, layout.u)["report"].center)
    assert isinstance(app.top, ReportScene)


def test_the_analyse_row_runs_the_analysis_with_progress(app, storage, monkeypatch):
    from isaac_game.client.widgets import review as review_module

    monkeypatch.setattr(review_module, "REVIEW_SCALE", 0.02)
    final = new_game("hari")
    for _ply in range(4):
        final = final.play(final.legal_moves()[0])
    report = app.open("report", final, "a few moves")
    assert isinstance(report, ReportScene)
    assert report.menu.current.key == "analyse"
    key(app, pygame.K_RETURN)
    assert report.analysis.running
    assert report.analyse_label().startswith("Analysing")
    import time

    deadline = time.monotonic() + 60
    while not report.analysis.done:
        assert time.monotonic() < deadline
        app.frame(1 / 60)
        time.sleep(0.01)
    app.frame(1 / 60)
    check_graph(report, final, analysed=True)
    assert report.menu.current.enabled()  # off the finished Analyse row
