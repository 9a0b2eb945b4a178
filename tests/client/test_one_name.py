"""One name for a computer opponent everywhere (issue 41): the level chooser, the game's
panel and its top bar, the results, the report, the saves list and the stats all say
"Level 3 (Easy)" (an unnamed step: "Level 2"), the chooser's name, and a game saved
under an older label ("Computer (easy)") is named the same. The chooser says what its
numbers are: ratings, and what a gap of 150 of them means."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.report import ReportScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.stats import StatsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.text import recording
from isaac_game.rules import Player

from .driver import frames_until, key, menu_to, run
from .test_results_and_panels import last_pass


def drawn(app) -> list[str]:
    """Every text the screen shows, drawn for real (not copied from a kept picture)."""
    with recording(app.screen) as log:
        app.draw()
    return [text.text for text in log.texts]


def chosen(app, title: TitleScene, kind: str) -> str:
    """Light's row of the level chooser, turned with Right until it is `kind`."""
    menu_to(app, title.menu, "light")
    for _ in range(20):
        if app.settings.light_kind == kind:
            return title.menu.item("light").text()
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the chooser never offers {kind}")


@pytest.mark.parametrize("kind, name", [("easy", "Level 3 (Easy)"), ("level2", "Level 2")])
def test_the_chooser_the_game_the_results_the_report_and_the_stats_say_one_name(app, kind, name):
    title = app.top
    row = chosen(app, title, kind)
    assert f"< {name} · " in row and row.endswith(" >")  # the name, then its rating
    # a game against it, where Dark's pass (made for Dark) ends it
    game = app.open("match", GameSetup("isaac", "human", kind, history_of(last_pass(1))))
    run(app, 1)
    texts = drawn(app)
    assert name in texts  # Light's panel
    assert game.control.waiting_text(Player.LIGHT, game.setup) == f"Light: {name} is thinking..."
    frames_until(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert isinstance(results, ResultsScene)
    assert name in drawn(app)
    assert f"{name} (Light)" in results.score_line()
    menu_to(app, results.menu, "report")
    key(app, pygame.K_RETURN)
    report = app.top
    assert isinstance(report, ReportScene) and report.title.startswith(f"Human v {name}, ")
    menu_to(app, report.menu, "back")
    key(app, pygame.K_RETURN)
    assert app.top is results
    menu_to(app, results.menu, "menu")
    key(app, pygame.K_RETURN)
    assert app.top is title
    menu_to(app, title.menu, "replay")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert f"Human v {name}" in saves.menu.items[0].text()
    key(app, pygame.K_ESCAPE)
    menu_to(app, title.menu, "stats")
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, StatsScene)
    assert name in drawn(app)


@pytest.mark.parametrize(
    "headers",
    [
        {"Dark": "Human", "Light": "Computer (easy)"},  # the oldest: no kinds
        {"Dark": "Human", "Light": "Computer (easy)", "DarkPlayer": "human", "LightPlayer": "easy"},
    ],
    ids=["label-only", "label-and-kind"],
)
def test_a_game_saved_under_the_old_label_is_named_as_today(app, storage, headers):
    final = last_pass(1).play(last_pass(1).legal_moves()[0])
    path = storage.saves_dir / "2026-05-01_09-15-00.isaac.txt"
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    assert storage.save_game(path, final, headers) is None
    assert not storage.add_to_stats(path, final, headers)
    title = app.top
    menu_to(app, title.menu, "replay")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert "Human v Level 3 (Easy)" in saves.menu.items[0].text()
    key(app, pygame.K_RETURN)
    assert app.top.title.startswith("Human v Level 3 (Easy), ")  # the replay
    key(app, pygame.K_ESCAPE)
    while not isinstance(app.top, TitleScene):
        key(app, pygame.K_ESCAPE)
    menu_to(app, title.menu, "stats")
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, StatsScene)
    assert "Level 3 (Easy)" in drawn(app)


def test_the_chooser_says_its_numbers_are_ratings_and_what_150_of_them_mean(app):
    title = app.top
    rule = "Ratings: a level 150 points higher wins about 7 games in 10"  # 1/(1+10^(-150/400))
    menu_to(app, title.menu, "new")
    assert rule not in drawn(app)  # the controls, there
    for seat in ("dark", "light"):
        menu_to(app, title.menu, seat)
        assert rule in drawn(app)
