"""Who can sit at a seat: the names the menu and the command line offer.

`make_seat("hard", ...)` is the one place that turns a player kind into a Seat, so
the client, the arena and the LAN tools agree on the names.
"""

from __future__ import annotations

from typing import cast

from isaac_game.levels import SEAT_LEVELS, ladder_number
from isaac_game.match import HumanSeat, RandomSeat, Seat
from isaac_game.rules import HUMAN as RECORDED_HUMAN

HUMAN = RECORDED_HUMAN  # a person's seat, as a save records its kind
#: Computer levels a seat may be by name, weakest first (`isaac_game.levels`, the one list).
COMPUTER_LEVELS = SEAT_LEVELS
PLAYER_KINDS: tuple[str, ...] = (HUMAN, *COMPUTER_LEVELS)


def is_player_kind(kind: str) -> bool:
    """A kind a seat can be: a human, a named computer level or a ladder step `levelN`."""
    return kind in PLAYER_KINDS or ladder_number(kind) is not None


def player_kind(text: str) -> str:
    """`text` if a seat can be it, else ValueError (an argparse `type`)."""
    if not is_player_kind(text):
        raise ValueError(f"{text!r} is not a player: human, {', '.join(COMPUTER_LEVELS)} or levelN")
    return text


def player_kinds(game: str) -> tuple[str, ...]:
    """What the menu offers for a seat in `game`: a human, then its ladder's steps,
    weakest first."""
    from isaac_game.ai.ladder import kinds  # the AI is loaded only when asked of

    return (HUMAN, *kinds(game))


def kind_rating(game: str, kind: str) -> float | None:
    """A computer kind's measured rating in `game` (Elo, the first step at 0), or None
    where it was not measured."""
    from isaac_game.ai.ladder import rating_of

    return rating_of(game, kind)


def kind_step(game: str, kind: str) -> int | None:
    """Which step of `game`'s ladder a computer kind plays (1 the weakest), or None: a
    step past the ladder's top (chosen in a game with more steps) plays the top one."""
    from isaac_game.ai.ladder import played_as, step_number

    return step_number(game, played_as(game, kind))


def same_opponent(game: str, kind: str) -> str:
    """A computer kind as the opponent it is in `game`: the menu's name of the ladder
    step it plays ("level3" is "easy" in ISAAC), so that the stats count one opponent
    once, whichever name a save gave it (the kind itself off the ladder)."""
    number = kind_step(game, kind)
    return kind if number is None else step_name(game, number)


def step_name(game: str, number: int) -> str:
    """Step `number` of `game`'s ladder as a seat kind: its menu name ("easy") where it
    has one, else `levelN`."""
    from isaac_game.ai.ladder import step_kind

    return step_kind(game, number)


def make_seat(kind: str, name: str | None = None, seed: int | None = None) -> Seat:
    """A seat for `kind` ("human", a computer level or a ladder step `levelN`)."""
    if kind == HUMAN:
        return HumanSeat(name or "Player")
    if not is_player_kind(kind):
        raise ValueError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")
    if kind == "random":
        return RandomSeat(name or kind.title(), seed=seed)
    from isaac_game.ai.seat import ComputerSeat  # the AI is loaded only when chosen

    # ComputerSeat spells its kind as the text "computer", which equals
    # SeatKind.COMPUTER (a StrEnum): the cast only tells the type checker so.
    return cast(Seat, ComputerSeat(kind, name or kind.title(), seed=seed))
