"""The stats in the window: a finished game goes into them as its save is written (and
corrupt stats are set aside, said once, while the game still finishes and saves), and
"Your record" opens from the title with real key events and shows the numbers."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.registry import make_app
from isaac_game.client.scenes import stats as stats_module
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.stats import StatsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.rules import Player, load_journal
from isaac_game.stats.results import GameResult, Seat, write
from isaac_game.stats.tables import lines

from ..driver import key, menu_to, run
from ..test_results_and_panels import drawn_texts, last_pass, play_to_results


def test_a_finished_game_goes_into_the_stats_as_it_is_saved(app, storage):
    results = play_to_results(app, last_pass(1), dark="human", light="hard")
    path = results.outcome.save_path
    assert path is not None and load_journal(path).state.is_over
    (line,) = lines(storage.stats, "isaac")
    assert (line.opponent.kind, line.opponent.name, line.played, line.coached) == (
        "computer",
        "hard",
        1,
        False,
    )
    (row,) = storage.stats.query("SELECT save_path, you FROM games")
    assert (row["save_path"], row["you"]) == (str(path), "dark")
    assert app.notice is None  # nothing to say


@pytest.fixture
def damaged_app(storage):
    storage.data_dir.mkdir(parents=True)
    (storage.data_dir / "record.sqlite3").write_bytes(b"not a database at all" * 200)
    application = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    application.open("title")
    application.frame()
    yield application
    if pygame.get_init():
        application.shutdown()


def test_corrupt_stats_are_set_aside_and_the_game_still_finishes_and_saves(damaged_app, storage):
    app = damaged_app
    results = play_to_results(app, last_pass(2), dark="human", light="easy")
    path = results.outcome.save_path
    assert path is not None and load_journal(path).state.is_over  # the save is whole
    aside = [p for p in storage.data_dir.iterdir() if "set-aside" in p.name]
    assert len(aside) == 1
    assert lines(storage.stats, "isaac")[0].played == 1  # the fresh stats have the game
    # said once: at the title, as a note
    menu_to(app, results.menu, "menu")
    key(app, pygame.K_RETURN, frames=2)
    note = app.top
    assert isinstance(note, MessageScene)
    assert "set aside" in note.text and aside[0].name in note.text
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, TitleScene) and app.notice is None


def test_your_record_opens_from_the_title_and_shows_the_numbers(app, storage, monkeypatch):
    you, hard = Seat("human", "Human"), Seat("hard", "hard")
    for n, winner in enumerate([Player.DARK, Player.LIGHT, None, Player.DARK, Player.DARK]):
        game = GameResult(
            f"/s/{n}.isaac.txt", "isaac", "2026-11-02", you, hard, Player.DARK, winner, 9, 4
        )
        write(storage.stats, game)
    coached = GameResult(
        "/s/c.isaac.txt", "isaac", "2026-11-03", you, hard, Player.DARK, None, 5, 5, coached=True
    )
    write(storage.stats, coached)
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "stats")
    key(app, pygame.K_RETURN, frames=2)
    scene = app.top
    assert isinstance(scene, StatsScene) and scene.game == "isaac"
    texts = drawn_texts(app, monkeypatch, stats_module)
    assert "Level 9 (Hard)" in texts
    after = texts[texts.index("Level 9 (Hard)") + 1 :]
    assert after[:5] == ["5", "3", "1", "1", "2 wins"]  # played, won, lost, drawn, streak
    coached_at = texts.index("Coached games, counted apart")
    # its column headings, then the coached line: who, played, won, lost, drawn, streak
    assert texts[coached_at + 6 : coached_at + 12] == [
        "Level 9 (Hard)",
        "1",
        "0",
        "0",
        "1",
        "1 draw",
    ]
    key(app, pygame.K_RIGHT)  # the next game: none played yet
    assert scene.game == "foundations"
    assert "No finished game of FOUNDATIONS in your record yet." in drawn_texts(
        app, monkeypatch, stats_module
    )
    key(app, pygame.K_ESCAPE)
    run(app, 2)
    assert app.top is title


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_your_record_draws_at_every_size(storage, size):
    application = make_app(size=size, fullscreen=False, storage=storage, sound=False)
    try:
        you = Seat("human", "Human")
        for n in range(40):
            them = Seat("lan", f"Player {n % 20}")
            game = GameResult(
                f"/s/{n}.isaac.txt", "isaac", "2026-11-02", you, them, Player.DARK, None, 1, 1
            )
            write(storage.stats, game)
        application.open("stats")
        application.frame()
        scene = application.top
        assert isinstance(scene, StatsScene) and scene.pages >= 2
    finally:
        application.shutdown()


def test_a_move_taken_back_marks_the_save_and_the_stats_count_it_apart(app, storage):
    """Ctrl+Z against the computer: the save says `TakenBack: yes` from then on, and the
    finished game is counted apart in the stats, as a coached one is."""
    from isaac_game.client.handoff import GameSetup
    from isaac_game.client.storage import read_headers
    from isaac_game.client.widgets.hand_cursor import focus_for
    from isaac_game.rules import GameRecord, Place
    from isaac_game.stats.results import result_of

    from ..driver import click

    game = app.open("match", GameSetup("isaac", "human", "easy"))
    run(app, 2)
    move = next(m for m in game.match.state.legal_moves() if isinstance(m, Place) and m.length == 7)
    key(app, pygame.K_6)  # the piece printed 6
    if game.play.placement.direction[Player.DARK] != move.direction:
        key(app, pygame.K_r)
    click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))
    for _ in range(600):  # the computer answers
        if game.match.state.ply >= 2:
            break
        run(app, 1)
    assert game.match.state.ply >= 2 and game.keeping.path is not None
    assert read_headers(game.keeping.path).get("TakenBack") is None
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.match.state.ply == 0
    assert read_headers(game.keeping.path).get("TakenBack") == "yes"
    # once the game is over, the stats count it apart (with the coached ones)
    finished = GameRecord(last_pass(1).play("pass"), read_headers(game.keeping.path))
    result = result_of(game.keeping.path, finished)
    assert result is not None and result.taken_back and not result.coached


def test_a_game_saved_later_from_the_results_goes_into_the_stats(app, storage):
    """A finished game the disk refused is not in the stats; saved at last from the
    results (Save game), it is."""
    from isaac_game.client.handoff import GameOutcome, GameSetup
    from isaac_game.client.scenes.results import ResultsScene

    from ..driver import click

    final = last_pass(1).play("pass")
    outcome = GameOutcome(
        GameSetup("isaac", "human", "easy"),
        final,
        headers={"DarkPlayer": "human", "LightPlayer": "easy"},
        unsaved="No space left on device",
    )
    results = app.open("results", outcome)
    assert isinstance(results, ResultsScene)
    run(app, 2)
    assert lines(storage.stats, "isaac") == []  # not on disk: not in the stats
    click(app, results.menu.item("file").rect.center)  # Save game
    assert results.save_path is not None and results.save_path.exists()
    (line,) = lines(storage.stats, "isaac")
    assert (line.opponent.name, line.played) == ("easy", 1)
