"""The coach while you play against the computer: it speaks of a planted blunder (the
rulebook's block position, where only x02-36 wins, as tests/ai/test_analysis.py plants
x02-39), Take it back restores the position, it stays silent for the good move, it
never speaks of the computer's move, and a game taken back is saved as coached.

Driven by real events on the real match scene; every wait is on a condition."""

from __future__ import annotations

import time

import pygame

from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.storage import read_headers
from isaac_game.rules import IsaacState, Player, Remove, new_game

from ..driver import click, frames_until, key, menu_to, run

#: tests/ai/positions.py's BLOCK_LAST (docs/rules.md 1.6, last check): Light to move;
#: removing the 7 on column 2 and stopping on 36 blocks Dark's last piece and wins,
#: every other move loses (x02-39, the greedy one, is the blunder planted).
BLOCK_LAST = [
    "7v03", "6h44", "5h72", "3v01", "4v69", "7v02", "6h24", "5h90", "6h04", "5v57",
    "4v00", "4h36", "3v50", "6h14", "5v58", "4v31", "4h83", "3h80", "3h64", "3h54",
    "pass", "pass", "x04-11", "x14-21", "x24-25",
]  # fmt: skip


def replay(moves: list[str]) -> IsaacState:
    state = new_game("isaac")
    for move in moves:
        state = state.play(move)
    assert isinstance(state, IsaacState)
    return state


def coached_game(app, level: str = "blunders") -> MatchScene:
    """Light (the human) to move in the block position; Dark is Hard."""
    app.settings.coach = {"isaac": level}
    setup = GameSetup("isaac", "hard", "human", history=history_of(replay(BLOCK_LAST)))
    game = app.open("match", setup)
    assert isinstance(game, MatchScene)
    run(app, 2)
    assert game.human_to_move() == Player.LIGHT and game.coach.level == level
    return game


def remove_by_mouse(app, game: MatchScene, move: Remove) -> None:
    click(app, game.play.board.cell_center(move.cell))
    assert game.play.scoring.anchor == move.cell
    click(app, game.play.board.cell_center(track_cell(Player.LIGHT, move.target)))


def checked_moves(game: MatchScene) -> list[tuple[Player, str]]:
    """Spy on the coach's worker: (mover, move) of every move it is asked to check."""
    asked: list[tuple[Player, str]] = []
    worker = game.coach.worker
    assert worker is not None
    start = worker.start

    def spy(before, after):
        asked.append((before.to_move, after.moves[-1]))
        start(before, after)

    worker.start = spy  # type: ignore[method-assign]
    return asked


