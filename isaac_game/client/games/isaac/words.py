"""ISAAC's moves in the words players use: what the bar announces, the move list lists
and the replay shows (one place). A piece goes by its printed value (docs/rules.md 0), and
by the cells it lies on (`span_words`: "row 5, columns 2-6"), as FOUNDATIONS and HARI name
theirs: a line alone would tell two placements along one row, or two removals of equal
pieces on it, in the same words. Rows and columns are those of the player the board faces,
as the board's near edges and the hints name them (Light's own are (9 - r, 9 - c))."""

from __future__ import annotations

from isaac_game.i18n import _
from isaac_game.rules import (
    VALUE,
    WINNING_SCORE,
    IsaacState,
    Move,
    Pass,
    Place,
    Player,
    Refusal,
    Remove,
    Why,
)

from ...widgets.move_words import MoveWords
from ...words import piece_words, place_words, side_name, span_words


def describe(
    before: IsaacState, move: Move, after: IsaacState, facing: Player = Player.DARK
) -> MoveWords:
    """`Dark removes the 3 on row 5, columns 2-6: 3 x 4 x 2 = 24, counter to 36`,
    `Light places the 2 on row 3, columns 1-4`, `Dark cannot place: passes`; rows and
    columns as read from `facing`'s side of the board."""
    mover = before.to_move
    assert mover is not None  # a move was played from it
    who = side_name(mover)
    if isinstance(move, Pass):
        if before.phase == "placement":
            return MoveWords(
                _("{player} cannot place: passes").format(player=who), _placement_over(after)
            )
        # TRANSLATORS: {reason} says why the player has no removal (it may be empty)
        text = _("{player} passes and is out: {reason}")
        return MoveWords(
            text.format(player=who, reason=no_removal(before, mover)), _game_over(after)
        )
    if isinstance(move, Place):
        # TRANSLATORS: {placement}: "the 3 on row 5, columns 2-6"
        text = _("{player} places {placement}")
        return MoveWords(text.format(player=who, placement=place_words(move, facing)))
    piece = before.piece_at(move.cell) if isinstance(move, Remove) else None
    if not isinstance(move, Remove) or piece is None:  # cannot be: the move was legal
        return MoveWords(_("{player} removes a piece").format(player=who))
    points = before.removal_points(move.cell)
    start, end = before.scores[mover.index], after.scores[mover.index]
    where = span_words(piece.length, piece.direction, piece.anchor, facing)
    words = {"player": who, "value": VALUE[piece.length], "where": where, "points": points}
    if end >= WINNING_SCORE:
        # TRANSLATORS: {value} is the number printed on the piece; {where} its cells ("row
        # 5, columns 2-6"); {points} the sum ("3 x 4 x 2 = 24"); {score} where the counter
        # arrives
        text = _(
            "{player} removes the {value} on {where}: {points}, counter to {score}: off the track"
        )
        return MoveWords(text.format(score=end, **words), _("{player} wins").format(player=who))
    if end < start + points.points:
        # TRANSLATORS: the counter stopped short: {full} is where the full gain would take
        # it; {where}: the piece's cells ("row 5, columns 2-6")
        text = _(
            "{player} removes the {value} on {where}: {points}, counter to {score} (not {full})"
        )
        return MoveWords(
            text.format(score=end, full=start + points.points, **words), _game_over(after)
        )
    # TRANSLATORS: {where}: the piece's cells ("row 5, columns 2-6"); {points} the sum
    text = _("{player} removes the {value} on {where}: {points}, counter to {score}")
    return MoveWords(text.format(score=end, **words), _game_over(after))


def no_removal(state: IsaacState, player: Player) -> str:
    """Why `player` has no legal removal in `state`, in words, from the rules' own account
    (`removal_blockers`, docs/rules.md 1.3.2): a piece shorter than the last removal stays
    blocked whatever the counters do, so that reason is named before a counter's."""
    who = side_name(player)
    own = [p for p in state.pieces() if p.owner == player]
    if not own:
        return _("{player} has no pieces left").format(player=who)
    blockers = state.removal_blockers(player)
    floor = max((b.floor for b in blockers.values()), default=0)
    piece = piece_words(floor) if floor else ""
    if len(own) == 1:
        blocker = blockers.get(own[0].anchor)
        if blocker is None:
            return ""
        if blocker.floor:
            text = _("{player}'s one piece left is shorter than the {piece} {player} removed last")
            return text.format(player=who, piece=piece)
        assert blocker.counter is not None
        text = _("{player}'s one piece left is under {other}'s counter")
        return text.format(player=who, other=side_name(blocker.counter))
    if len(blockers) < len(own):
        return ""
    if all(b.floor for b in blockers.values()):
        text = _("{player}'s pieces left are all shorter than the {piece} {player} removed last")
        return text.format(player=who, piece=piece)
    if not floor:
        return _("{player}'s pieces left are all under counters").format(player=who)
    text = _(
        "{player}'s pieces left are shorter than the {piece} {player} removed last, "
        "or under a counter"
    )
    return text.format(player=who, piece=piece)


