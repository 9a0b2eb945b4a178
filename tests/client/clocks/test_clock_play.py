"""Playing to a clock on one machine (docs/rules.md 5): chosen on the title, shown on
each side's panel, stopped by the pause menu, kept with each move, lost on time."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from isaac_game.client.handoff import setup_from_record
from isaac_game.client.scenes.keyboard import KeyboardScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.text import recording
from isaac_game.clock import clock_note, note_clocks
from isaac_game.commands.play import first_scene
from isaac_game.rules import GameRecord, Player, load_journal, new_game

from ..driver import click, frames_until, key, menu_to, run
from ..saves.test_crash_guard import parse
from ..saves.test_nothing_lost import kill_and_resume, resumed_from_the_title


def storage_settings(app):
    """The settings as the disk keeps them now."""
    return app.storage.load_settings()[0]


ROOT = Path(__file__).resolve().parents[3]


def start(app, clock: str, light: str = "human") -> MatchScene:
    """A new game from the title, its Clock row stepped to `clock` with real keys (a
    clock of one's own typed on the on-screen keyboard: `type_own_clock`)."""
    app.settings.light_kind = light
    menu = app.top.menu
    menu_to(app, menu, "clock")
    for _ in range(8):
        if app.settings.clock == clock:
            break
        key(app, pygame.K_RIGHT)
        if isinstance(app.top, KeyboardScene):
            type_own_clock(app, clock.replace("+", " "))
    assert app.settings.clock == clock
    menu_to(app, app.top.menu, "new")  # the title made its menu again as it came back
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene) and game.match.clocks is not None
    return game


def type_own_clock(app, text: str) -> None:
    """Click `text` on the on-screen keyboard (a space is its Space key), then Done."""
    board = app.top
    assert isinstance(board, KeyboardScene)
    keys = {k.name: k for k in board.laid_out()}
    for char in text:
        click(app, keys["space" if char == " " else char].rect.center)
    click(app, keys["done"].rect.center)


def test_the_title_offers_no_clock_the_presets_and_ones_own_and_remembers_it(app):
    menu = app.top.menu
    menu_to(app, menu, "clock")
    row = menu.current
    seen = []
    while not isinstance(app.top, KeyboardScene):
        seen.append(row.text())
        key(app, pygame.K_RIGHT)
    assert seen == [
        "Clock:  < None >",
        "Clock:  < 5 min + 3 s >",
        "Clock:  < 10 min + 5 s >",
        "Clock:  < 20 min + 10 s >",
    ]
    type_own_clock(app, "15 0.5")  # a typo: half a second is fine, but see below
    assert app.settings.clock == "15+0.5"
    key(app, pygame.K_RIGHT)  # on to "Your own...": the keyboard again
    type_own_clock(app, "999 0")  # too long: refused, said so, nothing changed
    assert app.top.name == "message" and app.settings.clock == "15+0.5"
    key(app, pygame.K_RETURN)
    row = next(item for item in app.top.menu.items if item.key == "clock")
    assert row.text() == "Clock:  < 15 min + 0.5 s >"
    assert storage_settings(app).clock == "15+0.5"  # kept for the next time


def test_a_clock_runs_for_the_side_to_move_and_the_pause_menu_stops_it(app):
    game = start(app, "5+3")
    clocks = game.match.clocks
    run(app, 60)  # a second of Dark's time
    assert 298.9 < clocks.left(Player.DARK) < 299.1 and clocks.left(Player.LIGHT) == 300.0
    info = game.panel_info(Player.DARK)
    assert info.clock is not None and info.clock.running and info.clock.text == "4:58"
    assert not game.panel_info(Player.LIGHT).clock.running
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    before = clocks.left(Player.DARK)
    run(app, 120)
    assert clocks.left(Player.DARK) == before  # paused: no time passes
    key(app, pygame.K_ESCAPE)
    assert app.top is game
    run(app, 30)
    assert clocks.left(Player.DARK) < before


