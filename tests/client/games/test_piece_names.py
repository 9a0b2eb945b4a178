"""Every text a player reads names a piece by the number printed on it, "the 3 (5 cells)",
never by its cell length alone, "5-piece" (docs/rules.md 0): a random hotseat game of each
game, walked by posted events only, with the pointer resting on random cells and
random pieces chosen from the hand before each move, and every word drawn in the bars
and panels recorded."""

from __future__ import annotations

import random
import re
import sys

import pygame
import pytest

from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Discard, Place, Remove, Slide, piece_name

from ..driver import KEY_FOR_PIECE, click, key, menu_to, move_mouse, run

#: "5-piece", "a 5-cell piece": a piece named by its length alone.
BY_LENGTH = re.compile(r"\b\d-(?:cell )?pieces?\b")


def record_texts(monkeypatch) -> list[str]:
    """Every text the bars (`draw_bar_text`, `draw_bar_lines`) and the panels
    (`draw_player_panel`: status and extra lines) are given from now on, whichever client
    module draws them."""
    texts: list[str] = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("isaac_game.client") or module is None:
            continue
        bar = getattr(module, "draw_bar_text", None)
        if callable(bar):

            def bar_text(surface, fonts, pal, rect, text, *args, _real=bar, **kwargs):
                texts.append(text)
                return _real(surface, fonts, pal, rect, text, *args, **kwargs)

            monkeypatch.setattr(module, "draw_bar_text", bar_text)
        panel = getattr(module, "draw_player_panel", None)
        if callable(panel):

            def panel_text(surface, fonts, pal, rect, info, *args, _real=panel, **kwargs):
                texts.extend((info.status, info.extra, info.hand_label))
                return _real(surface, fonts, pal, rect, info, *args, **kwargs)

            monkeypatch.setattr(module, "draw_player_panel", panel_text)
        lines = getattr(module, "draw_bar_lines", None)
        if callable(lines):  # the bottom bar: the status, then a hint's line

            def bar_lines(surface, fonts, rect, parts, *args, _real=lines, **kwargs):
                texts.extend(part[0] for part in parts)
                return _real(surface, fonts, rect, parts, *args, **kwargs)

            monkeypatch.setattr(module, "draw_bar_lines", bar_lines)
    return texts


def input_of(game: MatchScene):
    play = game.play
    return play.move_input if game.setup.game == "hari" else play.placement


def look_around(app, game: MatchScene, rng: random.Random) -> None:
    """What a player does before moving: rest the pointer on a few cells (own pieces,
    the opponent's, empty cells: each says something), press a digit for a piece that
    may not be in hand, draw."""
    for cell in rng.sample(range(100), 3):
        move_mouse(app, game.play.board.cell_center(cell))
        app.draw()
    key(app, KEY_FOR_PIECE[rng.choice((3, 4, 5, 6, 7))])
    app.draw()


def enter(app, game: MatchScene, move) -> None:
    """Play `move` with the mouse (and D to discard), as a player would."""
    board, mover = game.play.board, game.match.state.to_move
    if isinstance(move, Remove):
        click(app, board.cell_center(move.cell))
        if move.target < 100:
            click(app, board.cell_center(track_cell(mover, move.target)))
        else:
            key(app, pygame.K_RETURN)  # the full gain is chosen first
        return
    if isinstance(move, Slide):
        ui = game.play.move_input
        click(app, board.cell_center(move.cell))  # press and let go: picked up
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=board.cell_center(move.cell), button=1)
        )
        run(app, 1)
        assert ui.piece is not None
        horizontal = ui.piece.direction == "h"
        forward = pygame.K_RIGHT if horizontal else pygame.K_UP
        back = pygame.K_LEFT if horizontal else pygame.K_DOWN
        for _ in range(11):  # the arrows along its line step through its targets
            if ui.target == move:
                break
            key(app, forward if move.sign > 0 else back)
        key(app, pygame.K_RETURN)
        return
    click(app, game.hand_rows(mover)[move.length].center)
    if isinstance(move, Discard):
        key(app, pygame.K_d)  # it asks
        key(app, pygame.K_d)  # it discards
        return
    ui = input_of(game)
    if ui.direction[mover] != move.direction:
        click(app, board.cell_center(45), button=3)  # right-click turns it
    click(app, board.cell_center(focus_for(move.cell, move.length, move.direction)))


