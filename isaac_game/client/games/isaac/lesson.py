"""ISAAC's lesson: a guided first game on real positions (docs/rules.md 1).

Every position is built by the engine: real moves from a new game, or
`IsaacState.setup(...)` as the rules tests build them (the worked checks of docs/rules.md
1.6 are the rulebook's examples). Every number in an explanation comes from the
engine (`removal_points`, `scores`, `tiebreak`), as the game itself shows them.
"""

from __future__ import annotations

from isaac_game.i18n import N_, _
from isaac_game.rules import IsaacState, Move, Pass, Place, Player, Remove

from ...learn.lesson import Lesson, Step, cells_of
from ...states import start
from ...words import place_words, side_name
from .words import no_removal, tiebreak_words


def removals(state: IsaacState, cell: int, least: int = 0) -> frozenset[str]:
    """Every legal removal of the piece at `cell` (any target from `least` on)."""
    anchor = state.piece_at(cell)
    assert anchor is not None
    return frozenset(
        str(m)
        for m in state.legal_moves()
        if isinstance(m, Remove) and m.cell == anchor.anchor and m.target >= least
    )


def points_words(before: IsaacState, move: Move, after: IsaacState) -> str:
    """ "3 x 3 x 2 = 18: the value 3, N = 3 pieces on the line, M = 2 ..." from the engine."""
    if not isinstance(move, Remove):
        return ""
    p = before.removal_points(move.cell)
    mover = before.to_move
    assert mover is not None
    start, end = before.scores[mover.index], after.scores[mover.index]
    words = {"points": p, "value": p.value, "pieces": p.pieces, "multiplier": p.multiplier}
    if p.multiplier == 1:
        # TRANSLATORS: {points} is the sum ("3 x 3 = 9"); {start} and {end}: the counter's
        # score before and after
        text = _(
            "{points}: value {value}, N = {pieces} (pieces left on the line), M = "
            "{multiplier} (no counter on it before yours moved). Your counter: {start} "
            "to {end}."
        )
    elif p.multiplier == 2:
        text = _(
            "{points}: value {value}, N = {pieces} (pieces left on the line), M = "
            "{multiplier} (one counter on it before yours moved). Your counter: {start} "
            "to {end}."
        )
    else:
        text = _(
            "{points}: value {value}, N = {pieces} (pieces left on the line), M = "
            "{multiplier} (two counters on it before yours moved). Your counter: {start} "
            "to {end}."
        )
    return text.format(start=start, end=end, **words)


def _placed(before: IsaacState, move: Move, after: IsaacState) -> str:
    placed = place_words(move, before.to_move or Player.DARK) if isinstance(move, Place) else ""
    # TRANSLATORS: {placement} is "the 6 on row 0, columns 0-6"
    text = _(
        "Placed: {placement}. Now Light places, and you take turns placing until no piece "
        "fits. Placing is compulsory while you can."
    )
    return text.format(placement=placed)


def _passed(before: IsaacState, move: Move, after: IsaacState) -> str:
    return _(
        "You passed first, so you will start the scoring phase. Light goes on placing "
        "for as long as it can, then passes too. Pieces still in hand are set aside: "
        "they decide a tie."
    )


def _blocked(before: IsaacState, move: Move, after: IsaacState) -> str:
    # TRANSLATORS: {points} is the removal's account (whole sentences); {reason} why
    # Light has no removal
    text = _(
        "{points} You stopped short on purpose: {reason}. Light has no removal, passes and "
        "is out for good."
    )
    return text.format(
        points=points_words(before, move, after), reason=no_removal(after, Player.LIGHT)
    )


def _finished(before: IsaacState, move: Move, after: IsaacState) -> str:
    dark, light = after.scores
    # TRANSLATORS: {points} is the removal's account (whole sentences)
    text = _(
        "{points} 100 or more takes the counter off the track and ends the game at once: "
        "Dark wins, {dark} to {light}."
    )
    return text.format(points=points_words(before, move, after), dark=dark, light=light)


def _tie(before: IsaacState, move: Move, after: IsaacState) -> str:
    final = after
    while not final.is_over and [*final.legal_moves()] == [Pass()]:
        final = final.play(Pass())
    winner = side_name(final.winner) if final.winner else _("nobody")
    # TRANSLATORS: {points} is the removal's account (whole sentences); {reason} the
    # tie-break ("scores tied at 33; ..."); {player} the winner
    text = _(
        "{points} You have no piece left, so you pass and the game ends. Tie-break: "
        "{reason}. {player} wins. (Equal lines too? Dark, who started, wins: ISAAC has no "
        "draws.)"
    )
    return text.format(
        points=points_words(before, move, after), reason=tiebreak_words(final), player=winner
    )


