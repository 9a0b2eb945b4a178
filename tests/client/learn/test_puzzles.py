"""Puzzles (Learn to play): every puzzle's answer is legal, reaches its goal, and no
turn does better (exhaustive search); the puzzle screens judge a turn played with real
pygame events and remember what was solved (wrong tries, clues and the answer:
test_puzzle_tries.py)."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.learn.progress import Progress
from isaac_game.client.learn.puzzle_control import PuzzleControl
from isaac_game.client.learn.puzzles import (
    Measure,
    best,
    measure_turn,
    play_turn,
    progress_key,
    solved_by,
    turn_over,
    turns,
)
from isaac_game.client.registry import GAMES, make_app
from isaac_game.rules import IsaacState, Place, Player, Remove, Slide

from ..driver import click, key, run
from ..games.test_foundations_client import place_by_keys
from ..games.test_hari_client import play_by_keys, slide_by_keys

PUZZLES = {name: game.puzzles for name, game in GAMES.items()}
ALL = [p for puzzles in PUZZLES.values() for p in puzzles]


def test_enough_puzzles_with_unique_ids():
    assert len(PUZZLES["isaac"]) >= 10
    assert len(PUZZLES["foundations"]) >= 5 and len(PUZZLES["hari"]) >= 5
    ids = [p.id for p in ALL]
    assert len(set(ids)) == len(ids)
    assert all(p.game == game for game, puzzles in PUZZLES.items() for p in puzzles)


def test_every_puzzle_names_a_measure_that_exists_and_every_measure_rates_a_turn():
    """A puzzle's measure is one of the closed set, never a loose name, and each member
    of the set rates a turn (the type checker proves `rate` covers them all)."""
    assert all(isinstance(p.measure, Measure) for p in ALL)
    assert {p.measure for p in ALL} == set(Measure), "every measure is used by a puzzle"
    for measure in Measure:
        puzzle = next(p for p in ALL if p.measure is measure)
        start = puzzle.position()
        assert isinstance(measure.rate(start, play_turn(start, puzzle.solution)), int | float)
    with pytest.raises(ValueError):
        Measure("moves")  # no such measure


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_the_answer_is_legal_reaches_the_goal_and_nothing_beats_it(puzzle):
    start = puzzle.position()
    assert not start.is_over and start.to_move is not None
    if start.game == "isaac":
        assert isinstance(start, IsaacState) and start.phase == "scoring"
    else:  # a position of real moves: its record replays
        assert start.moves and play_turn(type(start)(), start.moves).position_key() == (
            start.position_key()
        )
    # the stated answer: legal action by action, one whole turn
    state = start
    for i, action in enumerate(puzzle.solution):
        state = state.play(action)  # raises for an illegal action
        assert turn_over(start, state) == (i == len(puzzle.solution) - 1)
    mark = best(puzzle)
    assert solved_by(puzzle, state)
    if puzzle.measure in (Measure.BLOCKS, Measure.WINS):
        assert mark == 1.0, "the answer reaches the goal"
    # exhaustive: every turn (every order of slides, every play), judged the same way
    results = [(actions, measure_turn(puzzle, after)) for actions, after in turns(start)]
    assert max(v for _, v in results) == mark
    worse = [a for a, v in results if v < mark]
    assert worse, "some turn must miss the goal, or it is no puzzle"
    if puzzle.measure is Measure.POINTS:
        assert [a for a, v in results if v == mark] == [puzzle.solution], "one best removal"


def test_isaac_score_puzzles_are_the_most_points_by_the_rules_breakdown():
    """Cross-check without the search: the answer's piece scores the most of all
    removable pieces (value x N x M), and the counter goes the whole way."""
    for puzzle in PUZZLES["isaac"]:
        if puzzle.measure is not Measure.POINTS:
            continue
        state = puzzle.position()
        assert isinstance(state, IsaacState)
        cells = {m.cell for m in state.legal_moves() if isinstance(m, Remove)}
        points = {c: state.removal_points(c).points for c in cells}
        move = state.parse_move(puzzle.solution[0])
        assert isinstance(move, Remove)
        assert points[move.cell] == max(points.values())
        mover = state.to_move
        assert move.target == state.scores[Player(mover).index] + points[move.cell]


# ----- the screens, driven with real events ----------------------------------------------


def open_puzzle(app, game: str, index: int):
    app.open("learn")
    run(app, 1)
    app.open("puzzles", game)
    run(app, 1)
    listing = app.top
    click(app, listing.menu.item(PUZZLES[game][index].id).rect.center)
    run(app, 2)
    scene = app.top
    assert isinstance(scene.control, PuzzleControl)
    return scene


def isaac_remove(app, scene, move: Remove) -> None:
    scoring = scene.play.scoring
    click(app, scene.play.board.cell_center(move.cell))
    targets = scene.match.state.removal_targets(move.cell)
    assert scoring.target == targets[-1]
    for _ in range(targets.index(targets[-1]) - targets.index(move.target)):
        key(app, pygame.K_LEFT)
    assert scoring.target == move.target
    key(app, pygame.K_RETURN)


def test_isaac_puzzle_solved_then_the_next_and_progress_survives_a_new_app(app, storage):
    puzzle = PUZZLES["isaac"][6]  # the block: the counter stops short of its full gain
    scene = open_puzzle(app, "isaac", 6)
    control = scene.control
    move = scene.match.state.parse_move(puzzle.solution[0])
    isaac_remove(app, scene, move)
    run(app, 3)
    assert control.verdict is True and "You found the best move!" in control.words
    assert not control.may_move()
    assert Progress(storage).done(progress_key(puzzle))
    run(app, 120)  # Light must pass, but the puzzle waits: no auto-pass, no results
    assert app.top is scene and scene.match.state.to_move == Player.LIGHT
    key(app, pygame.K_RETURN)  # next puzzle
    assert control.index == 7 and control.verdict is None and scene.match.state is control.start
    app.shutdown()
    again = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    again.open("title")
    again.frame()
    listing = again.open("puzzles", "isaac")
    again.frame()
    assert "(solved)" in listing.menu.item(puzzle.id).text()
    assert "(solved)" not in listing.menu.item(PUZZLES["isaac"][0].id).text()
    again.shutdown()


def test_foundations_puzzle_solved_with_keys(app, storage):
    puzzle = PUZZLES["foundations"][0]
    scene = open_puzzle(app, "foundations", 0)
    move = scene.match.state.parse_move(puzzle.solution[0])
    assert isinstance(move, Place)
    place_by_keys(app, scene, move, scene.match.state.to_move)
    run(app, 3)
    assert scene.control.verdict is True
    assert Progress(storage).done(progress_key(puzzle))


def test_hari_puzzle_turn_of_slides_and_a_play_is_judged_at_its_end(app, storage):
    puzzle = PUZZLES["hari"][2]
    scene = open_puzzle(app, "hari", 2)
    control = scene.control
    for action in puzzle.solution:
        assert control.verdict is None  # slides keep the turn: nothing judged yet
        move = scene.match.state.parse_move(action)
        if isinstance(move, Slide):
            slide_by_keys(app, scene, move)
        else:
            play_by_keys(app, scene, move)
        run(app, 2)
    assert control.verdict is True
    assert Progress(storage).done(progress_key(puzzle))
    # Tab after the last puzzle of the set goes back to the list
    control.index = len(PUZZLES["hari"]) - 1
    key(app, pygame.K_TAB)
    assert app.top.name == "puzzles"


def test_the_learn_chooser_lists_the_puzzle_sets(app):
    from isaac_game.client.learn.entries import learn_entries

    rows = {row.key: row for row in learn_entries(GAMES.values(), Progress(app.storage))}
    for game in PUZZLES:
        row = rows[f"puzzles_{game}"]
        assert row.scene == "puzzles" and row.handoff == (game,)
        assert f"0 of {len(PUZZLES[game])} solved" in row.label
