"""The rules' reasons for refusing a move reach the player in words: every kind of
refusal (`Why`) a game's rules give has its own words in that game's record, never
the engine's notation, with cells by row and column as the board faces (and a move's
words name its line the same way)."""

from __future__ import annotations

import pygame

from isaac_game.client.handoff import GameSetup
from isaac_game.client.registry import GAMES
from isaac_game.client.words import why_not
from isaac_game.rules import NotationError, Place, Player, Refusal, Why, new_game

from ..driver import click, run
from ..fit.notation import notation_in

SHARED = {Why.GAME_OVER, Why.WRONG_GAME, Why.MUST_MOVE, Why.NO_LEVELS, Why.NOT_IN_HAND}
SHARED |= {Why.OFF_BOARD, Why.TAKEN, Why.NO_PIECE, Why.NOT_YOURS}
OWN = {
    "isaac": {
        Why.PLACEMENT_OVER, Why.HAS_PASSED, Why.NOT_SCORING, Why.SHORTER, Why.UNDER_COUNTER,
        Why.BACKWARDS, Why.TOO_FAR, Why.FULL_GAIN, Why.COUNTER_THERE,
    },
    "foundations": {
        Why.LEVEL_DOWN, Why.LEVEL_SKIP, Why.LEVEL_STILL_FITS, Why.SHORTER_ON_LEVEL,
        Why.UNDER_PIECE, Why.END_UNSUPPORTED, Why.SAME_SUPPORT,
    },
    "hari": {
        Why.SHORTER, Why.WORTH_LESS, Why.SLID_ALREADY, Why.NOTHING_TO_PLAY,
        Why.SLIDE_TOO_MUCH, Why.IN_THE_WAY, Why.OFF_IS_WHOLE, Why.PARTLY_OFF,
    },
}  # fmt: skip
PLAIN = "That move is not allowed here"


def sample(why: Why) -> Refusal:
    """A refusal of kind `why` with every fact filled in, as the rules would."""
    example = Place(5, "v", 4)
    return Refusal(why, 34, 5, 2, Player.LIGHT, 7, 9, example)


def test_every_refusal_of_every_game_has_its_own_words():
    for name, own in OWN.items():
        game = GAMES[name]
        for why in SHARED | own:
            words = game.why_not(sample(why))
            assert words and words != PLAIN, (name, why)
            assert notation_in(words) is None, (name, why, words)
    # everything else still gets plain words, never the engine's message
    assert why_not(Refusal()) == PLAIN
    assert why_not(NotationError("5q99 is not a move")) == "That is not a move"


def test_a_cell_is_named_as_the_board_faces():
    taken = Refusal(Why.TAKEN, 34)
    assert why_not(taken) == "That cell is taken (row 3, column 4)"
    assert why_not(taken, Player.LIGHT) == "That cell is taken (row 6, column 5)"


def test_a_refused_placement_says_why_in_words(app):
    """A click where the piece does not fit: the bar says so in words (it once said
    "7v33: cell 33 is taken")."""
    state = new_game("isaac").play("7h30")
    scene = app.open("match", GameSetup(history=(new_game("isaac"), state)))
    run(app, 2)
    scene.play.placement.direction[Player.LIGHT] = "v"
    scene.play.placement.length[Player.LIGHT] = 7
    click(app, scene.play.board.cell_center(33))
    assert scene.match.state is state  # refused
    assert scene.bar.warn and scene.bar.text == "That cell is taken (row 3, column 3)"
    pygame.event.clear()


def test_isaac_names_a_placements_cells_in_the_numbers_the_board_shows():
    """A move's words name its cells as the board facing the screen numbers them
    (docs/rules.md 0: Light's own column of Dark's column 4 is 5, its rows 0-4 are 9-5)."""
    before = new_game("isaac")
    move = Place(5, "v", 4)
    after = before.play(move)
    told = GAMES["isaac"].describe
    assert told(before, move, after).text == "Dark places the 3 on column 4, rows 0-4"
    assert told(before, move, after, Player.LIGHT).text == "Dark places the 3 on column 5, rows 5-9"
