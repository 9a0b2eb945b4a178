"""How a computer plays, as one typed value: a *level*, written as a short text that
the menu's settings, the arena, the ladder and `docs/strength.md` share.

- a bot's own name (`random`, `easy`, `medium`, `hard`, `greedy`, and the arena's
  yardsticks `hard1` and `uct`): `Named`;
- `levelN`, step N of the game's ladder: `OnLadder`;
- `mix:LOW:HIGH:P`, LOW's move with chance P and HIGH's otherwise: `Blend`;
- `playouts:N`, `playouts:N:hard`, `playouts:N:crowd` (every game but ISAAC): a tree
  search with N playouts a move, Medium's, Hard's, or (HARI) Medium's trying the
  placements that crowd the board first: `Playouts`;
- `removal:D` and `lookahead:N[:P]` (ISAAC): Medium with its removal search D moves
  deep, Hard looking N placements ahead (at P positions a second): `Removal`,
  `Lookahead`;
- `hard:S`, Hard thinking S seconds a move: `Timed`.

`parse_level` reads a text once into its value (ValueError with the reason when it is
none), and `str()` of a value writes it back as it was read, as `Limit` and a `Move`
do. What a level needs of its game (a ladder's length, ISAAC or not) is checked where a
player is built (`ai.ladder.make_player`). The one list of the levels' names is here
too. This module imports nothing of the project, so the seats, the stats and the menu
read a level without the search, and every layer may read it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The levels a seat may be by name, weakest first ("greedy" is a baseline for
#: measurement). "random" plays in the match's own process; the others in a worker.
SEAT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "greedy")
#: The names the menu has always had: three of each ladder's steps, and its first.
MENU_NAMES: tuple[str, ...] = ("random", "easy", "medium", "hard")
#: Yardsticks that only the arena offers: `hard1` is Hard as it was before its placement
#: look-ahead (ISAAC) or before it searched at all (FOUNDATIONS, HARI); `uct` is textbook
#: UCT.
YARDSTICKS: tuple[str, ...] = ("hard1", "uct")
#: Every bot's own name.
BOT_NAMES: tuple[str, ...] = SEAT_LEVELS + YARDSTICKS
#: The searches `playouts:N:SEARCH` may name: Hard's, and (HARI) Medium's crowding first.
HARD_SEARCH, CROWD = "hard", "crowd"
#: The deepest `removal:D` (`hard1`'s removal search, which it cuts) and `lookahead:N`
#: (Hard looks 5 placements deep; past 8 a move takes seconds).
MOST_REMOVAL, MOST_LOOKAHEAD = 60, 8
#: The range of P in `lookahead:N:P`, positions a second of allowance.
LOOKAHEAD_RATES = range(100, 100_001)
#: The range of S in `hard:S`, seconds a move.
FEWEST_SECONDS, MOST_SECONDS = 0.05, 30.0
#: The most steps a ladder may have (`levelN`, N of one or two digits).
MOST_STEPS = 99


@dataclass(frozen=True)
class Named:
    """A bot by its own name (`BOT_NAMES`)."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class OnLadder:
    """`levelN`: step N of whichever game's ladder it is played in (1 the weakest)."""

    number: int

    def __str__(self) -> str:
        return f"level{self.number}"


@dataclass(frozen=True)
class Blend:
    """`mix:LOW:HIGH:P`: LOW's move with chance `low_share`, HIGH's otherwise."""

    low: Level
    high: Level
    low_share: float

    def __str__(self) -> str:
        return f"mix:{self.low}:{self.high}:{self.low_share:g}"


@dataclass(frozen=True)
class Playouts:
    """`playouts:N[:SEARCH]`: a tree search counting `count` playouts a move; `search`
    is "" (Medium's), `HARD_SEARCH` or `CROWD`."""

    count: int
    search: str = ""

    def __str__(self) -> str:
        return f"playouts:{self.count}" + (f":{self.search}" if self.search else "")


@dataclass(frozen=True)
class Removal:
    """`removal:D` (ISAAC): Medium's placements, `hard1`'s removal search D moves deep."""

    depth: int

    def __str__(self) -> str:
        return f"removal:{self.depth}"


@dataclass(frozen=True)
class Lookahead:
    """`lookahead:N[:P]` (ISAAC): Hard looking N placements ahead, at `rate` positions a
    second of allowance (None: Hard's own)."""

    depth: int
    rate: int | None = None

    def __str__(self) -> str:
        return f"lookahead:{self.depth}" + (f":{self.rate}" if self.rate is not None else "")


