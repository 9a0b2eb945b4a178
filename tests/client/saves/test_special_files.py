"""Whatever lies where a file of ours should be (a link to nowhere, a loop of links, a
pipe, a link to /dev/zero, JSON nested a hundred thousand deep) never crashes or
hangs the program: it starts, a bad save is listed with a one-line reason, a bad
settings file gives the defaults and a note, and the command line says what is wrong
in one line. The temporary files of writes killed midway are swept as it starts."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from isaac_game.client.registry import make_app
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.storage import Storage, analysis_path
from isaac_game.rules import new_game
from isaac_game.rules.disk import STALE_SECONDS

from ..driver import key, menu_to, run

ROOT = Path(__file__).resolve().parents[3]
posix_only = pytest.mark.skipif(os.name == "nt", reason="FIFOs and /dev/zero are POSIX")
DEEP = "[" * 100_000 + "]" * 100_000


def good_save(storage: Storage, name: str = "2026-07-01_10-00-00.isaac.txt") -> Path:
    path = storage.saves_dir / name
    assert storage.save_game(path, new_game("isaac").play("5v04"), {"Dark": "Ann"}) is None
    return path


def open_list(app, which: str) -> list[str]:
    app.open("title")
    run(app, 1)
    if app.top.name == "message":  # the title's note (a settings file it could not read)
        key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, which)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    return [item.text() for item in app.top.menu.items]


def test_links_to_nowhere_and_loops_of_links_are_listed_with_their_reason(app, storage):
    good_save(storage)
    saves = storage.saves_dir
    (saves / "2026-07-02_10-00-00.isaac.txt").symlink_to(saves / "gone")
    (saves / "2026-07-03_10-00-00.isaac.txt").symlink_to(saves / "2026-07-03_10-00-00.isaac.txt")
    app.open("title")  # the title lists the games in progress: no traceback
    assert app.top.menu.items[0].text() == "Resume: ISAAC, Ann vs Light, move 2"
    for which in ("continue", "replay"):
        rows = open_list(app, which)
        assert any("a link to a file that is not there" in row for row in rows), rows
        assert any("Too many levels of symbolic links" in row for row in rows), rows
        assert rows[0].startswith("ISAAC  ·  Ann v Light")  # the good one first
        key(app, pygame.K_ESCAPE)


@posix_only
@pytest.mark.timeout(30)
@pytest.mark.parametrize("settings", ["a pipe", "a device"])
def test_a_pipe_or_a_device_as_a_save_or_as_the_settings_never_hangs(storage, settings):
    storage.config_dir.mkdir(parents=True)
    if settings == "a pipe":
        os.mkfifo(storage.settings_path)
    else:
        storage.settings_path.symlink_to("/dev/zero")
    good_save(storage)
    os.mkfifo(storage.saves_dir / "2026-07-02_10-00-00.isaac.txt")
    (storage.saves_dir / "2026-07-03_10-00-00.isaac.txt").symlink_to("/dev/zero")
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        assert f"not a regular file ({settings})" in (app.notice or "")  # defaults, a note
        rows = open_list(app, "continue")
        assert any("not a regular file (a pipe)" in row for row in rows), rows
        assert any("not a regular file (a device)" in row for row in rows), rows
    finally:
        app.shutdown()


def test_json_nested_without_end_in_the_settings_gives_the_defaults(storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(DEEP)
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        assert app.settings == type(app.settings)()
        assert "could not be read" in (app.notice or "")
    finally:
        app.shutdown()


def test_an_analysis_file_nested_without_end_is_made_again(app, storage):
    over = new_game("foundations")
    while not over.is_over:
        over = over.play(over.legal_moves()[0])
    path = storage.saves_dir / "2026-07-01_10-00-00.isaac.txt"
    storage.save_game(path, over, {})
    analysis_path(path).write_text(DEEP)
    open_list(app, "replay")
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert not replay.analysis.done  # the cache is ignored: it will be made again


def run_command(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ISAAC_GAME_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "isaac_game", *args],
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


@posix_only
@pytest.mark.timeout(180)
def test_the_command_line_refuses_a_pipe_and_a_device_in_one_line(tmp_path):
    pipe = tmp_path / "pipe.isaac.txt"
    os.mkfifo(pipe)
    zero = tmp_path / "zero.isaac.txt"
    zero.symlink_to("/dev/zero")
    for path, kind in ((pipe, "a pipe"), (zero, "a device")):
        for args in ([str(path)], ["analyse", str(path)]):
            done = run_command(tmp_path, *args)
            assert done.returncode == 2, done.stderr
            assert done.stderr.count("\n") == 1 and f"not a regular file ({kind})" in done.stderr


def test_the_program_sweeps_old_temporary_files_from_its_folders_as_it_starts(storage):
    """`kill -9` during an atomic write leaves `.NAME.<hex>.tmp`; the next start removes
    those of the saves, config and data folders that are old, and leaves a fresh one
    (another window may be writing it) and every other file."""
    storage.saves_dir.mkdir(parents=True)
    storage.config_dir.mkdir(parents=True)
    then = time.time() - STALE_SECONDS - 60
    old = [
        storage.saves_dir / ".2026-07-01_10-00-00.isaac.txt.0a1b2c3d4e5f.tmp",
        storage.config_dir / ".settings.json.00112233aabb.tmp",
        storage.data_dir / ".lan-ticket.json.ffeeddccbbaa.tmp",
    ]
    fresh = storage.saves_dir / ".2026-07-02_10-00-00.isaac.txt.abcdefabcdef.tmp"
    other = storage.data_dir / "notes.0a1b2c3d4e5f.tmp"
    for path in (*old, fresh, other):
        path.write_text("half")
    for path in (*old, other):
        os.utime(path, (then, then))
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        assert not any(path.exists() for path in old)
        assert fresh.exists() and other.exists()
    finally:
        app.shutdown()
