"""A bug never shows a player a traceback, and the game in progress is kept."""

from __future__ import annotations

import argparse

import pygame

from isaac_game.client.app import App
from isaac_game.commands import play as play_command

from .test_undo_save_window import start_game


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_command.add_arguments(parser)
    return parser.parse_args(argv)


def test_a_crash_keeps_the_game_and_writes_a_report(app, storage):
    scene = start_game(app)
    app.frame()
    scene.match.submit(scene.match.state.to_move, scene.match.state.legal_moves()[0])
    message = play_command.crash_message(app, "Traceback: boom")
    assert "Your game was kept" in message and "Traceback" not in message.splitlines()[0]
    (save,) = storage.list_saves()
    assert save.read_text().count("\n") > 5
    (report,) = storage.data_dir.glob("crash-*.txt")
    assert report.read_text() == "Traceback: boom"


def test_run_turns_an_exception_into_a_message(monkeypatch, storage, capsys):
    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(App, "run", broken)
    args = parse(["--size", "1280x720", "--windowed"])
    assert play_command.run(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("isaac: sorry") and "RuntimeError" not in err
    assert list(storage.data_dir.glob("crash-*.txt"))
    pygame.quit()


def test_no_window_is_a_message(monkeypatch, capsys):
    def no_display(*args, **kwargs):
        raise pygame.error("no available video device")

    monkeypatch.setattr(play_command, "_open_app", no_display)
    args = parse(["--windowed"])
    assert play_command.run(args) == 1
    assert "cannot open a window (no available video device)" in capsys.readouterr().err
