"""A network game's clocks, as a `LanSession` follows them (docs/protocol.md 1.2).

The host's clock decides: it times both sides on its own monotonic clock, credits its
joiner's lag, and says after each move it applies how much time both sides have left
(`ClockSet`), and when a side's time ran out (`Flagged`). The match on each machine
gets clocks that only show the time (`Clocks(decides=False)`): they run down by the
frames so a player sees the seconds go, wait at 0 rather than end the game on a guess,
and are set to the host's word each time it comes. So both screens, both `host` and
`join` outputs and both records say what the host's clock said.

The host's word after move n waits until the match here has played move n: the
peer's move arrives with its clock in one batch, before the match plays it, and the
turn's increment must not be counted twice.
"""

from __future__ import annotations

from typing import Any

from isaac_game.clock import Clocks, TimeControl, TimeControlError, clock_note
from isaac_game.match import Match
from isaac_game.rules import Player
from net.host_session import TimeControl as WireControl


def host_clock_args(
    control: TimeControl | None, left: tuple[float, float] | None = None
) -> dict[str, Any]:
    """A host's keyword arguments for `net.HostSession`: its time control (none: {}),
    and for a kept game hosted again the time (Dark's, Light's) left at its last move."""
    if control is None:
        return {}
    args: dict[str, Any] = {"clock": WireControl(str(control), control.base, control.increment)}
    if left is not None:
        args["clock_left"] = left
    return args


class NetClock:
    """The current game's clock as the host keeps it: its time control (None: the game
    has no clock), the host's word after each move, and the side whose time ran out."""

    def __init__(self) -> None:
        self.control: TimeControl | None = None
        #: (Dark's, Light's) seconds left after move n, as the host said (-1: the start)
        self.after: dict[int, tuple[float, float]] = {}
        self.flagged: Player | None = None  # the host says this side's time ran out
        self._unset: dict[int, tuple[float, float]] = {}  # said, for moves not played here

    def new_game(self, clock: str | None) -> None:
        """A new game begins, played to `clock` ("5+3"; None or one that cannot be read:
        no clock)."""
        try:
            self.control = TimeControl.parse(clock or "")
        except TimeControlError:
            self.control = None
        self.after.clear()
        self._unset.clear()
        self.flagged = None

    def clocks(self, left: tuple[float, float] | None) -> Clocks | None:
        """The match's clocks for this game, showing `left` (Dark's, Light's) if given."""
        if self.control is None:
            return None
        shown = None if left is None else {Player.DARK: left[0], Player.LIGHT: left[1]}
        return Clocks(self.control, shown, decides=False)

    def told(self, n: int, left: tuple[float, float]) -> None:
        """The host's clocks after move `n` (`ClockSet`)."""
        self.after[n] = left
        self._unset[n] = left

    def settle(self, match: Match) -> None:
        """Set the match's clocks to the host's latest word for a move it has played."""
        played = [n for n in self._unset if n < match.state.ply]
        if not played:
            return
        left = self._unset[max(played)]
        for n in played:
            del self._unset[n]
        if match.clocks is not None:
            match.clocks.set_left(Player.DARK, left[0])
            match.clocks.set_left(Player.LIGHT, left[1])

    def resumed(self, match: Match, left: tuple[float, float] | None) -> None:
        """A rejoin's welcome: both clocks as the host has them now."""
        if match.clocks is not None and left is not None:
            match.clocks.set_left(Player.DARK, left[0])
            match.clocks.set_left(Player.LIGHT, left[1])

    def notes(self) -> dict[int, str]:
        """The note after each move the host timed (`clock 4:58.2 5:00.0`), for a record."""
        return {n: clock_note(left) for n, left in self.after.items() if n >= 0}
