"""A disk that refuses the game (read-only, full) never hears "It is saved": the bar
says the game cannot be saved, leaving asks "It is not saved", and the game stays in
memory until it is saved (again, or in another folder) or the player chooses to lose
it. Closing the window again while asked does not lose it.

The refusing disk is simulated two ways that work even for root (where a read-only
folder is still writable): the data folder's path runs under a regular file, so no
folder can be made there (NotADirectoryError), and a full disk is a write patched to
raise ENOSPC."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest

from isaac_game.client.scenes.dialog import MessageScene, QuestionScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.rules import load_journal
from isaac_game.rules.disk import files

from ..driver import key, menu_to, run


def start(app) -> MatchScene:
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene)
    return game


def play(app, game: MatchScene, plies: int) -> None:
    while len(game.match.state.moves) < plies:
        game.submit(game.match.state.legal_moves()[len(game.match.state.moves) % 3])
        run(app, 1)


def break_the_disk(storage) -> Path:
    """The saves folder cannot be made: it is a file (the data folder itself is made
    when the program starts, for the stats database)."""
    blocker = storage.saves_dir
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a folder")
    return blocker


def ask_to_leave(app) -> QuestionScene:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    question = app.top
    assert isinstance(question, QuestionScene)
    return question


def answer(app, question: QuestionScene, key_name: str) -> None:
    menu_to(app, question.menu, key_name)
    key(app, pygame.K_RETURN)


def test_leaving_says_it_is_not_saved_and_try_again_saves_it(app, storage):
    blocker = break_the_disk(storage)
    game = start(app)
    play(app, game, 1)
    assert game.bar.text.startswith("The game cannot be saved") and game.bar.warn
    play(app, game, 3)
    question = ask_to_leave(app)
    assert question.heading == "Leave the game? It is not saved"
    assert "is saved" not in question.text and "the game is lost" in question.text
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closing again does not lose it
    run(app, 1)
    assert app.running and app.top is question
    answer(app, question, "retry")  # the disk still says no: asked again
    again = app.top
    assert isinstance(again, QuestionScene) and again.heading == question.heading
    assert app.scenes[-3] is game and len(game.match.state.moves) == 3  # kept, under the pause
    blocker.unlink()  # room on the disk again
    answer(app, again, "retry")
    assert isinstance(app.top, TitleScene)
    (path,) = storage.list_saves()
    assert load_journal(path).state.moves == game.match.state.moves
    assert app.top.menu.current.text() == "Resume: ISAAC, Human vs Human, move 4"


def test_save_it_in_another_folder(app, storage):
    break_the_disk(storage)
    game = start(app)
    play(app, game, 2)
    answer(app, ask_to_leave(app), "elsewhere")
    told = app.top
    assert isinstance(told, MessageScene) and told.title == "Saved"
    elsewhere = storage.config_dir.parent / "elsewhere"
    (path,) = elsewhere.glob("*.isaac.txt")
    assert str(path) in told.text  # where it went, so it can be found
    assert load_journal(path).state.moves == game.match.state.moves
    key(app, pygame.K_RETURN)  # OK: then it leaves
    assert isinstance(app.top, TitleScene)


def test_only_an_answer_that_says_so_loses_the_game(app, storage):
    break_the_disk(storage)
    game = start(app)
    play(app, game, 2)
    question = ask_to_leave(app)
    assert [item.key for item in question.menu.items] == ["retry", "elsewhere", "stay", "lose"]
    answer(app, question, "stay")
    assert isinstance(app.top, PauseScene) and len(game.match.state.moves) == 2
    key(app, pygame.K_ESCAPE)
    answer(app, ask_to_leave(app), "lose")
    assert isinstance(app.top, TitleScene)


def test_a_full_disk_mid_game_is_said_and_then_healed(app, storage, monkeypatch):
    game = start(app)
    play(app, game, 2)

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    play(app, game, 3)
    assert game.bar.text == "The game cannot be saved: No space left on device"
    question = ask_to_leave(app)
    assert "No space left on device" in question.text
    answer(app, question, "stay")
    key(app, pygame.K_ESCAPE)
    monkeypatch.undo()
    play(app, game, 4)  # the next move writes the whole game again
    assert game.bar.text == "The game is saved again"
    (path,) = storage.list_saves()
    assert load_journal(path).state.moves == game.match.state.moves


@pytest.mark.timeout(60)
def finish_on_a_broken_disk(app, storage) -> ResultsScene:
    """A game played to its end while the saves folder cannot be made: its results."""
    break_the_disk(storage)
    game = start(app)
    while not game.match.state.is_over:
        game.submit(game.match.state.legal_moves()[0])
        run(app, 1)
    for _ in range(600):
        if isinstance(app.top, ResultsScene):
            break
        run(app, 1)
    results = app.top
    assert isinstance(results, ResultsScene)
    return results


def test_a_finished_game_the_disk_refused_is_not_left_without_asking(app, storage):
    results = finish_on_a_broken_disk(app, storage)
    assert results.message.startswith("The game cannot be saved")
    menu_to(app, results.menu, "menu")
    key(app, pygame.K_RETURN)
    question = app.top
    assert isinstance(question, QuestionScene) and "not saved" in question.heading
    answer(app, question, "elsewhere")
    assert isinstance(app.top, MessageScene) and app.top.title == "Saved"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    (path,) = (storage.config_dir.parent / "elsewhere").glob("*.isaac.txt")
    assert load_journal(path).state.is_over


@pytest.mark.timeout(60)
def test_closing_the_window_over_results_not_on_disk_asks_and_keeps_running(app, storage):
    """The question asked over the results (closing the window while their game is not
    on disk) keeps the screen under it going: it used to ask the results scene for
    `tick_behind`, which only the match scene had, and the next frame crashed."""
    finish_on_a_broken_disk(app, storage)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 30)  # the question's frames, with the results under it
    question = app.top
    assert isinstance(question, QuestionScene) and "not saved" in question.heading
    assert app.running
