"""HARI's actions in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0) and
the cells it lies on, so two equal pieces along one row never read alike; "up" and
"right" are as the board is drawn, facing the side it faces (`board_view.way_word`),
and a slide off the board names the edge it leaves by, as either end may be open."""

from __future__ import annotations

from collections.abc import Sequence

from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.rules import (
    VALUE,
    BoardPiece,
    Discard,
    HariState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Slide,
    Why,
)

from ...widgets.board_view import way_word
from ...widgets.move_words import MoveWords
from ...words import cell_words, place_words, side_name, span_words

#: How many cells, in words ("two cells left").
NUMBERS = (
    N_("no cells"),
    N_("one cell"),
    N_("two cells"),
    N_("three cells"),
    N_("four cells"),
    N_("five cells"),
    N_("six cells"),
    N_("seven cells"),
    N_("eight cells"),
    N_("nine cells"),
)
#: A slide's whole words by the screen's way (`way_word`, an English key): `piece` is
#: the piece (`the 2 on row 2, columns 2-5`), `distance` how far in words (`two cells`).
SLIDES = {
    "left": N_("{piece}, {distance} left"),
    "right": N_("{piece}, {distance} right"),
    "up": N_("{piece}, {distance} up"),
    "down": N_("{piece}, {distance} down"),
}
#: A slide off the board by the screen's way: the edge it leaves by (`piece` as above).
OFF_EDGES = {
    "left": N_("{piece}, off the left edge"),
    "right": N_("{piece}, off the right edge"),
    "up": N_("{piece}, off the top edge"),
    "down": N_("{piece}, off the bottom edge"),
}


def way_name(way: str) -> str:
    """A way on the screen (`way_word`'s English key: left, right, up, down) in the
    player's language, said on its own ("left up to 3")."""
    if way == "left":
        return pgettext("way on the screen", "left")
    if way == "right":
        return pgettext("way on the screen", "right")
    if way == "up":
        return pgettext("way on the screen", "up")
    if way == "down":
        return pgettext("way on the screen", "down")
    return way


def reach_words(far: int, off: bool) -> str:
    """How far a piece may slide one way, as a template of `way` and `far` ("" if
    nowhere): `{way} up to {far} or off the board`."""
    if far > 1:
        # TRANSLATORS: {way} is left, right, up or down; {far} how many cells at most
        return _("{way} up to {far} or off the board") if off else _("{way} up to {far}")
    if far == 1:
        # TRANSLATORS: {way} is left, right, up or down: one cell that way
        return _("{way} 1 or off the board") if off else _("{way} 1")
    # TRANSLATORS: {way} is left, right, up or down
    return _("{way} off the board") if off else ""


def piece_label(length: int) -> str:
    """`3 (5 cells)`: the piece of `length` cells by its printed value, its length after
    (the rules' `piece_name`, in the player's language)."""
    # TRANSLATORS: a piece by the value printed on it, its length in cells after
    return _("{value} ({length} cells)").format(value=VALUE[length], length=length)


def cost_of_playing(state: HariState, player: Player, length: int) -> tuple[int, int, int]:
    """What playing the piece of `length` now leaves `player`, by the rules (docs/rules.md
    3.4 and 3.6): (the plays left after it, the pieces shorter than it in hand, and how
    many of those could still be played before it). Plays never get shorter, so after
    it only the pieces as long or longer can be played, one a turn; each can always be,
    since a discard is a play, and the game cannot end while the player can play (it
    ends when both pass). The shorter ones stay in hand for good."""
    hand, least = state.hand(player), state.min_length(player)
    after = sum(count for n, count in hand.items() if n >= length) - 1
    shorter = sum(count for n, count in hand.items() if n < length)
    given_up = sum(count for n, count in hand.items() if least <= n < length)
    return after, shorter, given_up