def test_undo_is_off_in_a_game_with_a_clock(app):
    game = start(app, "5+3")
    game.submit(game.match.state.legal_moves()[0])
    run(app, 2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(game.match.state.moves) == 1
    assert game.bar.warn and game.bar.text == "Undo is off in a game with a clock"


def test_a_turn_earns_the_increment_and_the_file_keeps_both_clocks(app, storage):
    game = start(app, "1+2")
    run(app, 60)
    game.submit(game.match.state.legal_moves()[0])  # ISAAC: the turn passes to Light
    run(app, 1)
    path = game.keeping.path
    record = load_journal(path)
    assert record.headers["Clock"] == "1+2"
    dark, light = note_clocks(record.notes[0])
    assert 60.8 < dark <= 61.0 and light == 60.0  # 60 - 1 + 2 (a frame more, cut to tenths)
    setup = setup_from_record(record, path)
    assert str(setup.clock) == "1+2" and setup.clock_left == (dark, light)


@pytest.mark.timeout(60)
def test_a_hotseat_clock_runs_out_and_the_results_say_so(app, storage):
    """docs/rules.md 5: time out loses, whatever the position."""
    played = []
    app.audio.play = played.append  # the sounds asked for, in order
    game = start(app, "0.2+0")  # 12 seconds each
    frames_until(app, lambda: game.match.clocks.left(Player.DARK) < 9.5)
    info = game.panel_info(Player.DARK)
    assert info.clock.short and info.clock.text.count(".") == 1  # tenths now
    assert played.count("clock") == 1  # warned once, at 10 s
    frames_until(app, lambda: game.match.out_of_time is not None)
    assert game.bar.text == "Dark ran out of time"
    path = game.keeping.path
    frames_until(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    winner, title, reason = results.headline()
    assert winner == Player.LIGHT and title == "Light wins!" and reason == "Dark ran out of time"
    assert played.count("clock") == 1
    if path is not None:  # a game with no move yet has no file to say it in
        assert load_journal(path).headers["Result"] == "dark ran out of time, light wins"


@pytest.mark.timeout(60)
def test_against_the_computer_the_human_can_lose_on_time_and_the_computer_waits(app, storage):
    game = start(app, "0.1+0", light="easy")  # 6 s each: Dark (the human) never moves
    game.submit(game.match.state.legal_moves()[0])
    frames_until(app, lambda: game.match.state.to_move == Player.DARK, timeout=30)
    light_left = game.match.clocks.left(Player.LIGHT)
    assert 0 < light_left < 6.0  # the computer's clock ran while it thought, no longer
    frames_until(app, lambda: isinstance(app.top, ResultsScene), timeout=30)
    winner, _title, reason = app.top.headline()
    assert winner == Player.LIGHT and reason == "Dark ran out of time"
    assert game.match.clocks.left(Player.LIGHT) == light_left


@pytest.mark.timeout(120)
def test_a_killed_game_resumes_with_the_clocks_as_at_its_last_move(tmp_path, monkeypatch):
    _played, storage = kill_and_resume(tmp_path, "human", 4, clock="1+0")
    ((path, record),) = storage.in_progress()
    last = note_clocks(record.notes[len(record.state.moves) - 1])
    assert last is not None and last[0] < 60.0  # Dark's clock ran in the child
    with resumed_from_the_title(tmp_path, storage, monkeypatch) as game:
        assert str(game.match.clocks.control) == "1+0"
        assert game.setup.clock_left == last  # as at the last move kept
        waiting = game.match.state.to_move.other
        assert game.match.clocks.left(waiting) == last[waiting.index]  # its clock stood


def drawn(app) -> list[str]:
    """The words the screen draws now."""
    with recording(app.screen) as log:
        app.draw()
    return [text.text for text in log.texts]


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_replay_shows_both_clocks_as_they_stood_at_each_move(app, game):
    state = new_game(game)
    notes = {}
    for index in range(4):
        state = state.play(state.legal_moves()[0])
        notes[index] = clock_note((300.0 - 10 * (index + 1), 300.0 - 5 * (index + 1)))
    record = GameRecord(state, {"Clock": "5+3"}, notes)
    replay = app.open("replay", record, "clocked.txt")
    assert "5:00" in drawn(app)  # the start: each side's own time
    replay.go(2)
    seen = drawn(app)
    assert "4:40" in seen and "4:50" in seen  # after the second move: 280 and 290 s
    replay.go(4)
    assert replay.clocks_shown() == (260.0, 280.0)
    unclocked = app.open("replay", GameRecord(state), "plain.txt")
    assert unclocked.clocks_shown() is None


def test_the_report_says_each_sides_time_left_at_the_end(app):
    state = new_game("isaac").play("5v04").play("3h71")
    notes = {1: clock_note((181.0, 7.25))}
    app.open("report", GameRecord(state, {"Clock": "5+3"}, notes), "clocked.txt")
    assert "Time left at the end: Dark 3:01, Light 7.2" in drawn(app)
    app.open("report", GameRecord(state), "plain.txt")
    assert not any(text.startswith("Time left") for text in drawn(app))


def test_the_window_draws_a_running_clock_again_while_nothing_else_moves(app):
    """The real loop rests while nothing moves and draws only what changed: a running
    clock is a change (it used to stand still on screen until a key was pressed)."""
    game = start(app, "5+3")
    app.draw()
    shown = []
    real_draw = app.draw

    def draw(surface=None):
        real_draw(surface)
        shown.append(game.panel_info(Player.DARK).clock.text)

    app.draw = draw
    app.run_for(1.3)
    assert len(shown) >= 2 and game.match.clocks.left(Player.DARK) < 299.0


def test_the_command_line_starts_a_clocked_game_and_says_why_a_clock_is_wrong(storage, capsys):
    """`isaac --clock 10+5` starts a game at once (the title's game and seats), as
    `--game` does; `--clock none` plays one without; a clock that cannot be read is
    refused with its reason, never a traceback."""
    scene, (setup,) = first_scene(parse(["--clock", "10+5"]), storage)
    assert scene == "match" and str(setup.clock) == "10+5" and setup.game == "isaac"
    _scene, (setup,) = first_scene(parse(["--game", "hari", "--clock", "none"]), storage)
    assert setup.game == "hari" and setup.clock is None
    with pytest.raises(SystemExit):
        parse(["--clock", "999+0"])
    assert "at most 180 minutes" in capsys.readouterr().err
