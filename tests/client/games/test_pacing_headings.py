"""The computer's moves stay readable and the top bar follows the step.

A computer's move is announced at least `READ_TIME` before its next move is played,
and a move that changed the phase `NEWS_TIME` ("Placement over. Light passed first and
starts scoring"); Enter or a click cuts the wait short. The heading says what the
human to move does now ("Dark: choose a piece to remove", then "Dark: choose where
your counter goes"), or who the game waits for ("Light: Level 1 (Random) is thinking...").

Driven by posted pygame events on the real match scene.
"""

from __future__ import annotations

import pygame

from isaac_game.client import handoff
from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.registry import GAMES
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.match_bar import COMPUTER_PAUSE, NEWS_TIME, READ_TIME
from isaac_game.client.tools.screenshots import positions
from isaac_game.client.widgets.move_words import MoveHistory
from isaac_game.players import make_seat
from isaac_game.rules import Player

from ..driver import click, key, run

FPS = 60


def seeded(monkeypatch) -> None:
    monkeypatch.setattr(
        handoff, "make_seat", lambda kind, name=None: make_seat(kind, name=name, seed=2)
    )


def headings(app, game: MatchScene, monkeypatch) -> list[str]:
    """Draw the screen for real; the words the top bar was given."""
    seen: list[str] = []
    real = game.view.draw_top_bar

    def record(surface, title, *args, **kwargs):
        seen.append(title)
        real(surface, title, *args, **kwargs)

    monkeypatch.setattr(game.view, "draw_top_bar", record)
    app.draw()
    monkeypatch.undo()
    return seen


def frames_until_a_move(app, game: MatchScene, most: int) -> int:
    """Run frames until a move is played; how many it took."""
    start = len(game.match.state.moves)
    for n in range(1, most + 1):
        run(app, 1)
        if len(game.match.state.moves) > start:
            return n
    raise AssertionError(f"no move within {most} frames")


def test_the_end_of_placement_and_each_computer_move_stay_readable(app, monkeypatch):
    seeded(monkeypatch)
    _mid, _scoring, final = positions()
    told = MoveHistory(GAMES["isaac"].describe)
    told.sync(final)
    i = next(
        n
        for n, e in enumerate(told.entries)
        if e.words.news.startswith("Placement over.")  # the pass that ends placement
    )
    before = told.states[i]
    game = match_scene_for(
        app, GameSetup(dark="random", light="random", history=history_of(before))
    )
    frames_until_a_move(app, game, 60)  # the computer passes: placement is over
    assert game.match.state.phase == "scoring"
    first = game.match.state.first_passer
    assert game.bar.text.endswith(f"Placement over. {first.title} passed first and starts scoring")
    # the news stays NEWS_TIME before the computer's first removal
    run(app, int((NEWS_TIME - 0.15) * FPS))
    assert len(game.match.state.moves) == len(before.moves) + 1
    assert "Placement over." in game.bar.text and game.bar.seconds > 0
    assert frames_until_a_move(app, game, int(0.4 * FPS)) > 0
    removal = game.bar.text
    assert " removes the " in removal
    # each computer move is announced READ_TIME before the next one
    run(app, int((READ_TIME - 0.15) * FPS))
    assert game.bar.text == removal and len(game.match.state.moves) == len(before.moves) + 2
    frames_until_a_move(app, game, int(0.4 * FPS))
    # Enter cuts the wait short
    run(app, 2)
    played = len(game.match.state.moves)
    assert game.motion.pace.wait > READ_TIME - 0.1
    key(app, pygame.K_RETURN)  # one frame: the next move comes at once
    assert len(game.match.state.moves) == played + 1


def match_scene_for(app, setup: GameSetup) -> MatchScene:
    game = app.open("match", setup)
    assert isinstance(game, MatchScene)
    return game


def test_a_humans_move_is_answered_without_the_reading_pause(app, monkeypatch):
    seeded(monkeypatch)
    game = match_scene_for(app, GameSetup(dark="human", light="random"))
    run(app, 2)
    assert headings(app, game, monkeypatch) == ["Dark: place a piece"]
    click(app, game.play.board.cell_center(45))
    assert COMPUTER_PAUSE - 0.05 < game.motion.pace.wait <= COMPUTER_PAUSE  # not READ_TIME
    assert headings(app, game, monkeypatch) == ["Light: Level 1 (Random) is thinking..."]
    frames = frames_until_a_move(app, game, int(1.0 * FPS))
    assert frames <= int((COMPUTER_PAUSE + 0.1) * FPS)
    assert headings(app, game, monkeypatch) == ["Dark: place a piece"]
    assert game.bar.text.startswith("Light places the ")
    assert game.panel_info(Player.LIGHT).status != "thinking..."


def test_the_isaac_heading_follows_the_removal_step(app, monkeypatch):
    _mid, scoring, _final = positions()
    game = match_scene_for(app, GameSetup(history=history_of(scoring)))
    run(app, 2)
    mover = scoring.to_move
    assert headings(app, game, monkeypatch) == [f"{mover.title}: choose a piece to remove"]
    piece = game.play.scoring.removable(scoring, mover)[0]
    click(app, game.play.board.cell_center(piece.anchor))
    assert game.play.scoring.anchor == piece.anchor
    assert headings(app, game, monkeypatch) == [f"{mover.title}: choose where your counter goes"]
    key(app, pygame.K_ESCAPE)  # back to choosing a piece
    assert headings(app, game, monkeypatch) == [f"{mover.title}: choose a piece to remove"]


def test_foundations_and_hari_headings_say_the_step(app, monkeypatch):
    game = match_scene_for(app, GameSetup("foundations"))
    run(app, 2)
    assert headings(app, game, monkeypatch) == ["Dark: place a piece on level 1"]
    app.pop(game)
    game = match_scene_for(app, GameSetup("hari", dark="human", light="random"))
    run(app, 2)
    assert headings(app, game, monkeypatch) == ["Dark: slide pieces, then play one"]


def test_news_just_given_keeps_the_bar_before_the_computers_move_is_told(app, monkeypatch):
    seeded(monkeypatch)
    game = match_scene_for(app, GameSetup(dark="human", light="random"))
    run(app, 2)
    click(app, game.play.board.cell_center(45))
    game.bar.say("Reconnected: the game goes on")  # as the LAN control says it
    frames_until_a_move(app, game, FPS)
    assert game.bar.text == "Reconnected: the game goes on"  # its full time first
    run(app, int(2.5 * FPS))
    assert game.bar.text.startswith("Light places the ") and game.bar.seconds > 0
