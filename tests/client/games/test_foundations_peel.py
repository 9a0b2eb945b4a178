"""FOUNDATIONS: the lower levels can be read. V (the pad's left stick press, a click on a
level's badge) peels the top levels away, down to level 1 and back to all; a move shows
them all again. The stack under the resting pointer or cursor is listed in a side panel,
never over the board. Driven with real events on the real match scene."""

from __future__ import annotations

import pygame

from isaac_game.client.games.foundations import play as foundations_play
from isaac_game.client.games.foundations import view as foundations_view
from isaac_game.client.games.foundations.levels import legend_rects
from isaac_game.client.games.foundations.rulebook import finished_game
from isaac_game.client.handoff import GameSetup
from isaac_game.client.tools.screenshots_games import play_through
from isaac_game.rules import FoundationsState

from ..driver import click, key, move_mouse, pad, run


def high_game(app):
    """A game whose stacks reach level 4 or more, a human to move."""
    states = play_through(FoundationsState, finished_game().moves)
    i = next(
        k
        for k, s in enumerate(states)
        if s.top_level >= 4 and not s.is_over and str(s.legal_moves()[0]) != "pass"
    )
    game = app.open("match", GameSetup("foundations", history=tuple(states[: i + 1])))
    run(app, 2)
    return game


def drawn_levels(monkeypatch, app, game) -> set[int]:
    """The levels of the pieces the board was drawn with."""
    seen: set[int] = set()
    real = foundations_view.StackBoard.stack_surface

    def stack_surface(board, pal, pieces, hidden=frozenset()):
        pieces = tuple(pieces)
        seen.update(p.level for p in pieces)
        return real(board, pal, pieces, hidden)

    monkeypatch.setattr(foundations_view.StackBoard, "stack_surface", stack_surface)
    game.draw(app.screen)
    monkeypatch.setattr(foundations_view.StackBoard, "stack_surface", real)
    return seen


def test_v_peels_the_top_levels_away_then_shows_all(app, monkeypatch):
    game = high_game(app)
    top = game.match.state.top_level
    assert drawn_levels(monkeypatch, app, game) == set(range(1, top + 1))
    for shown in range(top - 1, 0, -1):
        key(app, pygame.K_v)
        assert drawn_levels(monkeypatch, app, game) == set(range(1, shown + 1))
        assert f"of {top}" in game.bar.text
    key(app, pygame.K_v)  # after level 1 alone: all again
    assert drawn_levels(monkeypatch, app, game) == set(range(1, top + 1))
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)  # a pad peels too
    assert drawn_levels(monkeypatch, app, game) == set(range(1, top))


def test_a_badge_shows_the_levels_up_to_it_and_a_move_shows_all(app, monkeypatch):
    game = high_game(app)
    top = game.match.state.top_level
    layout = game.view.relayout(app.screen.get_size())
    badges = legend_rects(app.fonts, layout.top, top, layout.u)
    click(app, badges[2].center)
    assert drawn_levels(monkeypatch, app, game) == {1, 2}
    click(app, badges[2].center)  # the same badge again: all
    assert drawn_levels(monkeypatch, app, game) == set(range(1, top + 1))
    click(app, badges[1].center)
    assert drawn_levels(monkeypatch, app, game) == {1}
    moves = len(game.match.state.moves)
    move = next(m for m in game.match.state.legal_moves() if str(m) != "pass")
    game.submit(move)
    run(app, 2)
    assert len(game.match.state.moves) == moves + 1
    assert drawn_levels(monkeypatch, app, game) == set(range(1, game.match.state.top_level + 1))


def test_a_stack_is_listed_in_a_side_panel_never_over_the_board(app, monkeypatch):
    game = high_game(app)
    layout = game.view.relayout(app.screen.get_size())
    rooms: list[pygame.Rect] = []
    real = foundations_play.draw_stack_in_panel

    def spy(*args, **kwargs):
        room = real(*args, **kwargs)
        if room is not None:
            rooms.append(room)
        return room

    monkeypatch.setattr(foundations_play, "draw_stack_in_panel", spy)
    state = game.match.state
    stacked = [c for c in range(100) if state.height(c) >= 2][:4]
    assert stacked
    for cell in stacked:
        rooms.clear()
        move_mouse(app, game.play.board.cell_center(cell))
        run(app, 40)  # the pointer rests: the stack shows
        app.draw()
        assert rooms, cell
        room = rooms[-1]
        assert not room.colliderect(game.play.board.rect)
        assert any(panel.contains(room) for panel in layout.panels.values()), room
        # the waiting player's panel, so the mover's hand stays in sight
        waiting = layout.panels[state.to_move.other]
        assert waiting.contains(room)
