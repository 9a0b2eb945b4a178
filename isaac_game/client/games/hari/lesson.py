"""HARI's lesson: a guided first game on real positions (docs/rules.md 3).

Every position is reached by real moves from `new_game("hari")`, one game played on
from step to step (the lesson skips ahead where the text says so). Every step asks for
one action, as the engine counts them: a slide keeps the turn, so a turn of slides
and a play is several steps. Every number in an explanation comes from the engine
(`slid_value`, `scores`, `min_length`, `slide_range`), and pieces are named by their
printed value (`piece_label`). A step's own text is one message for the translators,
its numbers written out: `_steps` checks them against the engine.
"""

from __future__ import annotations

from isaac_game.i18n import N_, _, ngettext
from isaac_game.rules import VALUE, Discard, HariState, Move, Pass, Place, Player, Slide

from ...learn.lesson import Lesson, Step, cells_of
from ...widgets.rules_pages import play_through
from ...words import place_words, side_name
from .words import piece_label, slide_words

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
        return _("the {value}").format(value=VALUE[move.length])
    return _("a pass")


def _scores(state: HariState) -> str:
    dark, light = state.scores
    return _("Value on the board: Dark {dark}, Light {light}.").format(dark=dark, light=light)


def _placed_first(before: HariState, move: Move, after: HariState) -> str:
    # TRANSLATORS: {move}: "the 1 on row 0, columns 0-2"; {scores}: "Value on the board: ..."
    text = _(
        "Placed: {move}. Only pieces on the board count, by their printed value. {scores} "
        "Light places its own 1 next; then it is your turn again."
    )
    return text.format(move=_said(before, move), scores=_scores(after))


def _longer(before: HariState, move: Move, after: HariState) -> str:
    least, short = after.min_length(Player.DARK), after.hand(Player.DARK)[3]
    # TRANSLATORS: {count} {piece}: "4 1 (3 cells)", how many of that piece are in hand
    text = ngettext(
        "Placed: {move}. Your plays now must be at least {least} cells long: plays never get "
        "shorter, so the {count} {piece} piece left in your hand can never be played. Short "
        "pieces first! {scores}",
        "Placed: {move}. Your plays now must be at least {least} cells long: plays never get "
        "shorter, so the {count} {piece} pieces left in your hand can never be played. Short "
        "pieces first! {scores}",
        short,
    )
    return text.format(
        move=_said(before, move),
        least=least,
        count=short,
        piece=piece_label(3),
        scores=_scores(after),
    )


def _slid(before: HariState, move: Move, after: HariState) -> str:
    text = _(
        "Slid: {move}. It is still your turn: slides come before your play, and each piece "
        "slides at most once a turn. Value slid this turn: {slid}."
    )
    return text.format(move=_said(before, move), slid=after.slid_value)


def _budget(before: HariState, move: Move, after: HariState) -> str:
    # TRANSLATORS: {piece}, {small}: pieces as "3 (5 cells)"; {worth}: the small one's value
    text = _(
        "Slid: {move}. Value slid this turn: {slid}. The piece you play now must be worth at "
        "least {slid}: a {piece} or more. Your {small} pieces are worth only {worth}."
    )
    return text.format(
        move=_said(before, move),
        slid=after.slid_value,
        piece=piece_label(5),
        small=piece_label(4),
        worth=VALUE[4],
    )


def _played(before: HariState, move: Move, after: HariState) -> str:
    text = _(
        "Placed: {move}. The play ends your turn; the slid value starts again from {slid} "
        "next turn. {scores}"
    )
    return text.format(move=_said(before, move), slid=after.slid_value, scores=_scores(after))


def _slid_off(before: HariState, move: Move, after: HariState) -> str:
    text = _(
        "Slid off: {move}. That 1 is out of the game, and the value slid counts it: {slid}. "
        "It was not a play: your plays must still be at least {least} cells. {scores}"
    )
    return text.format(
        move=_said(before, move),
        slid=after.slid_value,
        least=after.min_length(Player.DARK),
        scores=_scores(after),
    )


def _discarded(before: HariState, move: Move, after: HariState) -> str:
    text = _(
        "Discarded: {move}, a {piece} out of the game. A discard is a play: it ends your "
        "turn and counts for the lengths (at least {least} cells from now). Discard when no "
        "piece fits, or when placing one would help the other side. {scores}"
    )
    return text.format(
        move=_said(before, move),
        piece=piece_label(5),
        least=after.min_length(Player.DARK),
        scores=_scores(after),
    )


def _passed(before: HariState, move: Move, after: HariState) -> str:
    left = sum(after.hand(Player.DARK).values())
    text = ngettext(
        "You passed. You still hold {count} piece, but each is shorter than {least} cells, "
        "so you can never play again and pass on every turn. When both pass in a row, the "
        "game ends. {scores}",
        "You passed. You still hold {count} pieces, but each is shorter than {least} cells, "
        "so you can never play again and pass on every turn. When both pass in a row, the "
        "game ends. {scores}",
        left,
    )
    return text.format(count=left, least=after.min_length(Player.DARK), scores=_scores(after))


def _finished(before: HariState, move: Move, after: HariState) -> str:
    final = after
    while not final.is_over and [*final.legal_moves()] == [Pass()]:
        final = final.play(Pass())
    dark, light = final.scores
    if final.winner is None:
        text = _(
            "Placed: {move}. Light can play nothing shorter than 7 cells now, so both sides "
            "pass and the game ends. Value on the board: Dark {dark}, Light {light}: Nobody "
            "(a draw) wins. Equal values would be a draw."
        )
    else:
        text = _(
            "Placed: {move}. Light can play nothing shorter than 7 cells now, so both sides "
            "pass and the game ends. Value on the board: Dark {dark}, Light {light}: {player} "
            "wins. Equal values would be a draw."
        )
    winner = side_name(final.winner) if final.winner else ""
    return text.format(move=_said(before, move), dark=dark, light=light, player=winner)


