"""Puzzles: a position, a goal in words, the answer, and how an answer is judged.

A puzzle is solved by one turn of the player to move: one move in ISAAC and
FOUNDATIONS, a few actions (slides, then the play) in HARI. The turn is judged by its
`measure`, a number computed from the positions before and after the turn; the
stated solution reaches the best number any turn can reach (the tests prove it by
trying every turn), and any turn that reaches it too is a right answer.

The measures are a closed set (`Measure`), so a puzzle cannot name one that does not
exist, and each member knows its function (`Measure.rate`): the type checker sees both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from isaac_game.rules import GameState, Pass, Player


class Measure(StrEnum):
    """How a puzzle judges a turn: a number from the positions before and after it,
    higher is better. Its value is its name, the one text a measure has."""

    SCORE = "score"  # the mover's score after the turn
    POINTS = "points"  # ISAAC: the points the turn scores
    HAND = "hand"  # FOUNDATIONS: the less value left in hand, the better
    BLOCKS = "blocks"  # the opponent must pass (or the game is won)
    WINS = "wins"  # the mover wins whatever the opponent does

    def rate(self, before: GameState, after: GameState) -> float:
        """The turn from `before` to `after`, in this measure. A `match` rather than a
        table, so the type checker proves every member has its function."""
        match self:
            case Measure.SCORE:
                return score(before, after)
            case Measure.POINTS:
                return points(before, after)
            case Measure.HAND:
                return hand_left(before, after)
            case Measure.BLOCKS:
                return blocks(before, after)
            case Measure.WINS:
                return wins(before, after)
            case _:
                assert_never(self)


@dataclass(frozen=True)
class Puzzle:
    id: str  # "isaac-1": the key progress is kept under
    title: str  # "Score 36 with one removal"
    goal: str  # the goal in words, shown over the board
    build: Callable[[], GameState]  # the position
    solution: tuple[str, ...]  # the turn's actions in notation (one move, or HARI's turn)
    measure: Measure  # how a turn is judged
    why: str = ""  # one line on the answer, shown with the solution
    clue: str = ""  # one clue, shown on request (H, the box's Clue button, the pause menu)

    @property
    def game(self) -> str:
        return self.build().game

    def position(self) -> GameState:
        return self.build()


def mover_of(state: GameState) -> Player:
    assert state.to_move is not None, "a puzzle position has a player to move"
    return Player(state.to_move)


def score(before: GameState, after: GameState) -> float:
    """The mover's score after the turn (ISAAC's track, HARI's value on the board)."""
    return after.scores[mover_of(before).index]


def points(before: GameState, after: GameState) -> float:
    """ISAAC: the points the turn scores (how far the mover's counter went). The same
    best turn as `score`, but what a puzzle asking "Score 18" is told back in."""
    mover = mover_of(before).index
    return after.scores[mover] - before.scores[mover]


def hand_left(before: GameState, after: GameState) -> float:
    """FOUNDATIONS: the less value left in hand, the better."""
    return -after.scores[mover_of(before).index]


def blocks(before: GameState, after: GameState) -> float:
    """1 when the opponent must pass (or the game is won) after the turn."""
    me = mover_of(before)
    if after.is_over:
        return 1.0 if after.winner == me else 0.0
    if after.to_move == me:
        return 0.0
    return 1.0 if [*after.legal_moves()] == [Pass()] else 0.0


def wins(before: GameState, after: GameState) -> float:
    """1 when the mover wins from `after` whatever the opponent does (exhaustive search:
    for the small endgames of puzzles only)."""
    return 1.0 if _won(after, mover_of(before)) else 0.0


def _won(state: GameState, me: Player) -> bool:
    memo: dict[object, bool] = {}

    def search(now: GameState) -> bool:
        key = now.position_key()
        if key not in memo:
            if now.is_over:
                memo[key] = now.winner == me
            else:
                children = (now.play(m) for m in now.legal_moves())
                pick = any if now.to_move == me else all
                memo[key] = pick(search(c) for c in children)
        return memo[key]

    return search(state)


def turn_over(before: GameState, now: GameState) -> bool:
    """Has the player of `before` finished their turn in `now`?"""
    return now.is_over or now.to_move != before.to_move


def play_turn(state: GameState, actions: tuple[str, ...] | list[str]) -> GameState:
    """The position after the turn's actions (each checked by the rules)."""
    for action in actions:
        state = state.play(action)
    return state


def turns(state: GameState) -> Iterator[tuple[tuple[str, ...], GameState]]:
    """Every turn the player to move can take: (actions, position after), by search."""
    seen: set[object] = set()

    def walk(now: GameState, done: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], GameState]]:
        for move in now.legal_moves():
            after = now.play(move)
            path = (*done, str(move))
            if turn_over(state, after):
                yield path, after
            elif (key := after.position_key()) not in seen:
                seen.add(key)
                yield from walk(after, path)

    yield from walk(state, ())


def measure_turn(puzzle: Puzzle, after: GameState) -> float:
    return puzzle.measure.rate(puzzle.position(), after)


def best(puzzle: Puzzle) -> float:
    """What the stated solution reaches: the mark a turn must reach to be right."""
    start = puzzle.position()
    return puzzle.measure.rate(start, play_turn(start, puzzle.solution))


def solved_by(puzzle: Puzzle, after: GameState) -> bool:
    return measure_turn(puzzle, after) >= best(puzzle)


def progress_key(puzzle: Puzzle) -> str:
    return f"puzzle:{puzzle.id}"