def choose(state, rng: random.Random):
    moves = list(state.legal_moves())
    removals = [m for m in moves if isinstance(m, Remove)]
    if removals:  # the full gain, as the bar offers it first
        best: dict[int, Remove] = {}
        for m in removals:
            if m.cell not in best or m.target > best[m.cell].target:
                best[m.cell] = m
        return rng.choice(list(best.values()))
    slides = [m for m in moves if isinstance(m, Slide)]
    if slides and not state.slid_value and rng.random() < 0.3:
        return rng.choice(slides)
    places = [m for m in moves if isinstance(m, Place)]
    if places and state.game != "isaac":  # lengths never go down: short first, a longer game
        shortest = min(m.length for m in places)
        places = [m for m in places if m.length == shortest]
    if places:
        return rng.choice(places)
    return rng.choice([m for m in moves if isinstance(m, Discard)] or moves)


@pytest.mark.parametrize("game_name", ["isaac", "foundations", "hari"])
def test_no_text_names_a_piece_by_its_length(app, monkeypatch, game_name):
    texts = record_texts(monkeypatch)
    game = app.open("match", GameSetup(game_name))
    assert isinstance(game, MatchScene)
    rng = random.Random(5)
    for _ in range(400):
        state = game.match.state
        if state.is_over:
            break
        if game.motion.anims or game.motion.passing or str(state.legal_moves()[0]) == "pass":
            run(app, 10)
            continue
        look_around(app, game, rng)
        before = len(game.match.state.moves)
        move = choose(state, rng)
        enter(app, game, move)
        assert len(game.match.state.moves) == before + 1, (move, game.bar.text)
        assert game.match.state.moves[-1] == str(move)
        app.draw()
    assert game.match.state.is_over or app.top is not game
    named = [t for t in texts if BY_LENGTH.search(t)]
    assert not named, named[:5]
    # the words did name pieces, by their value
    assert any(piece_name(n) in t for t in texts for n in (3, 4, 5, 6, 7))


@pytest.mark.parametrize("digit", [pygame.K_0, pygame.K_5, pygame.K_7, pygame.K_8, pygame.K_9])
def test_a_digit_that_names_no_piece_says_so(app, digit):
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    key(app, digit)
    assert app.top is game and "Pieces are worth 1, 2, 3, 4 or 6" in game.bar.text


def test_number_keys_choose_by_printed_value_and_tab_walks_down_the_hand(app):
    """The screen names pieces by value ("value 3"), so the key 3 chooses the 3 (5 cells);
    the panel lists the hand longest first, so Tab goes down it and Shift+Tab up."""
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    placement = game.play.placement
    me = game.match.state.to_move
    for value, length in ((1, 3), (2, 4), (3, 5), (4, 6), (6, 7)):
        key(app, getattr(pygame, f"K_{value}"))
        assert placement.selected(game.match.state, me) == length
        key(app, getattr(pygame, f"K_KP{value}"))
        assert placement.selected(game.match.state, me) == length
    rows = game.hand_rows(me)
    listed = sorted(rows, key=lambda n: rows[n].y)  # top to bottom, as drawn
    assert listed == [7, 6, 5, 4, 3]
    key(app, pygame.K_6)
    walked = [placement.selected(game.match.state, me)]
    for _ in range(5):
        key(app, pygame.K_TAB)
        walked.append(placement.selected(game.match.state, me))
    assert walked == [7, 6, 5, 4, 3, 7]
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert placement.selected(game.match.state, me) == 3
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert placement.selected(game.match.state, me) == 4
