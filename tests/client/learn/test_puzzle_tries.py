"""A puzzle is tried, not told: a wrong try says it is wrong and puts the position back
for another; H (the box's Clue button, the pause menu) gives one clue; the answer shows
only when asked for, or after the third wrong try; the legal-move dots, which would
give it away, are not drawn; leaving goes back to the puzzle list. Driven with real
events on the real match scene."""

from __future__ import annotations

import pygame

from isaac_game.client.handoff import GameSetup
from isaac_game.client.learn.progress import Progress
from isaac_game.client.learn.puzzle_control import TRIES
from isaac_game.client.learn.puzzles import progress_key
from isaac_game.client.registry import GAMES
from isaac_game.rules import Remove

from ..driver import click, key, menu_to, pad, run
from .test_puzzles import isaac_remove, open_puzzle

PUZZLES = GAMES["isaac"].puzzles


def box_text(control) -> str:
    return " ".join(text for text, _colour in control.box_words().paragraphs)


def wrong_removal(start, answer: Remove) -> Remove:
    """A legal removal of another piece than the answer's, its full gain."""
    cell = next(
        m.cell for m in start.legal_moves() if isinstance(m, Remove) and m.cell != answer.cell
    )
    return max(
        (m for m in start.legal_moves() if isinstance(m, Remove) and m.cell == cell),
        key=lambda m: m.target,
    )


def test_a_wrong_try_says_so_and_the_third_shows_the_answer(app, storage):
    puzzle = PUZZLES[0]
    scene = open_puzzle(app, "isaac", 0)
    control = scene.control
    start = scene.match.state
    answer = start.parse_move(puzzle.solution[0])
    wrong = wrong_removal(start, answer)
    for left in range(TRIES - 1, 0, -1):
        isaac_remove(app, scene, wrong)
        run(app, 3)
        # wrong, said so, and the position is back to try again: no answer given
        assert control.verdict is None and control.may_move()
        assert scene.match.state is control.start and control.marks == []
        assert "Not the best" in scene.bar.text
        said = box_text(control)
        assert "Not the best. That scores" in said and f"({left} " in said
        assert "The answer" not in said
    isaac_remove(app, scene, wrong)
    run(app, 3)
    # the third wrong try: the answer, marked and told
    assert control.verdict is False and "The answer: Dark removes" in control.words
    piece = start.piece_at(answer.cell)
    assert set(control.marks) == set(piece.cells)
    assert scene.match.state is control.start
    assert not Progress(storage).done(progress_key(puzzle))
    click(app, control.buttons["retry"].center)
    assert control.verdict is None and control.marks == [] and control.tries == 0
    isaac_remove(app, scene, answer)
    run(app, 3)
    assert control.verdict is True and Progress(storage).done(progress_key(puzzle))


def test_a_wrong_try_is_told_in_the_points_the_puzzle_asks_for(app):
    """Issue 41: "Score 18" answered "That makes 55; the best makes 69", the counter's
    totals from its start at 51: the try is told in the points it scored."""
    puzzle = PUZZLES[1]
    scene = open_puzzle(app, "isaac", 1)
    start = scene.match.state
    assert start.scores[0] == 51
    wrong = wrong_removal(start, start.parse_move(puzzle.solution[0]))
    isaac_remove(app, scene, wrong)
    run(app, 3)
    scored = start.removal_points(wrong.cell).points
    said = box_text(scene.control)
    assert f"That scores {scored} points; the best move scores 18." in said, said
    assert "makes" not in said


def test_one_clue_by_h_by_the_box_button_and_by_the_pause_menu_on_a_pad(app):
    scene = open_puzzle(app, "isaac", 0)
    control = scene.control
    run(app, 2)
    assert PUZZLES[0].clue not in box_text(control)
    key(app, pygame.K_h)
    assert scene.bar.text == f"Clue: {PUZZLES[0].clue}"
    assert f"Clue: {PUZZLES[0].clue}" in box_text(control)
    assert control.verdict is None  # a clue, not the answer
    # the next puzzle starts without its clue; the box's button gives it
    control.next_puzzle()
    run(app, 2)
    assert "Clue:" not in box_text(control)
    click(app, control.buttons["clue"].center)
    assert f"Clue: {PUZZLES[1].clue}" in box_text(control)
    # and on a pad: Start, down to "Clue", A
    control.next_puzzle()
    run(app, 2)
    pad(app, pygame.CONTROLLER_BUTTON_START)
    assert app.top.name == "pause"
    menu_to(app, app.top.menu, "clue", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.top is scene and f"Clue: {PUZZLES[2].clue}" in box_text(control)


def test_every_puzzle_has_one_clue_in_words_that_is_not_its_answer():
    for game in GAMES.values():
        for puzzle in game.puzzles:
            assert puzzle.clue, puzzle.id
            for action in puzzle.solution:
                assert action not in puzzle.clue  # no notation, and not the answer


def test_the_answer_on_request_by_the_box_button_and_the_pause_menu(app, storage):
    scene = open_puzzle(app, "isaac", 1)
    control = scene.control
    run(app, 2)
    click(app, control.buttons["answer"].center)
    assert control.verdict is False and "The answer: Dark removes" in control.words
    assert control.marks
    key(app, pygame.K_TAB)  # on to the next puzzle
    assert control.index == 2 and control.verdict is None
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "answer")
    key(app, pygame.K_RETURN)
    assert app.top is scene and control.verdict is False and control.marks
    assert not Progress(storage).done(progress_key(PUZZLES[2]))


def count_dots(monkeypatch, app, scene) -> int:
    """How many legal-move dots one drawing of the scene makes."""
    dots = []
    real = pygame.draw.circle

    def circle(surface, colour, *args, **kwargs):
        if tuple(colour)[:3] == tuple(app.palette.legal)[:3]:
            dots.append(args[0])
        return real(surface, colour, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "circle", circle)
    scene.draw(app.screen)
    monkeypatch.setattr(pygame.draw, "circle", real)
    return len(dots)


def test_no_legal_move_dots_in_a_foundations_puzzle(app, monkeypatch):
    assert app.settings.hints
    game = app.open("match", GameSetup("foundations"))
    run(app, 2)
    assert game.control.legal_dots and count_dots(monkeypatch, app, game) > 0
    app.pop_to("title")
    scene = open_puzzle(app, "foundations", 0)
    run(app, 2)
    assert not scene.control.legal_dots and count_dots(monkeypatch, app, scene) == 0


def test_leaving_a_puzzle_goes_back_to_its_list(app):
    open_puzzle(app, "isaac", 3)
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    assert app.top.name == "puzzles"


def test_leaving_a_solved_puzzle_asks_nothing(app):
    """Solved, the puzzle is kept: leaving it no longer warns that it starts again."""
    scene = open_puzzle(app, "isaac", 0)
    answer = scene.match.state.parse_move(PUZZLES[0].solution[0])
    isaac_remove(app, scene, answer)
    run(app, 3)
    assert scene.control.verdict is True
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "quit")
    key(app, pygame.K_RETURN)
    assert app.top.name == "puzzles"  # straight back to the list, no question
