"""The tree search under the FOUNDATIONS and HARI levels (RULES.md 2 and 3): progressive
widening keeps a node's children few until it has been looked at often, and a search
may start from the subtree its previous search grew for the position now on the board."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from isaac_game.ai import generic, mcts
from isaac_game.rules import GameState, new_game


def hari_position(moves: int = 10, seed: int = 10) -> GameState:
    rng = random.Random(seed)
    state = new_game("hari")
    for _ in range(moves):
        state = state.play(generic.rule_of_thumb(state, rng))
    return state


def test_rules_3_widening_keeps_the_roots_children_few():
    state = hari_position()
    settings = replace(generic.SEARCH, order=generic.thumb_order)
    verdict = mcts.search(state, 10.0, random.Random(1), settings, max_iterations=400)
    assert len(state.legal_moves()) > 100
    assert len(verdict.choices) <= math.ceil(settings.widening * math.sqrt(400)) + 1
    wide = mcts.search(state, 10.0, random.Random(1), mcts.TEXTBOOK, max_iterations=400)
    assert len(wide.choices) > len(verdict.choices)


def test_rules_3_a_search_starts_from_the_tree_its_last_search_grew():
    state = hari_position()
    settings = replace(generic.SEARCH, order=generic.thumb_order)
    first = mcts.search(state, 10.0, random.Random(1), settings, max_iterations=600, keep_as="t")
    assert first.inherited == 0
    best = first.best
    after = state.play(best.move)
    second = mcts.search(after, 10.0, random.Random(2), settings, max_iterations=50, keep_as="t")
    # the best move's subtree carries its playouts over
    assert second.inherited == best.visits > 0
    assert second.iterations == 50


def test_rules_3_a_kept_tree_is_used_only_for_a_position_it_led_to():
    state = hari_position()
    settings = replace(generic.SEARCH, order=generic.thumb_order)

    def look(position: GameState, keep_as: str | None = "t", iterations: int = 20) -> int:
        verdict = mcts.search(
            position, 10.0, random.Random(1), settings, max_iterations=iterations, keep_as=keep_as
        )
        return verdict.inherited

    look(state, iterations=300)
    assert look(hari_position(seed=11)) == 0  # another game's position: not below the root
    look(state, iterations=300)
    assert look(new_game("foundations")) == 0  # another game
    look(state, iterations=300)
    assert look(state, keep_as="u") == 0  # another name: another level's tree
    assert look(state, keep_as=None) == 0  # keeping nothing
    assert look(state) == 300  # the tree kept as "t" is still there for "t"
