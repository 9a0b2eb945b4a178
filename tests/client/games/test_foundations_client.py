"""FOUNDATIONS in the client, driven by posted pygame events only.

Moves are picked from `legal_moves()` (seeded, so the games are repeatable) but
every one is entered as a person would: Dark with the mouse, Light with the keys.
"""

from __future__ import annotations

import random
import time

import pygame

from isaac_game.client.games.foundations.board import stack_lines
from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import FoundationsState, Place, Player

from ..driver import KEY_FOR_PIECE, click, key, leave_if_asked, menu_to, move_mouse, run
from ..kinds import is_game, is_replay
from .test_hotseat_game import arrows_to


def choose_foundations(app) -> None:
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "game")
    for _ in range(5):
        if title.game == "foundations":
            break
        key(app, pygame.K_RIGHT)
    assert title.game == "foundations"
    assert title.menu.current.show(title.game) == "FOUNDATIONS"


def start_foundations(app) -> MatchScene:
    choose_foundations(app)
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert is_game(game, "foundations")
    assert isinstance(game.match.state, FoundationsState)
    return game


def place_by_mouse(app, game: MatchScene, move: Place, player: Player) -> None:
    click(app, game.hand_rows(player)[move.length].center)
    if game.play.placement.direction[player] != move.direction:
        click(app, game.play.board.cell_center(45), button=3)  # right-click rotates
    click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))


def place_by_keys(app, game: MatchScene, move: Place, player: Player) -> None:
    key(app, KEY_FOR_PIECE[move.length])
    if game.play.placement.direction[player] != move.direction:
        key(app, pygame.K_r)
    placement = game.play.placement
    arrows_to(app, lambda: placement.focus, focus_for(move.cell, move.length, move.direction))
    assert placement.ghost(game.match.state, player)[3], "the ghost should be green"
    key(app, pygame.K_RETURN)


def play_by_events(app, game: MatchScene, rng: random.Random, plies: int = 400) -> dict:
    """Play until the game scene leaves (or `plies` moves); what was seen on the way."""
    seen = {"pass_banner": False, "moved_up": False, "levels": 1}
    for _ in range(plies):
        if app.top is not game:
            break
        state = game.match.state
        if state.is_over:
            run(app, 10, dt=0.1)
            continue
        legal = list(state.legal_moves())
        if str(legal[0]) == "pass":
            run(app, 1)
            seen["pass_banner"] |= "passes" in game.bar.text
            run(app, 20, dt=0.1)  # announced, then played by itself
            continue
        move = rng.choice(legal)
        mover = state.to_move
        assert game.play.placement.target_level(state, mover) == move.level
        if move.level > state.current_level(mover):
            app.draw()
            assert "go up to level" in game.play.placement.info(state, mover)
            seen["moved_up"] = True
        before = len(state.moves)
        app.draw()  # the hand rows are laid out by drawing
        if mover == Player.DARK:
            place_by_mouse(app, game, move, mover)
        else:
            place_by_keys(app, game, move, mover)
        assert len(game.match.state.moves) == before + 1, game.bar.text
        assert game.match.state.moves[-1] == str(move)
        seen["levels"] = max(seen["levels"], game.match.state.top_level)
    return seen


def test_whole_hotseat_foundations_game_to_results_and_replay(app):
    game = start_foundations(app)
    seen = play_by_events(app, game, random.Random(4))
    assert seen["pass_banner"] and seen["moved_up"] and seen["levels"] >= 2
    results = app.top
    assert isinstance(results, ResultsScene)
    final = results.outcome.state
    assert final.game == "foundations" and final.is_over
    winner, title, reason = results.headline()
    assert winner == final.winner
    dark, light = final.scores
    if dark != light:
        assert winner == (Player.DARK if dark < light else Player.LIGHT)
        assert "less value left in hand" in reason
    else:
        assert reason.startswith("Tie-break: hands tied")
    app.draw()
    # review the game: the replay steps with the arrows and lists stacks on hover
    menu_to(app, results.menu, "review")
    key(app, pygame.K_RETURN)
    replay = app.top
    assert is_replay(replay, "foundations")
    key(app, pygame.K_END)
    assert replay.state.moves == final.moves
    key(app, pygame.K_LEFT)
    assert replay.index == len(final.moves) - 1
    app.draw()
    tall = max(range(100), key=final.height)
    move_mouse(app, replay.board.cell_center(tall))
    assert replay.view.hover == tall
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.top is results
    # rematch: colours swapped, still FOUNDATIONS
    menu_to(app, results.menu, "rematch")
    key(app, pygame.K_RETURN)
    assert is_game(app.top, "foundations")
    assert app.top.match.state.moves == ()


