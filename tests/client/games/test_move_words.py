"""Moves in words: one function per game tells a move as players say it (docs/rules.md
0: a piece by its printed value, and the cells it went to, so no two moves read alike);
the bar announces it when it is played, the move list under the right-hand panel lists
it (scrolled with the wheel over it, or with the arrows once L opens it, never taking
the game's keys otherwise), and the board marks the last move in every game.

Driven by posted pygame events on the real match scene.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict

import pygame
import pytest

from isaac_game import i18n
from isaac_game.ai.reasons import span_name
from isaac_game.client.games.foundations.rulebook import finished_game
from isaac_game.client.games.hari.rulebook import finished_game as hari_game
from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.registry import GAMES
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.tools.screenshots import positions
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.client.widgets.hud import game_layout
from isaac_game.client.widgets.move_list import MovesBox
from isaac_game.client.widgets.move_words import MoveHistory
from isaac_game.client.words import span_words
from isaac_game.rules import VALUE, Discard, GameState, Place, Player, Slide, new_game

from ..driver import KEY_FOR_PIECE, click, key, move_mouse, pad, run
from .test_hari_client import play_by_keys, play_by_mouse, slide_by_drag
from .test_hotseat_game import enter_place_by_keys


def open_game(app, game: str = "isaac", history=(), **seats) -> MatchScene:
    scene = app.open("match", GameSetup(game, history=tuple(history), **seats))
    assert isinstance(scene, MatchScene)
    run(app, 2)
    return scene


def settle(app, game: MatchScene) -> None:
    """Let the move's animations finish (the board marks the last move after them)."""
    for _ in range(120):
        if not game.motion.anims:
            return
        run(app, 1)
    raise AssertionError("the animations never ended")


def marked(surface: pygame.Surface, rect: pygame.Rect, colour) -> bool:
    """Is `colour` (the last-move mark) drawn anywhere in `rect`?"""
    rect = rect.clip(surface.get_rect())
    return any(
        surface.get_at((x, y))[:3] == colour
        for y in range(rect.top, rect.bottom, 2)
        for x in range(rect.left, rect.right, 2)
    )