def _places(state: HariState, length: int) -> frozenset[str]:
    return frozenset(
        str(m) for m in state.legal_moves() if isinstance(m, Place) and m.length == length
    )


#: The engine's numbers the steps' texts write out: how far Dark's 1 may slide right,
#: how far its 2, the value slid after both slides, the same before the play, and the
#: values on the board before Light's last play.
SAID = (7, 6, 3, 3, 11, 6)


def _steps() -> tuple[Step[HariState], ...]:
    start, second, slide, again, play = at(0), at(2), at(4), at(5), at(6)
    off, discard, stuck, last = at(8), at(9), at(13), at(14)
    budget = again.slid_value + again.piece_at(20).value  # type: ignore[union-attr]
    found = (slide.slide_range(0).high, again.slide_range(20).high, budget, play.slid_value)
    if (*found, *last.scores) != SAID:  # the texts below would not tell the truth
        raise AssertionError(f"the HARI lesson says {SAID}, the engine {found} {last.scores}")
    return (
        Step(
            N_("Pieces and placing"),
            start,
            N_(
                "HARI: the most value on the board wins. Each side has 15 bars, 3 to 7 cells "
                "long; a bar's value is the number printed on it: a 1 (3 cells), a 6 (7 cells). "
                "You are Dark and move first. Your 1 (3 cells) is picked (your hand is on the "
                "left): put it on the lit cells (row 0, columns 0-2). Point and click, or arrows "
                "and Enter (pad: D-pad, A)."
            ),
            cells_of("3h00"),
            frozenset({"3h00"}),
            N_("A fine move in a game, but this step asks for the lit cells (row 0)."),
            _placed_first,
        ),
        Step(
            N_("Plays never shrink"),
            second,
            N_(
                "Each turn you play exactly one piece from your hand. Pick your 2 (4 cells) "
                "(press 2, or click it in your hand) and put it on the lit cells (row 2, "
                "columns 0-3). After that, no play of yours may be shorter than 4 cells."
            ),
            cells_of("4h20"),
            frozenset({"4h20"}),
            N_("Legal, but this step asks for your 2 (4 cells) on the lit cells (row 2)."),
            _longer,
        ),
        Step(
            N_("Slide a piece"),
            slide,
            N_(
                "Before you play, you may slide your own pieces along their line, never "
                "through another piece. Your 1 on row 0 may slide right up to 7 cells. Slide "
                "it two cells right, onto columns 2-4: drag it, or click it and press Right "
                "twice, then Enter."
            ),
            cells_of("3h00", "3h02"),
            frozenset({"s00+2"}),
            N_("Legal, but this step asks you to slide the 1 two cells right, onto columns 2-4."),
            _slid,
        ),
        Step(
            N_("Slides limit the play"),
            again,
            N_(
                "Slide the 2 on row 2 one cell right too (it may go up to 6). Watch the sum: "
                "the piece you play this turn must be worth at least the value you slid; after "
                "this slide that is 3."
            ),
            cells_of("4h20", "4h21"),
            frozenset({"s20+1"}),
            N_("Legal, but this step asks you to slide the 2 one cell right, onto columns 1-4."),
            _budget,
        ),
        Step(
            N_("Then play"),
            play,
            N_(
                "Now play. Your 2 (4 cells) is not worth the 3 you slid (press 2 to see why). "
                "Pick your 3 (5 cells) (press 3) and put it on the lit cells (row 4, columns "
                "0-4). The play ends your turn."
            ),
            cells_of("5h40"),
            frozenset({"5h40"}),
            N_("Legal, but this step asks for your 3 (5 cells) on the lit cells (row 4)."),
            _played,
        ),
        Step(
            N_("Slide off the board"),
            off,
            N_(
                "A slide may take a piece off the board, if every cell up to the edge is "
                "empty: the piece leaves the game. Slide your 1 on row 0 off the left edge: "
                "drag it past the edge, or click it, press Left until it shows off the "
                "board, then Enter."
            ),
            cells_of("3h00", "3h02"),
            frozenset({"s02-x"}),
            N_("Legal, but this step asks you to slide the 1 on row 0 off the left edge."),
            _slid_off,
        ),
        Step(
            N_("Discard"),
            discard,
            N_(
                "Instead of placing, you may discard the piece you play: it leaves the game. "
                "Your 3 (5 cells) is picked: press D (pad Y, or the bar's Discard button); it "
                "asks first, so press it again to discard."
            ),
            frozenset(),
            frozenset({"d5"}),
            N_("Legal, but this step asks you to discard your 3 (5 cells): press D twice."),
            _discarded,
        ),
        Step(
            N_("Passing"),
            stuck,
            N_(
                "Later: you placed your 6 (7 cells) on row 5, Light discarded a 3 and a 4. "
                "No piece in your hand is 7 cells long now, so you cannot play: you pass. "
                "In a game the pass is made for you; here, make it yourself."
            ),
            frozenset(),
            frozenset({"pass"}),
            "",
            _passed,
        ),
        Step(
            N_("The end: who wins"),
            last,
            N_(
                "Play Light now (the lesson gives you both sides). Dark has 11 on the board, "
                "Light 6. Light's last playable pieces are its 4 (6 cells) and 6 (7 cells): "
                "press 6, and place the 6 on the lit row 3 (in your own numbers) to win."
            ),
            cells_of("7h60"),
            _places(last, 7),
            N_("That would leave Light short of Dark's 11. Place Light's 6 (7 cells)."),
            _finished,
        ),
    )


LESSON = Lesson("hari", N_("HARI: your first game"), _steps())