def test_illegal_ghost_gives_the_engines_reason(app):
    game = start_foundations(app)
    key(app, pygame.K_RETURN)  # Dark: the 3 at the cursor (3h44)
    assert game.match.state.moves == ("3h44",)
    run(app, 5)
    app.draw()
    # the cursor rests on the piece just placed: no red ghost of the next one hides it
    assert game.play.placement.ghost(game.match.state, Player.LIGHT) is None
    assert "choose where to place" in game.play.placement.info(game.match.state, Player.LIGHT)
    key(app, pygame.K_RETURN)  # Enter there all the same: the engine says why not
    assert game.match.state.moves == ("3h44",)
    assert "taken" in game.bar.text and game.bar.warn
    ghost = game.play.placement.ghost(game.match.state, Player.LIGHT)
    assert ghost is not None and not ghost[3]  # now the ghost shows, red
    info = game.play.placement.info(game.match.state, Player.LIGHT)
    assert "That cell is taken (row 4, column 4)" in info  # in words, no notation
    # the keyboard cursor resting on a stack lists it
    run(app, 30)
    assert game.play.tooltip_cell() == 45
    assert stack_lines(game.match.state, 45)[1].startswith("Level 1: Dark's 1 on row 4")
    app.draw()
    # H asks Hard for a hint (a worker thinks; the bar says so)
    key(app, pygame.K_h)
    assert game.play.hints.pending and game.play.hints.line() == "Hint: thinking..."


def test_undo_redo_save_and_continue(app, storage):
    game = start_foundations(app)
    key(app, pygame.K_RETURN)  # Dark 3h44
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)  # Light 3h64
    assert game.match.state.moves == ("3h44", "3h64")
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert game.match.state.moves == ("3h44",)
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert game.match.state.moves == ("3h44", "3h64")
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert pause.menu.item("hint").enabled()  # hotseat: a hint for the player to move
    menu_to(app, pause.menu, "save")
    key(app, pygame.K_RETURN)  # Show the file: it is kept after every move
    assert isinstance(app.top, MessageScene) and str(game.keeping.path) in app.top.text
    key(app, pygame.K_RETURN)
    menu_to(app, pause.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "continue")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SavesScene)
    listed = app.top.menu.items[0].text()  # read from the file's headers alone
    assert (
        listed.startswith("FOUNDATIONS") and "Human v Human" in listed and "in progress" in listed
    )
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert is_game(resumed, "foundations")
    assert resumed.match.state.moves == ("3h44", "3h64")
    assert resumed.last_move() is not None and resumed.last_move()[1] == Place(3, "h", 64)
    app.draw()
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert resumed.match.state.moves == ("3h44",)
    # and a saved game replays
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    menu_to(app, app.top.menu, "replay")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert is_replay(replay, "foundations")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.index == 1  # the file kept the undo: it holds the game as it was left
    app.draw()


def test_against_the_computer(app):
    app.settings.light_kind = "easy"
    game = start_foundations(app)
    assert game.match.seats[Player.LIGHT].kind != "human"
    key(app, pygame.K_RETURN)  # Dark 3h44
    deadline = time.monotonic() + 30
    while len(game.match.state.moves) < 2 and time.monotonic() < deadline:
        run(app, 5, dt=0.1)
        app.draw()
    assert len(game.match.state.moves) == 2
    assert game.match.state.to_move == Player.DARK
    # undo against the computer takes back to Dark's turn
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert game.match.state.to_move == Player.DARK


def test_a_gamepad_places_and_rotates(app):
    from ..driver import pad

    game = start_foundations(app)
    pad(app, pygame.CONTROLLER_BUTTON_X)  # rotate: vertical
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert game.match.state.moves == ("3v34",)
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # up the hand list, 3 to 4 cells
    pad(app, pygame.CONTROLLER_BUTTON_A)  # 4h43 would cover 44: refused, with the reason
    assert game.match.state.moves == ("3v34",)
    assert game.bar.text == "That cell is taken (row 4, column 4)"  # in words, no notation
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert game.match.state.moves == ("3v34", "4h63")
