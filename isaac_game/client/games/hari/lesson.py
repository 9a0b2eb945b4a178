"""HARI's lesson: a guided first game on real positions (docs/rules.md 3).

Every position is reached by real moves from `new_game("hari")`, one game played on
from step to step (the lesson skips ahead where the text says so). Every step asks for
one action, as the engine counts them: a slide keeps the turn, so a turn of slides
and a play is several steps. Every number in an explanation comes from the engine
(`slid_value`, `scores`, `min_length`, `slide_range`), and pieces are named by their
printed value (`piece_name`).
"""

from __future__ import annotations

from isaac_game.rules import VALUE, Discard, HariState, Move, Pass, Place, Player, Slide, piece_name

from ...learn.lesson import Lesson, Step, cells_of
from ...widgets.rules_pages import play_through
from ...words import place_words
from .words import slide_words

#: The lesson's game, ply by ply: the moves each step starts from are a prefix of it.
GAME: tuple[str, ...] = (
    *("3h00", "3h90", "4h20", "4h96"),  # steps 1-2: placing, lengths
    *("s00+2", "s20+1", "5h40", "5h80"),  # steps 3-5: two slides, then the play
    *("s02-x", "d5", "d5", "7h50", "d6", "pass"),  # steps 6-9: off, discard, pass
)


def at(plies: int) -> HariState:
    """The lesson's game after its first `plies` moves, played by the engine."""
    return play_through(HariState, GAME[:plies])[-1]


def _said(before: HariState, move: Move) -> str:
    """The action in words, as read from the mover's side (each step is shown from it)."""
    facing = before.to_move or Player.DARK
    if isinstance(move, Place):
        return place_words(move, facing)
    if isinstance(move, Slide):
        return slide_words(before, move, facing)
    if isinstance(move, Discard):
        return f"the {VALUE[move.length]}"
    return "a pass"


def _scores(state: HariState) -> str:
    dark, light = state.scores
    return f"Value on the board: Dark {dark}, Light {light}."


def _placed_first(before: HariState, move: Move, after: HariState) -> str:
    return (
        f"Placed: {_said(before, move)}. "
        "Only pieces on the board count, by their printed "
        f"value. {_scores(after)} Light places its own 1 next; then it is your turn again."
    )


def _longer(before: HariState, move: Move, after: HariState) -> str:
    a = after
    least, short = a.min_length(Player.DARK), a.hand(Player.DARK)[3]
    return (
        f"Placed: {_said(before, move)}. "
        f"Your plays now must be at least {least} cells long: plays never "
        f"get shorter, so the {short} {piece_name(3)} pieces left in your hand can never "
        f"be played. Short pieces first! {_scores(after)}"
    )


def _slid(before: HariState, move: Move, after: HariState) -> str:
    a = after
    return (
        f"Slid: {_said(before, move)}. "
        "It is still your turn: slides come before your play, and each "
        f"piece slides at most once a turn. Value slid this turn: {a.slid_value}."
    )


def _budget(before: HariState, move: Move, after: HariState) -> str:
    a = after
    return (
        f"Slid: {_said(before, move)}. "
        f"Value slid this turn: {a.slid_value}. The piece you play now must be "
        f"worth at least {a.slid_value}: a {piece_name(5)} or more. Your "
        f"{piece_name(4)} pieces are worth only 2."
    )


def _played(before: HariState, move: Move, after: HariState) -> str:
    return (
        f"Placed: {_said(before, move)}. The play ends your turn; the slid value starts again from "
        f"{after.slid_value} next turn. {_scores(after)}"
    )


def _slid_off(before: HariState, move: Move, after: HariState) -> str:
    a = after
    return (
        f"Slid off: {_said(before, move)}. "
        "That 1 is out of the game, and the value slid counts it: "
        f"{a.slid_value}. It was not a play: your plays must still be at least "
        f"{a.min_length(Player.DARK)} cells. {_scores(after)}"
    )


def _discarded(before: HariState, move: Move, after: HariState) -> str:
    a = after
    return (
        f"Discarded: {_said(before, move)}, "
        f"a {piece_name(5)} out of the game. A discard is a play: it "
        f"ends your turn and counts for the lengths (at least "
        f"{a.min_length(Player.DARK)} cells from now). Discard when no piece fits, or "
        f"when placing one would help the other side. {_scores(after)}"
    )


def _passed(before: HariState, move: Move, after: HariState) -> str:
    a = after
    left = sum(a.hand(Player.DARK).values())
    return (
        f"You passed. You still hold {left} pieces, but each is shorter than "
        f"{a.min_length(Player.DARK)} cells, so you can never play again and pass on "
        f"every turn. When both pass in a row, the game ends. {_scores(after)}"
    )


def _finished(before: HariState, move: Move, after: HariState) -> str:
    final = after
    while not final.is_over and [*final.legal_moves()] == [Pass()]:
        final = final.play(Pass())
    dark, light = final.scores
    winner = final.winner.title if final.winner else "Nobody (a draw)"
    return (
        f"Placed: {_said(before, move)}. "
        "Light can play nothing shorter than 7 cells now, so both sides "
        f"pass and the game ends. Value on the board: Dark {dark}, Light {light}: "
        f"{winner} wins. Equal values would be a draw."
    )


