"""The tree search under the FOUNDATIONS and HARI levels: progressive
widening keeps a node's children few until it has been looked at often, and a search
may start from the subtree its previous search grew for the position now on the board."""

from __future__ import annotations

import math
import random

from isaac_game.ai import generic, mcts
from isaac_game.rules import GameState, new_game


def hari_position(moves: int = 10, seed: int = 10) -> GameState:
    rng = random.Random(seed)
    state = new_game("hari")
    for _ in range(moves):
        state = state.play(generic.rule_of_thumb(state, rng))
    return state


def test_widening_keeps_the_roots_children_few():
    state = hari_position()
    settings = generic.SEARCH
    verdict = mcts.search(state, 10.0, random.Random(1), settings, max_iterations=400)
    assert len(state.legal_moves()) > 100
    assert len(verdict.choices) <= math.ceil(settings.widening * math.sqrt(400)) + 1
    wide = mcts.search(state, 10.0, random.Random(1), mcts.TEXTBOOK, max_iterations=400)
    assert len(wide.choices) > len(verdict.choices)


def test_a_search_starts_from_the_tree_its_last_search_grew():
    state = hari_position()
    settings = generic.SEARCH
    tree = mcts.KeptTree()
    first = mcts.search(state, 10.0, random.Random(1), settings, max_iterations=600, kept=tree)
    assert first.inherited == 0
    best = first.best
    after = state.play(best.move)
    second = mcts.search(after, 10.0, random.Random(2), settings, max_iterations=50, kept=tree)
    # the best move's subtree carries its playouts over
    assert second.inherited == best.visits > 0
    assert second.iterations == 50


def test_a_kept_tree_is_used_only_for_a_position_it_led_to():
    state = hari_position()
    settings = generic.SEARCH

    mine = mcts.KeptTree()

    def look(position: GameState, kept: mcts.KeptTree | None = mine, iterations: int = 20) -> int:
        verdict = mcts.search(
            position, 10.0, random.Random(1), settings, max_iterations=iterations, kept=kept
        )
        return verdict.inherited

    look(state, iterations=300)
    assert look(hari_position(seed=11)) == 0  # another game's position: not below the root
    look(state, iterations=300)
    assert look(new_game("foundations")) == 0  # another game
    look(state, iterations=300)
    assert look(state, kept=mcts.KeptTree()) == 0  # another player's tree
    assert look(state, kept=None) == 0  # keeping nothing
    assert look(state) == 300  # this player's tree is still there for it


def test_two_players_of_one_level_keep_a_tree_each():
    """Hard against Hard in one process: each bot searches on its own tree only."""
    from isaac_game.ai import make_bot

    state = hari_position()
    dark, light = make_bot("hard", 1), make_bot("hard", 2)
    move = dark.choose(state, budget=0.2)
    assert dark.tree.root is not None and light.tree.root is None
    light.choose(state.play(move), budget=0.2)
    assert light.tree.root is not None
    assert dark.tree.root is not light.tree.root
