"""FOUNDATIONS' moves in the words players use: what the bar announces, the move list
lists and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0),
a cell by its row and column as read from the side of the board facing the screen.
Every sentence is worded in the player's language (`isaac_game.i18n`)."""

from __future__ import annotations

from isaac_game.i18n import _
from isaac_game.rules import (
    VALUE,
    FoundationsState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Why,
)

from ...widgets.move_words import MoveWords
from ...words import cell_words, place_words, side_name, span_words


def describe(
    before: FoundationsState, move: Move, after: FoundationsState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark places the 2 on row 3, columns 2-5, level 1: 34 in hand`, `Light moves up
    to level 2 with the 3 on column 4, rows 0-4: 20 in hand`, `Dark cannot place:
    passes`."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = side_name(mover)
    if isinstance(move, Pass) or not isinstance(move, Place):
        said = _("{player} cannot place: passes").format(player=who)
        return MoveWords(said, _game_over(after, _("Both players passed")))
    hand = after.scores[mover.index]
    if move.level > before.current_level(mover):
        where = span_words(move.length, move.direction, move.cell, facing)
        # TRANSLATORS: {hand}: the value the player has left in hand after the move
        text = _(
            "{player} moves up to level {level} with the {value} on {where}: {hand} in hand"
        ).format(player=who, level=move.level, value=VALUE[move.length], where=where, hand=hand)
    else:
        # TRANSLATORS: {placement}: "the 3 on row 5, columns 2-6, level 1"; {hand}: the
        # value the player has left in hand after the move
        text = _("{player} places {placement}: {hand} in hand").format(
            player=who, placement=place_words(move, facing, level=True), hand=hand
        )
    return MoveWords(text, _game_over(after, _("Game over")))


def tiebreak_words(state: FoundationsState) -> str | None:
    """How equal hands were decided, level by level (docs/rules.md 2.7), from the rules'
    facts, in the player's language; None when the hands were not equal."""
    facts = state.tiebreak_facts
    if facts is None:
        return None
    # TRANSLATORS: the start of FOUNDATIONS' tie-break; {value}: each hand's value
    parts = [_("hands tied at {value}").format(value=facts.hand_value)]
    for level, dark, light in facts.levels:
        if dark == light:
            # TRANSLATORS: {value}: each player's total value on that level
            parts.append(_("level {level}: {value} each").format(level=level, value=dark))
            continue
        win = Player.DARK if dark < light else Player.LIGHT
        mine, theirs = (dark, light) if win is Player.DARK else (light, dark)
        # TRANSLATORS: {winner}/{loser}: Dark or Light; the values: their totals on it
        text = _(
            "level {level}: {winner} {winner_value} against {loser} {loser_value}, so {winner} wins"
        )
        parts.append(
            text.format(
                level=level,
                winner=side_name(win),
                winner_value=mine,
                loser=side_name(win.other),
                loser_value=theirs,
            )
        )
    if facts.winner is None:
        parts.append(_("equal on every level: a draw"))
    return "; ".join(parts)


def result(state: FoundationsState) -> str:
    """Why the game ended as it did: the tie-break, or the lower value left in hand."""
    winner = state.winner
    tiebreak = tiebreak_words(state)
    if tiebreak is not None:
        # TRANSLATORS: {reason}: how equal hands were decided, level by level
        return _("Tie-break: {reason}").format(reason=tiebreak)
    if winner is not None:
        won, lost = sorted(state.scores)
        return _(
            "{player} has less value left in hand: {winner_value} against {loser_value} "
            "(lower wins)"
        ).format(player=side_name(winner), winner_value=won, loser_value=lost)
    return _("Both players passed; the lower value left in hand wins")


def _game_over(after: FoundationsState, why: str) -> str:
    """`why` (already worded) and the result, once the game is over."""
    if not after.is_over:
        return ""
    winner = after.winner
    if winner is None:
        # TRANSLATORS: {reason}: why the game ended ("Both players passed", "Game over")
        return _("{reason}: a draw").format(reason=why)
    # TRANSLATORS: {reason}: why the game ended ("Both players passed", "Game over")
    return _("{reason}: {player} wins").format(reason=why, player=side_name(winner))


def _at(text: str, cell: int | None, facing: Player) -> str:
    """`text (row 3, column 3)`: a refusal with the cell it is about, when known."""
    if cell is None:
        return text
    # TRANSLATORS: a refusal, then the cell it is about: "No piece there (row 3, column 3)"
    return _("{refusal} ({cell})").format(refusal=text, cell=cell_words(cell, facing))


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """FOUNDATIONS' own refusals in words (docs/rules.md 2); None: a shared one."""
    kind, level, cell = why.why, why.level, why.cell
    if kind is Why.LEVEL_DOWN:
        return _("You build on level {level} now, and never go back down").format(level=level)
    if kind is Why.LEVEL_SKIP and level is not None:
        return _(
            "You are on level {level}: you may only move up one level, to {next_level}"
        ).format(level=level, next_level=level + 1)
    if kind is Why.LEVEL_STILL_FITS:
        return _("A piece still fits on your level {level}, so you must play there").format(
            level=level
        )
    if kind is Why.SHORTER_ON_LEVEL and why.length is not None:
        # TRANSLATORS: {value}: the printed value of the player's last piece on this level
        return _(
            "Lengths never go down on a level: after a {value} here, play a {value} or more"
        ).format(value=VALUE[why.length])
    if kind is Why.UNDER_PIECE:
        said = _("That cell is under a piece on level {level}, and nothing goes under")
        return _at(said.format(level=level), cell, facing)
    if kind is Why.END_UNSUPPORTED:
        if why.side is None:
            said = _("An end is not on your piece on level {level}: it rests on nothing")
            return _at(said.format(level=level), cell, facing)
        said = _("An end is not on your piece on level {level}: it rests on {player}'s piece")
        return _at(said.format(level=level, player=side_name(Player(why.side))), cell, facing)
    if kind is Why.SAME_SUPPORT and why.length is not None:
        value = VALUE[why.length]
        if cell is None:
            # TRANSLATORS: {value}: the printed value of the piece under both ends
            return _(
                "Both ends rest on the same piece (your {value}): "
                "they need two different pieces of yours"
            ).format(value=value)
        # TRANSLATORS: {value}: the printed value of the piece under both ends, {cell}: where
        return _(
            "Both ends rest on the same piece (your {value} ({cell})): "
            "they need two different pieces of yours"
        ).format(value=value, cell=cell_words(cell, facing))
    return None
