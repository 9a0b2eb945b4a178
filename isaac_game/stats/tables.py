"""The player's stats as tables ("Your record"): for each game and each opponent (a
computer level, a LAN player by name, or the hotseat), the games played, won, lost and
drawn, the current streak and the last results.

Only finished games are in the stats at all, and a coached game (or one with a move
taken back) is counted apart, in lines of its own. Against an opponent the results are
the local player's (won, lost); in a hotseat game, where both seats are people at this
screen, "won" is Dark's win and "lost" Light's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from isaac_game.levels import SEAT_LEVELS, ladder_number
from isaac_game.rules import game_names

from .db import Stats

#: Results, each one letter (newest last in `Line.last`).
WIN, LOSS, DRAW = "W", "L", "="
#: A hotseat game's result: Dark won, Light won (a draw is DRAW).
DARK_WON, LIGHT_WON = "D", "L"
COMPUTER, LAN, HOTSEAT = "computer", "lan", "hotseat"
#: How many results `Line.last` keeps.
LAST = 20
#: Computer levels weakest first; a level not named here comes after them (a ladder's
#: `levelN` by its number).
LEVEL_ORDER = SEAT_LEVELS


@dataclass(frozen=True)
class Opponent:
    """Who the games were against: `kind` COMPUTER (`name` its level), LAN (`name` the
    player's name) or HOTSEAT (no name)."""

    kind: str
    name: str = ""

    def sort_key(self) -> tuple:
        order = (COMPUTER, LAN, HOTSEAT).index(self.kind)
        level = LEVEL_ORDER.index(self.name) if self.name in LEVEL_ORDER else len(LEVEL_ORDER)
        step = ladder_number(self.name)
        if step is not None:
            level += step
        return (order, level if self.kind == COMPUTER else 0, self.name.casefold())


@dataclass(frozen=True)
class Line:
    """One line of the tables: one game against one opponent, coached or not."""

    game: str
    opponent: Opponent
    coached: bool
    played: int
    won: int  # a hotseat line: Dark's wins
    lost: int  # a hotseat line: Light's wins
    drawn: int
    streak: tuple[str, int] | None  # the newest result and how many in a row
    last: tuple[str, ...]  # the last LAST results, oldest first

    def rate(self) -> float | None:
        """The share of games won (None before any): always shown with `played`."""
        return self.won / self.played if self.played else None


#: A computer kind as the opponent it is in a game: (game, kind) -> the one name of the
#: ladder step it plays ("level3" and "easy" are one opponent in ISAAC).
SameAs = Callable[[str, str], str]


def _as_saved(game: str, kind: str) -> str:
    return kind


def _opponent(row, same_as: SameAs = _as_saved) -> Opponent:
    you = row["you"]
    if you is None:
        return Opponent(HOTSEAT)
    kind, name = (row["light_kind"], row["light_name"])
    if you == "light":
        kind, name = (row["dark_kind"], row["dark_name"])
    if kind == LAN:
        return Opponent(LAN, name)
    return Opponent(COMPUTER, same_as(row["game"], kind))


def _outcome(row) -> str:
    winner, you = row["winner"], row["you"]
    if winner is None:
        return DRAW
    if you is None:
        return DARK_WON if winner == "dark" else LIGHT_WON
    return WIN if winner == you else LOSS


def _line(game: str, opponent: Opponent, coached: bool, results: list[str]) -> Line:
    first_win = DARK_WON if opponent.kind == HOTSEAT else WIN
    first_loss = LIGHT_WON if opponent.kind == HOTSEAT else LOSS
    streak = None
    if results:
        newest, count = results[-1], 0
        for outcome in reversed(results):
            if outcome != newest:
                break
            count += 1
        streak = (newest, count)
    return Line(
        game=game,
        opponent=opponent,
        coached=coached,
        played=len(results),
        won=results.count(first_win),
        lost=results.count(first_loss),
        drawn=results.count(DRAW),
        streak=streak,
        last=tuple(results[-LAST:]),
    )


def lines(stats: Stats, game: str | None = None, same_as: SameAs = _as_saved) -> list[Line]:
    """The tables' lines (of one `game`, or of all): by game (the rules' order), the
    games counted first and the coached ones after them, opponents by kind (computer
    levels weakest first, LAN players by name, the hotseat last). `same_as` names a
    computer kind as the opponent it is: saves of one step under two names (a ladder
    step and its menu name) are one line. The ladder is the AI's, which the stats do
    not know: the caller hands it in."""
    where, parameters = ("WHERE game = ?", (game,)) if game else ("", ())
    rows = stats.query(
        "SELECT id, save_path, game, played_on, dark_kind, dark_name, light_kind,"
        " light_name, you, winner, coached, taken_back FROM games " + where,
        parameters,
    )
    # oldest first: by date, then by the save's name (its time), so rebuilt stats read
    # as the ones written game by game
    rows.sort(key=lambda r: (r["played_on"], _name(r["save_path"]), r["save_path"]))
    grouped: dict[tuple[str, bool, Opponent], list[str]] = {}
    for row in rows:
        coached = bool(row["coached"] or row["taken_back"])
        opponent = _opponent(row, same_as)
        grouped.setdefault((row["game"], coached, opponent), []).append(_outcome(row))
    order = list(game_names())

    def key(item: tuple[str, bool, Opponent]) -> tuple:
        name, coached, opponent = item
        rank = order.index(name) if name in order else len(order)
        return (rank, name, coached, opponent.sort_key())

    return [_line(g, o, c, grouped[(g, c, o)]) for g, c, o in sorted(grouped, key=key)]


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def text_table(found: list[Line]) -> str:
    """The tables for a terminal (English: the command line is not translated)."""
    if not found:
        return "No finished game in the record yet.\n"
    out: list[str] = []
    heading = None
    for line in found:
        if (line.game, line.coached) != heading:
            heading = (line.game, line.coached)
            title = line.game.upper() + (" - coached (counted apart)" if line.coached else "")
            if out:
                out.append("")
            out.append(title)
            out.append(
                f"  {'against':<22}{'played':>7}{'won':>6}{'lost':>6}{'drawn':>7}"
                f"{'won %':>7}  {'streak':<12}last {LAST}"
            )
        out.append("  " + _text_line(line))
    if any(line.opponent.kind == HOTSEAT for line in found):
        out += ["", "Hotseat: won and lost are Dark's and Light's wins (D, L in the results)."]
    return "\n".join(out) + "\n"


def _text_line(line: Line) -> str:
    o = line.opponent
    who = {COMPUTER: f"computer ({o.name})", LAN: f"{o.name} (LAN)", HOTSEAT: "hotseat"}[o.kind]
    won, lost = line.won, line.lost
    rate = line.rate()
    share = "-" if rate is None or o.kind == HOTSEAT else f"{rate:.0%}"
    streak = ""
    if line.streak is not None:
        streak = f"{_streak_word(line.streak[0], o.kind == HOTSEAT)} {line.streak[1]}"
    return (
        f"{who[:21]:<22}{line.played:>7}{won:>6}{lost:>6}{line.drawn:>7}{share:>7}"
        f"  {streak:<12}{''.join(line.last)}"
    )


def _streak_word(outcome: str, hotseat: bool) -> str:
    if outcome == DRAW:
        return "drawn"
    if hotseat:
        return "Dark won" if outcome == DARK_WON else "Light won"
    return "won" if outcome == WIN else "lost"