def _steps() -> tuple[Step[IsaacState], ...]:
    opening = start(IsaacState)
    turned = opening.play("7h00").play("7h90")
    stuck = IsaacState.setup(
        ["6h60", "6v48", "5h24", "5h51", "5v09", "4h81", "4v12", "4v59", "4h04", "3v46"]
        + ["3h00", "3v37", "3h92", "3v11"],
        ["7h70", "6h13"],
        phase="placement",
    )
    first = IsaacState.setup(
        ["5h52", "3v49", "6h20"],
        ["3v40", "4v37", "5h80"],
        scores=(5, 41),
        first_passer=Player.DARK,
    )
    longer = IsaacState.setup(
        ["4h02", "6v38"], ["3h90", "3h97"], scores=(10, 12), last_removed=(5, 0)
    )
    example_2m = IsaacState.setup(["6v43"], ["7h30"], scores=(13, 0))
    short = IsaacState.setup(["6v43", "3h01", "4h10"], ["3h20"], scores=(16, 0))
    example_3 = IsaacState.setup(
        ["3v05", "3v07"], ["5h10", "4v09", "3v08"], to_move=Player.LIGHT, scores=(50, 0)
    )
    hundred = IsaacState.setup(["5h50", "3v45"], ["4h72", "4v36"], scores=(93, 40))
    tie = IsaacState.setup(
        ["5h50"],
        ["4h72", "4v36"],
        scores=(30, 33),
        out=(False, True),
        aside=({4: 1}, {3: 1}),
    )
    return (
        Step(
            N_("Place a piece"),
            opening,
            N_(
                "ISAAC begins with placing. Dark moves first: you are Dark. Your 6 (7 cells) is "
                "picked"
                " (your hand is on the left). Lay it along the bottom row, on the lit cells "
                "(row 0, columns 0-6): point at them and click, or use the arrows and Enter "
                "(pad: D-pad, A)."
            ),
            cells_of("7h00"),
            frozenset({"7h00"}),
            N_("That is a fine move in a game, but this step asks for the lit cells (row 0)."),
            _placed,
        ),
        Step(
            N_("Turn a piece"),
            turned,
            N_(
                "Light put its 6 on the top row. Now pick your 3 (5 cells): press 3, or click "
                "it in your hand. Turn it upright with R, a right-click, the wheel or X, and "
                "put it on the lit cells of column 4 (rows 1-5)."
            ),
            cells_of("5v14"),
            frozenset({"5v14"}),
            N_(
                "Legal, but not this step's: your 3 (5 cells), upright, on the lit cells of "
                "column 4."
            ),
            _placed,
        ),
        Step(
            N_("Passing"),
            stuck,
            N_(
                "Later the board fills. Your last piece, the 6 (7 cells), fits nowhere: a "
                "player who cannot place must pass, and never places again. In a game the pass "
                "is made for you; here, make it yourself."
            ),
            frozenset(),
            frozenset({"pass"}),
            "",
            _passed,
        ),
        Step(
            N_("Scoring: N and M"),
            first,
            N_(
                "Both passed and you passed first, so you start the scoring phase. Now you "
                "remove your own pieces and move your counter (on 5). Remove the lit 3: it "
                "scores value x N x M. Click it (or Enter), then a lit cell on your track, or "
                "Enter for the full gain."
            ),
            cells_of("5h52"),
            removals(first, 52),
            N_("This step asks you to remove the lit 3 (5 cells) on row 5."),
            points_words,
        ),
        Step(
            N_("Lengths never go down"),
            longer,
            N_(
                "You already removed a 5-cell piece. Each removal must be at least as long as "
                "every earlier one, so your 2 (4 cells) is stuck for good. Try it if you like; "
                "then remove the piece you may."
            ),
            cells_of("6v38"),
            frozenset(),
            "",
            points_words,
        ),
        Step(
            N_("M is read first"),
            example_2m,
            N_(
                "The rulebook's example 2: remove your 4 (6 cells) on column 3. Your counter "
                "on 13 stands on that column, so M = 2, even though the counter then moves "
                "off it: counters are read before yours moves."
            ),
            cells_of("6v43"),
            removals(example_2m, 43),
            N_("This step asks you to remove the lit 4 (6 cells)."),
            points_words,
        ),
        Step(
            N_("Stop short to block"),
            short,
            N_(
                "Your 4 (6 cells) is worth 8: your counter may go from 16 up to 24, or stop "
                "anywhere before. Light has one piece left, its 1 on row 2, columns 0-2. Stop "
                "short on a lit cell (click your 4, then the cell; or Left and Enter): a piece "
                "under a counter cannot be removed."
            ),
            frozenset({20, 21, 22}),
            frozenset({"x43-20", "x43-21", "x43-22"}),
            N_(
                "Legal, but it leaves Light a piece to remove. Choose your 4 again, then a lit "
                "cell: 20, 21 or 22."
            ),
            _blocked,
        ),
        Step(
            N_("Play Light: a row"),
            example_3,
            N_(
                "The rulebook's example 3: now play Light (the lesson gives you both sides); the "
                "board turns to face you, Light's own numbers nearest to you. Remove Light's 3 (5 "
                "cells) on row 8: four other pieces cross that row and no counter is on it."
            ),
            cells_of("5h10"),
            removals(example_3, 12),
            N_("This step asks you to remove Light's lit 3 (5 cells) on row 8."),
            points_words,
        ),
        Step(
            N_("Reach 100"),
            hundred,
            N_(
                "Your counter is on 93. Remove the lit 3 (5 cells) and take the full gain: "
                "a score of 100 or more ends the game at once."
            ),
            cells_of("5h50"),
            removals(hundred, 50, least=100),
            N_("Take the full gain this time: 100 or more wins at once."),
            _finished,
        ),
        Step(
            N_("The tie-break"),
            tie,
            N_(
                "Light is out; you trail 30 to 33 with one piece left. Remove the lit 3 and "
                "stop your counter exactly on 33, level with Light, to see who wins a tie."
            ),
            cells_of("5h50") | {33},
            frozenset({"x50-33"}),
            N_("For this step stop exactly on 33, the lit cell, level with Light."),
            _tie,
        ),
    )


LESSON = Lesson("isaac", N_("ISAAC: your first game"), _steps())
