"""Undo/redo, save and continue, bad files, window resize and fullscreen."""

from __future__ import annotations

import pygame

from isaac_game.client.registry import make_app
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene

from ..driver import key, leave_if_asked, menu_to, run
from ..kinds import is_game


def start_game(app) -> MatchScene:
    key(app, pygame.K_RETURN)
    game = app.top
    assert is_game(game, "isaac")
    return game


def test_undo_and_redo_with_ctrl_z_and_ctrl_y(app):
    game = start_game(app)
    key(app, pygame.K_RETURN)  # Dark places at the cursor
    key(app, pygame.K_3)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)  # Light places a 3 further up
    assert len(game.match.state.moves) == 2
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert len(game.match.state.moves) == 1
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert game.match.state.moves == ()
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert len(game.match.state.moves) == 1
    # and from the pause menu
    key(app, pygame.K_ESCAPE)
    pause = app.top
    menu_to(app, pause.menu, "undo")
    key(app, pygame.K_RETURN)
    assert game.match.state.moves == ()


def test_save_then_continue_from_the_menu(app, storage):
    game = start_game(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    moves = game.match.state.moves
    assert len(moves) == 2
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    menu_to(app, pause.menu, "save")
    assert pause.menu.current.text() == "Show the file"  # kept after every move already
    key(app, pygame.K_RETURN)
    saves = storage.list_saves()
    assert len(saves) == 1
    shown = app.top
    assert isinstance(shown, MessageScene) and shown.title == "Your game is saved"
    assert str(saves[0]) in shown.text
    key(app, pygame.K_RETURN)
    assert app.top is pause
    menu_to(app, pause.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    listed = app.top.menu.items[0].text()  # read from the file's headers alone
    assert listed.startswith("ISAAC") and "Human v Human" in listed and "in progress" in listed
    key(app, pygame.K_RETURN)  # the newest save
    resumed = app.top
    assert is_game(resumed, "isaac")
    assert resumed.match.state.moves == moves
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # history came back too
    assert len(resumed.match.state.moves) == 1


def test_replay_a_saved_game_steps_with_arrows(app, storage):
    game = start_game(app)
    key(app, pygame.K_RETURN)
    message = game.keeping.save()
    assert "Saved" in message
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.index == 0
    key(app, pygame.K_RIGHT)
    assert replay.index == 1
    key(app, pygame.K_LEFT)
    assert replay.index == 0


def test_corrupt_save_gives_a_message_not_a_traceback(app, storage):
    storage.saves_dir.mkdir(parents=True)
    (storage.saves_dir / "broken.isaac.txt").write_text("Game: isaac\n\n5v04\nnonsense\n")
    title = app.top
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    box = app.top
    assert isinstance(box, MessageScene)
    assert "line 4" in box.text
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)


def test_saves_list_names_game_players_date_and_result_from_headers(app, storage, monkeypatch):
    from isaac_game.rules import new_game

    hari = new_game("hari").play("3h00")
    over = new_game("foundations")
    while not over.is_over:
        over = over.play(over.legal_moves()[0])
    storage.save_game(storage.saves_dir / "2026-05-01_09-15-00.isaac.txt", hari, {"Dark": "Ada"})
    storage.save_game(storage.saves_dir / "2026-05-02_10-20-00.isaac.txt", over, {})
    (storage.saves_dir / "junk.isaac.txt").write_bytes(b"\xff\xfe not a record")
    loaded = []  # each listed file is loaded once, to list a corrupt one with its error
    real_load = storage.load_game
    monkeypatch.setattr(storage, "load_game", lambda path: loaded.append(path) or real_load(path))
    title = app.top
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    saves = app.top
    assert isinstance(saves, SavesScene)
    labels = {item.key: item.text() for item in saves.menu.items}
    hari_label = labels["2026-05-01_09-15-00.isaac.txt"]
    assert hari_label.startswith("HARI") and "Ada v Light" in hari_label
    assert "2026-05-01 09:15" in hari_label and "in progress" in hari_label
    assert "not a readable game record" in labels["junk.isaac.txt"]
    assert "2026-05-02_10-20-00.isaac.txt" not in labels  # finished: under Replay only
    assert len(loaded) <= 3
    key(app, pygame.K_ESCAPE)
    menu_to(app, title.menu, "replay")
    key(app, pygame.K_RETURN)
    labels = {item.key: item.text() for item in app.top.menu.items}
    done = labels["2026-05-02_10-20-00.isaac.txt"]
    assert done.startswith("FOUNDATIONS") and "finished" in done
    app.draw()


def test_corrupt_settings_file_gives_a_message(storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text("{ this is not json")
    application = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        application.open("title")
        application.frame()
        box = application.top
        assert isinstance(box, MessageScene)
        assert "settings file could not be read" in box.text
        key(application, pygame.K_RETURN)
        assert isinstance(application.top, TitleScene)
    finally:
        application.shutdown()


def test_window_resize_relayouts_every_scene(app):
    game = start_game(app)
    run(app, 1)
    small_cell = game.play.board.cell
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1200), w=1920, h=1200))
    run(app, 1)
    assert app.screen.get_size() == (1920, 1200)
    assert game.play.board.cell > small_cell
    # odd aspect ratios still draw
    for size in ((1600, 720), (1280, 1024), (3840, 2160)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        run(app, 1)
        assert game.play.board.grid.bottom <= size[1]
        assert game.view.layout.panels[next(iter(game.view.layout.panels))].left >= 0


def test_fullscreen_toggle_with_f11_and_alt_enter(app):
    assert not app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert pygame.display.get_surface() is not None
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LALT)
    assert not app.settings.fullscreen
    assert app.screen.get_size() == app.window_size
    assert isinstance(app.top, TitleScene)  # Alt+Enter did not choose a menu item


def test_ui_bench_prints_its_figure(capsys):
    from isaac_game.client.tools.bench import run_ui_bench

    assert run_ui_bench(0.2) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("ui: median ") and last.endswith("per frame at 1920x1080")
