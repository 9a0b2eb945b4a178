"""The Italian window of `test_lan_languages.py`, and what both windows share.

    python -m tests.client.lan.languages_child PORT REPORT

A real client app in its own process (the language is the process's own: `i18n`
holds one), speaking Italian, named "Giulia": it joins 127.0.0.1:PORT by typing the
address into the join menu, plays ISAAC with posted key events until its results
screen shows, and writes REPORT (JSON): every text it drew, the words it expects in
its language, the game's end as it saw it, and any error.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import traceback
from pathlib import Path

#: The names the peers see and the line the Korean side says.
KOREAN_NAME = "김민준"
ITALIAN_NAME = "Giulia"
CHAT_LINE = "안녕하세요, 좋은 게임!"

#: Words of the LAN match screen, (context, English source): the chat box's prompt
#: (client/lan/hud.py ChatBox.draw) and the link's state (hud.py link_word).
SCREEN_WORDS: tuple[tuple[str, str], ...] = (
    ("", "T: type a message"),
    ("connection", "connected"),
)


def expected_words() -> dict[str, str]:
    """Each of SCREEN_WORDS's English source -> its text in the language spoken now."""
    from isaac_game import i18n

    return {
        source: i18n.pgettext(context, source) if context else i18n._(source)
        for context, source in SCREEN_WORDS
    }


class DrawnTexts:
    """Every distinct text drawn on the app's window while open (the draw log is
    emptied into a set as it goes, so a whole game's frames do not pile up)."""

    def __init__(self, app) -> None:
        from isaac_game.client.text import recording

        self._context = recording(app.screen)
        self._log = self._context.__enter__()
        self.texts: set[str] = set()

    def drain(self) -> set[str]:
        log = self._log
        self.texts.update(t.text for t in log.texts)
        log.texts.clear()
        log.boxes.clear()
        log.covers.clear()
        return self.texts

    def close(self) -> None:
        self.drain()
        self._context.__exit__(None, None, None)


def _frame(app, drawn: DrawnTexts) -> None:
    app.frame()
    drawn.drain()
    time.sleep(0.002)


def join_and_play(app, port: int, drawn: DrawnTexts, report: dict) -> None:
    import pygame

    from ..driver import key, menu_to
    from ..kinds import is_lan_game, is_lan_results
    from .lanclient import play_turn, type_text

    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "address")
    key(app, pygame.K_RETURN)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)  # the address typed: dial it
    deadline = time.monotonic() + 60
    while not is_lan_game(app.top, "isaac"):
        assert time.monotonic() < deadline, f"no LAN game: {type(app.top).__name__}"
        _frame(app, drawn)
    game = app.top
    session = game.control.session
    report["joined"] = True
    rng = random.Random(23)
    turns = 0
    deadline = time.monotonic() + 120
    while is_lan_game(app.top, "isaac"):
        assert app.top is game, type(app.top).__name__
        assert time.monotonic() < deadline, "the game did not end in time"
        if play_turn(app, game, rng, by_mouse=turns % 2 == 1):
            turns += 1
        drawn.drain()
    assert is_lan_results(app.top), type(app.top).__name__
    for _ in range(5):  # the results screen, drawn
        _frame(app, drawn)
    final = app.top.outcome.state
    report.update(
        turns=turns,
        over=final.is_over,
        result=session.result(),
        moves=list(final.moves),
        opponent=session.opponent,
        chat=[f"{line.who}: {line.text}" for line in session.chat_lines],
    )


def main(port: int, report_path: Path) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from isaac_game import i18n
    from isaac_game.client.registry import make_app

    app = make_app(size=(1280, 720), fullscreen=False, sound=False, language="it")
    app.settings.player_name = ITALIAN_NAME  # the join menu's name row starts from it
    report: dict = {"language": i18n.language(), "expected": expected_words(), "error": None}
    drawn = DrawnTexts(app)
    try:
        app.open("title")
        _frame(app, drawn)
        join_and_play(app, port, drawn, report)
    except BaseException:
        report["error"] = traceback.format_exc()
    finally:
        drawn.close()
        report["texts"] = sorted(drawn.texts)
        tmp = report_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(report, ensure_ascii=False), encoding="utf-8")
        tmp.replace(report_path)  # whole or not at all
        app.shutdown()
    return 0 if report["error"] is None else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), Path(sys.argv[2])))
