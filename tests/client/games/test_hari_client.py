"""HARI in the client, driven by posted pygame events only (docs/rules.md 3).

Moves are picked from `legal_moves()` (seeded, so the games are repeatable) and
entered the way a person would: Dark with the mouse (drags, click-then-click,
the Discard button), Light with the keyboard (cursor, arrows, Enter, D).
"""

from __future__ import annotations

import random

import pygame

from isaac_game.client.scenes.dialog import MessageScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Discard, Place, Player, Slide

from ..driver import (
    KEY_FOR_PIECE,
    arrow_towards,
    click,
    key,
    leave_if_asked,
    menu_to,
    move_mouse,
    pad,
    run,
)
from ..kinds import is_game, is_replay


def start_hari(app, dark: str = "human", light: str = "human") -> MatchScene:
    title = app.top
    assert isinstance(title, TitleScene)
    app.settings.dark_kind, app.settings.light_kind = dark, light
    menu_to(app, title.menu, "game")
    for _ in range(5):
        if title.game == "hari":
            break
        key(app, pygame.K_RIGHT)
    assert title.game == "hari"
    menu_to(app, title.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert is_game(game, "hari")
    run(app, 2)
    return game


def press(app, button: int, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    run(app, 1)


def release(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 1)


def arrows_to(app, game: MatchScene, cell: int) -> None:
    ui = game.play.move_input
    if ui.focus is None or ui.pointer:
        key(app, pygame.K_UP)  # the first arrow brings the cursor back
    r, c = divmod(ui.focus, 10)
    tr, tc = divmod(cell, 10)
    for _ in range(abs(tr - r)):
        key(app, arrow_towards(game.play.board, 1 if tr > r else -1, 0))
    for _ in range(abs(tc - c)):
        key(app, arrow_towards(game.play.board, 0, 1 if tc > c else -1))
    assert ui.focus == cell


def slide_point(game: MatchScene, move: Slide, margin: bool = False) -> tuple[int, int]:
    """Where to drop the grabbed anchor cell for `move` (past the edge: off the board)."""
    board = game.play.board
    piece = game.match.state.piece_at(move.cell)
    step = 1 if piece.direction == "h" else 10
    if move.distance is not None:
        return board.cell_center(move.cell + move.sign * move.distance * step)
    x, y = board.cell_center(move.cell)
    half = board.margin // 2 if margin else board.cell // 2
    ux, uy = board.screen_way(piece.direction, move.sign)  # the edge it leaves by, on screen
    if ux:
        x = board.grid.left - half if ux < 0 else board.grid.right + half
    else:
        y = board.grid.bottom + half if uy > 0 else board.grid.top - half
    if not margin and move.sign > 0:  # grabbed by its low end: push it all the way out
        far = board.cell * 10
        x, y = (x + far, y) if piece.direction == "h" else (x, y - far)
    return x, y


def slide_by_drag(app, game: MatchScene, move: Slide) -> None:
    start = game.play.board.cell_center(move.cell)
    move_mouse(app, start)
    press(app, 1, start)
    assert game.play.move_input.piece is not None and game.play.move_input.piece.anchor == move.cell
    target = slide_point(game, move)
    move_mouse(app, target)
    assert game.play.move_input.target == move, (game.play.move_input.target, move)
    release(app, target)


def slide_by_clicks(app, game: MatchScene, move: Slide) -> None:
    click(app, game.play.board.cell_center(move.cell))  # press and let go: picked up
    release(app, game.play.board.cell_center(move.cell))
    assert game.play.move_input.piece is not None
    click(app, slide_point(game, move, margin=True))


def slide_by_keys(app, game: MatchScene, move: Slide) -> None:
    arrows_to(app, game, move.cell)
    key(app, pygame.K_RETURN)
    ui = game.play.move_input
    assert ui.piece is not None and ui.piece.anchor == move.cell
    options = ui.targets(game.match.state)
    steps = options.index(move) - options.index(None)
    horizontal = ui.piece.direction == "h"
    # the arrows along its axis, as the screen shows the board
    forward = arrow_towards(game.play.board, *((0, 1) if horizontal else (1, 0)))
    back = arrow_towards(game.play.board, *((0, -1) if horizontal else (-1, 0)))
    for _ in range(abs(steps)):
        key(app, forward if steps > 0 else back)
    assert ui.target == move
    key(app, pygame.K_RETURN)


def play_by_mouse(app, game: MatchScene, move) -> None:
    rows = game.hand_rows(Player.DARK)
    click(app, rows[move.length].center)
    if isinstance(move, Discard):
        run(app, 1)  # the button is drawn for the chosen piece
        click(app, game.play.move_input.discard_button().center)  # it asks
        click(app, game.play.move_input.discard_button().center)  # it discards
        return
    if game.play.move_input.direction[Player.DARK] != move.direction:
        click(app, game.play.board.cell_center(45), button=3)
    click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))


