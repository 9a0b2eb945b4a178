"""FOUNDATIONS puzzles: positions reached by real moves from a new game, one move to
find. The goal is always the game's own: get rid of as much value as you can.

Each was found by trying every legal move; `tests/client/learn/test_puzzles.py` proves again
that no move leaves less value in hand than the stated answer.

Titles, goals, answers' words and clues are English, marked for the catalogue (`N_`)
and translated where the puzzle shows them (each goal one whole message).
"""

from __future__ import annotations

from functools import partial

from isaac_game.i18n import N_
from isaac_game.rules import GameState, new_game

from ...learn.puzzles import Measure, Puzzle, play_turn


def _played(moves: str) -> GameState:
    return play_turn(new_game("foundations"), moves.split())


def _position(moves: str) -> partial[GameState]:
    return partial(_played, moves)


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "foundations-1",
        N_("A bridge for the 6"),
        N_("Light to move, on level 2. Get rid of as much value as you can with this one move."),
        _position(
            "3h36 4h84 3v40 5h93 3v41 5v35 6v42 5v49 6h21 6v33 7h03 6h12 3v06@2 3h33@2 "
            "3h60@2 3v75@2 4v07@2 3h43@2 4v22@2 3h87@2 4v21@2"
        ),
        ("7h53@2",),
        Measure.HAND,
        N_("Only the ends of a piece need supports: the middle may bridge anything."),
        clue=N_("The 6 lies along a row, its ends on two of your pieces."),
    ),
    Puzzle(
        "foundations-2",
        N_("The 3 on level 2"),
        N_("Light to move. Get rid of as much value as you can with this one move."),
        _position(
            "4v54 4v20 7v27 4v43 4h54@2 4h92 4h74@2 4v02 4h84@2 6h13 3v54@3 6v41 3v56@3 "
            "7v28 3v57@3 3h12@2 3v55@3 3h61@2 3h65@4 3h91@2 pass"
        ),
        ("5v18@2",),
        Measure.HAND,
        "",
        clue=N_("The 3 stands upright in a column."),
    ),
    Puzzle(
        "foundations-3",
        N_("Two supports of your own"),
        N_("Dark to move. Get rid of as much value as you can with this one move."),
        _position(
            "5h12 4h32 5v56 6h60 5v00 6v47 6h23 7v19 6h80 5h65@2 7h02 5h35@2 3v06@2 "
            "4v37@3 3v05@2 4v39@3 3v03@2 4v35@3 3h00@2 3h35@4"
        ),
        ("4h83@2",),
        Measure.HAND,
        N_("Both ends must rest on two different pieces of your own colour, one level down."),
        clue=N_("Your 2 (4 cells), lying along a row."),
    ),
    Puzzle(
        "foundations-4",
        N_("The 3 on level 4"),
        N_("Light to move. Get rid of as much value as you can with this one move."),
        _position(
            "6v32 6v07 6v44 6v33 7v30 7v21 3h42@2 5h33@2 3h50@2 5h53@2 3h60@2 3v37@3 "
            "3h80@2 3v36@3 5h90@2 3v33@3 5h70@2 3v34@3 4v61@3 3v35@3 5v52@3 4h53@4 pass"
        ),
        ("5h33@4",),
        Measure.HAND,
        "",
        clue=N_("The 3 lies along a row."),
    ),
    Puzzle(
        "foundations-5",
        N_("Moving up: which piece?"),
        N_(
            "Light to move. Nothing Light may still play fits on level 2, so Light moves up "
            "to level 3 with any piece. Get rid of as much value as you can with this one move."
        ),
        _position(
            "4v19 3v15 4h80 5h71 5h55 5h85 7h03 6h40 4v09@2 6h61 6v08@2 7h92 6v07@2 "
            "3v43@2 3h27@3 4v41@2 3h37@3 4v64@2 3h17@3 5v45@2 3h07@3"
        ),
        ("4h61@3",),
        Measure.HAND,
        "",
        clue=N_("Your 2 (4 cells): going up a level, it need not be long."),
    ),
    Puzzle(
        "foundations-6",
        N_("High on level 5"),
        N_("Dark to move. Get rid of as much value as you can with this one move."),
        _position(
            "6h44 4v06 6v32 5v10 7h63 6v11 3v49@2 6h91 4h62@2 7h73 5h42@2 3v74@2 3v43@3 "
            "5v51@2 5h65@3 4h71@3 5h45@3 4h81@3 3v48@4 4h91@3 4h43@4 3v72@4 4h63@4 "
            "3v71@4 3v43@5 3v74@4"
        ),
        ("4h45@5",),
        Measure.HAND,
        "",
        clue=N_("Your 2 (4 cells), lying along a row on level 5."),
    ),
)