def tiebreak_words(state: IsaacState) -> str | None:
    """How equal scores were decided (docs/rules.md 1.4), from the rules' facts, in the
    player's language; None when the scores were not equal."""
    facts = state.tiebreak_facts
    if facts is None:
        return None
    win = facts.winner.index
    if facts.cells[0] != facts.cells[1]:
        text = _(
            "scores tied at {score}; {player}'s unplayed pieces make the longer line "
            "({cells} cells against {other_cells})"
        )
        return text.format(
            score=facts.score,
            player=side_name(facts.winner),
            cells=facts.cells[win],
            other_cells=facts.cells[1 - win],
        )
    if facts.pieces[0] != facts.pieces[1]:
        text = _(
            "scores tied at {score} and unplayed lines both {cells} cells; {player}'s has "
            "fewer pieces ({pieces} against {other_pieces})"
        )
        return text.format(
            score=facts.score,
            cells=facts.cells[0],
            player=side_name(facts.winner),
            pieces=facts.pieces[win],
            other_pieces=facts.pieces[1 - win],
        )
    text = _("scores tied at {score} and unplayed lines equal; Dark started the game and wins")
    return text.format(score=facts.score)


def blocked_words(state: IsaacState) -> dict[int, str]:
    """Why each of the mover's pieces cannot be removed now, by anchor, in the player's
    language (from the rules' `removal_blockers`: docs/rules.md 1.3.2)."""
    said = {}
    for anchor, blocker in state.removal_blockers().items():
        if blocker.floor:
            # TRANSLATORS: why a piece cannot be removed; {piece}: "3 (5 cells)"
            text = _("shorter than your last removal, a {piece}")
            said[anchor] = text.format(piece=piece_words(blocker.floor))
        elif blocker.counter is not None:
            # TRANSLATORS: why a piece cannot be removed; {player}: Dark or Light
            text = _("under {player}'s counter")
            said[anchor] = text.format(player=side_name(blocker.counter))
    return said


def result(state: IsaacState) -> str:
    """Why the game ended as it did: the tie-break, a counter off the track, or the
    higher score once both are out."""
    winner = state.winner
    tiebreak = tiebreak_words(state)
    if tiebreak is not None:
        # TRANSLATORS: {reason} is the tie-break that decided ("scores tied at 30; ...")
        return _("Tie-break: {reason}").format(reason=tiebreak)
    if max(state.scores) >= WINNING_SCORE:
        if not winner:
            return ""
        text = _("{player} reached {score} and left the track")
        return text.format(player=side_name(winner), score=max(state.scores))
    return _("Both players are out; the higher score wins")


def _placement_over(after: IsaacState) -> str:
    if after.phase == "placement":
        return ""
    first = after.first_passer
    if first is None:
        if after.is_over:
            return _("Placement over. Nobody can remove a piece: game over")
        return _("Placement over.")
    if after.is_over:
        text = _(
            "Placement over. {player} passed first and starts scoring. "
            "Nobody can remove a piece: game over"
        )
    else:
        text = _("Placement over. {player} passed first and starts scoring")
    return text.format(player=side_name(first))


def _game_over(after: IsaacState) -> str:
    if not after.is_over:
        return ""
    winner = after.winner
    if winner is None:
        return _("Both players are out: game over")
    return _("Both players are out: {player} wins").format(player=side_name(winner))


def refusal(why: Refusal, facing: Player = Player.DARK) -> str | None:
    """ISAAC's own refusals in words (docs/rules.md 1); None: a shared one."""
    kind, value, side = why.why, why.value, why.side
    if kind is Why.PLACEMENT_OVER:
        return _("The placement phase is over: now pieces are removed")
    if kind is Why.HAS_PASSED and side is not None:
        return _("{player} has passed and places no more").format(player=side_name(side))
    if kind is Why.NOT_SCORING:
        return _("Pieces are removed only in the scoring phase")
    if kind is Why.SHORTER and why.length is not None:
        text = _("That piece is shorter than your last removal, a {piece}")
        return text.format(piece=piece_words(why.length))
    if kind is Why.UNDER_COUNTER and side is not None:
        return _("{player}'s counter stands on that piece").format(player=side_name(side))
    if kind is Why.BACKWARDS:
        # TRANSLATORS: {score} is where the counter stands on the track
        return _("Your counter stands on {score} and never moves back").format(score=value)
    if kind is Why.TOO_FAR:
        return _("That removal is worth only {points} points").format(points=value)
    if kind is Why.FULL_GAIN:
        text = _("Off the track, the counter takes the full gain, to {score}")
        return text.format(score=value)
    if kind is Why.COUNTER_THERE and side is not None:
        text = _("{player}'s counter stands on that cell of the track")
        return text.format(player=side_name(side))
    return None
