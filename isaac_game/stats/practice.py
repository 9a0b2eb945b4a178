"""Your mistakes, to practise: the blunders of your analysed games, each a position
that comes back on a spaced-repetition schedule (the `positions` table of `db`).

A position solved comes back after 1, then 3, then 7, then 21 days (and every 21
days from then on); a position missed comes back the next day, and its schedule
starts again. A position is solved by Hard's move or by any move that gives away
less than `SOLVED_WITHIN` win chance against it: the client asks the analysis for
that loss (this module knows no search, only the numbers).

Today's date is always handed in (`today`), never read here, so the schedule can be
tested day by day without waiting for one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import NamedTuple

from .db import Stats

#: Days until a position solved comes back, by how many times in a row it was solved.
INTERVALS = (1, 3, 7, 21)
#: Days until a position missed comes back.
MISSED_INTERVAL = 1
#: A move that gives away less win chance than this against Hard's move solves it.
SOLVED_WITHIN = 0.05
#: The analysis's own threshold: a move that gave away this much is a blunder.
BLUNDER = 0.25


@dataclass(frozen=True)
class Position:
    """One position to practise, as kept."""

    id: int
    game: str  # "isaac", "foundations", "hari"
    moves: tuple[str, ...]  # the moves from the start, in notation
    player: str  # who is to move: "dark" or "light"
    best: str  # Hard's move there
    played: str  # the blunder played there
    loss: float  # the win chance it gave away (0..1)
    source: str | None  # the save it came from (it may be gone)
    added_on: date
    due_on: date
    step: int  # solved this many times in a row


class Blunder(NamedTuple):
    """A move of an analysed game, as the analysis judged it (plain values)."""

    ply: int  # 0 for the first move
    player: str  # the mover: "dark" or "light"
    played: str
    best: str
    loss: float


def _position(row: sqlite3.Row) -> Position:
    return Position(
        id=row["id"],
        game=row["game"],
        moves=tuple(row["moves"].split()),
        player=row["player"],
        best=row["best"],
        played=row["played"],
        loss=row["loss"],
        source=row["source"],
        added_on=date.fromisoformat(row["added_on"]),
        due_on=date.fromisoformat(row["due_on"]),
        step=row["step"],
    )


def add_position(
    stats: Stats,
    game: str,
    moves: Iterable[str],
    blunder: Blunder,
    source: str | None,
    today: date,
) -> bool:
    """Keep the position before `blunder` (after `moves`), due today; False when it is
    kept already (a game analysed twice gives its positions once)."""
    with stats.transaction() as db:
        cursor = db.execute(
            "INSERT OR IGNORE INTO positions (game, moves, player, best, played, loss, source,"
            " added_on, due_on, step) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (
                game,
                " ".join(moves),
                blunder.player,
                blunder.best,
                blunder.played,
                blunder.loss,
                source,
                today.isoformat(),
                today.isoformat(),
            ),
        )
        return cursor.rowcount == 1


def add_blunders(
    stats: Stats,
    game: str,
    moves: Iterable[str],
    blunders: Iterable[Blunder],
    players: Iterable[str],
    source: str | None,
    today: date,
) -> int:
    """Keep every blunder of `players` (the local players: "dark", "light") among the
    analysed moves `blunders`; how many new positions that made."""
    record, local = tuple(moves), set(players)
    added = 0
    for blunder in blunders:
        mine = blunder.player in local and blunder.played != blunder.best
        if mine and blunder.loss + 1e-9 >= BLUNDER:
            added += add_position(stats, game, record[: blunder.ply], blunder, source, today)
    return added


def next_due(step: int, solved: bool, today: date) -> tuple[date, int]:
    """When a position comes back and its new step, once solved (or missed) today."""
    if not solved:
        return today + timedelta(days=MISSED_INTERVAL), 0
    days = INTERVALS[min(step, len(INTERVALS) - 1)]
    return today + timedelta(days=days), step + 1


def record_try(stats: Stats, position_id: int, solved: bool, today: date) -> date | None:
    """Reschedule a position solved (or missed) today; when it comes back (None: no
    such position)."""
    with stats.transaction() as db:
        row = db.execute("SELECT step FROM positions WHERE id = ?", (position_id,)).fetchone()
        if row is None:
            return None
        due_on, step = next_due(row["step"], solved, today)
        db.execute(
            "UPDATE positions SET due_on = ?, step = ? WHERE id = ?",
            (due_on.isoformat(), step, position_id),
        )
    return due_on


def solves(best: str, tried: str, loss: float, played: str | None = None) -> bool:
    """Does the move `tried` solve the position: Hard's move, or within `SOLVED_WITHIN`
    of it (`loss`: the win chance it gives away against Hard's move, by the judge)? Never
    the move `played` that made it a position to practise."""
    if tried == played:
        return False
    return tried == best or loss < SOLVED_WITHIN


def due(stats: Stats, today: date) -> list[Position]:
    """The positions to practise today (due today or earlier), the longest waiting first."""
    rows = stats.query(
        "SELECT * FROM positions WHERE due_on <= ? ORDER BY due_on, id", (today.isoformat(),)
    )
    return [_position(row) for row in rows]


def count_due(stats: Stats, today: date) -> int:
    """How many positions are to practise today."""
    rows = stats.query("SELECT COUNT(*) FROM positions WHERE due_on <= ?", (today.isoformat(),))
    return int(rows[0][0])


def position(stats: Stats, position_id: int) -> Position | None:
    rows = stats.query("SELECT * FROM positions WHERE id = ?", (position_id,))
    return _position(rows[0]) if rows else None


def all_positions(stats: Stats) -> list[Position]:
    return [_position(row) for row in stats.query("SELECT * FROM positions ORDER BY id")]
