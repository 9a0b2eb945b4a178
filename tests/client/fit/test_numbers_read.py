"""Numbers a player reads: every number on the small boards of the results and the
report (coordinates, pieces' values, counters) is in the record the text-fit rule
judges, and passes it; a small board keeps a margin its coordinates fit in; a counter
on a piece's middle moves the piece's value along the piece; and a wrapped line never
parts a word from its number ("column" at a line's end, "5" starting the next)."""

from __future__ import annotations

import re

import pygame
import pytest

from isaac_game import i18n
from isaac_game.client.handoff import GameOutcome, GameSetup, history_of
from isaac_game.client.registry import GAMES, make_app
from isaac_game.client.theme import Fonts, min_text_height, recording, wrap
from isaac_game.client.tools.screenshots import positions
from isaac_game.client.widgets.board_view import BoardView
from isaac_game.match import move_between
from isaac_game.rules import VALUE, BoardPiece, GameRecord, Player

from .misfits import misfits

#: The smallest window: where the results' and the report's boards are smallest.
SMALL = (800, 600)
#: The words a number follows: none may end a line, its number on the next one.
LINE_WORDS = {"row", "rows", "column", "columns", "riga", "righe", "colonna", "colonne"}


@pytest.fixture
def small_app(storage):
    app = make_app(size=SMALL, fullscreen=False, storage=storage, sound=False)
    app.open("title")
    yield app
    if pygame.get_init():
        app.shutdown()


@pytest.mark.parametrize("screen", ["results", "report"])
def test_the_small_boards_numbers_are_judged_by_the_fit_rule(small_app, screen):
    app = small_app
    _mid, _scoring, final = positions()
    if screen == "results":
        scene = app.open("results", GameOutcome(GameSetup(), final))
    else:
        headers = {"Dark": "Ada", "Light": "Bob", "Date": "2026-05-02"}
        scene = app.open("report", GameRecord(final, headers), "seeded.isaac.txt")
    surface = pygame.Surface(SMALL)
    with recording(surface) as log:
        app.draw(surface)
    board = scene.view.board
    on_board = [t for t in log.texts if board.rect.collidepoint(t.rect.center)]
    coordinates = [str(i) for i in range(10)] * 4  # each edge's ten numbers
    values = [str(VALUE[p.length]) for p in final.pieces()]
    counters = [str(score) for score in final.scores if score < 100]
    assert sorted(t.text for t in on_board) == sorted(coordinates + values + counters)
    assert min(t.height for t in on_board) >= min_text_height(SMALL)
    assert misfits(log, SMALL) == []  # none cut, out of its box, or over another


def test_a_small_board_keeps_a_margin_its_coordinates_fit_in(small_app):
    app = small_app
    board = BoardView(app.fonts)
    for side in (150, 200, 260, 336):
        board.place(pygame.Rect(20, 20, side, side))
        surface = pygame.Surface(SMALL)
        with recording(surface) as log:
            board.draw_board(surface, app.palette, [])
        assert len(log.texts) == 40, side
        assert misfits(log, SMALL) == [], side
        assert board.rect.width <= side and board.margin >= min_text_height(SMALL)


def test_a_counter_on_a_pieces_middle_moves_its_value_along_the_piece(small_app):
    app = small_app
    board = BoardView(app.fonts)
    board.place(pygame.Rect(30, 30, 336, 336))  # the results' board at 800x600
    piece = BoardPiece(Player.DARK, 5, "v", 2, (2, 12, 22, 32, 42))  # the 3, middle on 22
    middle = board.counter_position(Player.DARK, 22, False)
    assert middle == board.cell_center(22)
    counters = [(Player.DARK, 22, middle)]
    disc = board.counter_discs(counters)[0]
    body = board.piece_body(board.span_rect(piece.cells))
    surface = pygame.Surface(SMALL)
    with recording(surface) as log:
        board.draw_board(surface, app.palette, [piece], clear_of=(disc,))
        board.draw_counter(surface, middle, Player.DARK, 22, app.palette)
    value = next(t for t in log.texts if t.text == "3" and t.box == body)  # not a coordinate
    assert not value.rect.colliderect(disc)
    assert body.contains(value.rect)
    assert misfits(log, SMALL) == []
    # without the counter it sits mid-piece
    with recording(surface) as log:
        board.draw_board(surface, app.palette, [piece])
    value = next(t for t in log.texts if t.text == "3" and t.box == body)
    assert value.rect.center == body.center


def _chains(text: str) -> list[str]:
    """The runs a line must not part: a word and the numbers right after it."""
    chains: list[str] = []
    for token in text.split(" "):
        if chains and token[:1].isdigit():
            chains[-1] += " " + token
        else:
            chains.append(token)
    return chains


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_wrapped_line_never_parts_a_word_from_its_number(language):
    """The Review's move list wraps each move ("...column\\n5" beside a "??" once):
    at every width a word and its number fit on together, they stay together."""
    pygame.font.init()
    fonts = Fonts()
    fonts.set_window(SMALL)
    spoken = i18n.language()
    i18n.set_language(language)
    try:
        _mid, _scoring, final = positions()
        states = history_of(final)
        texts = []
        for before, after in zip(states, states[1:], strict=False):
            played = move_between(before, after)
            texts.append(GAMES["isaac"].describe(before, played.move, after).text)
    finally:
        i18n.set_language(spoken)
    bare = re.compile(r"^\d[\d,.:;)\-]*$")  # a number with no word of its own
    px = fonts.floor
    checked = 0
    for text in sorted(set(texts), key=len)[-12:]:  # the longest moves
        least = max(fonts.size(chain, px)[0] for chain in _chains(text))
        for width in range(least, fonts.size(text, px)[0] + 1):
            lines = wrap(fonts, text, px, width)
            assert " ".join(lines) == text, (width, lines)
            for above, below in zip(lines, lines[1:], strict=False):
                assert above.split(" ")[-1].rstrip(",:") not in LINE_WORDS, (width, lines)
                assert not bare.match(below.split(" ")[0]), (width, lines)
            checked += 1
    assert checked > 200
