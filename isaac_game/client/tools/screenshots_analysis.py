"""Screens of the computer's view: a hint in FOUNDATIONS and in HARI, and the Review
screen with its analysis for each game (computed here, briefly, without a worker)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from isaac_game.ai import hint
from isaac_game.ai.analysis import PositionView, view_position
from isaac_game.ai.generic import rule_of_thumb
from isaac_game.rules import GameRecord, GameState, Key, Player, label_key, new_game

from ..handoff import GameSetup, history_of
from ..scenes.match import MatchScene
from ..scenes.replay import ReplayScene

#: The judge's work for pictures (`Judge.scale`): some view of each position, quickly.
QUICK = 0.05

SEEDED = {
    label_key(Player.DARK): "Ada",
    label_key(Player.LIGHT): "Computer (hard)",
    Key.DATE: "2026-11-23",
}


def _sensible_game(game: str, seed: int, plies: int | None = None) -> GameState:
    """A game by the rule of thumb (ISAAC: at random), `plies` moves in or to its end."""
    rng, state = random.Random(seed), new_game(game)
    while not state.is_over and (plies is None or state.ply < plies):
        move = rng.choice(state.legal_moves()) if game == "isaac" else rule_of_thumb(state, rng)
        state = state.play(move)
    return state


@cache
def analysed_game(game: str, seed: int = 7) -> tuple[GameState, tuple[PositionView | None, ...]]:
    """A whole game by the rule of thumb, and Hard's brief view of each of its
    positions. Worked out once a process: the Review and the report show the same
    game, and every visit (each window size and language the text-fit tests check)
    the same views; only the words around them change."""
    final = _sensible_game(game, seed)
    moves = final.moves
    views = (view_position(game, moves[:i], scale=QUICK)[0] for i in range(len(moves) + 1))
    return final, tuple(views)


def _hint_screen(app, save, game: str) -> None:
    position = _sensible_game(game, 5, 8)
    screen = app.open("match", GameSetup(game, "human", "human", history=history_of(position)))
    assert isinstance(screen, MatchScene) and screen.play.hints is not None
    helper = screen.play.hints
    helper.state = screen.match.state
    helper.move, helper.text = hint(screen.match.state, scale=QUICK)
    if helper.on_answer is not None:  # the hinted piece made ready, as in play
        helper.on_answer(helper.move)
    save(f"{game}-hint")
    app.pop(screen)


def _review_screen(app, save, game: str) -> None:
    final, views = analysed_game(game)
    moves = final.moves
    replay = app.open("replay", GameRecord(final, SEEDED), "seeded.isaac.txt")
    assert isinstance(replay, ReplayScene)
    replay.analysis._finish(list(views), save=False)
    worst = replay.analysis.worst()
    replay.go(worst[0] if worst else len(moves) // 2)
    save(f"{game}-review-analysis")
    app.pop(replay)


def shoot_analysis(app, save: Callable[[str], None]) -> None:
    """Hints in the sister games, and the Review screen's analysis in all three."""
    for game in ("foundations", "hari"):
        _hint_screen(app, save, game)
    for game in ("isaac", "foundations", "hari"):
        _review_screen(app, save, game)