@dataclass(frozen=True)
class Timed:
    """`hard:S`: Hard thinking S seconds a move, whatever the move time it is given."""

    seconds: float

    def __str__(self) -> str:
        return f"hard:{self.seconds:g}"


Level = Named | OnLadder | Blend | Playouts | Removal | Lookahead | Timed

#: How a text that is no level is answered: what a level may be.
CHOICES = (
    f"choose from {', '.join(BOT_NAMES)}, levelN, mix:LOW:HIGH:P, playouts:N, "
    "removal:D, lookahead:N or hard:S"
)


def parse_level(text: str) -> Level:
    """The level `text` writes (see the module's docstring); ValueError saying why not."""
    head, _colon, rest = text.partition(":")
    if not rest:
        number = ladder_number(text)
        if number is not None:
            return OnLadder(number)
        if text in BOT_NAMES:
            return Named(text)
        raise ValueError(f"unknown level {text!r} ({CHOICES})")
    if head == "mix":
        return _blend(text)
    if head == "playouts":
        return _playouts(text, rest)
    if head in ("removal", "lookahead"):
        return _counted(text, head, rest)
    if head == "hard":
        return Timed(_seconds(text, rest))
    raise ValueError(f"unknown level {text!r} ({CHOICES})")


def ladder_number(text: str) -> int | None:
    """N of a `levelN` text, else None (the one place a step's name is read)."""
    digits = text.removeprefix("level")
    if digits == text or not digits.isdigit() or digits.startswith("0"):
        return None
    number = int(digits)
    return number if 1 <= number <= MOST_STEPS else None


def _blend(text: str) -> Blend:
    """`mix:easy:playouts:50:0.3`: the parts may hold colons of their own, so the share
    is the last field and LOW the shortest text that is a level."""
    body, _colon, last = text.removeprefix("mix:").rpartition(":")
    tokens = body.split(":")
    cut = 1
    if tokens[0] == "playouts":
        cut = 3 if tokens[2:3] in ([CROWD], [HARD_SEARCH]) else 2
    low, high = ":".join(tokens[:cut]), ":".join(tokens[cut:])
    if not low or not high:
        raise ValueError(f"{text!r}: write mix:LOW:HIGH:P")
    try:
        share = float(last)
    except ValueError:
        raise ValueError(f"{text!r}: P must be a number from 0 to 1") from None
    if not 0 <= share <= 1:
        raise ValueError(f"{text!r}: P must be a number from 0 to 1")
    return Blend(parse_level(low), parse_level(high), share)


def _playouts(text: str, rest: str) -> Playouts:
    count, _colon, search = rest.partition(":")
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"{text!r}: N must be a whole number of playouts, 1 or more")
    if search not in ("", HARD_SEARCH, CROWD):
        raise ValueError(
            f"{text!r}: after N comes {HARD_SEARCH} (Hard's search) or, in HARI, {CROWD}"
        )
    return Playouts(int(count), search)


def _counted(text: str, head: str, rest: str) -> Removal | Lookahead:
    counts, most = ("moves", MOST_REMOVAL) if head == "removal" else ("placements", MOST_LOOKAHEAD)
    number, _colon, rate = rest.partition(":")
    if not number.isdigit() or not 1 <= int(number) <= most:
        raise ValueError(f"{text!r}: N must be a whole number of {counts}, 1 to {most}")
    if not rate:
        return Removal(int(number)) if head == "removal" else Lookahead(int(number))
    if head != "lookahead" or not rate.isdigit() or int(rate) not in LOOKAHEAD_RATES:
        raise ValueError(
            f"{text!r}: only lookahead:N:P takes a rate, P positions a second from "
            f"{LOOKAHEAD_RATES.start:,} to {LOOKAHEAD_RATES.stop - 1:,}"
        )
    return Lookahead(int(number), int(rate))


def _seconds(text: str, rest: str) -> float:
    try:
        seconds = float(rest)
    except ValueError:
        seconds = -1.0
    if not FEWEST_SECONDS <= seconds <= MOST_SECONDS:  # a NaN is refused here too
        raise ValueError(f"{text!r}: S must be seconds a move, 0.05 to {MOST_SECONDS:g}")
    return seconds