def cost_words(state: HariState, player: Player, length: int) -> str:
    """The bar's words when a piece is picked whose play would give up pieces that could
    still be played: how many plays are left after it ("" when it gives up none)."""
    after, shorter, given_up = cost_of_playing(state, player, length)
    if not given_up:
        return ""
    piece = piece_label(length)
    if after == 0:
        # TRANSLATORS: HARI, a piece just picked; {piece}: "6 (7 cells)"; plays never
        # get shorter, so the {count} pieces shorter than it can never be played
        text = ngettext(
            "Playing the {piece} now is your last play: after it you can only pass, and "
            "your {count} shorter piece stays in hand.",
            "Playing the {piece} now is your last play: after it you can only pass, and "
            "your {count} shorter pieces stay in hand.",
            shorter,
        )
        return text.format(piece=piece, count=shorter)
    # TRANSLATORS: HARI, a piece just picked; {piece}: "2 (4 cells)"; {count}: the
    # plays left after it (the pieces as long or longer)
    first = ngettext(
        "Playing the {piece} now leaves you {count} more play after it.",
        "Playing the {piece} now leaves you {count} more plays after it.",
        after,
    ).format(piece=piece, count=after)
    # TRANSLATORS: HARI: plays never get shorter, so these pieces could never be played
    second = ngettext(
        "Your {count} shorter piece could never be played.",
        "Your {count} shorter pieces could never be played.",
        shorter,
    ).format(count=shorter)
    # TRANSLATORS: two sentences, one after the other
    return _("{first} {second}").format(first=first, second=second)


def cells_words(count: int) -> str:
    """`one cell`, `two cells`."""
    if 0 <= count < len(NUMBERS):
        return _(NUMBERS[count])
    return ngettext("{count} cell", "{count} cells", count).format(count=count)


def piece_words(piece: BoardPiece, facing: Player = Player.DARK) -> str:
    """`the 2 on row 2, columns 2-5`: a piece on the board by its value and its cells
    (its line alone would tell two equal pieces along one row alike)."""
    where = span_words(piece.length, piece.direction, piece.anchor, facing)
    # TRANSLATORS: a piece on the board: "the 3 on row 5, columns 2-6"
    return _("the {value} on {where}").format(value=VALUE[piece.length], where=where)


def slide_words(state: HariState, move: Slide, facing: Player = Player.DARK) -> str:
    """`the 2 on row 2, columns 2-5, two cells left`, `the 1 on column 6, rows 0-2, off the
    bottom edge`: a slide (off the board by either end, so the edge is named)."""
    piece = state.piece_at(move.cell)
    if piece is None:
        return _("a piece")
    what = piece_words(piece, facing)
    way = way_word(piece.direction, move.sign, facing)
    if move.distance is None:
        edge = OFF_EDGES.get(way)
        if edge is None:  # a way word of another language: the plain words
            return _("{piece} off the board").format(piece=what)
        return _(edge).format(piece=what)
    template = SLIDES.get(way)
    distance = cells_words(move.distance)
    if template is None:  # a way word of another language: said after the distance
        return f"{what} {distance} {way}"
    return _(template).format(piece=what, distance=distance)


