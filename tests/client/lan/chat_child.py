"""A second client window for the LAN chat tests: a real client app in its own process
(ISAAC_GAME_HOME set by the test), joining with real key events, then obeying one
command a line on stdin while its real loop (`App.run_for`) runs between commands:

    python tests/client/lan/chat_child.py join PORT   the join menu: type 127.0.0.1:PORT
    python tests/client/lan/chat_child.py resume      the title's first row (its ticket)

It says "ready" once the LAN board shows, then answers:

    say TEXT   T, the text typed, Enter              -> "sent"
    move       one move of ours, once it is our turn  -> "moved"
    lines      the chat lines its chat box draws      -> "lines: JSON list"
    quit       close the window
"""

from __future__ import annotations

import json
import os
import random
import select
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from isaac_game.client.registry import make_app  # noqa: E402
from isaac_game.client.scenes.match import MatchScene  # noqa: E402
from tests.client.driver import key, menu_to, run  # noqa: E402
from tests.client.lan.lanclient import play_turn  # noqa: E402


def say(line: str) -> None:
    print(line, flush=True)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run(app, 1)


def join(app, port: int) -> None:
    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "address")
    key(app, pygame.K_RETURN)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)  # the address typed: dial it


def main(mode: str, port: int) -> None:
    app = make_app(size=(1280, 720), fullscreen=False, sound=False)
    app.open("title")
    run(app, 2)
    if mode == "join":
        join(app, port)
    else:
        assert app.top.menu.current.key == "resume0", app.top.menu.current.text()
        key(app, pygame.K_RETURN)
    deadline = time.monotonic() + 30
    while not (isinstance(app.top, MatchScene) and app.top.control.local is False):
        assert time.monotonic() < deadline, f"no LAN game: {app.top.name}"
        app.run_for(0.05)
    game = app.top
    app.run_for(0.2)
    say("ready")
    while app.running:
        app.run_for(0.02)
        if not select.select([sys.stdin], [], [], 0)[0]:
            continue
        command, _, rest = sys.stdin.readline().rstrip("\n").partition(" ")
        if command == "say":
            key(app, pygame.K_t)
            type_text(app, rest)
            key(app, pygame.K_RETURN)
            say("sent")
        elif command == "move":
            while not play_turn(app, game, random.Random(1), by_mouse=False):
                pass
            say("moved")
        elif command == "lines":
            app.draw()
            say("lines: " + json.dumps(game.control.chat.shown))
        else:
            break
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
