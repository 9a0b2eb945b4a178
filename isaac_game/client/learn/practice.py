"""Your positions: the blunders of your analysed games, kept to practise (`stats.practice`).

An analysis that completes (or is read back from beside its save) hands its reviews
here; the blunders of the local players become positions: the human seat of a game
against the computer, this machine's seat in a LAN game, both seats in a hotseat game.
A database that cannot be written never stops the Review: the positions are simply
not kept this time (and the next analysis of the game tries again).

What is counted as waiting (on the title, in Learn to play) is what Your positions
opens: the positions due today of a game this client plays whose moves still replay
and where Hard's move is legal (`playable`). A position kept by another version of a
game, of a game this client does not have, or in bad notation is never counted.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterable
from datetime import date
from functools import lru_cache
from pathlib import Path

from isaac_game.ai.analysis import Mark, MoveReview
from isaac_game.i18n import _, ngettext
from isaac_game.rules import GameState, Headers, Player, replay
from isaac_game.stats import Stats
from isaac_game.stats.practice import Blunder, Position, add_blunders, due
from isaac_game.stats.results import Mistakes, mark_analysed

from ..storage import read_headers
from .lesson import LearnEntry


def today() -> date:
    """The day the schedule is kept by (the one place the client reads the clock for it)."""
    return date.today()


def keep_blunders(
    stats: Stats,
    game: str,
    moves: tuple[str, ...],
    reviews: Iterable[MoveReview],
    save: Path,
    when: date | None = None,
) -> int:
    """Keep the local players' blunders of an analysed saved game; how many were new."""
    players = tuple(side.value for side in Headers(read_headers(save)).local_players())
    if not players:
        return 0
    blunders = [
        Blunder(r.ply, r.mover.value, str(r.played), str(r.preferred), r.loss)
        for r in reviews
        if r.mark == Mark.BLUNDER
    ]
    try:
        return add_blunders(stats, game, moves, blunders, players, str(save), when or today())
    except sqlite3.Error:
        return 0


#: The analysis's two marks, in the order the stats count them.
MARKS = (Mark.MISTAKE, Mark.BLUNDER)


def keep_mistakes(stats: Stats, reviews: Iterable[MoveReview], save: Path) -> bool:
    """The stats learn that the game saved at `save` was analysed, with each side's
    mistakes and blunders (the analysis's own marks); False if it could not."""
    counts = {(p, mark): 0 for p in (Player.DARK, Player.LIGHT) for mark in MARKS}
    for review in reviews:
        if review.mark in MARKS:
            counts[(review.mover, review.mark)] += 1
    mistakes = Mistakes(*(counts[(p, mark)] for p in (Player.DARK, Player.LIGHT) for mark in MARKS))
    try:
        return mark_analysed(stats, save, mistakes)
    except sqlite3.Error:
        return False


def position_state(game: str, moves: tuple[str, ...]) -> GameState:
    """The position after `moves` from the start of `game` (ValueError or KeyError when
    they do not replay): the rules' replay, as the judge weighed it."""
    return replay(game, moves)


@lru_cache(maxsize=4096)
def _replays(game: str, moves: tuple[str, ...], best: str) -> bool:
    """Does `best` follow `moves` legally (asked once a run: the rules do not change)?"""
    try:
        position_state(game, moves).parse_move(best)
    except (ValueError, KeyError):
        return False
    return True


def playable(position: Position) -> bool:
    """Do the position's moves still replay, and is Hard's move legal there (a position
    kept by another version of a game may not)?"""
    return _replays(position.game, position.moves, position.best)


def playable_due(stats: Stats, games: Collection[str], when: date | None = None) -> list[Position]:
    """The positions to practise today that can be played here (`games`: the client's),
    the longest waiting first; none when the database cannot say."""
    try:
        waiting = due(stats, when or today())
    except sqlite3.Error:
        return []
    return [p for p in waiting if p.game in games and playable(p)]


def due_count(stats: Stats, games: Collection[str], when: date | None = None) -> int:
    """How many positions can be practised today (what Your positions would open)."""
    return len(playable_due(stats, games, when))


def practice_entry(stats: Stats, games: Collection[str], when: date | None = None) -> LearnEntry:
    """The Learn to play row "Your positions", with how many are due today."""
    count = due_count(stats, games, when)
    if not count:
        return LearnEntry(_("Your positions: none to practise today"), "positions", key="positions")
    # TRANSLATORS: the Learn to play row of the player's own mistakes to practise
    label = ngettext(
        "Your positions: {count} to practise today",
        "Your positions: {count} to practise today",
        count,
    ).format(count=count)
    return LearnEntry(label, "positions", key="positions")