def play_by_keys(app, game: MatchScene, move) -> None:
    key(app, KEY_FOR_PIECE[move.length])
    if isinstance(move, Discard):
        key(app, pygame.K_d)  # it asks
        key(app, pygame.K_d)  # it discards
        return
    if game.play.move_input.direction[Player.LIGHT] != move.direction:
        key(app, pygame.K_r)
    arrows_to(app, game, focus_for(move.cell, move.length, move.direction))
    key(app, pygame.K_RETURN)


def choose(rng: random.Random, state):
    legal = list(state.legal_moves())
    slides = [m for m in legal if isinstance(m, Slide)]
    places = [m for m in legal if isinstance(m, Place)]
    discards = [m for m in legal if isinstance(m, Discard)]
    if slides and rng.random() < 0.4:
        return rng.choice(slides)
    if discards and (not places or rng.random() < 0.15):
        return rng.choice(discards)
    shortest = min(m.length for m in places)  # short first: a longer game
    return rng.choice([m for m in places if m.length == shortest])


def enter(app, game: MatchScene, move, turn: int) -> None:
    if game.match.state.to_move == Player.DARK:
        if isinstance(move, Slide):
            (slide_by_drag if turn % 2 else slide_by_clicks)(app, game, move)
        else:
            play_by_mouse(app, game, move)
    elif isinstance(move, Slide):
        slide_by_keys(app, game, move)
    else:
        play_by_keys(app, game, move)


def test_whole_hotseat_hari_game_from_menu_to_results(app):
    rng = random.Random(5)
    game = start_hari(app)
    seen = {"slide": 0, "off": 0, "discard": 0, "place": 0, "pass": 0}
    for turn in range(600):
        if not is_game(app.top, "hari"):
            break
        state = game.match.state
        if state.is_over:
            run(app, 10, dt=0.1)
            continue
        if str(state.legal_moves()[0]) == "pass":
            run(app, 1)
            assert "passes" in game.bar.text
            run(app, 20, dt=0.1)
            seen["pass"] += 1
            continue
        move = choose(rng, state)
        before = len(state.moves)
        enter(app, game, move, turn)
        assert len(game.match.state.moves) == before + 1, game.bar.text
        assert game.match.state.moves[-1] == str(move)
        kind = type(move).__name__.lower()
        seen["slide" if kind == "slide" else kind] += 1
        seen["off"] += isinstance(move, Slide) and move.distance is None
        run(app, 1)
    results = app.top
    assert isinstance(results, ResultsScene), seen
    assert all(seen.values()), seen
    final = results.outcome.state
    assert final.is_over and final.game == "hari"
    winner, title, reason = results.headline()
    assert "on the board" in reason and (title == "A draw") == (winner is None)
    app.draw()
    click(app, results.menu.item("review").rect.center)  # review: a HARI replay
    replay = app.top
    assert is_replay(replay, "hari")
    key(app, pygame.K_END)
    assert replay.state == final
    key(app, pygame.K_ESCAPE)
    assert app.top is results


