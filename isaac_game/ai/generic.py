"""Computer play for FOUNDATIONS, HARI and any other registered game but ISAAC: a rule
of thumb, and tree search on top.

The rule of thumb plays the move after which the mover stands best by the game's own
score (which way scores count is part of the game's registered entry,
`game_info(name).better_scores`). FOUNDATIONS and HARI declare more
(`shortest_first`): pieces go in non-decreasing length, so the rule plays the
shortest piece you may (it keeps every longer piece playable), and among those the
move that leaves you best off. That rule is `greedy` (and `hard1`, the arena's name
for what Hard was before it searched); Easy plays it with regular slips. Medium and
Hard search (`mcts`): the tree looks first at the moves the rule of thumb likes, and
the playouts below it lean on the same rule (the game's fast core's), so that a
playout looks like a game two sensible players could have. This is what the search
learns there that the rule cannot see:

- FOUNDATIONS: when moving up a level pays, and with which piece; which of your own
  pieces to keep free as supports; which room to take before the opponent's long
  pieces need it; how the levels will break a tie of hands.
- HARI: when sliding makes room for a long piece, and when a discard is worth more
  than a cramped placement; the value budget of a turn; how the endgame counts.

HARI's Hard goes further (`HARD_SEARCH`): among the placements the rule of thumb
ranks alike, its tree looks first at those that leave least room for the long pieces,
and so may widen faster.

A game registered without a fast core gets uniformly random playouts instead.
"""

from __future__ import annotations

import random
from dataclasses import replace

from isaac_game.rules import Discard, GameState, Move, Place, Player, game_info

from .mcts import TEXTBOOK, KeptTree, SearchSettings, Verdict, search
from .move_order import crowding_order, thumb_order
from .parallel import HelperPool, parallel_search

#: Easy's chance, each move, of a random move instead of the rule of thumb.
EASY_SLIP = 0.1
#: How the searching levels play: a lean of 0.5-0.8 and an exploration of 0.4-1.0 all
#: measured alike against `uct` (the arena, 0.25 s a move); a lean of 0 or 0.95 worse.
#: Widening is what counted in HARI: 25 of 30 without it, 29 and 30 of 30 with 2 and 1
#: (0.25 s a move, against `uct`); see `mcts` for it and for the kept tree.
SEARCH = SearchSettings(
    exploration=0.7, lean=0.8, order=thumb_order, widening=1.0, shuffle_ties=True
)
#: A game's own settings, where they differ. HARI widens more slowly: at a child per
#: sqrt(visits), more playouts did not play better (800 a move against 200 won 37 of
#: 100 games, 200 against 50 won 45.5 of 100), as if the playouts' judgement of the
#: moves the rule of thumb ranks low were worse than the rule itself. At 0.3 child
#: per sqrt(visits), 800 a move against 100 won 39 of 60 (docs/strength.md, "HARI's
#: search"). Trying those moves early is still far worse with playouts that slide to
#: make room (`HariCore.slide_to_fit`): 8 of 100 at 800 playouts a move.
GAME_SEARCH: dict[str, SearchSettings] = {"hari": replace(SEARCH, widening=0.3)}
#: Hard's own search, where it differs from the other searching levels'. HARI's Hard
#: tries the placements that crowd the board first (`move_order.crowding_order`), and
#: so may widen twice as fast: at 1,600 playouts a move, about what Hard searches,
#: that won 39.5 of 60 against the search above; Hard with it won 117 of 143 against
#: 300 playouts of it, where Hard without had won 67% against 200 (docs/strength.md,
#: "HARI's search"). The other searching levels keep the search their ladder steps
#: were measured with.
HARD_SEARCH: dict[str, SearchSettings] = {
    "hari": replace(GAME_SEARCH["hari"], order=crowding_order, widening=0.6)
}
#: Medium and Hard search until their time is up: playouts run 2,000 a second in the
#: opening and ten times that near the end, so no fixed allowance of playouts would
#: both use the budget and keep to it. Their moves therefore depend on the machine's
#: speed (the rule-of-thumb levels stay repeatable for a seed).


def standing(state: GameState, player: Player) -> int:
    """How well `player` stands by the game's score (higher is better), whichever way
    the game counts its scores (FOUNDATIONS: value left in hand, less is better)."""
    mine, theirs = state.scores[player.index], state.scores[player.other.index]
    if game_info(state.game).better_scores == "lower":
        return theirs - mine
    return mine - theirs


def rule_of_thumb(state: GameState, rng: random.Random) -> Move:
    """The move after which you stand best; in a game of `shortest_first`, only the
    shortest piece you may play (placed or discarded) is looked at."""
    legal = state.legal_moves()
    mover = state.to_move
    assert mover is not None
    if len(legal) == 1:
        return rng.choice(legal)
    if game_info(state.game).shortest_first:
        plays = [m for m in legal if isinstance(m, Place | Discard)]
        if not plays:  # only slides (HARI) or a pass: any will do
            return rng.choice(legal)
        shortest = min(m.length for m in plays)
        candidates: list[Move] = [m for m in plays if m.length == shortest]
    else:
        candidates = list(legal)
    best: list[Move] = []
    best_value = None
    for move in candidates:
        value = standing(state.play(move), mover)
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)


def search_settings(game: str, level: str = "hard") -> SearchSettings:
    """How `level` ("medium" or "hard") searches `game`. Hints and the analysis
    judge with Hard's search."""
    if level == "hard" and game in HARD_SEARCH:
        return HARD_SEARCH[game]
    return GAME_SEARCH.get(game, SEARCH)


def think(
    state: GameState,
    seconds: float,
    rng: random.Random,
    kept: KeptTree | None = None,
    pool: HelperPool | None = None,
    max_iterations: int | None = None,
    settings: SearchSettings | None = None,
) -> Verdict:
    """The searching levels' look at `state`: root moves best first, with win chances.
    `kept` holds the tree kept from the last look, and gets this one's (`mcts.search`);
    with a `pool`, its helpers search too (`parallel`); `max_iterations` caps the
    playouts (each process's) where work, not time, is to decide; `settings` are
    Hard's search (`search_settings`) unless given."""
    if settings is None:
        settings = search_settings(state.game)
    if pool is not None and pool.workers:
        return parallel_search(
            pool, state, seconds, rng, settings, kept or KeptTree(), max_iterations
        )
    return search(state, seconds, rng, settings, max_iterations=max_iterations, kept=kept)


def choose_generic(
    level: str,
    state: GameState,
    rng: random.Random,
    budget: float,
    kept: KeptTree | None = None,
    pool: HelperPool | None = None,
) -> Move:
    """A legal move for any game but ISAAC at `level`, thinking about `budget` seconds
    (the searching levels start from the tree in `kept`, and leave theirs there; Hard
    searches on the helpers of `pool` too)."""
    legal = state.legal_moves()
    if len(legal) == 1 or level == "random":
        return rng.choice(legal)
    if level == "uct":
        return search(state, budget, rng, TEXTBOOK).best.move
    if level in ("medium", "hard"):
        settings = search_settings(state.game, level)
        return think(state, budget, rng, kept, pool, settings=settings).best.move
    if level == "easy" and rng.random() < EASY_SLIP:
        return rng.choice(legal)
    return rule_of_thumb(state, rng)
