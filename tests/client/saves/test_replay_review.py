"""Review / Replay: the replay's title names the players and the date from
the record's headers, however it was opened (the results' Review, the saves list, the
command line); the bar tells each move in the game's words beside buttons for the
first, previous, next and last move and Exit (their keys work too); a click on the
move list jumps to that move.

Driven by posted pygame events on the real scenes.
"""

from __future__ import annotations

import time

import pygame

from isaac_game.client.games.hari.rulebook import finished_game as hari_game
from isaac_game.client.handoff import GameOutcome, GameSetup
from isaac_game.client.registry import GAMES
from isaac_game.client.scenes.replay import ReplayScene, replay_buttons, replay_title
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.theme import recording
from isaac_game.client.tools.screenshots import positions
from isaac_game.client.widgets.move_words import MoveHistory
from isaac_game.commands import play as play_command
from isaac_game.rules import GameRecord, new_game

from ..driver import click, key, menu_to, move_mouse, run
from .test_crash_guard import parse

HEADERS = {"Dark": "Human", "Light": "Computer (easy)"}


def buttons(app, replay: ReplayScene) -> dict[str, pygame.Rect]:
    layout = replay.relayout(app.screen.get_size())
    return replay_buttons(layout.bottom, layout.u)


def bar_words(app, replay: ReplayScene, monkeypatch) -> list[str]:
    """Draw the replay for real; the words its bar was given."""
    from isaac_game.client.scenes import replay as replay_module

    drawn: list[str] = []
    real = replay_module.draw_bar_text

    def record(surface, fonts, pal, rect, text, *args, **kwargs):
        drawn.append(text)
        real(surface, fonts, pal, rect, text, *args, **kwargs)

    monkeypatch.setattr(replay_module, "draw_bar_text", record)
    app.draw()
    monkeypatch.setattr(replay_module, "draw_bar_text", real)
    return drawn


def test_review_from_the_results_names_players_and_date_and_steps_with_buttons(app, monkeypatch):
    _mid, _scoring, final = positions()
    outcome = GameOutcome(GameSetup(dark="human", light="easy"), final, headers=dict(HEADERS))
    results = app.open("results", outcome)
    assert isinstance(results, ResultsScene)
    run(app, 1)
    click(app, results.menu.item("review").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    today = time.strftime("%d %b %Y").lstrip("0")
    assert replay.title == f"Human v Level 3 (Easy), {today}"  # an old label: today's name
    assert any(t == f"Replay: {replay.title}" for t in bar_words_title(app, replay, monkeypatch))
    told = MoveHistory(GAMES["isaac"].describe)
    told.sync(final)
    last = len(final.moves)
    assert f"The start: {last} moves" in bar_words(app, replay, monkeypatch)
    at = buttons(app, replay)
    click(app, at["next"].center)
    click(app, at["next"].center)
    assert replay.index == 2
    words = told.entries[1].words.announcement()
    assert f"Move 2 of {last}: {words}" in bar_words(app, replay, monkeypatch)
    click(app, at["back"].center)
    assert replay.index == 1
    click(app, at["last"].center)
    assert replay.index == last
    click(app, at["first"].center)
    assert replay.index == 0
    key(app, pygame.K_END)  # the keys the buttons show
    assert replay.index == last
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    assert replay.index == 1
    move_mouse(app, at["exit"].center)
    click(app, at["exit"].center)
    assert app.top is results


def bar_words_title(app, replay: ReplayScene, monkeypatch) -> list[str]:
    """The words the replay's top bar was given (drawn for real)."""
    from isaac_game.client.games import base

    drawn: list[str] = []
    real = base.draw_bar_text

    def record(surface, fonts, pal, rect, text, *args, **kwargs):
        drawn.append(text)
        real(surface, fonts, pal, rect, text, *args, **kwargs)

    monkeypatch.setattr(base, "draw_bar_text", record)
    app.draw()
    monkeypatch.setattr(base, "draw_bar_text", real)
    return drawn


def test_a_click_on_the_move_list_jumps_to_that_move_and_it_follows_the_steps(app):
    states = hari_game()
    replay = app.open("replay", GameRecord(states[-1], dict(HEADERS)))
    assert isinstance(replay, ReplayScene)
    run(app, 1)
    box, entries = replay.moves_box, replay.history.entries
    assert len(entries) == len(states) - 1
    rows = box.rows(entries)
    assert rows[0].index == 0
    click(app, rows[1].rect.center)  # the second action
    assert replay.index == 2 and replay.state == states[2]
    # stepping on keeps the current action in sight in the list
    for _ in range(12):
        key(app, pygame.K_RIGHT)
    assert replay.index == 14
    assert any(row.index == 13 for row in box.rows(entries))
    # the wheel over the list scrolls it; over the board it steps
    top = box.top
    move_mouse(app, box.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    run(app, 1)
    assert box.top == top + 1 and replay.index == 14
    move_mouse(app, replay.board.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    run(app, 1)
    assert replay.index == 15
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ReplayScene)


def test_a_saved_game_replays_with_its_players_and_date(app, storage):
    _mid, _scoring, final = positions()
    path = storage.saves_dir / "2026-05-01_09-15-00.isaac.txt"
    storage.save_game(path, final, {"Dark": "Ada", "Light": "Computer (hard)"})
    text = path.read_text().replace(f"Date: {time.strftime('%Y-%m-%d')}", "Date: 2026-05-01")
    path.write_text(text)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.title == "Ada v Level 9 (Hard), 1 May 2026"  # an older save's label
    assert replay.record.headers["Dark"] == "Ada"
    # the command line opens a finished file the same way
    scene, handoff = play_command.first_scene(parse([str(path)]), storage)
    assert scene == "replay" and isinstance(handoff[0], GameRecord)
    assert replay_title(handoff[0].headers, handoff[1]) == replay.title


def test_a_resigned_game_replays_and_its_last_move_says_who_resigned(app, storage):
    """A LAN game a side resigned is over though its moves are not: it opens in the
    replay, never to be played on, and its end says who resigned."""
    path = storage.saves_dir / "resigned.isaac.txt"
    state = new_game("isaac").play("5v04").play("3h71")
    storage.save_game(path, state, {"Result": "dark resigns, light wins"})
    scene, handoff = play_command.first_scene(parse([str(path)]), storage)
    assert scene == "replay"
    replay = app.open("replay", *handoff)

    def drawn() -> list[str]:
        with recording(app.screen) as log:
            app.draw()
        return [text.text for text in log.texts]

    assert "Dark resigned: Light wins" not in drawn()  # at the first move
    key(app, pygame.K_END)
    assert replay.index == 2 and "Dark resigned: Light wins" in drawn()


def test_a_record_without_names_is_titled_by_its_file():
    assert replay_title({}, "old.isaac.txt") == "old.isaac.txt"
    assert replay_title({"Date": "2026-11-21"}) == "Dark v Light, 21 Nov 2026"
    assert replay_title({"Dark": "Ann", "Date": "someday"}) == "Ann v Light, someday"
