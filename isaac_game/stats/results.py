"""Finished games in the stats database: written as each game ends, rebuilt from the
saves, read back as the tables of "Your record" (`tables.py`).

A game's result comes from what its save says (`result_of`): the client writes the
result of the game it has just saved from the same headers and state that `rebuild` reads back from
the file, so the two can never disagree. The headers read:

- `Date` (YYYY-MM-DD; else the file's date);
- `DarkPlayer`/`LightPlayer`: "human" or a computer level (older saves: `Dark`/`Light`
  as "Human" or "Computer (hard)");
- a LAN game's `LanSeat` (the local player's side) and `LanPeer` (the opponent's name);
- `Coached: yes` (the coach took a move back) and `TakenBack: yes` (a move was undone).

Only finished games are written (played out, or resigned: the Result says `light
resigns, dark wins`), and only games a person played (a game between two computers is
in nobody's stats). Unfinished games never count, coached ones (or ones with a move taken
back) are counted apart.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from isaac_game.rules import (
    HUMAN,
    LAN_SUFFIX,
    FileReadError,
    GameRecord,
    Headers,
    Key,
    Player,
    RecordError,
    load_journal,
    read_head,
)
from isaac_game.userdirs import RECORD_SUFFIX

from .db import Stats

LAN = "lan"


@dataclass(frozen=True)
class Seat:
    """Who sat at one side: `kind` "human", a computer level or "lan"; `name` the
    level, the LAN player's name, or the name the save gives a person."""

    kind: str
    name: str


@dataclass(frozen=True)
class Mistakes:
    """An analysed game's mistakes and blunders, for each side."""

    dark_mistakes: int
    dark_blunders: int
    light_mistakes: int
    light_blunders: int


@dataclass(frozen=True)
class GameResult:
    """One finished game as the stats keep it (one row of `games`)."""

    save_path: str
    game: str
    played_on: str  # YYYY-MM-DD
    dark: Seat
    light: Seat
    you: Player | None  # the local player's side; None: hotseat
    winner: Player | None  # None: a draw
    dark_score: int
    light_score: int
    coached: bool = False
    taken_back: bool = False
    mistakes: Mistakes | None = None  # None: not analysed (or not known here)


def _seat(headers: Headers, side: Player) -> Seat:
    """A side's seat: a computer by its level, a person by the name the save gives."""
    kind = headers.kind(side)
    if kind == HUMAN:
        return Seat(HUMAN, headers.label(side) or side.title)
    return Seat(kind, kind)


def _played_on(headers: Headers, path: Path) -> str:
    date = headers.date
    if len(date) == 10 and date[4] == date[7] == "-" and date.replace("-", "").isdigit():
        return date
    try:
        return time.strftime("%Y-%m-%d", time.localtime(path.stat().st_mtime))
    except OSError:
        return time.strftime("%Y-%m-%d")


def result_of(
    path: str | os.PathLike[str], record: GameRecord, mistakes: Mistakes | None = None
) -> GameResult | None:
    """The result to write for the game `record` saved at `path`; None when it is not
    one to write (unfinished, or no person played it). A resigned game scores the
    board as it was left."""
    state, headers = record.state, Headers(record.headers)
    if not record.finished:
        return None
    where = Path(path)
    seats = {side: _seat(headers, side) for side in (Player.DARK, Player.LIGHT)}
    you: Player | None
    lan_seat = headers.lan_seat
    if lan_seat is not None:
        you = lan_seat
        mine, theirs = seats[you], seats[you.other]
        name = headers.peer or theirs.name.removesuffix(LAN_SUFFIX)
        seats[you] = Seat(HUMAN, mine.name.removesuffix(LAN_SUFFIX))
        seats[you.other] = Seat(LAN, name)
    else:
        humans = headers.local_players()
        if not humans:
            return None
        you = humans[0] if len(humans) == 1 else None
    dark_score, light_score = state.scores
    return GameResult(
        save_path=str(where),
        game=state.game,
        played_on=_played_on(headers, where),
        dark=seats[Player.DARK],
        light=seats[Player.LIGHT],
        you=you,
        winner=record.winner,
        dark_score=int(dark_score),
        light_score=int(light_score),
        coached=headers.coached,
        taken_back=headers.taken_back,
        mistakes=mistakes,
    )


_UPSERT = """
INSERT INTO games (save_path, game, played_on, dark_kind, dark_name, light_kind,
    light_name, you, winner, dark_score, light_score, coached, taken_back, analysed,
    dark_mistakes, dark_blunders, light_mistakes, light_blunders)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (save_path) DO UPDATE SET
    game = excluded.game, played_on = excluded.played_on,
    dark_kind = excluded.dark_kind, dark_name = excluded.dark_name,
    light_kind = excluded.light_kind, light_name = excluded.light_name,
    you = excluded.you, winner = excluded.winner,
    dark_score = excluded.dark_score, light_score = excluded.light_score,
    coached = excluded.coached, taken_back = excluded.taken_back,
    analysed = max(games.analysed, excluded.analysed),
    dark_mistakes = coalesce(excluded.dark_mistakes, games.dark_mistakes),
    dark_blunders = coalesce(excluded.dark_blunders, games.dark_blunders),
    light_mistakes = coalesce(excluded.light_mistakes, games.light_mistakes),
    light_blunders = coalesce(excluded.light_blunders, games.light_blunders)
"""


