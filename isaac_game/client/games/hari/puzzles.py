"""HARI puzzles: positions reached by real moves from a new game, one turn to find
(slides, then the play). The goal is the game's own: the most value on the board.

Each was found by trying every turn (every order of slides, then every play);
`tests/client/learn/test_puzzles.py` proves again that no turn ends with more value on the
board than the stated answer.
"""

from __future__ import annotations

from functools import partial

from isaac_game.i18n import N_
from isaac_game.rules import GameState, new_game

from ...learn.puzzles import Measure, Puzzle, play_turn

#: The goals (one message each, translated where shown).
LIGHT_GOAL = N_(
    "Light to move. End this turn with as much value on the board as you can: slide your "
    "own pieces (each at most once) to make room, then place a piece."
)
DARK_GOAL = N_(
    "Dark to move. End this turn with as much value on the board as you can: slide your "
    "own pieces (each at most once) to make room, then place a piece."
)
BUDGET = N_(
    "A piece slid off the board is lost, and the piece you play must be worth at least "
    "the pieces you slid."
)


def _played(moves: str) -> GameState:
    return play_turn(new_game("hari"), moves.split())


def _position(moves: str) -> partial[GameState]:
    return partial(_played, moves)


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "hari-1",
        N_("Make room for the 4"),
        LIGHT_GOAL,
        _position(
            "3h42 3h70 3v54 3v14 3h04 3v76 3h91 3v57 3v10 3v40 4h45 4v07 4v31 4v49 4v68 "
            "4v09 4v02 4h80 5v55"
        ),
        ("s70+1", "s80+1", "s40+x", "6v40"),
        Measure.SCORE,
        BUDGET,
        clue=N_("Three slides: one of them takes your 1 (3 cells) off the board."),
    ),
    Puzzle(
        "hari-2",
        N_("Four slides for the 6"),
        LIGHT_GOAL,
        _position(
            "3h00 3v11 3v28 3h44 3v33 3v73 3v55 3v32 3v59 3v54 4h14 4v57 4v41 4h05 4v58 "
            "4h95 4h34 4v62 5h23 5v50 5v09 d5 d6 d5 d7"
        ),
        ("s32-2", "s57-1", "s62-2", "s73+x", "7h81"),
        Measure.SCORE,
        BUDGET,
        clue=N_("One of the four slides takes a 1 (3 cells) off the board."),
    ),
    Puzzle(
        "hari-3",
        N_("Two slides for the 4"),
        LIGHT_GOAL,
        _position(
            "3v17 3h91 3h73 3v68 3v40 3h51 3v01 3v70 3v16 3h31 4h81 4h46 4v04 4h55 4v09 "
            "4h42 4v69 4h95 5h63 d6 d5"
        ),
        ("s42-1", "s55+1", "6v05"),
        Measure.SCORE,
        BUDGET,
        clue=N_("Both slides move a 2 (4 cells) by one cell."),
    ),
    Puzzle(
        "hari-4",
        N_("Clear the way for the 6"),
        DARK_GOAL,
        _position(
            "3v01 3h67 3h17 3h37 3h41 3v15 3v54 3h91 3h55 3v02 4v16 4h85 4v20 4h60 4v14 "
            "4h75 4v03 4h96 5h04 5h80"
        ),
        ("s04+1", "s14-x", "s54-x", "7v04"),
        Measure.SCORE,
        BUDGET,
        clue=N_("Three slides, two of them off the board."),
    ),
    Puzzle(
        "hari-5",
        N_("Three slides, then the 6"),
        DARK_GOAL,
        _position(
            "3v21 3h64 3v53 3v25 3v13 3v14 3h42 3v60 3h46 3h07 4v51 4h15 4v58 4v59 4h74 "
            "4h26 4v52 4h54 5h83 5h94 5h00 5v10"
        ),
        ("s00+2", "s21-2", "s51+x", "7v31"),
        Measure.SCORE,
        BUDGET,
        clue=N_("Start with your 3 (5 cells); one piece leaves the board."),
    ),
    Puzzle(
        "hari-6",
        N_("Give up a 2 to play the 6"),
        LIGHT_GOAL,
        _position(
            "3v61 3v37 3v06 3v67 3v50 3v62 3v53 3v07 3v29 3h03 4h94 4h42 4h83 4v01 4v02 "
            "4v68 4v59 4h33 5v18"
        ),
        ("s42-x", "7h40"),
        Measure.SCORE,
        BUDGET,
        clue=N_("The 2 slides off the board, and the 6 goes where it was."),
    ),
)
