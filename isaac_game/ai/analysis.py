"""The computer's view of a game: for every move, what Hard would have played and
how much win chance the move played gave away.

Each position of the game is searched once (the same tree search and playouts as
Hard's in FOUNDATIONS and HARI, `mcts`), which gives the side to move its win chance
over the search; in ISAAC the preferred move is Hard's own (half the time goes to it,
half to the playouts that weigh the position).
A move's loss is that chance minus the mover's chance in the position the move
left (searched in turn, or known exactly when the game ended there). Win chances
are what the playouts can state honestly in all three games: ISAAC's points and
FOUNDATIONS' hand values only mean something against what the opponent can do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from isaac_game.rules import GameState, IsaacState, Player, new_game

from .bots import make_bot
from .generic import think
from .mcts import SearchSettings, Verdict, search

#: Win chance given away from which a move is a mistake, and a blunder.
MISTAKE = 0.10
BLUNDER = 0.25
#: Seconds of search per position unless told otherwise.
DEFAULT_MOVETIME = 1.0

ISAAC_SETTINGS = SearchSettings(exploration=0.7, lean=0.9)


@dataclass(frozen=True)
class MoveReview:
    """What the search thinks of one move of a game."""

    ply: int  # 0 for the first move
    mover: Player
    played: str
    preferred: str
    chance: float  # the mover's win chance before the move, with the best move
    after: float  # the mover's win chance after the move played

    @property
    def loss(self) -> float:
        """Win chance given away: 0 for the move Hard prefers (whatever the noise of two
        searches says) and never below 0."""
        if self.played == self.preferred:
            return 0.0
        return max(0.0, self.chance - self.after)

    @property
    def mark(self) -> str:
        """ "blunder", "mistake" or "" (see MISTAKE and BLUNDER)."""
        if self.played == self.preferred:
            return ""
        loss = self.loss + 1e-9  # 0.6 - 0.5 is 0.0999... in floating point
        if loss >= BLUNDER:
            return "blunder"
        return "mistake" if loss >= MISTAKE else ""


def judge(state: GameState, seconds: float, rng: random.Random) -> Verdict:
    """Hard's search of one position (not over)."""
    if isinstance(state, IsaacState):
        return search(state, seconds, rng, ISAAC_SETTINGS)
    return think(state, seconds, rng)  # the sister games' Medium and Hard search


#: What the search said of one position: (best move, its win chance for the side to
#: move), or None for a position where the game is over.
PositionView = tuple[str, float] | None


def view_position(game: str, moves: tuple[str, ...], seconds: float, seed: int = 0) -> PositionView:
    """Hard's view of the position after `moves` (a worker's task: plain values in
    and out). The seed depends on the position, so a position looks the same
    whichever order positions are searched in."""
    state = new_game(game)
    for move in moves:
        state = state.play(move)
    if state.is_over:
        return None
    rng = random.Random(f"{seed}|{len(moves)}")
    if isinstance(state, IsaacState):
        # ISAAC: the move is Hard's own (its look-ahead and scoring search); the win
        # chances come from the playouts, which judge a position better than a move
        preferred = str(make_bot("hard", seed).choose(state, seconds / 2))
        return preferred, judge(state, seconds / 2, rng).value
    verdict = judge(state, seconds, rng)
    return str(verdict.best.move), verdict.value


def _chance_for(state: GameState, view: PositionView, player: Player) -> float:
    """`player`'s win chance in `state`: exact when it is over, else the search's."""
    if state.is_over:
        winner = state.winner
        return 0.5 if winner is None else float(winner == player)
    assert view is not None
    chance = view[1]
    return chance if state.to_move == player else 1.0 - chance


def reviews_of(
    game: str, moves: tuple[str, ...] | list[str], views: list[PositionView]
) -> list[MoveReview]:
    """Every move's review, from the views of all positions (`len(moves) + 1` of them)."""
    if len(views) != len(moves) + 1:
        raise ValueError("one view per position is needed")
    states = [new_game(game)]
    for move in moves:
        states.append(states[-1].play(move))
    reviews = []
    for i, move in enumerate(moves):
        before, view = states[i], views[i]
        mover = before.to_move
        assert mover is not None and view is not None
        reviews.append(
            MoveReview(
                ply=i,
                mover=mover,
                played=str(before.parse_move(move)),
                preferred=view[0],
                chance=view[1],
                after=_chance_for(states[i + 1], views[i + 1], mover),
            )
        )
    return reviews


def analyse(
    game: str,
    moves: tuple[str, ...] | list[str],
    seconds: float = DEFAULT_MOVETIME,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[MoveReview]:
    """Review every move of a game given by its name and moves (finished or not).

    `progress(done, total)` is called after each position searched."""
    moves = tuple(moves)
    views: list[PositionView] = []
    for i in range(len(moves) + 1):
        views.append(view_position(game, moves[:i], seconds, seed))
        if progress is not None:
            progress(i + 1, len(moves) + 1)
    return reviews_of(game, moves, views)


def summary(reviews: list[MoveReview]) -> str:
    """`analysis: N moves, M mistakes, B blunders; Dark: m mistakes, b blunders; Light: ...`"""

    def count(mark: str, who: Player | None = None) -> int:
        return sum(r.mark == mark and (who is None or r.mover == who) for r in reviews)

    parts = [
        f"analysis: {len(reviews)} moves, {count('mistake')} mistakes, {count('blunder')} blunders"
    ]
    for who in (Player.DARK, Player.LIGHT):
        parts.append(
            f"{who.title}: {count('mistake', who)} mistakes, {count('blunder', who)} blunders"
        )
    return "; ".join(parts)