def _row(result: GameResult) -> tuple:
    m = result.mistakes
    counts = (
        (None, None, None, None)
        if m is None
        else (m.dark_mistakes, m.dark_blunders, m.light_mistakes, m.light_blunders)
    )
    return (
        result.save_path,
        result.game,
        result.played_on,
        result.dark.kind,
        result.dark.name,
        result.light.kind,
        result.light.name,
        None if result.you is None else result.you.value,
        None if result.winner is None else result.winner.value,
        result.dark_score,
        result.light_score,
        int(result.coached),
        int(result.taken_back),
        int(m is not None),
        *counts,
    )


def write(stats: Stats, result: GameResult) -> None:
    """Write one finished game (replacing what was written from the same save; mistake
    counts already known are kept unless new ones are given), all or nothing. Raises
    sqlite3.Error when the database says no: the caller decides what the player hears."""
    with stats.transaction() as connection:
        connection.execute(_UPSERT, _row(result))


def write_game(stats: Stats, path: str | os.PathLike[str], game: GameRecord) -> bool:
    """Write the game just saved at `path` if it is one to write; True when it was."""
    result = result_of(path, game)
    if result is None:
        return False
    write(stats, result)
    return True


def mark_analysed(stats: Stats, path: str | os.PathLike[str], mistakes: Mistakes) -> bool:
    """The analysis of the game saved at `path` is done: its mistake counts. True when
    the game is in the stats (a game not written is left alone)."""
    with stats.transaction() as connection:
        cursor = connection.execute(
            "UPDATE games SET analysed = 1, dark_mistakes = ?, dark_blunders = ?,"
            " light_mistakes = ?, light_blunders = ? WHERE save_path = ?",
            (
                mistakes.dark_mistakes,
                mistakes.dark_blunders,
                mistakes.light_mistakes,
                mistakes.light_blunders,
                str(Path(path)),
            ),
        )
        return cursor.rowcount > 0


def forget(stats: Stats, path: str | os.PathLike[str]) -> None:
    """The game saved at `path` leaves the stats (its save was deleted)."""
    with stats.transaction() as connection:
        connection.execute("DELETE FROM games WHERE save_path = ?", (str(Path(path)),))


@dataclass(frozen=True)
class Rebuilt:
    """What `rebuild` did: games written, saves left out (unfinished or nobody's), and
    saves that could not be read (with why)."""

    written: int
    skipped: int
    unreadable: tuple[tuple[str, str], ...]


def saves_in(folder: Path) -> list[Path]:
    """The saved games in `folder` (by their names), oldest name first."""
    try:
        return sorted(p for p in folder.iterdir() if p.name.endswith(RECORD_SUFFIX))
    except OSError:
        return []


def rebuild(stats: Stats, saves_folder: str | os.PathLike[str]) -> Rebuilt:
    """The stats' games read again from the saves: every save in `saves_folder`, and
    every save outside it the stats name that is still there. One transaction: the
    games are replaced whole or not at all. Mistake counts already known are kept."""
    folder = Path(saves_folder)
    known = {
        row["save_path"]: row
        for row in stats.query(
            "SELECT save_path, analysed, dark_mistakes, dark_blunders, light_mistakes,"
            " light_blunders FROM games"
        )
    }
    paths = saves_in(folder)
    named = set(map(str, paths))
    paths += sorted(
        Path(p) for p in known if p not in named and Path(p).parent != folder and Path(p).exists()
    )
    results, skipped, unreadable = [], 0, []
    for path in paths:
        try:
            game = load_journal(path)
        except (RecordError, OSError) as error:
            unreadable.append((str(path), str(error)))
            continue
        result = result_of(path, game, _known_mistakes(known.get(str(path))))
        if result is None:
            skipped += 1
        else:
            results.append(result)
    with stats.transaction() as connection:
        connection.execute("DELETE FROM games")
        connection.executemany(_UPSERT, [_row(r) for r in results])
    return Rebuilt(len(results), skipped, tuple(unreadable))


def catch_up(stats: Stats, saves_folder: str | os.PathLike[str]) -> int:
    """Write every finished game in `saves_folder` that the stats do not name yet (its
    result could not be written when the game ended: the database was busy, or could
    not be written); how many were added. Saves under way are passed over by their
    headers, without replaying their moves."""
    known = {row["save_path"] for row in stats.query("SELECT save_path FROM games")}
    results = []
    for path in saves_in(Path(saves_folder)):
        if str(path) in known or not _says_finished(path):
            continue
        try:
            game = load_journal(path)
        except (RecordError, OSError):
            continue
        result = result_of(path, game)
        if result is not None:
            results.append(result)
    if results:
        with stats.transaction() as connection:
            connection.executemany(_UPSERT, [_row(r) for r in results])
    return len(results)


def _says_finished(path: Path) -> bool:
    """Does the save's `Result` header say the game is over? (Its first lines only.)"""
    try:
        head = read_head(path, 4096).decode("utf-8", errors="replace")
    except FileReadError:
        return False
    for line in head.splitlines():
        key, _colon, value = line.partition(":")
        if key.strip() == Key.RESULT:
            return value.strip() not in ("", "*")
    return False


def _known_mistakes(row: sqlite3.Row | None) -> Mistakes | None:
    if row is None or not row["analysed"]:
        return None
    counts: Iterable[int | None] = (
        row["dark_mistakes"],
        row["dark_blunders"],
        row["light_mistakes"],
        row["light_blunders"],
    )
    values = [int(c or 0) for c in counts]
    return Mistakes(*values)
