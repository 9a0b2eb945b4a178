"""Time controls and a game's two clocks (Fischer: a base time, and an increment added
after each turn).

A time control is one small value (`TimeControl`): it is parsed once from what a
player types or a record says ("10+5": minutes, then seconds added), and `str()`
writes it back the same way, so the command line, the settings and a record's header
all hold the same words.

The clocks (`Clocks`) are told what happens, never read the time themselves: the
side whose clock runs (`run`), the time that passed (`elapse`, from the window's
frames or the host's monotonic clock) and a turn ended (`press`, which adds the
increment). So a test drives them exactly, and the same object keeps time for a
local game, a LAN host and a record being resumed.

The increment is added once a turn passes to the other side, not after each move: a
HARI turn of several slides, or an ISAAC player who removes several pieces in a
row, earns it once, as a chess player earns it once a move.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from isaac_game.rules import GameRecord, Headers, Key, Player

#: The longest base time and increment a time control may have (a typo's "600+5"
#: means ten hours: refused rather than played).
MOST_MINUTES = 180
MOST_INCREMENT = 60
#: Under this many seconds a clock shows tenths, and it warns once (colour, sound).
SHORT = 10.0

#: "10+5", or "10 5" (the on-screen keyboard has no "+")
_TEXT = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:\+|\s)\s*(\d+(?:\.\d+)?)\s*")
#: The words that mean "no clock", as a player or a header may write them.
NO_CLOCK = ("", "none", "-", "off")


class TimeControlError(ValueError):
    """A time control that cannot be read: the text said why."""


@dataclass(frozen=True)
class TimeControl:
    """Each side starts with `base` seconds and gains `increment` after each turn."""

    base: float
    increment: float

    def __post_init__(self) -> None:
        if not (0 < self.base <= MOST_MINUTES * 60):
            raise TimeControlError(
                f"the time must be more than 0 and at most {MOST_MINUTES} minutes"
            )
        if not (0 <= self.increment <= MOST_INCREMENT):
            raise TimeControlError(f"the seconds added must be from 0 to {MOST_INCREMENT}")

    @classmethod
    def parse(cls, text: str) -> TimeControl | None:
        """ "10+5" (minutes + seconds added after each turn); "none" (or nothing): no
        clock. TimeControlError for anything else."""
        if text.strip().lower() in NO_CLOCK:
            return None
        found = _TEXT.fullmatch(text)
        if found is None:
            raise TimeControlError(
                f"{text!r} is not a time control: write minutes+seconds, as 10+5"
            )
        minutes, seconds = float(found.group(1)), float(found.group(2))
        return cls(minutes * 60, seconds)

    def __str__(self) -> str:
        return f"{_number(self.base / 60)}+{_number(self.increment)}"


def _number(value: float) -> str:
    """5.0 -> "5", 0.5 -> "0.5": a time control as a player writes it."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def control_text(control: TimeControl | None) -> str:
    """A time control as a header, the settings and the command line keep it ("none":
    no clock)."""
    return "none" if control is None else str(control)


#: The time controls a new game offers besides none (minutes + seconds).
PRESETS = (TimeControl(300, 3), TimeControl(600, 5), TimeControl(1200, 10))