def _places(state: HariState, length: int) -> frozenset[str]:
    return frozenset(
        str(m) for m in state.legal_moves() if isinstance(m, Place) and m.length == length
    )


def _steps() -> tuple[Step[HariState], ...]:
    start, second, slide, again, play = at(0), at(2), at(4), at(5), at(6)
    off, discard, stuck, last = at(8), at(9), at(13), at(14)
    r1 = slide.slide_range(0)
    r2 = again.slide_range(20)
    budget = again.slid_value + again.piece_at(20).value  # type: ignore[union-attr]
    d_end, l_end = last.scores
    return (
        Step(
            "Pieces and placing",
            start,
            "HARI: the most value on the board wins. Each side has 15 bars, 3 to 7 cells "
            f"long; a bar's value is the number printed on it: a {piece_name(3)}, a "
            f"{piece_name(7)}. You are Dark and move first. Your {piece_name(3)} is picked "
            "(your hand is on the left): put it on the lit cells (row 0, columns 0-2). Point "
            "and click, or "
            "arrows and Enter (pad: D-pad, A).",
            cells_of("3h00"),
            frozenset({"3h00"}),
            "A fine move in a game, but this step asks for the lit cells (row 0).",
            _placed_first,
        ),
        Step(
            "Plays never shrink",
            second,
            f"Each turn you play exactly one piece from your hand. Pick your "
            f"{piece_name(4)} (press 2, or click it in your hand) and put it on the lit "
            "cells (row 2, columns 0-3). After that, no play of yours may be shorter than 4 cells.",
            cells_of("4h20"),
            frozenset({"4h20"}),
            "Legal, but this step asks for your 2 (4 cells) on the lit cells (row 2).",
            _longer,
        ),
        Step(
            "Slide a piece",
            slide,
            "Before you play, you may slide your own pieces along their line, never "
            "through another piece. Your 1 on row 0 may slide right up to "
            f"{r1.high} cells. Slide it two cells right, onto columns 2-4: drag it, or click it "
            "and press Right twice, then Enter.",
            cells_of("3h00", "3h02"),
            frozenset({"s00+2"}),
            "Legal, but this step asks you to slide the 1 two cells right, onto columns 2-4.",
            _slid,
        ),
        Step(
            "Slides limit the play",
            again,
            "Slide the 2 on row 2 one cell right too (it may go up to "
            f"{r2.high}). Watch the sum: the piece you play this turn must be worth at "
            f"least the value you slid; after this slide that is {budget}.",
            cells_of("4h20", "4h21"),
            frozenset({"s20+1"}),
            "Legal, but this step asks you to slide the 2 one cell right, onto columns 1-4.",
            _budget,
        ),
        Step(
            "Then play",
            play,
            f"Now play. Your {piece_name(4)} is not worth the {play.slid_value} you slid "
            f"(press 2 to see why). Pick your {piece_name(5)} (press 3) and put it on the "
            "lit cells (row 4, columns 0-4). The play ends your turn.",
            cells_of("5h40"),
            frozenset({"5h40"}),
            "Legal, but this step asks for your 3 (5 cells) on the lit cells (row 4).",
            _played,
        ),
        Step(
            "Slide off the board",
            off,
            "A slide may take a piece off the board, if every cell up to the edge is "
            "empty: the piece leaves the game. Slide your 1 on row 0 off the left edge: "
            "drag it past the edge, or click it, press Left until it shows off the "
            "board, then Enter.",
            cells_of("3h00", "3h02"),
            frozenset({"s02-x"}),
            "Legal, but this step asks you to slide the 1 on row 0 off the left edge.",
            _slid_off,
        ),
        Step(
            "Discard",
            discard,
            "Instead of placing, you may discard the piece you play: it leaves the game. "
            f"Your {piece_name(5)} is picked: press D (pad Y, or the bar's Discard "
            "button); it asks first, so press it again to discard.",
            frozenset(),
            frozenset({"d5"}),
            "Legal, but this step asks you to discard your 3 (5 cells): press D twice.",
            _discarded,
        ),
        Step(
            "Passing",
            stuck,
            "Later: you placed your 6 (7 cells) on row 5, Light discarded a 3 and a 4. "
            "No piece in your hand is 7 cells long now, so you cannot play: you pass. "
            "Watch: the game passes for you.",
            frozenset(),
            frozenset({"pass"}),
            "",
            _passed,
        ),
        Step(
            "The end: who wins",
            last,
            f"Play Light now (the lesson gives you both sides). Dark has {d_end} on the "
            f"board, Light {l_end}. Light's last playable pieces are its 4 (6 cells) and "
            "6 (7 cells): press 6, and place the 6 on the lit row 3 (in your own numbers) to win.",
            cells_of("7h60"),
            _places(last, 7),
            f"That would leave Light short of Dark's {d_end}. Place Light's 6 (7 cells).",
            _finished,
        ),
    )


LESSON = Lesson("hari", "HARI: your first game", _steps())