def describe(
    before: HariState, move: Move, after: HariState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark slides the 3 on row 5, columns 2-6, two cells left: slid 3 this turn`,
    `Light discards the 1 (3 cells)`, `Dark places the 4 on row 3, columns 2-7 after
    sliding 3: 14 on the board`; rows, columns and "left" as read from `facing`'s side of
    the board."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = side_name(mover)
    if isinstance(move, Pass):
        text = _("{player} cannot play any piece: passes").format(player=who)
        return MoveWords(text, _game_over(after))
    if isinstance(move, Slide):
        what = slide_words(before, move, facing)
        # TRANSLATORS: {slid} is the value of the pieces slid this turn so far
        text = _("{player} slides {slide}: slid {slid} this turn")
        return MoveWords(text.format(player=who, slide=what, slid=after.slid_value))
    slid = before.slid_value
    total = after.scores[mover.index]
    if isinstance(move, Discard):
        piece = piece_label(move.length)
        if slid:
            # TRANSLATORS: {total} is the value of the player's pieces on the board
            text = _("{player} discards the {piece} after sliding {slid}: {total} on the board")
        else:
            # TRANSLATORS: {total} is the value of the player's pieces on the board
            text = _("{player} discards the {piece}: {total} on the board")
        said = text.format(player=who, piece=piece, slid=slid, total=total)
    elif isinstance(move, Place):
        placed = place_words(move, facing)
        if slid:
            text = _("{player} places {placement} after sliding {slid}: {total} on the board")
        else:
            text = _("{player} places {placement}: {total} on the board")
        said = text.format(player=who, placement=placed, slid=slid, total=total)
    else:  # cannot be: the rules know no other HARI move
        said = _("{player} plays: {total} on the board").format(player=who, total=total)
    return MoveWords(said, _game_over(after))


def result(state: HariState) -> str:
    """Why the game ended as it did (docs/rules.md 3.7: most value on the board; draws happen)."""
    dark, light = state.scores
    winner = state.winner
    if winner is None:
        return _("Equal value on the board ({value} each): a draw").format(value=dark)
    low, high = sorted((dark, light))
    text = _("{player} has more value on the board: {high} to {low}")
    return text.format(player=side_name(winner), high=high, low=low)


def _game_over(after: HariState) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    if winner is None:
        return _("Game over: a draw")
    return _("Game over: {player} wins").format(player=side_name(winner))


def turn_phrases(
    actions: Sequence[tuple[Player, Move, HariState, HariState]], player: Player
) -> list[str]:
    """`slid the 1 off`, `placed the 4`: each of the player's actions among `actions`
    (mover, move, before, after) in a few words."""
    phrases = []
    for mover, move, before, _after in actions:
        if mover != player:
            continue
        if isinstance(move, Pass):
            phrases.append(_("passed"))
        elif isinstance(move, Slide):
            piece = before.piece_at(move.cell)
            if piece is None:
                off = move.distance is None
                phrases.append(_("slid a piece off") if off else _("slid a piece"))
            elif move.distance is None:
                phrases.append(_("slid the {value} off").format(value=VALUE[piece.length]))
            else:
                phrases.append(_("slid the {value}").format(value=VALUE[piece.length]))
        elif isinstance(move, Discard):
            phrases.append(_("discarded the {value}").format(value=VALUE[move.length]))
        elif isinstance(move, Place):
            phrases.append(_("placed the {value}").format(value=VALUE[move.length]))
    return phrases


def turn_words(actions: Sequence[tuple[Player, Move, HariState, HariState]], player: Player) -> str:
    """`slid the 1 off, placed the 4`: the player's actions among `actions` (mover, move,
    before, after), short enough for a panel's status line."""
    return ", ".join(turn_phrases(actions, player))


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """HARI's own refusals in words (docs/rules.md 3); None: a shared one."""
    kind, value = why.why, why.value
    if kind is Why.SHORTER and why.length is not None:
        text = _("Plays never get shorter: your last play was a {piece}")
        return text.format(piece=piece_label(why.length))
    if kind is Why.WORTH_LESS and why.length is not None:
        # TRANSLATORS: {slid} is the value of the pieces slid this turn
        text = _("A {piece} is worth less than the {slid} you slid this turn")
        return text.format(piece=piece_label(why.length), slid=value)
    if kind is Why.SLID_ALREADY:
        return _("That piece has slid this turn already (once a turn)")
    if kind is Why.NOTHING_TO_PLAY:
        return _("You have no piece left you could play, so nothing may slide")
    if kind is Why.SLIDE_TOO_MUCH:
        text = _("That would make {slid} slid this turn, and your best play is worth {best}")
        return text.format(slid=value, best=why.limit)
    if kind is Why.IN_THE_WAY and why.cell is not None:
        text = _("A piece is in the way ({cell})")
        return text.format(cell=cell_words(why.cell, facing))
    if kind is Why.OFF_IS_WHOLE:
        return _("A slide off the board takes the piece all the way off")
    if kind is Why.PARTLY_OFF:
        return _("The piece would stop partly off the board: it ends wholly on or wholly off")
    return None
