"""FOUNDATIONS' lesson: a guided first game on real positions (docs/rules.md 2).

Every position is reached by real moves from `new_game("foundations")`, checked by the
engine: the first steps follow the rules pages' short game (`rulebook.STORY`), the last
ones two whole games of the rules pages' seeded kind, written out move by move as the
puzzles are. Every number in an explanation comes from the engine (`scores`: the value
in hand, `current_level`, `min_length`, `tiebreak`), and pieces are named by their
printed value (`piece_name`).
"""

from __future__ import annotations

from isaac_game.rules import FoundationsState, Move, Pass, Place, Player, piece_name

from ...learn.lesson import Lesson, Step, cells_of
from ...states import start
from ...widgets.rules_pages import play_through

#: Dark builds 3v00 and 3v04 on level 1, then its 6 (7h90); Light builds in between.
STORY = "3v00 3v12 3v04 4h60 7h90 5h70"
#: A whole game (seed 44 of `seeded_game`): Light gets stuck first and passes.
PASSING = (
    "5v58 3v51 5v01 4v34 5v46 5h05 6h22 5v50 6h91 7v29 7h12 4h51@2 3h56@2 6h34@2 "
    "4v66@2 6h44@2 4h21@2 3v34@3 4h11@2 pass 4v56@3 pass"
)
#: A whole game (seed 2 of `seeded_game`) that ends with equal hands.
TIED = (
    "3h71 3v17 3h64 4v14 3v47 7v19 6h84 4h24@2 6v08 6h44@2 7h90 6h14@2 4v57@2 "
    "3v26@3 4v66@2 4v18@3 4v65@2 4v17@3 4v64@2 3h46@4 3h74@3 3h26@4 3h64@3"
)


def played(moves: str, count: int | None = None) -> FoundationsState:
    """The position after the first `count` moves (all when None), each checked."""
    return play_through(FoundationsState, moves.split()[:count])[-1]


def _mover(state: FoundationsState) -> Player:
    assert state.to_move is not None
    return state.to_move


def _hand(before: FoundationsState, after: FoundationsState) -> str:
    """ "Value in your hand: 36 to 35." for the player who moved."""
    me = _mover(before).index
    return f"Value in your hand: {before.scores[me]} to {after.scores[me]}."