def wheel(app, pos: tuple[int, int], y: int) -> None:
    move_mouse(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    run(app, 1)


# ----- A: the words, one place per game --------------------------------------------------


def test_isaac_placements_are_told_by_value_on_the_bar_in_the_list_and_marked(app):
    game = open_game(app)
    click(app, game.play.board.cell_center(45))  # Dark: the 6 (7 cells) along row 4
    assert game.match.state.moves == ("7h42",)
    said = "Dark places the 6 on row 4, columns 2-8"
    assert game.bar.text == said and game.bar.seconds > 0
    assert [e.words.text for e in game.bar.history.entries] == [said]
    settle(app, game)
    app.draw()
    piece = game.match.state.piece_at(42)
    pal = app.palette
    assert marked(app.screen, game.play.board.span_rect(piece.cells), pal.last_move)
    # the list under Light's panel shows it, marked as the last move
    (row,) = game.view.moves_box.rows(game.bar.history.entries)
    assert row.lines == ("places the 6 on row 4, columns 2-8",)  # the swatch says who
    assert marked(app.screen, row.rect, pal.last_move)
    # Light answers with the keys: the 1 (3 cells) up a column
    move = first_place(game, 3, "v")
    enter_place_by_keys(app, game, move)
    assert game.match.state.moves[1] == str(move)
    row, column = divmod(move.cell, 10)
    assert game.bar.text == f"Light places the 1 on column {column}, rows {row}-{row + 2}"
    assert [e.player for e in game.bar.history.entries] == [Player.DARK, Player.LIGHT]


def test_isaac_removals_passes_and_the_end_of_placement_in_words(app):
    mid, scoring, final = positions()
    told = MoveHistory(GAMES["isaac"].describe)
    told.sync(final)
    texts = [e.words.text for e in told.entries]
    assert len(texts) == len(final.moves)
    over = [e for e in told.entries if e.words.news.startswith("Placement over.")]
    assert len(over) == 1
    first = scoring.first_passer
    assert over[0].words.text.endswith("cannot place: passes")
    assert over[0].words.news == f"Placement over. {first.title} passed first and starts scoring"
    assert not any("cells)" in t and t.split()[1] == "removes" for t in texts)  # "the 3"
    # a removal in the scene: choose the best piece, Enter takes the full gain
    game = open_game(app, history=history_of(scoring))
    mover = scoring.to_move
    piece = max(
        game.play.scoring.removable(scoring, mover),
        key=lambda p: scoring.removal_points(p.anchor).points,
    )
    points = scoring.removal_points(piece.anchor)
    click(app, game.play.board.cell_center(piece.anchor))
    key(app, pygame.K_RETURN)
    row, column = divmod(piece.anchor, 10)
    last = piece.length - 1
    where = (
        f"row {row}, columns {column}-{column + last}"
        if piece.direction == "h"
        else f"column {column}, rows {row}-{row + last}"
    )
    end = scoring.scores[mover.index] + points.points
    assert game.bar.text.startswith(
        f"{mover.title} removes the {VALUE[piece.length]} on {where}: {points}, counter to {end}"
    )
    assert " x " in str(points)  # value x N (x M) = points


def test_foundations_words_name_the_level_and_moving_up(app):
    final = finished_game()
    told = MoveHistory(GAMES["foundations"].describe)
    told.sync(final)
    texts = [e.words.text for e in told.entries]
    # where each piece went, in words: row and columns (or column and rows), then level
    assert any(" places the " in t and ", level 1: " in t and ", columns " in t for t in texts)
    assert any(" moves up to level 2 with the " in t for t in texts)
    assert told.entries[-1].words.news.startswith("Both players passed: ")
    # in the scene: Enter places the 1 (3 cells) at the cursor; the stack is ringed
    game = open_game(app, "foundations")
    key(app, pygame.K_RETURN)
    assert game.match.state.moves == ("3h44",)
    assert game.bar.text == "Dark places the 1 on row 4, columns 4-6, level 1: 35 in hand"
    settle(app, game)
    app.draw()
    piece = game.match.state.pieces()[-1]
    body = game.play.board.body_rect(piece.cells, piece.level)
    assert marked(app.screen, body.inflate(8, 8), app.palette.last_move)


def test_hari_words_tell_slides_the_value_slid_and_discards(app):
    states = hari_game()
    told = MoveHistory(GAMES["hari"].describe)
    told.sync(states[-1])
    texts = [e.words.text for e in told.entries]
    assert any(" slides the " in t and " this turn" in t for t in texts)
    assert any(" discards the " in t for t in texts) or not any(
        m.startswith("d") for m in states[-1].moves
    )
    # in the scene: Dark places with the mouse, Light with the keys, then Dark slides
    game = open_game(app, "hari")
    play_by_mouse(app, game, Place(4, "h", 22))
    assert game.bar.text == "Dark places the 2 on row 2, columns 2-5: 2 on the board"
    play_by_keys(app, game, Place(3, "h", 77))
    settle(app, game)
    app.draw()  # Light's last turn marked on the board
    piece = game.match.state.piece_at(77)
    assert marked(app.screen, game.play.board.span_rect(piece.cells), app.palette.last_move)
    slide_by_drag(app, game, Slide(22, 1, 2))
    assert (
        game.bar.text
        == "Dark slides the 2 on row 2, columns 2-5, two cells right: slid 2 this turn"
    )
    assert game.panel_info(Player.DARK).status == "so far: slid the 2"  # words, no notation
    play_by_mouse(app, game, Discard(5))
    assert game.bar.text == "Dark discards the 3 (5 cells) after sliding 2: 2 on the board"
    assert len(game.bar.history.entries) == 4
    assert game.panel_info(Player.DARK).status == "last: slid the 2, discarded the 3"


def sampled_positions(name: str, count: int = 30, seed: int = 41) -> list[GameState]:
    """`count` positions met in random play of `name` from the start (a fixed seed), a
    third of them in ISAAC's scoring phase, where the moves are removals (none there in
    the other games), so every kind of move is told."""
    rng = random.Random(seed)
    states: list[GameState] = []
    for _game in range(3):
        state = new_game(name)
        while not state.is_over:
            states.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    scoring = [s for s in states if getattr(s, "phase", "") == "scoring"]
    others = [s for s in states if getattr(s, "phase", "") != "scoring"]
    share = min(len(scoring), count // 3)
    assert name != "isaac" or share == count // 3  # random play reaches the scoring phase
    built = [replayed(name, moves) for moves in BUILT.get(name, ())]
    return rng.sample(scoring, share) + rng.sample(others, count - share) + built


def replayed(name: str, moves: tuple[str, ...]) -> GameState:
    state = new_game(name)
    for move in moves:
        state = state.play(move)
    return state


#: Positions random play may miss: Dark's two 1s along row 2, each free to slide right
#: or off the board by either end.
BUILT = {"hari": [("3h20", "3h90", "3h25", "3h95")]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_two_legal_moves_read_alike_in_any_language_or_facing(name):
    """The move list and the bar name where each move went (ISAAC's "the 2 on row 1,
    columns 3-6", a removal by its piece's cells), so two different moves never read
    alike, as read from either side of the board."""
    describe = GAMES[name].describe
    for before in sampled_positions(name):
        played = [(move, before.play(move)) for move in before.legal_moves()]
        for code in i18n.LANGUAGES:
            assert i18n.set_language(code) == code
            for facing in Player:
                said: defaultdict[str, list[str]] = defaultdict(list)
                for move, after in played:
                    said[describe(before, move, after, facing).text].append(str(move))
                alike = {text: moves for text, moves in said.items() if len(moves) > 1}
                assert not alike, (code, facing, before.moves, alike)


def test_a_hint_names_a_pieces_cells_as_the_move_list_does():
    """The hints' `span_name` (the computer's layer may not import the client) words every
    piece's cells as `span_words` does, from either side of the board, in every language."""
    pieces = [
        (length, direction, anchor)
        for length in range(3, 8)
        for direction in "hv"
        for anchor in range(100)
        if (anchor % 10 if direction == "h" else anchor // 10) + length <= 10
    ]
    for code in i18n.LANGUAGES:
        assert i18n.set_language(code) == code
        for piece, facing in itertools.product(pieces, Player):
            assert span_name(*piece, facing) == span_words(*piece, facing), (code, piece, facing)


# ----- B: the move list during play ---------------------------------------------------------


def test_the_move_list_scrolls_with_the_wheel_over_it_and_opens_with_l(app):
    mid, _scoring, _final = positions()
    game = open_game(app, history=history_of(mid))
    entries = game.bar.history.entries
    assert len(entries) == len(mid.moves) > 10
    app.draw()
    box = game.view.moves_box
    rows = box.rows(entries)
    assert rows[-1].index == len(entries) - 1  # the newest in sight
    bottom = box.top
    placement = game.play.placement
    mover = mid.to_move
    direction = placement.direction[mover]
    wheel(app, box.rect.center, 1)  # the wheel over the list scrolls it ...
    assert box.top == bottom - 1
    assert placement.direction[mover] == direction  # ... and does not turn the piece
    wheel(app, game.play.board.cell_center(45), 1)  # over the board it is the game's
    assert box.top == bottom - 1
    assert placement.direction[mover] != direction
    # L opens the list taller over the panel's foot and lends it the arrow keys
    focus = placement.focus
    docked = box.rect.copy()
    key(app, pygame.K_l)
    assert box.opened and box.rect.height > docked.height and box.rect.bottom == docked.bottom
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert box.top < bottom - 1 and placement.focus == focus
    key(app, pygame.K_END)
    assert box.top == box._last_top(entries)
    key(app, pygame.K_ESCAPE)  # closes the list, not the game's menu
    assert not box.opened and app.top is game
    key(app, pygame.K_l)
    key(app, pygame.K_RIGHT)  # any other key closes it and goes to the game
    assert not box.opened and placement.focus != focus
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSTICK)  # the pad opens it too
    assert box.opened
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert not box.opened
    # a move played while the player reads back does not scroll the list away; one
    # played with the newest in sight keeps the newest in sight
    wheel(app, docked.center, 3)
    reading = box.top
    place_by_mouse(app, game, first_place(game, 3, "h"))
    assert len(entries) == len(mid.moves) + 1 and box.top == reading
    key(app, pygame.K_l)
    key(app, pygame.K_END)
    key(app, pygame.K_l)
    place_by_mouse(app, game, first_place(game, 3, "h"))
    assert box.top == box._last_top(entries)
    assert box.rows(entries)[-1].index == len(entries) - 1


def first_place(game: MatchScene, length: int, direction: str) -> Place:
    return next(
        m
        for m in game.match.state.legal_moves()
        if isinstance(m, Place) and m.length == length and m.direction == direction
    )


def place_by_mouse(app, game: MatchScene, move: Place) -> None:
    mover = game.match.state.to_move
    key(app, KEY_FOR_PIECE[move.length])
    if game.play.placement.direction[mover] != move.direction:
        key(app, pygame.K_r)
    click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))
    assert game.match.state.moves[-1] == str(move)


def test_undo_takes_the_move_off_the_list(app):
    game = open_game(app)
    click(app, game.play.board.cell_center(45))
    enter_place_by_keys(app, game, first_place(game, 3, "v"))
    assert len(game.bar.history.entries) == 2
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(game.bar.history.entries) == 1 and game.bar.history.states[-1] is game.match.state


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160), (1024, 768), (1920, 1200)])
def test_the_list_fits_beside_the_board_and_under_the_panel(app, size):
    game = open_game(app)
    layout = game.view.relayout(size)
    box, screen = game.view.moves_box, pygame.Rect((0, 0), size)
    assert box.dock is not None
    assert screen.contains(box.dock)
    assert not box.dock.colliderect(layout.board_area)
    for panel in layout.panels.values():
        assert not box.dock.colliderect(panel)
    assert box.dock.bottom < layout.bottom.top
    assert layout.panels[Player.LIGHT].height >= 400 * layout.u - 1


def test_where_a_lan_game_left_no_room_the_list_shows_only_when_opened(app):
    layout = game_layout((1280, 720), 1.0)
    for panel in layout.panels.values():  # as the LAN boxes take theirs
        panel.height -= 185
    box = MovesBox(app.fonts)
    before = layout.panels[Player.LIGHT].copy()
    box.take_room(layout)
    assert box.dock is None and not box.visible
    assert layout.panels[Player.LIGHT] == before  # the panel keeps all it has
    from isaac_game.client.input import Action, Button

    assert box.handle(Action(Button.MOVES), [])
    assert box.visible and before.contains(box.rect)
