"""What the board and the bar show when the turn comes back from the computer: the
preview follows the real pointer and hides no piece just placed, a chosen removal
wins the bar over the last-move message, a click out of the counter's reach says why.
"""

from __future__ import annotations

import random

import pygame

from isaac_game.client import handoff
from isaac_game.client.games.isaac import play as isaac_play
from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.widgets import hints
from isaac_game.players import make_seat
from isaac_game.rules import Player, new_game

from ..driver import click, key, move_mouse, run


def seeded_seats(monkeypatch) -> None:
    """The computer ("random") plays the same moves every run."""
    monkeypatch.setattr(
        handoff, "make_seat", lambda kind, name=None: make_seat(kind, name=name, seed=1)
    )


def bar_texts(app, monkeypatch) -> list[str]:
    """Draw the screen for real; the words ISAAC's bottom bar was given (its buttons',
    and the status and the hint's line it stacks)."""
    drawn: list[str] = []
    real, real_lines = isaac_play.draw_bar_text, hints.draw_bar_lines

    def record(surface, fonts, pal, rect, text, *args, **kwargs):
        drawn.append(text)
        real(surface, fonts, pal, rect, text, *args, **kwargs)

    def record_lines(surface, fonts, rect, parts, *args, **kwargs):
        drawn.extend(part[0] for part in parts if part[0])
        real_lines(surface, fonts, rect, parts, *args, **kwargs)

    monkeypatch.setattr(isaac_play, "draw_bar_text", record)
    monkeypatch.setattr(hints, "draw_bar_lines", record_lines)
    app.draw()
    monkeypatch.setattr(isaac_play, "draw_bar_text", real)
    monkeypatch.setattr(hints, "draw_bar_lines", real_lines)
    return drawn


def until_human_moves(app, game: MatchScene, most: int = 240) -> None:
    for _ in range(most):
        if game.human_to_move() is not None and not game.motion.anims:
            return
        run(app, 1)
    raise AssertionError("the computer did not answer")


def inside(game: MatchScene, cell: int, dx: int = 0) -> tuple[int, int]:
    x, y = game.play.board.cell_center(cell)
    return x + dx, y


# ----- 2. the preview follows the real pointer ------------------------------------------


def test_the_ghost_follows_the_pointer_and_hides_no_piece_just_placed(app, monkeypatch):
    seeded_seats(monkeypatch)
    game = app.open("match", GameSetup(dark="human", light="random"))
    run(app, 2)
    ui = game.play.placement
    click(app, inside(game, 45))  # Dark puts the 7 down on 42..48
    assert game.match.state.moves == ("7h42",)
    # the pointer rests on it while the computer answers and after: no red ghost of the
    # next piece is drawn over it
    until_human_moves(app, game)
    assert len(game.match.state.moves) == 2
    assert ui.focus == 45
    assert ui.ghost(game.match.state, Player.DARK) is None
    assert "choose where to place" in ui.info(game.match.state, Player.DARK)
    move_mouse(app, inside(game, 45, dx=3))  # it moves (in the same cell): now it shows
    ghost = ui.ghost(game.match.state, Player.DARK)
    assert ghost is not None and not ghost[3]
    # Dark places; the pointer goes elsewhere while the computer thinks (its events are
    # not Dark's to take), and the preview is where the pointer really is when the turn
    # comes back
    click(app, inside(game, 11))
    assert len(game.match.state.moves) == 3
    pygame.mouse.set_pos(inside(game, 85))
    run(app, 1)
    until_human_moves(app, game)
    assert ui.focus == 85
    shown = ui.ghost(game.match.state, Player.DARK)
    assert shown is not None and shown[3], "a legal spot shows its ghost at once"
    # a click without moving lands exactly where the preview showed
    click(app, inside(game, 85))
    length, direction, anchor, _legal = shown
    assert game.match.state.moves[4] == f"{length}{direction}{anchor:02d}"


def test_an_overlay_does_not_leave_the_ghost_behind(app):
    game = app.open("match", GameSetup())  # hotseat
    run(app, 2)
    move_mouse(app, inside(game, 45))
    key(app, pygame.K_ESCAPE)  # the pause menu; the pointer moves over it
    move_mouse(app, inside(game, 72))
    key(app, pygame.K_ESCAPE)
    assert app.top is game
    run(app, 1)
    assert game.play.placement.focus == 72


# ----- 1 and 3. scoring: the player's own choice wins the bar ----------------------------


def scoring_position(seed: int):
    rng = random.Random(seed)
    state = new_game("isaac")
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_a_chosen_removal_wins_the_bar_and_a_stray_click_keeps_it(app, monkeypatch):
    seeded_seats(monkeypatch)
    state = scoring_position(2)
    assert state.to_move == Player.DARK
    game = app.open("match", GameSetup(dark="human", light="random", history=history_of(state)))
    run(app, 2)
    scoring = game.play.scoring
    mine = min(scoring.removable(state, Player.DARK), key=lambda p: p.length)
    click(app, inside(game, mine.anchor))
    key(app, pygame.K_RETURN)  # Dark removes a short piece (lengths never go down)
    assert len(game.match.state.moves) == len(state.moves) + 1
    until_human_moves(app, game)
    announced = game.bar.text
    assert "Light" in announced and game.bar.seconds > 0  # the computer's move, still shown
    assert announced in bar_texts(app, monkeypatch)
    # Dark chooses a piece right away: the breakdown and the prompt, not the announcement
    now = game.match.state
    piece = max(scoring.removable(now, Player.DARK), key=lambda p: p.length)
    click(app, inside(game, piece.anchor))
    assert scoring.pending and game.bar.seconds > 0
    texts = bar_texts(app, monkeypatch)
    assert announced not in texts
    assert any("Enter / click to confirm" in t for t in texts)
    assert any(str(now.removal_points(piece.anchor)) in t for t in texts)
    # 3: a click out of the counter's reach says why and keeps the choice
    reach = {track_cell(Player.DARK, t) for t in scoring.targets if t < 100}
    anchor, target = scoring.anchor, scoring.target
    far = next(
        c
        for c in range(99, -1, -1)
        if c not in reach and (now.piece_at(c) is None or now.piece_at(c).owner != Player.DARK)
    )
    click(app, inside(game, far))
    assert (scoring.anchor, scoring.target) == (anchor, target)
    assert "out of your counter's reach" in game.bar.text and game.bar.warn
    assert game.bar.text in bar_texts(app, monkeypatch)  # said after the choice: shown
    click(app, (4, 4))  # off the board too
    assert (scoring.anchor, scoring.target) == (anchor, target)
    assert "highlighted cell" in game.bar.text
    run(app, 200)  # the warning runs out; the choice is still there
    assert any("Enter / click to confirm" in t for t in bar_texts(app, monkeypatch))
    key(app, pygame.K_RETURN)
    assert game.match.state.moves[len(now.moves)] == f"x{anchor:02d}-{target}"