def _first(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    if not isinstance(move, Place):  # the step asks for a placement
        return ""
    return (
        f"You placed a {piece_name(move.length)}. {_hand(before, after)} That is the "
        "aim: the lower value left in hand wins. Your pieces: five 1s (3 cells), four 2s, "
        "three 3s, two 4s and one 6 (7 cells)."
    )


def _second(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    least = after.min_length(me)
    return (
        f"{_hand(before, after)} You are on level {after.current_level(me)}; your "
        f"shortest piece allowed there is now a {piece_name(least)}. Level 1 pieces only "
        "go on empty cells: no piece ever overlaps another on its level."
    )


def _long(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    least = after.min_length(me)
    return (
        f"{_hand(before, after)} After your {piece_name(least)}, only {least}-cell "
        f"pieces or longer may go on level {after.current_level(me)}, and you have none "
        "left: nothing you may play fits there any more. Next turn you move up."
    )


def _bridge(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    return (
        f"{_hand(before, after)} You are on level {after.current_level(me)} for good, "
        f"and its shortest allowed piece is your {piece_name(after.min_length(me))}: a "
        "new level starts a new run of lengths. You never play on level 1 again."
    )


def _passed(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    return (
        f"You passed, with value {before.scores[me.index]} still in hand. Only your own "
        "pieces hold up yours and the board only fills, so you will pass to the end. "
        f"{me.other.title} goes on placing while it can."
    )


def _up_again(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    return (
        f"{_hand(before, after)} Up to level {after.current_level(me)} with a "
        f"{piece_name(after.min_length(me))}: moving up, any piece in hand will do, so "
        "shed the most value you can."
    )


def _end(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    dark, light = after.scores
    winner = after.winner.title if after.winner else "nobody"
    return (
        f"Two passes in a row: the game is over. Value left in hand: Dark {dark}, "
        f"Light {light}. The lower wins: {winner}."
    )


def _tie(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    final = after
    while not final.is_over and [*final.legal_moves()] == [Pass()]:
        final = final.play(Pass())
    winner = final.winner.title if final.winner else "nobody"
    return (
        f"{_hand(before, after)} Both pass and the game ends, hands equal. Tie-break: "
        f"{final.tiebreak}. The lower value on the highest level wins: {winner}. (Equal "
        "on every level: a draw.)"
    )


def _steps() -> tuple[Step[FoundationsState], ...]:
    opening = start(FoundationsState)
    stuck, up, last = played(PASSING, 19), played(PASSING, 20), played(PASSING)
    return (
        Step(
            "Your pieces",
            opening,
            "FOUNDATIONS: get rid of the value in your hand. You are Dark and move first. "
            "Level 1 is the board itself. Press 1 for your 1 (3 cells), R to turn it "
            "upright, and put it on the lit cells (column 0, rows 0-2; click, or arrows and "
            "Enter; pad: "
            "D-pad, X, A).",
            cells_of("3v00"),
            frozenset({"3v00"}),
            "A fine move in a game, but this step asks for the lit cells (column 0).",
            _first,
        ),
        Step(
            "Level 1: empty cells",
            played(STORY, 2),
            "Light put a 1 on column 2, rows 1-3. On level 1 a piece goes only on empty "
            "cells. Put another 1 (3 cells), upright, on the lit cells (column 4, rows 0-2).",
            cells_of("3v04"),
            frozenset({"3v04"}),
            "Legal, but this step asks for your 1 (3 cells) on the lit cells (column 4).",
            _second,
        ),
        Step(
            "Lengths never go down",
            played(STORY, 4),
            "On your level, lengths never go down: each piece you place there is at least "
            "as long as your last one. While anything fits there, you must place there. "
            "Press 6 for your 6 (7 cells) and lay it along the lit cells (row 9, columns 0-6).",
            cells_of("7h90"),
            frozenset({"7h90"}),
            "Legal, but this step asks for your 6 (7 cells) on the lit cells (row 9).",
            _long,
        ),
        Step(
            "Moving up: a bridge",
            played(STORY),
            "Nothing fits on level 1, so you move up to level 2 with any piece. Both "
            "ends must rest on two different pieces of yours one level down; the middle "
            "may bridge anything. Press 3 and lay your 3 (5 cells) on row 2, columns 0-4, "
            "from your 1 on column 0 to your 1 on column 4.",
            cells_of("5h20"),
            frozenset({"5h20@2"}),
            "Legal, but this step asks for the bridge on the lit cells (row 2).",
            _bridge,
        ),
        Step(
            "Passing",
            stuck,
            "Later in another game you play Light, on level 3. Nothing you may play fits "
            "there, and nothing fits on level 4 either: a player who cannot place must "
            "pass. Watch: the game passes for you.",
            frozenset(),
            frozenset({"pass"}),
            "",
            _passed,
        ),
        Step(
            "Up with any piece",
            up,
            "Now you are Dark, on level 2, and nothing you may play fits there. Moving up "
            "to level 3, any length goes: your 1 fits on column 6, rows 5-7, your 2 on rows "
            "5-8. Take the 2 (4 cells): press 2 and put it upright on the lit cells (column "
            "6, rows 5-8).",
            cells_of("4v56"),
            frozenset({"4v56@3"}),
            "Legal, but the 2 (4 cells) sheds more value. Try it on the lit cells (column 6).",
            _up_again,
        ),
        Step(
            "The end",
            last,
            "Light passed again, and now you are stuck too. When both pass in a row, the "
            "game ends. Watch: the game passes for you.",
            frozenset(),
            frozenset({"pass"}),
            "",
            _end,
        ),
        Step(
            "The tie-break",
            played(TIED),
            "A third game: you are Light, on level 4, with 10 in hand against Dark's 9, "
            "and Dark is stuck. Place your 1 (3 cells) on the lit cells (row 6, columns "
            "1-3, in your own numbers): hands "
            "level, and see who wins a tie.",
            cells_of("3h36"),
            frozenset({"3h36@4"}),
            "Legal, but this step asks for the lit cells (row 6).",
            _tie,
        ),
    )


LESSON = Lesson("foundations", "FOUNDATIONS: your first game", _steps())