def test_all_discards_is_a_draw_worded_as_one(app):
    game = start_hari(app)
    for _ in range(200):
        if not is_game(app.top, "hari"):
            break
        if game.match.state.is_over or str(game.match.state.legal_moves()[0]) == "pass":
            run(app, 10, dt=0.1)
            continue
        # the shortest piece the player may play: D for Dark, pad Y (discard) for Light
        if game.match.state.to_move == Player.DARK:
            key(app, pygame.K_d)
            key(app, pygame.K_d)
        else:
            pad(app, pygame.CONTROLLER_BUTTON_Y)
            pad(app, pygame.CONTROLLER_BUTTON_Y)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.outcome.state.scores == (0, 0)
    winner, title, reason = results.headline()
    assert winner is None and title == "A draw" and "Equal value on the board" in reason


def test_undo_of_a_slide_goes_back_one_action_and_redo_replays_it(app):
    game = start_hari(app)
    for move in ("3h00", "3h90", "4h20", "4h70"):  # Dark's 4s can cover sliding its 3
        play_by_keys(app, game, game.match.state.parse_move(move))
    assert game.match.state.moves == ("3h00", "3h90", "4h20", "4h70")
    slide = game.match.state.parse_move("s00+2")
    slide_by_keys(app, game, slide)
    assert game.match.state.moves[-1] == "s00+2" and game.match.state.slid_value == 1
    assert [p.anchor for p in game.match.state.slid_pieces] == [2]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.match.state.moves[-1] == "4h70" and game.match.state.slid_value == 0
    assert game.play.move_input.piece is None
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert game.match.state.moves[-1] == "s00+2"
    # a piece that has slid says why it may not slide again
    move_mouse(app, game.play.board.cell_center(3))
    assert "once a turn" in game.play.move_input.info(game.match.state, Player.DARK)
    click(app, game.play.board.cell_center(3))
    assert "cannot slide" in game.bar.text and game.play.move_input.piece is None


def test_save_continue_and_replay_a_game_in_mid_turn(app):
    game = start_hari(app)
    for move in ("3h00", "3h90", "4h20", "4h70", "s00+2"):
        m = game.match.state.parse_move(move)
        (slide_by_keys if isinstance(m, Slide) else play_by_keys)(app, game, m)
    state = game.match.state
    assert state.slid_value == 1
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert pause.menu.item("hint").enabled()  # the pad's way to a hint in HARI
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
    assert listed.startswith("HARI") and "Human v Human" in listed and "in progress" in listed
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert is_game(resumed, "hari")
    assert resumed.match.state == state and resumed.match.state.slid_value == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # a continued game keeps its undo
    assert resumed.match.state.moves[-1] == "4h70"
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    leave_if_asked(app)
    menu_to(app, title.menu, "replay")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert is_replay(replay, "hari")
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    # the file kept the undo too: it holds the game as it was left, one action back
    assert replay.state.moves == state.moves[:-1]
    key(app, pygame.K_LEFT)
    assert replay.state.moves[-1] == "4h20"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_against_the_computer_and_rematch(app):
    game = start_hari(app, dark="human", light="random")
    for _ in range(400):
        if not is_game(app.top, "hari"):
            break
        state = game.match.state
        if state.to_move == Player.DARK and str(state.legal_moves()[0]) != "pass":
            key(app, pygame.K_d)
            key(app, pygame.K_d)
            continue
        run(app, 10, dt=0.1)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.outcome.state.scores[0] == 0
    menu_to(app, results.menu, "rematch")
    key(app, pygame.K_RETURN)
    rematch = app.top
    assert is_game(rematch, "hari")
    assert (rematch.setup.dark, rematch.setup.light) == ("random", "human")
    run(app, 30, dt=0.1)
    assert rematch.match.state.moves  # the computer (Dark now) has begun
