"""A client process for the kill tests: it starts a game from the title with real key
events, plays until `plies` moves are on the board, prints `played: <moves>` and then
keeps running the real loop until it is killed.

    python tests/client/saves/kill_child.py LIGHT_KIND PLIES [CLOCK]   (ISAAC_GAME_HOME set)

CLOCK: the time control the game is played to ("1+0"), chosen as the title keeps it.
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from isaac_game.client.registry import make_app  # noqa: E402
from isaac_game.client.scenes.match import MatchScene  # noqa: E402
from tests.client.driver import key, menu_to, run  # noqa: E402


def main(light: str, plies: int, clock: str = "none") -> None:
    app = make_app(size=(1280, 720), fullscreen=False, sound=False)
    app.settings.light_kind = light
    app.settings.clock = clock
    app.open("title")
    menu_to(app, app.top.menu, "new")
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene)
    deadline = time.monotonic() + 60
    while len(game.match.state.moves) < plies and time.monotonic() < deadline:
        if game.human_to_move() is not None and not game.motion.anims:
            move = game.match.state.legal_moves()[len(game.match.state.moves) % 3]
            game.submit(move)  # the move itself; entering moves by events is tested elsewhere
        run(app, 2, dt=0.05)
    print("played: " + " ".join(game.match.state.moves), flush=True)
    app.run_for(None)  # the real loop, until the kill


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), *sys.argv[3:4])