def clock_text(seconds: float) -> str:
    """Time left as a clock shows it: "4:58", "1:02:03", and tenths under 10 s ("9.3");
    never below "0.0". Whole seconds are cut, not rounded, so "0:01" never shows
    once the time is out."""
    seconds = max(0.0, seconds)
    if seconds < SHORT:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class Clocks:
    """A game's two clocks under one time control: the time each side has left, whose
    clock runs, and who ran out first.

    Clocks that do not `decide` only show the time: a network game's host keeps the
    real clocks (docs/protocol.md 1.2), so a clock here that reaches 0 waits at 0 for
    the host's word (`flag`) rather than end the game on a guess of this machine's."""

    def __init__(
        self, control: TimeControl, left: dict[Player, float] | None = None, *, decides: bool = True
    ) -> None:
        self.control = control
        self._left = {p: control.base for p in Player} if left is None else dict(left)
        self.decides = decides
        self.running: Player | None = None  # whose clock runs (None: both stopped)
        self.paused = False  # stopped by the pause menu; `run` still says whose turn
        self.flagged: Player | None = None  # the side whose time ran out

    def left(self, player: Player) -> float:
        return max(0.0, self._left[player])

    def run(self, player: Player | None) -> None:
        """`player`'s clock runs from now (None: neither, the game is over). A side
        already running goes on; the increment is `press`'s."""
        self.running = player

    def elapse(self, seconds: float) -> Player | None:
        """`seconds` passed: off the running clock, unless paused or a side has run out.
        The side whose time is out now, if one is (clocks that do not decide stop at 0
        and name nobody: `flag` is another's word)."""
        side = self.running
        if side is not None and not self.paused and self.flagged is None and seconds > 0:
            self._left[side] -= seconds
            if self._left[side] <= 0:
                self._left[side] = 0.0
                if self.decides:
                    self.flagged = side
        return self.flagged

    def flag(self, player: Player) -> None:
        """`player`'s time is out by the word of the clocks that decide (a network
        game's host): its clock shows 0 and both stop."""
        if self.flagged is None:
            self._left[player] = 0.0
            self.flagged = player
        self.running = None

    def press(self, player: Player) -> None:
        """`player` ended a turn in time: its clock stops and gains the increment."""
        if self.flagged is None:
            self._left[player] += self.control.increment
        if self.running == player:
            self.running = None

    def set_left(self, player: Player, seconds: float) -> None:
        """`player` has `seconds` left (a host's word over the network, a record
        resumed): the clock is set, whatever it said."""
        self._left[player] = max(0.0, seconds)

    def snapshot(self) -> tuple[float, float]:
        """(Dark's, Light's) time left: what a record keeps after each move."""
        return self.left(Player.DARK), self.left(Player.LIGHT)


_NOTE = re.compile(r"clock (\d+):(\d\d(?:\.\d)?) (\d+):(\d\d(?:\.\d)?)")


def _minutes_seconds(seconds: float) -> str:
    """298.24 -> "4:58.2" (tenths cut, not rounded: never more time than there was)."""
    tenths = int(max(0.0, seconds) * 10 + 1e-6)
    minutes, rest = divmod(tenths, 600)
    return f"{minutes}:{rest // 10:02d}.{rest % 10}"


def clock_note(left: tuple[float, float]) -> str:
    """Both sides' time left after a move, as its record keeps it (docs/rules.md 5):
    "clock 4:58.2 5:00.0", Dark's then Light's."""
    return f"clock {_minutes_seconds(left[0])} {_minutes_seconds(left[1])}"


def note_clocks(note: str) -> tuple[float, float] | None:
    """(Dark's, Light's) time left from a move's note (`clock_note`); None if the note
    says no time."""
    found = _NOTE.search(note)
    if found is None:
        return None
    dark = int(found.group(1)) * 60 + float(found.group(2))
    light = int(found.group(3)) * 60 + float(found.group(4))
    return dark, light


def record_control(record: GameRecord) -> TimeControl | None:
    """The time control a saved game is played to (its `Clock` header); one that cannot
    be read is no clock."""
    try:
        return TimeControl.parse(Headers(record.headers).get(Key.CLOCK))
    except TimeControlError:
        return None


def clocks_after(record: GameRecord, moves: int) -> tuple[float, float] | None:
    """(Dark's, Light's) time left after the first `moves` moves of a saved game played
    to a clock, from the notes kept with its moves (the latest one at or before that
    move; the start: the control's own time). None for a game with no clock."""
    timed = record_control(record)
    if timed is None:
        return None
    for index in range(moves - 1, -1, -1):
        left = note_clocks(record.notes.get(index, ""))
        if left is not None:
            return left
    return timed.base, timed.base
