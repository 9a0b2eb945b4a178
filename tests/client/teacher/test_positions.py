"""Your positions: a blunder of yours in an analysed game becomes a position to practise
(kept after its save is deleted), the title counts those due today that can be played,
and Learn to play opens them on the board, driven by real events. The planted blunder
is the rulebook's block: Light must stop short on x02-36 (every other move loses);
x02-39 is played."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pygame
import pytest

from isaac_game.ai.judge import VERSION as JUDGE
from isaac_game.client.learn import practice as practice_module
from isaac_game.client.learn.practice_control import PracticeControl
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.storage import analysis_path
from isaac_game.rules import GameRecord, Player, Remove, record_text
from isaac_game.stats.practice import Blunder, add_position, all_positions, count_due
from tests.ai.positions import BLOCK_LAST, replay

from ..driver import click, frames_until, key, menu_to, run
from ..test_results_and_panels import drawn_texts

DAY = date(2026, 3, 1)


@pytest.fixture(autouse=True)
def today(monkeypatch):
    """The day the schedule is kept by: handed in, never read from the clock."""
    monkeypatch.setattr(practice_module, "today", lambda: DAY)
    import isaac_game.client.learn.practice_control as control_module

    monkeypatch.setattr(control_module, "today", lambda: DAY)
    return DAY


def plant_analysed_game(storage) -> tuple:
    """A saved game, Hard (Dark) against you (Light), whose analysis beside it says
    x02-39 gave away 80% win chance where Hard prefers x02-36."""
    final = replay(BLOCK_LAST).play("x02-39")
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    path = storage.saves_dir / "planted.isaac.txt"
    headers = {"DarkPlayer": "hard", "LightPlayer": "human", "Dark": "Hard", "Light": "You"}
    path.write_text(record_text(final, headers))
    # [Hard's move, Dark's chance, Dark's chance after Hard's move], as the judge keeps them
    views = [[move, 0.5, 0.5] for move in final.moves]  # Hard agrees with every other move
    views[len(BLOCK_LAST)] = ["x02-36", 0.1, 0.1]  # Light's 0.9 after Hard's move...
    views.append([str(final.legal_moves()[0]), 0.9, 0.9])  # ...and 0.1 after the blunder
    data = {"game": "isaac", "moves": list(final.moves), "judge": JUDGE, "views": views}
    analysis_path(path).write_text(json.dumps(data))
    return path, GameRecord(final, headers)


def test_your_blunders_in_an_analysed_game_are_kept_after_the_save_is_deleted(app, storage):
    path, record = plant_analysed_game(storage)
    scene = app.open("replay", record, path)
    assert isinstance(scene, ReplayScene) and scene.analysis.done
    (kept,) = all_positions(storage.stats)  # only yours: Hard's own moves are not kept
    assert kept.moves == tuple(BLOCK_LAST) and kept.player == "light"
    assert (kept.best, kept.played, kept.due_on) == ("x02-36", "x02-39", DAY)
    assert kept.source == str(path)
    app.pop(scene)
    again = app.open("replay", record, path)  # reviewed again: kept once
    app.pop(again)
    assert storage.delete_save(path) is None and not path.exists()
    assert [p.id for p in all_positions(storage.stats)] == [kept.id]
    assert count_due(storage.stats, DAY) == 1


def title_lines(app, monkeypatch) -> list[str]:
    import isaac_game.client.scenes.title as title_module

    return drawn_texts(app, monkeypatch, title_module)


def test_the_title_counts_the_positions_to_practise_today(app, storage, monkeypatch):
    assert not any("to practise" in line for line in title_lines(app, monkeypatch))
    path, record = plant_analysed_game(storage)
    app.pop(app.open("replay", record, path))
    run(app, 1)
    assert isinstance(app.top, TitleScene)
    assert "1 position to practise today" in title_lines(app, monkeypatch)


def plant_position(storage, game: str, moves: list[str], best: str) -> None:
    """A position due today, kept as an analysis keeps one (by another version, maybe)."""
    blunder = Blunder(len(moves), "light", "pass", best, 0.5)
    assert add_position(storage.stats, game, moves, blunder, None, DAY)


def test_the_title_counts_only_the_positions_that_can_be_played(app, storage, monkeypatch):
    """Six positions wait in the database; four cannot be played (a game this client
    does not have, moves in bad notation, moves the rules no longer allow, Hard's move
    not legal there): the title says 2, Learn to play says 2 and opens those 2."""
    start = replay(BLOCK_LAST[:4])
    plant_position(storage, "isaac", BLOCK_LAST, "x02-36")
    plant_position(storage, "isaac", BLOCK_LAST[:4], str(start.legal_moves()[0]))
    plant_position(storage, "chess", ["e2e4"], "e7e5")  # a game this client does not play
    plant_position(storage, "isaac", ["5v04", "zz99"], "3h71")  # not notation
    plant_position(storage, "isaac", ["5v04", "5v04"], "3h71")  # the same cell twice
    plant_position(storage, "isaac", BLOCK_LAST[:3], "x02-36")  # no removal in placement
    assert count_due(storage.stats, DAY) == 6
    app.pop(app.top)
    app.open("title")
    run(app, 1)
    lines = title_lines(app, monkeypatch)
    assert "2 positions to practise today" in lines, lines
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    learn = app.top
    assert "Your positions: 2 to practise today" in learn.menu.item("positions").text()
    menu_to(app, learn.menu, "positions")
    key(app, pygame.K_RETURN)
    control = app.top.control
    assert isinstance(control, PracticeControl)
    assert [p.moves for p in control.positions] == [tuple(BLOCK_LAST), tuple(BLOCK_LAST[:4])]


def isaac_remove(app, scene, move: Remove) -> None:
    """Click the piece, step the counter to its target with arrows, Enter."""
    scoring = scene.play.scoring
    click(app, scene.play.board.cell_center(move.cell))
    targets = scene.match.state.removal_targets(move.cell)
    for _step in range(targets.index(targets[-1]) - targets.index(move.target)):
        key(app, pygame.K_LEFT)
    assert scoring.target == move.target
    key(app, pygame.K_RETURN)


@pytest.mark.timeout(120)
def test_a_position_opens_from_learn_to_play_a_wrong_try_is_told_and_hards_move_solves(
    app, storage
):
    path, record = plant_analysed_game(storage)
    app.pop(app.open("replay", record, path))
    run(app, 1)
    title = app.top
    menu_to(app, title.menu, "learn")
    key(app, pygame.K_RETURN)
    learn = app.top
    assert "Your positions: 1 to practise today" in learn.menu.item("positions").text()
    menu_to(app, learn.menu, "positions")
    key(app, pygame.K_RETURN)
    scene = app.top
    control = scene.control
    assert isinstance(control, PracticeControl)
    assert scene.match.state.to_move == Player.LIGHT and scene.match.state.moves == tuple(
        BLOCK_LAST
    )
    start = scene.match.state
    isaac_remove(app, scene, start.parse_move("x02-39"))  # the blunder again
    frames_until(app, lambda: not control.tried)
    assert control.verdict is None and scene.match.state is control.start  # refused: try again
    said = " ".join(text for text, _colour in control.box_words().paragraphs)
    assert "win chance against Hard's move" in said and "Try again" in said
    (kept,) = all_positions(storage.stats)
    assert kept.due_on == DAY + timedelta(days=1)  # missed first: tomorrow
    isaac_remove(app, scene, start.parse_move("x02-36"))
    frames_until(app, lambda: not control.tried)  # weighed by the judge, as every try is
    assert control.verdict is True and "You found it!" in control.words
    key(app, pygame.K_RETURN)  # the last one: back to Learn to play
    run(app, 2)
    assert app.top is learn
    assert "none to practise today" in learn.menu.item("positions").text()


def test_hards_move_first_time_moves_the_position_a_day_on(app, storage):
    path, record = plant_analysed_game(storage)
    app.pop(app.open("replay", record, path))
    scene = app.open("positions")
    run(app, 1)
    isaac_remove(app, scene, scene.match.state.parse_move("x02-36"))
    frames_until(app, lambda: not scene.control.tried)
    assert scene.control.verdict is True
    (kept,) = all_positions(storage.stats)
    assert (kept.due_on, kept.step) == (DAY + timedelta(days=1), 1)
    assert count_due(storage.stats, DAY) == 0
    assert count_due(storage.stats, DAY + timedelta(days=1)) == 1


def test_an_analysis_completed_in_the_review_keeps_your_blunders(storage):
    """The same, when the analysis completes now (not read back): it is kept beside the
    save and its blunders become positions; a hotseat game keeps both players'."""
    from isaac_game.client.widgets.review import ReviewAnalysis, view_of

    path, record = plant_analysed_game(storage)
    views = json.loads(analysis_path(path).read_text())["views"]
    analysis_path(path).unlink()
    hotseat = {"DarkPlayer": "human", "LightPlayer": "human"}
    path.write_text(record_text(record.state, hotseat))
    analysis = ReviewAnalysis("isaac", record.state.moves, path, stats=storage.stats)
    assert not analysis.done and all_positions(storage.stats) == []
    analysis._finish([view_of(v) for v in views], save=True)  # what the worker's last answer does
    assert analysis_path(path).exists()
    assert [p.played for p in all_positions(storage.stats)] == ["x02-39"]