def test_the_coach_warns_of_a_planted_blunder_and_takes_it_back(app):
    game = coached_game(app)
    asked = checked_moves(game)
    remove_by_mouse(app, game, Remove(2, 39))
    assert game.match.state.moves[-1] == "x02-39"
    frames_until(app, lambda: game.coach.offering or game.match.state.moves[-1] != "x02-39")
    assert game.coach.offering, "the coach said nothing of the blunder"
    # the computer's reply is held back while the coach asks: it waits for the player
    seat = game.match.seats[Player.DARK]
    frames_until(app, lambda: seat.ready)
    run(app, 30)
    assert game.match.state.moves[-1] == "x02-39" and game.coach.offering
    # the heading says what the game waits for: the player's answer, not the computer
    assert game.bar.heading("") == "The coach asks: take your move back, or play on?"
    assert asked == [(Player.LIGHT, "x02-39")]  # never the computer's move
    warning, hard = game.coach.words()
    assert "win chance" in warning and "%" in warning
    # the 7-cell piece (printed 6) on Dark's column 2: Light's column 7, the board facing Light
    assert hard.startswith("Hard would play: Light removes the 6 on column 7")
    assert "counter to 36 (not 39)" in hard
    assert "x02" not in warning + hard  # no notation in the words
    assert game.coach.preferred() == Remove(2, 36)  # drawn as the ghost
    app.draw()
    back, on = game.coach.buttons()
    assert back is not None and on is not None
    key(app, pygame.K_BACKSPACE)  # Take it back
    assert not game.coach.offering
    assert game.match.state.moves == replay(BLOCK_LAST).moves
    assert game.human_to_move() == Player.LIGHT
    # the save says the game was coached
    path = game.keeping.path
    assert path is not None and read_headers(path).get("Coached") == "yes"
    assert game.keeping.finished()[0].get("Coached") == "yes"
    # the right move now: Dark is blocked, the game is won, the results say it was coached
    remove_by_mouse(app, game, Remove(2, 36))
    frames_until(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert isinstance(results, ResultsScene)
    _winner, title, reason = results.headline()
    assert title == "You win" and reason.endswith("Coached: a move was taken back.")
    assert read_headers(path).get("Coached") == "yes" and "Result" in read_headers(path)


def test_play_on_by_click_lets_the_computer_answer(app):
    game = coached_game(app, "mistakes")
    remove_by_mouse(app, game, Remove(2, 39))
    frames_until(app, lambda: game.coach.offering or game.match.state.moves[-1] != "x02-39")
    assert game.coach.offering
    app.draw()
    _back, on = game.coach.buttons()
    assert on is not None
    click(app, on.center)  # Play on
    assert not game.coach.offering
    frames_until(app, lambda: game.match.state.moves[-1] != "x02-39")  # Dark's reply comes
    path = game.keeping.path
    assert path is not None and "Coached" not in read_headers(path)


def test_the_coach_stays_silent_for_the_good_move_and_never_speaks_of_the_computer(app):
    game = coached_game(app, "mistakes")
    asked = checked_moves(game)
    remove_by_mouse(app, game, Remove(2, 36))
    worker = game.coach.worker
    assert worker is not None and worker.busy
    offered = []

    def answered() -> bool:
        offered.append(game.coach.offering)
        return not worker.busy and game.match.state.is_over

    # the check answered; Dark passed (it is out), then Light (nothing left): the game is won
    frames_until(app, answered)
    assert not any(offered) and not game.coach.offering
    assert game.match.state.moves[len(BLOCK_LAST) :] == ("x02-36", "pass", "pass")
    assert game.match.state.winner == Player.LIGHT
    assert asked == [(Player.LIGHT, "x02-36")]  # Dark's pass was never checked


def test_the_coach_is_chosen_per_game_on_the_title_beside_the_seats(app):
    title = app.top
    keys = [item.key for item in title.menu.items]
    assert keys.index("coach") == keys.index("light") + 1  # with the seats it coaches
    menu_to(app, title.menu, "light")
    key(app, pygame.K_RIGHT)  # Light: a computer level
    menu_to(app, title.menu, "coach")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.coach == {"isaac": "blunders"}
    menu_to(app, title.menu, "game")
    key(app, pygame.K_RIGHT)  # FOUNDATIONS keeps its own: off
    assert title.game == "foundations" and app.settings.coach_for("foundations") == "off"
    key(app, pygame.K_LEFT)
    menu_to(app, title.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene) and game.coach.level == "blunders"
    assert game.coach.worker is not None  # its worker started with the game


def test_a_slow_check_holds_the_ready_reply_back_no_longer_than_its_budget():
    """The check is forgotten once the computer's reply has waited the budget for it."""
    from isaac_game.ai.coach import AsyncCoach
    from isaac_game.ai.worker import Task

    coach = AsyncCoach("mistakes", budget=0.3)
    try:
        before = replay(BLOCK_LAST)
        coach.start(before, before.play("x02-39"))
        coach.worker.submit(Task(time.sleep, (30.0,)), 30.0)  # a check that hangs
        assert coach.poll(reply_ready=False) is None and coach.busy  # no reply: it waits
        ready = time.monotonic()
        while coach.busy:
            assert coach.poll(reply_ready=True) is None
            assert time.monotonic() - ready < 5.0, "the check held the reply back"
            time.sleep(0.01)
        held = time.monotonic() - ready
        assert 0.3 <= held < 1.0, held
    finally:
        coach.close()


def test_the_hints_move_played_draws_no_remark(app):
    """The story of the issue: H gave a placement, the player played it, and the coach
    said it gave away 13%. Now the hint and the coach read one judge: H, then Enter
    plays the hinted move, and the coach's check of it says nothing."""
    app.settings.coach = {"isaac": "mistakes"}
    start = new_game("isaac")
    for move in ("5v04", "6h84", "7v09", "4h71"):
        start = start.play(move)
    setup = GameSetup("isaac", "human", "easy", history=history_of(start))
    game = app.open("match", setup)
    assert isinstance(game, MatchScene)
    run(app, 2)
    assert game.human_to_move() == Player.DARK
    asked = checked_moves(game)
    key(app, pygame.K_h)
    hints = game.play.hints
    assert hints is not None
    frames_until(app, lambda: hints.shown)
    hinted = str(hints.move)
    key(app, pygame.K_RETURN)  # the hinted move, made ready, played with one press
    assert game.match.state.moves[len(start.moves)] == hinted
    worker = game.coach.worker
    assert worker is not None
    offered = []

    def checked() -> bool:
        offered.append(game.coach.offering)
        return not worker.busy

    frames_until(app, checked)
    assert asked == [(Player.DARK, hinted)]
    assert not any(offered) and not game.coach.offering
