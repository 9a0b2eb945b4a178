"""The host's clocks over the network (docs/protocol.md 1.2): the host keeps the time.

The host alone decides how much time each side has: its own turns are timed on its
monotonic clock; the joiner's turns are timed from the moment the host sent it the
position to the moment its move arrived, which counts the link's lag against the
joiner. The joiner says how long it thought (`think`), and the host gives back the
difference as a *lag credit*, but at most `ALLOWANCE` a turn and only from a bank that
starts at `BANK` and refills by `REFILL` a turn (lichess's quota is the model). So a
joiner that lies about its thinking gains at most the allowance on a turn, and far
less over a game, while an honest one on a slow link loses almost nothing to it.

Seconds in floats here; milliseconds in integers on the wire (`snapshot`). Nothing
here reads a clock: every call is told `now`, as the sessions are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The most lag credited on one turn, the bank it comes from (its start and its most),
#: and what the bank regains after each of the joiner's turns.
ALLOWANCE = 0.5
BANK = 1.0
REFILL = 0.1

SEATS = ("dark", "light")


@dataclass
class LagBank:
    """The joiner's lag credit: what it may still be given back for a slow link."""

    left: float = BANK

    @property
    def most(self) -> float:
        """The most the next turn can be credited."""
        return max(0.0, min(self.left, ALLOWANCE))

    def credit(self, lag: float) -> float:
        """Credit `lag` seconds (what the host timed beyond what the joiner says it
        thought), within the allowance and the bank; the bank then refills a little."""
        given = max(0.0, min(lag, self.most))
        self.left = min(BANK, self.left - given + REFILL)
        return given


@dataclass
class HostClock:
    """Both sides' time under one control (`control`, as "5+3", with its `base` and
    `increment` in seconds), as the host keeps it. `remote` is the joiner's seat: the
    only one whose turns get a lag credit."""

    control: str
    base: float
    increment: float
    remote: str
    left: dict[str, float] = field(default_factory=dict)
    running: str | None = None  # whose clock runs
    since: float = 0.0  # when it started running
    flagged: str | None = None  # whose time ran out
    bank: LagBank = field(default_factory=LagBank)

    def __post_init__(self) -> None:
        for seat in SEATS:
            self.left.setdefault(seat, self.base)

    def start(self, seat: str | None, now: float) -> None:
        """`seat`'s clock runs from `now` (None: neither runs, the game is over)."""
        if self.flagged is None:
            self.running, self.since = seat, now

    def turn_ended(self, seat: str, now: float, think: float | None = None) -> None:
        """`seat` ended its turn at `now`: its time is charged (less the lag credit, for
        the joiner, by what it says it `think`s it took) and it gains the increment."""
        if self.flagged is not None or self.running != seat:
            return
        spent = now - self.since
        if seat == self.remote:
            thought = spent if think is None else max(0.0, think)
            spent -= self.bank.credit(spent - thought)
        self.left[seat] -= spent
        self.running = None
        if self.left[seat] <= 0:
            self.left[seat] = 0.0
            self.flagged = seat
        else:
            self.left[seat] += self.increment

    def due(self, now: float) -> str | None:
        """The side whose time is out at `now`, if one is: the running one, once even
        the most lag credit it could still get would not save it."""
        seat = self.running
        if self.flagged is None and seat is not None:
            grace = self.bank.most if seat == self.remote else 0.0
            if now - self.since >= self.left[seat] + grace:
                self.left[seat] = 0.0
                self.flagged, self.running = seat, None
        return self.flagged

    def time_left(self, seat: str, now: float) -> float:
        """`seat`'s time left at `now` (the running clock counted down to it)."""
        left = self.left[seat]
        if seat == self.running:
            left -= now - self.since
        return max(0.0, left)

    def snapshot(self, now: float) -> list[int]:
        """[Dark's, Light's] time left in whole milliseconds, as messages carry it."""
        return [int(self.time_left(seat, now) * 1000) for seat in SEATS]


def ms_pair(value: object) -> bool:
    """A clocks value on the wire: [Dark ms, Light ms], two integers >= 0."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    )


def seconds_pair(left: list[int]) -> tuple[float, float]:
    """[Dark ms, Light ms] from the wire as (Dark's, Light's) seconds."""
    return left[0] / 1000, left[1] / 1000
