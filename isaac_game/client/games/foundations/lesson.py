"""FOUNDATIONS' lesson: a guided first game on real positions (docs/rules.md 2).

Every position is reached by real moves from `new_game("foundations")`, checked by the
engine: the first steps follow the rules pages' short game (`rulebook.STORY`), the last
ones two whole games of the rules pages' seeded kind, written out move by move as the
puzzles are. Every number in an explanation comes from the engine (`scores`: the value
in hand, `current_level`, `min_length`, `tiebreak`), and pieces are named by their
printed value (`piece_words`).

The steps' titles, texts and words for a wrong move are English, marked for the
catalogue (`N_`) and translated where the lesson shows them; what a step's `explain`
says is worded when the move is played.
"""

from __future__ import annotations

from isaac_game.i18n import N_, _
from isaac_game.rules import FoundationsState, Move, Pass, Place, Player

from ...learn.lesson import Lesson, Step, cells_of
from ...states import start
from ...widgets.rules_pages import play_through
from ...words import piece_words, side_name
from .words import tiebreak_words

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
    # TRANSLATORS: the value left in the player's hand before and after the move
    return _("Value in your hand: {before} to {after}.").format(
        before=before.scores[me], after=after.scores[me]
    )


def _first(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    if not isinstance(move, Place):  # the step asks for a placement
        return ""
    # TRANSLATORS: {piece}: "1 (3 cells)"; {hand}: "Value in your hand: 36 to 35."
    return _(
        "You placed a {piece}. {hand} That is the "
        "aim: the lower value left in hand wins. Your pieces: five 1s (3 cells), four 2s, "
        "three 3s, two 4s and one 6 (7 cells)."
    ).format(piece=piece_words(move.length), hand=_hand(before, after))


def _second(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    least = after.min_length(me)
    # TRANSLATORS: {hand}: "Value in your hand: 36 to 35."; {piece}: "1 (3 cells)"
    return _(
        "{hand} You are on level {level}; your "
        "shortest piece allowed there is now a {piece}. Level 1 pieces only "
        "go on empty cells: no piece ever overlaps another on its level."
    ).format(hand=_hand(before, after), level=after.current_level(me), piece=piece_words(least))


def _long(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    least = after.min_length(me)
    # TRANSLATORS: {hand}: "Value in your hand: 36 to 35."; {piece}: "6 (7 cells)";
    # {length}: its length in cells
    return _(
        "{hand} After your {piece}, only {length}-cell "
        "pieces or longer may go on level {level}, and you have none "
        "left: nothing you may play fits there any more. Next turn you move up."
    ).format(
        hand=_hand(before, after),
        piece=piece_words(least),
        length=least,
        level=after.current_level(me),
    )


def _bridge(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    # TRANSLATORS: {hand}: "Value in your hand: 36 to 35."; {piece}: "3 (5 cells)"
    return _(
        "{hand} You are on level {level} for good, "
        "and its shortest allowed piece is your {piece}: a "
        "new level starts a new run of lengths. You never play on level 1 again."
    ).format(
        hand=_hand(before, after),
        level=after.current_level(me),
        piece=piece_words(after.min_length(me)),
    )


def _passed(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    # TRANSLATORS: {value}: the value left in hand; {player}: the other side
    return _(
        "You passed, with value {value} still in hand. Only your own "
        "pieces hold up yours and the board only fills, so you will pass to the end. "
        "{player} goes on placing while it can."
    ).format(value=before.scores[me.index], player=side_name(me.other))


def _up_again(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    me = _mover(before)
    # TRANSLATORS: {hand}: "Value in your hand: 36 to 35."; {piece}: "2 (4 cells)"
    return _(
        "{hand} Up to level {level} with a "
        "{piece}: moving up, any piece in hand will do, so "
        "shed the most value you can."
    ).format(
        hand=_hand(before, after),
        level=after.current_level(me),
        piece=piece_words(after.min_length(me)),
    )


def _end(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    dark, light = after.scores
    if after.winner is None:
        # TRANSLATORS: {dark}/{light}: the value each has left in hand
        return _(
            "Two passes in a row: the game is over. Value left in hand: Dark {dark}, "
            "Light {light}. The lower wins: nobody."
        ).format(dark=dark, light=light)
    # TRANSLATORS: {dark}/{light}: the value each has left in hand; {player}: the winner
    return _(
        "Two passes in a row: the game is over. Value left in hand: Dark {dark}, "
        "Light {light}. The lower wins: {player}."
    ).format(dark=dark, light=light, player=side_name(after.winner))


def _tie(before: FoundationsState, move: Move, after: FoundationsState) -> str:
    final = after
    while not final.is_over and [*final.legal_moves()] == [Pass()]:
        final = final.play(Pass())
    hand, reason = _hand(before, after), tiebreak_words(final)
    if final.winner is None:
        # TRANSLATORS: {hand}: "Value in your hand: 13 to 10."; {reason}: the tie-break,
        # level by level
        return _(
            "{hand} Both pass and the game ends, hands equal. Tie-break: "
            "{reason}. The lower value on the highest level wins: nobody. (Equal "
            "on every level: a draw.)"
        ).format(hand=hand, reason=reason)
    # TRANSLATORS: {hand}: "Value in your hand: 13 to 10."; {reason}: the tie-break,
    # level by level; {player}: the winner
    return _(
        "{hand} Both pass and the game ends, hands equal. Tie-break: "
        "{reason}. The lower value on the highest level wins: {player}. (Equal "
        "on every level: a draw.)"
    ).format(hand=hand, reason=reason, player=side_name(final.winner))


def _steps() -> tuple[Step[FoundationsState], ...]:
    opening = start(FoundationsState)
    stuck, up, last = played(PASSING, 19), played(PASSING, 20), played(PASSING)
    return (
        Step(
            N_("Your pieces"),
            opening,
            N_(
                "FOUNDATIONS: get rid of the value in your hand. You are Dark and move first. "
                "Level 1 is the board itself. Press 1 for your 1 (3 cells), R to turn it "
                "upright, and put it on the lit cells (column 0, rows 0-2; click, or arrows and "
                "Enter; pad: "
                "D-pad, X, A)."
            ),
            cells_of("3v00"),
            frozenset({"3v00"}),
            N_("A fine move in a game, but this step asks for the lit cells (column 0)."),
            _first,
        ),
        Step(
            N_("Level 1: empty cells"),
            played(STORY, 2),
            N_(
                "Light put a 1 on column 2, rows 1-3. On level 1 a piece goes only on empty "
                "cells. Put another 1 (3 cells), upright, on the lit cells (column 4, rows 0-2)."
            ),
            cells_of("3v04"),
            frozenset({"3v04"}),
            N_("Legal, but this step asks for your 1 (3 cells) on the lit cells (column 4)."),
            _second,
        ),
        Step(
            N_("Lengths never go down"),
            played(STORY, 4),
            N_(
                "On your level, lengths never go down: each piece you place there is at least "
                "as long as your last one. While anything fits there, you must place there. "
                "Press 6 for your 6 (7 cells) and lay it along the lit cells (row 9, columns 0-6)."
            ),
            cells_of("7h90"),
            frozenset({"7h90"}),
            N_("Legal, but this step asks for your 6 (7 cells) on the lit cells (row 9)."),
            _long,
        ),
        Step(
            N_("Moving up: a bridge"),
            played(STORY),
            N_(
                "Nothing fits on level 1, so you move up to level 2 with any piece. Both "
                "ends must rest on two different pieces of yours one level down; the middle "
                "may bridge anything. Press 3 and lay your 3 (5 cells) on row 2, columns 0-4, "
                "from your 1 on column 0 to your 1 on column 4."
            ),
            cells_of("5h20"),
            frozenset({"5h20@2"}),
            N_("Legal, but this step asks for the bridge on the lit cells (row 2)."),
            _bridge,
        ),
        Step(
            N_("Passing"),
            stuck,
            N_(
                "Later in another game you play Light, on level 3. Nothing you may play fits "
                "there, and nothing fits on level 4 either: a player who cannot place must "
                "pass. In a game the pass is made for you; here, make it yourself."
            ),
            frozenset(),
            frozenset({"pass"}),
            "",
            _passed,
        ),
        Step(
            N_("Up with any piece"),
            up,
            N_(
                "Now you are Dark, on level 2, and nothing you may play fits there. Moving up "
                "to level 3, any length goes: your 1 fits on column 6, rows 5-7, your 2 on rows "
                "5-8. Take the 2 (4 cells): press 2 and put it upright on the lit cells (column "
                "6, rows 5-8)."
            ),
            cells_of("4v56"),
            frozenset({"4v56@3"}),
            N_("Legal, but the 2 (4 cells) sheds more value. Try it on the lit cells (column 6)."),
            _up_again,
        ),
        Step(
            N_("The end"),
            last,
            N_(
                "Light passed again, and now you are stuck too. When both pass in a row, the "
                "game ends. In a game the pass is made for you; here, make it yourself."
            ),
            frozenset(),
            frozenset({"pass"}),
            "",
            _end,
        ),
        Step(
            N_("The tie-break"),
            played(TIED),
            N_(
                "A third game: you are Light, on level 4, with 10 in hand against Dark's 9, "
                "and Dark is stuck. Place your 1 (3 cells) on the lit cells (row 6, columns "
                "1-3, in your own numbers): hands "
                "level, and see who wins a tie."
            ),
            cells_of("3h36"),
            frozenset({"3h36@4"}),
            N_("Legal, but this step asks for the lit cells (row 6)."),
            _tie,
        ),
    )


LESSON = Lesson("foundations", N_("FOUNDATIONS: your first game"), _steps())
