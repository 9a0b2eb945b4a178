"""A LAN game between a window in Korean and a window in Italian, played to the end.

This test's client speaks Korean and hosts ISAAC on 127.0.0.1 from the menu as
"김민준" (typed into the name row); a second client in its own process
(`languages_child.py`: the language is process-wide) speaks Italian and joins as
"Giulia" by typing the address. Both enter their moves with posted key and mouse
events until each shows its results screen; the Korean side types a chat line in
Hangul early on. Each window records every text it draws (`client/text.py
recording`). Then: both saw the same end; the Italian window drew the Hangul name and
chat line, the Korean one drew "Giulia"; each drew the LAN screen's words in its own
language (not the English source); and the shipped font has every Hangul glyph.

Network safety: conftest.py pins the host to 127.0.0.1 and beacons to loopback; the
child dials 127.0.0.1 only.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from isaac_game import i18n
from isaac_game.client.fonts import FACE_PATH
from isaac_game.client.registry import make_app

from ..driver import key
from ..kinds import is_lan_game, is_lan_results
from .lanclient import fast_lan, play_turn, pump, type_text
from .languages_child import (
    CHAT_LINE,
    ITALIAN_NAME,
    KOREAN_NAME,
    DrawnTexts,
    expected_words,
)
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def korean_app(storage):
    application = make_app(
        size=(1280, 720), fullscreen=False, storage=storage, sound=False, language="ko"
    )
    try:
        application.open("title")
        application.frame()
        yield application
    finally:
        if pygame.get_init():
            application.shutdown()
        i18n.set_language("en")  # the language is the process's: leave it as found


class Italian:
    """The joining window's process; its output goes to files (no pipe to fill)."""

    def __init__(self, folder: Path, port: int) -> None:
        folder.mkdir()
        self.report = folder / "report.json"
        self.out = (folder / "out.txt").open("w")
        env = {
            **os.environ,
            "ISAAC_GAME_HOME": str(folder / "home"),
            "PYTHONPATH": str(ROOT),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }
        self.p = subprocess.Popen(
            [sys.executable, "-m", "tests.client.lan.languages_child", str(port), str(self.report)],
            cwd=ROOT,
            env=env,
            stdout=self.out,
            stderr=subprocess.STDOUT,
        )
        self.path = folder / "out.txt"

    def dump(self) -> str:
        self.out.flush()
        return self.path.read_text(errors="replace")[-4000:]

    def check_alive(self) -> None:
        if self.p.poll() is not None and not self.report.exists():
            raise AssertionError(f"the Italian window died: {self.dump()}")

    def close(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(10)
        self.out.close()


def has(texts, part: str) -> bool:
    return any(part in text for text in texts)


@pytest.mark.timeout(150)
@pytest.mark.usefixtures("fast_lan")
def test_a_korean_and_an_italian_window_play_a_lan_game_to_the_end(korean_app, tmp_path):
    app = korean_app
    assert i18n.language() == "ko"
    cmap = TTFont(str(FACE_PATH)).getBestCmap()
    missing = sorted({ch for ch in KOREAN_NAME + CHAT_LINE if ord(ch) not in cmap})
    assert not missing, f"no glyph in {FACE_PATH.name} for {missing}"

    drawn = DrawnTexts(app)
    lobby = host_from_the_menu(app, name=KOREAN_NAME)  # typed, Hangul and all
    italian = Italian(tmp_path / "giulia", lobby.port)
    try:
        deadline = time.monotonic() + 60  # the child's start is slow on a busy machine
        while not is_lan_game(app.top, "isaac"):
            italian.check_alive()
            assert time.monotonic() < deadline, f"nobody joined: {italian.dump()}"
            app.frame()
            drawn.drain()
            time.sleep(0.005)
        game = app.top
        session = game.control.session
        assert session.name == KOREAN_NAME
        pump(app, lambda: session.opponent == ITALIAN_NAME)

        key(app, pygame.K_t)  # the chat, early: before any move of ours
        type_text(app, CHAT_LINE)
        key(app, pygame.K_RETURN)
        assert [(c.who, c.text) for c in session.chat_lines] == [(KOREAN_NAME, CHAT_LINE)]

        rng = random.Random(41)
        turns = 0
        deadline = time.monotonic() + 120
        while is_lan_game(app.top, "isaac"):
            assert app.top is game, type(app.top).__name__
            assert time.monotonic() < deadline, f"the game did not end: {italian.dump()}"
            italian.check_alive()
            if play_turn(app, game, rng, by_mouse=turns % 2 == 0):
                turns += 1
            drawn.drain()
        assert is_lan_results(app.top), italian.dump()
        final = app.top.outcome.state
        result = session.result()
        # the results drawn here while the other window finishes and writes its report
        deadline = time.monotonic() + 60
        while italian.p.poll() is None:
            assert time.monotonic() < deadline, f"no report: {italian.dump()}"
            app.frame()
            drawn.drain()
            time.sleep(0.01)
        assert italian.report.exists(), italian.dump()
        report = json.loads(italian.report.read_text(encoding="utf-8"))
    finally:
        italian.close()
        drawn.close()
    ours = drawn.texts
    theirs = set(report["texts"])

    # both windows reached the same end of the same game
    assert report["error"] is None, report["error"]
    assert final.is_over and report["over"] is True
    assert report["result"] == result != "*"
    assert report["moves"] == list(final.moves)
    assert turns > 3 and report["turns"] > 3
    # the names and the Hangul line crossed, and each window drew them
    assert report["opponent"] == KOREAN_NAME
    assert report["chat"] == [f"{KOREAN_NAME}: {CHAT_LINE}"]
    assert has(theirs, KOREAN_NAME), sorted(theirs)
    assert has(theirs, f"{KOREAN_NAME}: {CHAT_LINE}"), sorted(theirs)
    assert has(ours, ITALIAN_NAME), sorted(ours)
    assert f"{KOREAN_NAME}: {CHAT_LINE}" in ours, sorted(ours)

    # each window spoke its own language (computed in its own process)
    assert report["language"] == "it"
    korean = expected_words()
    for words, texts in ((korean, ours), (report["expected"], theirs)):
        for translated in words.values():
            assert translated in texts, (translated, sorted(texts))
    untranslated = {
        language: [source for source, translated in words.items() if translated == source]
        for language, words in (("ko", korean), ("it", report["expected"]))
    }
    assert untranslated == {"ko": [], "it": []}, (
        "the LAN screen's words are still English in these catalogues"
    )
