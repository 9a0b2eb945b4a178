"""ISAAC puzzles: scoring-phase positions (`IsaacState.setup`), one removal to find.

Each was found by trying every legal move; `tests/client/learn/test_puzzles.py` proves again
that the stated answer reaches the best mark any move can reach.
"""

from __future__ import annotations

from functools import partial

from isaac_game.i18n import N_
from isaac_game.rules import IsaacState, Player

from ...learn.puzzles import Measure, Puzzle

DARK, LIGHT = Player.DARK, Player.LIGHT
#: The goal of the "score most" puzzles, for each side to move.
DARK_MOST = N_(
    "Dark to move. Score as much as you can with one removal: choose the piece, then move "
    "your counter."
)
LIGHT_MOST = N_(
    "Light to move. Score as much as you can with one removal: choose the piece, then move "
    "your counter."
)


def _setup(dark: list[str], light: list[str], **options: object) -> IsaacState:
    return IsaacState.setup(dark, light, **options)  # type: ignore[arg-type]


def _position(dark: list[str], light: list[str], **options: object) -> partial[IsaacState]:
    return partial(_setup, dark, light, **options)


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "isaac-1",
        N_("Score 16 with one removal"),
        DARK_MOST,
        _position(
            ["7h03", "4v57", "6h34", "5h14", "3v13", "5h61", "3v79", "3v76"],
            ["4h80", "3h53", "4v22", "3h45", "3v74", "3v10", "3h71", "5v11"],
            scores=(0, 10),
        ),
        ("x34-16",),
        Measure.POINTS,
        N_("Not the longest piece: the line with the most pieces on it pays."),
        clue=N_("Not the longest piece: look for the line with the most pieces on it."),
    ),
    Puzzle(
        "isaac-2",
        N_("Score 18: a counter doubles it"),
        DARK_MOST,
        _position(
            ["6v20", "3h74", "3h32", "5h13", "5h52", "7h93", "3h83", "3v18"],
            ["5v31", "4h21", "3v27", "4h65", "3h80", "3h02", "3h06", "4v49"],
            scores=(51, 58),
        ),
        ("x52-69",),
        Measure.POINTS,
        N_("A counter on the line doubles the points."),
        clue=N_("A counter on the piece's line doubles the points."),
    ),
    Puzzle(
        "isaac-3",
        N_("Light scores 16"),
        LIGHT_MOST,
        _position(
            ["7v35", "3h61", "4v67", "5h04", "3v64", "4h36", "3v78", "3v48", "3v20"],
            ["4v03", "3v21", "4v46", "5v02", "3h27", "3h81", "3h71", "3h51", "4v24"],
            to_move=LIGHT,
            scores=(57, 46),
        ),
        ("x03-62",),
        Measure.POINTS,
        N_("Light's score is counted in Light's own coordinates."),
        clue=N_("A short piece can pay most: count the pieces and the counters on its line."),
    ),
    Puzzle(
        "isaac-4",
        N_("Both counters on one line"),
        DARK_MOST,
        _position(
            ["6h32", "7h83", "3h20", "4v47", "5v29", "3v62", "3h91", "3h00"],
            ["4v50", "5h14", "3h03", "3h96", "3h74", "3v41", "3h25", "4v48"],
            scores=(32, 7),
        ),
        ("x62-48",),
        Measure.POINTS,
        N_("Two counters on the line: the smallest piece scores x 4."),
        clue=N_("Two counters on one line multiply by 4, even for the smallest piece."),
    ),
    Puzzle(
        "isaac-5",
        N_("Score 36 with one removal"),
        N_(
            "Dark to move; Dark last removed a 2 (4 cells), so no 1 may go now. Score as much "
            "as you can with one removal: choose the piece, then move your counter."
        ),
        _position(
            ["4v44", "6h12", "5v58", "3h31", "4v00", "7v35", "3h61"],
            ["7v19", "4v57", "3h24", "3h04", "3v56", "3h80", "4h40", "3h71"],
            scores=(25, 0),
            last_removed=(4, 3),
        ),
        ("x35-61",),
        Measure.POINTS,
        N_("Lengths never go down: only pieces of 4 cells or more may be removed."),
        clue=N_("Of the pieces you may remove, find one whose line has a counter on it."),
    ),
    Puzzle(
        "isaac-6",
        N_("Light scores 20"),
        LIGHT_MOST,
        _position(
            ["6v33", "4h22", "6v30", "5h92", "4h65", "4h86", "5v44", "3v28", "4h01"],
            ["4v52", "4h55", "4v29", "3h97", "3h10", "3v61", "5h15", "3v21"],
            to_move=LIGHT,
            scores=(52, 10),
        ),
        ("x55-30",),
        Measure.POINTS,
        "",
        clue=N_("A line with five other pieces and a counter on it pays best."),
    ),
    Puzzle(
        "isaac-7",
        N_("Block Light's last pieces"),
        N_(
            "Dark to move. Remove a piece and place your counter so that Light has no "
            "legal removal and must pass."
        ),
        _position(["4h42", "5v50", "7h83"], ["6v17", "4h75"], scores=(32, 23)),
        ("x83-37",),
        Measure.BLOCKS,
        N_("A counter may stop short of its full gain to stand on the opponent's piece."),
        clue=N_("Light's counter already stands on one of Light's two pieces."),
    ),
    Puzzle(
        "isaac-8",
        N_("Win from here"),
        N_("Dark to move, 85 to 87. Find the removal after which Dark wins whatever Light does."),
        _position(["5v35", "6h91", "3v07"], ["7v12", "4v21", "5v19"], scores=(85, 87)),
        ("x35-89",),
        Measure.WINS,
        "",
        clue=N_("The winning removal stops the counter short of its full gain."),
    ),
    Puzzle(
        "isaac-9",
        N_("Light wins from here"),
        N_("Light to move, 72 to 74. Find the removal after which Light wins whatever Dark does."),
        _position(["4h22", "3v53"], ["4v40", "6h10", "3h77"], to_move=LIGHT, scores=(74, 72)),
        ("x77-75",),
        Measure.WINS,
        "",
        clue=N_("The winning removal stops the counter short of its full gain."),
    ),
    Puzzle(
        "isaac-10",
        N_("The endgame race"),
        N_("Dark to move, 76 to 78. Find the removal after which Dark wins whatever Light does."),
        _position(["6h43", "4v08", "4v20"], ["7v12", "4h34"], scores=(76, 78)),
        ("x08-77",),
        Measure.WINS,
        "",
        clue=N_("The winning removal stops the counter short of its full gain."),
    ),
)
