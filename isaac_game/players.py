"""Who can sit at a seat: the names the menu and the command line offer.

`make_seat("hard", ...)` is the one place that turns a player kind into a Seat, so
the client, the arena and the LAN tools agree on the names.
"""

from __future__ import annotations

from typing import cast

from isaac_game.match import HumanSeat, RandomSeat, Seat

HUMAN = "human"
#: Computer levels, weakest first ("greedy" is a baseline for measurement). "random"
#: plays in the match's own process; the others think in a worker process.
COMPUTER_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "greedy")
PLAYER_KINDS: tuple[str, ...] = (HUMAN, *COMPUTER_LEVELS)


def make_seat(kind: str, name: str | None = None, seed: int | None = None) -> Seat:
    """A seat for `kind` ("human" or a computer level)."""
    if kind == HUMAN:
        return HumanSeat(name or "Player")
    if kind not in COMPUTER_LEVELS:
        raise ValueError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")
    if kind == "random":
        return RandomSeat(name or kind.title(), seed=seed)
    from isaac_game.ai.seat import ComputerSeat  # the AI is loaded only when chosen

    # ComputerSeat spells its kind as the text "computer", which equals
    # SeatKind.COMPUTER (a StrEnum): the cast only tells the type checker so.
    return cast(Seat, ComputerSeat(kind, name or kind.title(), seed=seed))
