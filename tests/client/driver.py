"""Drive the client with real pygame events, as a player would."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from isaac_game.client.app import App
from isaac_game.client.widgets.board_view import BoardView
from isaac_game.rules import LENGTHS, VALUE

KEY_FOR_DIGIT = {n: getattr(pygame, f"K_{n}") for n in range(10)}
#: The number key that chooses the piece of n cells: its printed value.
KEY_FOR_PIECE = {n: KEY_FOR_DIGIT[VALUE[n]] for n in LENGTHS}


#: The arrow keys by their way on the screen, (right, up).
SCREEN_ARROWS = {
    (1, 0): pygame.K_RIGHT,
    (-1, 0): pygame.K_LEFT,
    (0, 1): pygame.K_UP,
    (0, -1): pygame.K_DOWN,
}


def arrow_towards(board: BoardView, rows: int, cols: int) -> int:
    """The arrow key that moves a cursor `rows` (+-1) or `cols` (+-1) in Dark's
    coordinates on `board` as it faces now (facing Light, Up goes to lower rows)."""
    for way, k in SCREEN_ARROWS.items():
        if board.board_step(*way) == (rows, cols):
            return k
    raise ValueError(f"no arrow steps ({rows}, {cols})")


def until_accepting(app: App, most: int = 600) -> None:
    """Run frames until the top scene takes input, as a player waits for a screen to be
    ready (the results take none for a moment after they open); the helpers below that
    press, click or point do it first."""
    for _ in range(most):
        if app.top is None or app.top.accepts_input():
            return
        run(app, 1)
    raise AssertionError(f"{app.top!r} takes no input after {most} frames")


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    until_accepting(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    run(app, frames)


def pointer_to(pos: tuple[int, int]) -> None:
    """Put the real pointer at `pos` (what `pygame.mouse.get_pos()` says): SDL warps it
    and queues the motion, as a hand on the mouse would."""
    pygame.mouse.set_pos(pos)


def move_mouse(app: App, pos: tuple[int, int]) -> None:
    until_accepting(app)
    pointer_to(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(app, 1)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    until_accepting(app)
    pointer_to(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run(app, 1)


def pad(app: App, button: int, instance_id: int = 7, frames: int = 1) -> None:
    until_accepting(app)
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button)
    )
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance_id, button=button)
    )
    run(app, frames)


def run(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.frame(dt)


def frames_until(
    app: App, condition: Callable[[], object], timeout: float = 60.0, then: int = 0
) -> None:
    """Run frames until `condition()` holds, then `then` frames more; fail after `timeout`
    seconds. Between frames the core is left a moment to whoever the condition waits on
    (a computer's worker process, a peer), so a busy machine only makes it slower."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"the condition did not come about within {timeout} s"
        app.frame(1 / 60)
        time.sleep(0.005)
    run(app, then)


def menu_to(app: App, menu, key_name: str, via_pad: bool = False) -> None:
    """Move a menu's selection to the item called `key_name` with Down presses."""
    for _ in range(len(menu.items) + 1):
        if menu.current.key == key_name:
            return
        if via_pad:
            pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        else:
            key(app, pygame.K_DOWN)
    raise AssertionError(f"menu item {key_name} not reachable")


def leave_if_asked(app: App) -> None:
    """Quit to menu mid-game asks "Leave the game? It is saved: Resume picks it up.":
    answer Leave (the first answer) with Enter."""
    if app.top is not None and app.top.asks is not None:
        assert app.top.menu.current.key == "leave"
        key(app, pygame.K_RETURN)
