"""`isaac [FILE] [--game G --dark KIND --light KIND] [--demo]`: the command line opens what
it names, and a bad request is one clear line and exit status 2, before any window."""

from __future__ import annotations

import subprocess
import sys

import pytest

from isaac_game.client.app import App
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.commands import play as play_command
from isaac_game.rules import Player, new_game

from .test_crash_guard import parse


@pytest.fixture
def opened(monkeypatch):
    """Run the command with the loop replaced: what was on top when it would have run."""
    seen: list = []
    monkeypatch.setattr(App, "run", lambda self: seen.append(self.top) or self.shutdown())
    return seen


def test_game_and_seats_start_that_game_at_once(opened, storage):
    assert play_command.run(parse(["--game", "hari", "--dark", "human", "--light", "easy"])) == 0
    (game,) = opened
    assert isinstance(game, MatchScene) and game.setup.game == "hari"
    assert game.match.seats[Player.LIGHT].kind == "computer"
    assert game.match.seats[Player.DARK].kind == "human"


def test_the_demo_honours_the_game(opened, storage):
    assert play_command.run(parse(["--demo", "--game", "foundations"])) == 0
    (game,) = opened
    assert isinstance(game, MatchScene) and game.setup.demo and game.setup.game == "foundations"


def test_a_file_in_progress_resumes_and_a_finished_one_replays(opened, storage, tmp_path):
    going = new_game("isaac").play("5v04")
    storage.save_game(tmp_path / "going.isaac.txt", going, {})
    over = new_game("foundations")
    while not over.is_over:
        over = over.play(over.legal_moves()[0])
    storage.save_game(tmp_path / "over.isaac.txt", over, {})
    assert play_command.run(parse([str(tmp_path / "going.isaac.txt")])) == 0
    assert play_command.run(parse([str(tmp_path / "over.isaac.txt")])) == 0
    game, replay = opened
    assert isinstance(game, MatchScene) and game.match.state.moves == ("5v04",)
    assert game.keeping.path == tmp_path / "going.isaac.txt"  # it goes on in its own file
    assert isinstance(replay, ReplayScene) and replay.states[-1].moves == over.moves


@pytest.mark.parametrize(
    "argv, words",
    [
        (["/no/such/game.isaac.txt"], "no such file"),
        (["--size", "640x480"], "too small: the game needs at least 800x600"),
        (["--size", "big"], "expected WIDTHxHEIGHT"),
    ],
)
def test_bad_requests_are_one_line_and_status_2(capsys, storage, argv, words):
    assert play_command.run(parse(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("isaac: ") and words in err


def test_a_corrupt_file_says_which_line(capsys, storage, tmp_path):
    bad = tmp_path / "bad.isaac.txt"
    bad.write_text("Game: isaac\n\n5v04\n9z99\n")
    assert play_command.run(parse([str(bad)])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 4" in err and "Traceback" not in err


def test_the_real_command_refuses_a_missing_file(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "isaac_game", str(tmp_path / "missing.isaac.txt")],
        capture_output=True,
        text=True,
        env={"ISAAC_GAME_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "PATH": ""},
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith("missing.isaac.txt: no such file")


def test_a_reader_gone_away_is_no_traceback(tmp_path):
    """`isaac arena ... | head -1`: the pipe closes before the results are written; the
    command stops quietly, with the shell's status for a broken pipe."""
    command = subprocess.Popen(
        [sys.executable, "-m", "isaac_game", "arena", "random", "random", "--game", "hari",
         "--games", "2", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={"ISAAC_GAME_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "PATH": ""},
    )  # fmt: skip
    command.stdout.close()  # the reader is gone before a line is written
    _out, err = command.communicate(timeout=120)
    assert command.returncode == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err
