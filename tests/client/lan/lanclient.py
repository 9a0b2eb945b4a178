"""Helpers for the client's LAN tests: fast protocol timers, pumping frames until a
condition holds, typing, and entering any move as a person would.

Network safety: conftest.py binds every host the client starts to 127.0.0.1 and
sends beacons to 127.255.255.255 only; the helpers here never dial anything else.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame
import pytest

from isaac_game.client.games.isaac.scoring import track_cell
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Place, Player, Remove

from ..driver import KEY_FOR_PIECE, arrow_towards, click, key, menu_to

_TESTS = Path(__file__).resolve().parents[2]
for extra in (str(_TESTS / "lan"), str(_TESTS / "net")):
    if extra not in sys.path:
        sys.path.insert(0, extra)

from lanhelpers import FAST_TIMERS, Cli  # noqa: E402
from nethelpers import RawPeer  # noqa: E402
from netproxy import Proxy  # noqa: E402

__all__ = ["Cli", "Proxy", "RawPeer", "fast_lan", "pump", "type_text", "enter_move", "pick_move"]


@pytest.fixture
def fast_lan(monkeypatch):
    """Protocol timers shrunk: a lost link is noticed in about a second."""
    for name, value in FAST_TIMERS.items():
        monkeypatch.setenv(name, value)


def pump(app, until: Callable[[], object], timeout: float = 20.0, others: Iterable = ()) -> None:
    """Run frames (and tick in-process sessions) until `until()` holds."""
    others = list(others)
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            names = [type(s).__name__ for s in app.scenes]
            raise AssertionError(
                f"condition not met within {timeout} s; scenes {names}; {situation(app)}"
            )
        app.frame()
        for session in others:
            session.update()
        time.sleep(0.002)


def situation(app) -> str:
    """What a player would see, and the link under it: for a failure's message, so a
    rare failure on a busy machine says where it stood."""
    top = app.top
    said = f"the bar says {getattr(top, 'banner', '')!r}"
    session = getattr(getattr(top, "control", None), "session", None)
    if session is None:
        return said
    return f"{said}; link {session.link}, refused {session.rejected!r}"


def type_text(app, text: str) -> None:
    """What SDL sends for typed characters: a TEXTINPUT event (after a KEYDOWN)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame()


def _arrows_to(app, board, get_focus, cell: int) -> None:
    """Arrow keys to `cell`, as the screen shows `board` (each side sees its own)."""
    if get_focus() is None:
        key(app, pygame.K_UP)
    r, c = divmod(get_focus(), 10)
    tr, tc = divmod(cell, 10)
    for _ in range(abs(tr - r)):
        key(app, arrow_towards(board, 1 if tr > r else -1, 0))
    for _ in range(abs(tc - c)):
        key(app, arrow_towards(board, 0, 1 if tc > c else -1))
    assert get_focus() == cell


def pick_move(state, rng: random.Random):
    legal = list(state.legal_moves())
    if state.phase == "scoring":
        removes = [m for m in legal if isinstance(m, Remove)]
        return max(removes, key=lambda m: (m.target, rng.random()))
    return rng.choice(legal)


def enter_move(app, game, move, player: Player, by_mouse: bool) -> None:
    """Enter `move` for the local `player` with the mouse or the keyboard."""
    if isinstance(move, Place):
        focus = focus_for(move.cell, move.length, move.direction)
        if by_mouse:
            click(app, game.hand_rows(player)[move.length].center)
            if game.play.placement.direction[player] != move.direction:
                click(app, game.play.board.cell_center(45), button=3)
            click(app, game.play.board.cell_center(focus))
        else:
            key(app, KEY_FOR_PIECE[move.length])
            if game.play.placement.direction[player] != move.direction:
                key(app, pygame.K_r)
            _arrows_to(app, game.play.board, lambda: game.play.placement.focus, focus)
            key(app, pygame.K_RETURN)
        return
    scoring = game.play.scoring
    if by_mouse:
        click(app, game.play.board.cell_center(move.cell))
        assert scoring.anchor == move.cell
        if move.target >= 100:
            click(app, scoring.off_rect.center)
        else:
            click(app, game.play.board.cell_center(track_cell(player, move.target)))
    else:
        _arrows_to(app, game.play.board, lambda: scoring.focus, move.cell)
        key(app, pygame.K_RETURN)
        assert scoring.anchor == move.cell
        for _ in range(len(scoring.targets) - 1 - scoring.targets.index(move.target)):
            key(app, pygame.K_LEFT)
        assert scoring.target == move.target
        key(app, pygame.K_RETURN)


def play_turn(app, game, rng: random.Random, by_mouse: bool, others: Iterable = ()) -> bool:
    """If the local player is to move, enter one move (or let an automatic pass go)
    and return True; else pump a frame and return False."""
    mover = game.human_to_move()
    if mover is None or game.motion.passing:
        app.frame()
        for session in others:
            session.update()
        time.sleep(0.002)
        return False
    state = game.match.state
    if str(state.legal_moves()[0]) == "pass":
        pump(app, lambda: game.match.state is not state, others=others)
        return True
    move = pick_move(state, rng)
    before = len(state.moves)
    enter_move(app, game, move, mover, by_mouse)
    assert len(game.match.state.moves) > before, game.bar.text
    assert game.match.state.moves[before] == str(move)
    return True


def play_to_the_end(app, game, seed: int, peer, mouse_first: bool = True) -> tuple[object, int]:
    """Play the local side of the LAN game `game` to its end, mouse and keys in turn
    (`mouse_first`: the first move by mouse); the results scene then on top, and how
    many moves were entered. `peer` (a `Cli`) is dumped if the game stops early."""
    from ..kinds import is_lan_game, is_lan_results

    rng, turns = random.Random(seed), 0
    while is_lan_game(app.top):
        assert app.top is game, peer.dump()
        if play_turn(app, game, rng, by_mouse=(turns % 2 == 0) == mouse_first):
            turns += 1
        assert turns < 200
    assert is_lan_results(app.top), peer.dump()
    return app.top, turns


def resign_from_the_pause_menu(app, game) -> None:
    """The local player resigns from the pause menu, once the last move has been shown."""
    pump(app, lambda: not game.motion.anims)
    key(app, pygame.K_ESCAPE)
    menu_to(app, app.top.menu, "resign")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "yes")
    key(app, pygame.K_RETURN)
