"""Nothing of a player's game is ever lost: kept on disk after every move, picked up by
Resume after a kill, and a game is never left without asking."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from isaac_game.client.scenes.dialog import QuestionScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.storage import Storage
from isaac_game.rules import load_journal

from ..driver import key, leave_if_asked, menu_to, pad, run

ROOT = Path(__file__).resolve().parents[3]


def start(app, light: str = "human") -> MatchScene:
    app.settings.light_kind = light
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene)
    return game


def play(app, game: MatchScene, plies: int) -> None:
    while len(game.match.state.moves) < plies:
        game.submit(game.match.state.legal_moves()[len(game.match.state.moves) % 3])
        run(app, 1)


def test_every_move_is_on_disk_without_saving(app, storage):
    game = start(app)
    assert not storage.list_saves()  # nothing played, nothing written
    play(app, game, 3)
    (path,) = storage.list_saves()
    assert load_journal(path).state.moves == game.match.state.moves
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # an undo is kept too
    assert load_journal(path).state.moves == game.match.state.moves[:2] == game.match.state.moves


def test_leaving_asks_and_resume_picks_the_game_up(app, storage):
    game = start(app)
    play(app, game, 4)
    moves = game.match.state.moves
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    question = app.top
    assert isinstance(question, QuestionScene)
    assert question.heading == "Leave the game?" and "Resume picks it up" in question.text
    menu_to(app, question.menu, "stay")
    key(app, pygame.K_RETURN)  # Stay: back on the pause menu, the game untouched
    assert isinstance(app.top, PauseScene) and game.match.state.moves == moves
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    title = app.top
    assert isinstance(title, TitleScene)
    first = title.menu.items[0]
    assert first.text() == "Resume: ISAAC, Human vs Human, move 5"
    assert title.menu.current is first  # Enter resumes it
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert isinstance(resumed, MatchScene) and resumed.match.state.moves == moves


def test_closing_the_window_asks_and_closing_again_closes(app):
    game = start(app)
    play(app, game, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    assert isinstance(app.top, QuestionScene) and app.running
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the pad answers too: Stay
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.top is game and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # Alt+F4 twice: the player means it
    run(app, 1)
    assert not app.running


def test_no_question_when_nothing_was_played_or_the_game_is_over(app):
    start(app)
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    assert not app.running


def test_a_corrupt_save_never_stops_the_menu_and_is_never_overwritten(app, storage):
    storage.saves_dir.mkdir(parents=True)
    bad = storage.saves_dir / "2026-01-01_10-00-00.isaac.txt"
    bad.write_text("Game: isaac\nResult: *\n\n5v04\nnonsense\n")
    before = bad.read_bytes()
    app.open("title")  # the title comes back with the file there
    title = app.top
    assert isinstance(title, TitleScene)
    assert not title.menu.items[0].key.startswith("resume")  # nothing loadable to resume
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    listed = app.top.menu.items[0].text()
    assert "cannot be loaded" in listed and "line 5" in listed
    key(app, pygame.K_ESCAPE)
    game = start(app)
    play(app, game, 3)
    assert bad.read_bytes() == before
    assert len(storage.list_saves()) == 2


def test_resume_from_the_command_line(monkeypatch, storage):
    from isaac_game.client.app import App
    from isaac_game.commands import play as play_command
    from isaac_game.rules import new_game

    state = new_game("hari").play("3h00").play("4h90")
    storage.save_game(storage.saves_dir / "2026-02-02_10-00-00.isaac.txt", state, {})
    seen = []
    monkeypatch.setattr(App, "run", lambda self: seen.append(self.top) or self.shutdown())
    parser = argparse.ArgumentParser()
    play_command.add_arguments(parser)
    assert play_command.run(parser.parse_args(["--resume", "--size", "1280x720"])) == 0
    (top,) = seen
    assert isinstance(top, MatchScene) and top.match.state.moves == ("3h00", "4h90")


def kill_and_resume(
    tmp_path: Path, light: str, plies: int, clock: str = "none"
) -> tuple[tuple[str, ...], Storage]:
    """Start a client process, let it play, SIGKILL it; what it printed it had played."""
    env = {**os.environ, "ISAAC_GAME_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/client/saves/kill_child.py"), light, str(plies), clock],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its computer player's worker goes with it
    )
    try:
        line = child.stdout.readline()  # blocks until it has played (or died)
        assert line.startswith("played: "), line
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    return tuple(line.split()[1:]), Storage(tmp_path / "config", tmp_path / "data")


@pytest.mark.timeout(120)
@pytest.mark.parametrize("light", ["human", "easy"])
def test_a_killed_client_resumes_at_the_same_move(tmp_path, monkeypatch, light):
    played, storage = kill_and_resume(tmp_path, light, 9)
    ((path, record),) = storage.in_progress()
    kept = record.state.moves
    # all it played is there; against the computer at most the computer's next move more
    assert kept[: len(played)] == played and len(kept) - len(played) <= (light != "human")
    with resumed_from_the_title(tmp_path, storage, monkeypatch) as game:
        assert game.match.state.moves == kept
        assert game.match.seats[game.match.state.to_move or "dark"].kind in ("human", "computer")
        assert game.keeping.path == path  # and it goes on being kept in the same file
        if game.human_to_move() is not None:
            game.submit(game.match.state.legal_moves()[0])
            assert load_journal(path).state.moves == game.match.state.moves


@contextmanager
def resumed_from_the_title(tmp_path: Path, storage: Storage, monkeypatch) -> Iterator[MatchScene]:
    """A new window on the killed child's home: Enter on the title's first row (the game
    to resume), the game it opens; the window is shut afterwards."""
    from isaac_game.client.registry import make_app

    monkeypatch.setenv("ISAAC_GAME_HOME", str(tmp_path))
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        app.open("title")
        assert app.top.menu.current.key == "resume0"
        key(app, pygame.K_RETURN)
        game = app.top
        assert isinstance(game, MatchScene)
        yield game
    finally:
        app.shutdown()


def test_a_saved_lan_game_is_offered_as_a_lan_game(app, storage):
    from isaac_game.rules import new_game

    state = new_game("isaac").play("5v04")
    joined = {"Lan": "join", "LanPeer": "Ann"}
    storage.save_game(storage.saves_dir / "2026-03-01_10-00-00.isaac.txt", state, joined)
    app.open("title")
    assert not app.top.menu.items[0].key.startswith("resume")  # its ticket brings it back
    hosted = {"Lan": "host", "LanPeer": "Bob", "LanToken": "ab" * 8, "LanSeat": "dark"}
    storage.save_game(storage.saves_dir / "2026-03-02_10-00-00.isaac.txt", state, hosted)
    app.open("title")
    assert app.top.menu.items[0].text() == "Host the ISAAC game with Bob again"
