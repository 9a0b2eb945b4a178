"""A client process for the two-window tests: it opens the title, says "ready", then
obeys one command a line on stdin, answering each with one line on stdout, with real
key events:

    go       Enter on the title's first row   -> "top: match" or "top: message: TEXT"
    play N   N moves in the game on screen   -> "played: MOVES" (or "played: none")
    back     Esc until the title             -> "title: FIRST ROW"
    bar      the game's bottom bar           -> "bar: TEXT" (or "bar: none")
    quit     close the program

    python tests/client/saves/two_windows_child.py   (ISAAC_GAME_HOME set by the test)
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from isaac_game.client.registry import make_app  # noqa: E402
from isaac_game.client.scenes.match import MatchScene  # noqa: E402
from tests.client.driver import key, leave_if_asked, menu_to, run  # noqa: E402


def say(line: str) -> None:
    print(line, flush=True)


def main() -> None:
    app = make_app(size=(1280, 720), fullscreen=False, sound=False)
    app.open("title")
    run(app, 2)
    say("ready")
    for line in sys.stdin:
        command, *rest = line.split()
        if command == "go":
            key(app, pygame.K_RETURN)
            top = app.top
            if isinstance(top, MatchScene):
                say("top: match")
            else:
                say(f"top: {top.name}: {getattr(top, 'text', '')}")
        elif command == "play":
            game = app.top
            if not isinstance(game, MatchScene):
                say("played: none")
                continue
            for _ in range(int(rest[0])):
                state = game.match.state
                game.submit(state.legal_moves()[len(state.moves) % 3])
                run(app, 1)
            say("played: " + " ".join(game.match.state.moves))
        elif command == "back":
            for _ in range(6):
                if app.top.name == "title":
                    break
                key(app, pygame.K_ESCAPE)
                if app.top.name == "pause":
                    menu_to(app, app.top.menu, "quit")
                    key(app, pygame.K_RETURN)
                    leave_if_asked(app)
            say(f"title: {app.top.menu.items[0].text()}")
        elif command == "bar":
            game = app.top
            say(f"bar: {game.bar.text}" if isinstance(game, MatchScene) else "bar: none")
        elif command == "quit":
            break
    app.shutdown()


if __name__ == "__main__":
    main()
