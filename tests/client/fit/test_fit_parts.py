"""Text that fits, part by part, in the smallest window and the usual one: no font under
the readable minimum, the bottom bar's hint whole beside the Discard button, the chosen
row of the Replay list clear of its delete button, both hand panels alike, and a chat
line of 200 characters in its panel; and the screenshot tools' command line."""

from __future__ import annotations

import unicodedata
from types import SimpleNamespace

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.lan.hud import ChatBox
from isaac_game.client.registry import make_app
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.saves import SavesScene, delete_rect
from isaac_game.client.theme import Fonts, min_text_height, recording, ui_scale, wrap
from isaac_game.client.tools.lan_stage import LONG_CHAT
from isaac_game.client.tools.screenshots import positions, tool_arguments
from isaac_game.lan import ChatLine
from isaac_game.rules import Place, Player, new_game

from ..driver import run
from .misfits import misfits

SIZES = [(800, 600), (1280, 720)]
IDS = [f"{w}x{h}" for w, h in SIZES]
#: A hint as long as Hard's are: at 1280x720 and 800x600 it once ran under the button.
LONG_HINT = (
    "places the 1 (3 cells) on column 7: your value on the board is 5 (wins 88% of Hard's playouts)"
)


@pytest.fixture(params=SIZES, ids=IDS)
def sized_app(request, storage):
    app = make_app(size=request.param, fullscreen=False, storage=storage, sound=False)
    app.open("title")
    yield app
    if pygame.get_init():
        app.shutdown()


def test_no_font_is_smaller_than_the_readable_minimum():
    pygame.font.init()
    for size in [(800, 600), (1280, 720), (3840, 2160), (800, 1200)]:
        fonts = Fonts()
        fonts.set_window(size)
        least = min_text_height(size)
        assert fonts.render("Hg", 4, (0, 0, 0)).get_height() >= least  # asked far smaller
        assert fonts.line_height(1) >= least
        long = "a long line of words that cannot fit in a narrow box at any readable size"
        assert fonts.fit(long, 40, 60) == fonts.floor  # shrinks no further than the floor...
        lines = wrap(fonts, long, fonts.floor, 60)  # ...and wraps instead
        assert len(lines) > 3 and all(fonts.size(line, fonts.floor)[0] <= 60 for line in lines)
    assert min_text_height((1280, 720)) == 14 and min_text_height((800, 600)) == 12


def test_the_hint_is_whole_and_beside_the_discard_button(sized_app):
    app = sized_app
    scene = app.open("match", GameSetup("hari", "human", "human"))
    assert isinstance(scene, MatchScene)
    run(app, 2)
    helper = scene.play.hints
    assert helper is not None
    helper.state, helper.move, helper.text = scene.match.state, Place(3, "v", 17), LONG_HINT
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    button = scene.play.move_input.discard_button()
    assert button is not None
    layout = scene.view.layout
    assert layout is not None
    bar = [t for t in log.texts if layout.bottom.contains(t.rect) and not button.contains(t.rect)]
    hint_button = helper.button()
    assert hint_button is not None
    words = [t for t in bar if not hint_button.contains(t.rect)]
    assert f"Hint: {LONG_HINT}" in " ".join(t.text for t in words)  # every word of it
    assert not any(t.rect.colliderect(button) for t in words)  # none under the button


def test_the_chosen_replay_row_keeps_clear_of_its_delete_button(sized_app):
    app = sized_app
    state = new_game("isaac")
    while not state.is_over:
        state = state.play(
            state.legal_moves()[-1] if state.phase == "scoring" else state.legal_moves()[0]
        )
    headers = {"Dark": "Computer (medium)", "Light": "Computer (medium)"}
    app.storage.save_game(app.storage.saves_dir / "2026-05-01_10-30-00.isaac.txt", state, headers)
    saves = app.open("saves", "replay")
    assert isinstance(saves, SavesScene)
    row = next(i for i in saves.menu.items if "finished" in i.text())
    saves.menu.select(row.key)
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    drawn = [t for t in log.texts if t.rect.colliderect(row.rect)]
    assert drawn and all(row.rect.contains(t.rect) for t in drawn), [t.rect for t in drawn]
    assert not any(t.rect.colliderect(delete_rect(row.rect)) for t in drawn)
    assert "finished" in " ".join(t.text for t in drawn)


def test_both_hand_panels_use_the_same_sizes(sized_app):
    app = sized_app
    mid, _scoring, _final = positions()
    scene = app.open("match", GameSetup(history=history_of(mid)))
    assert isinstance(scene, MatchScene)
    run(app, 2)
    dark, light = scene.hand_rows(Player.DARK), scene.hand_rows(Player.LIGHT)
    layout = scene.view.layout
    assert layout is not None
    assert layout.panels[Player.DARK].height != layout.panels[Player.LIGHT].height  # moves box
    assert {r.height for r in dark.values()} == {r.height for r in light.values()}
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    heights = {
        player: {t.rect.height for t in log.texts if any(r.contains(t.rect) for r in rows.values())}
        for player, rows in ((Player.DARK, dark), (Player.LIGHT, light))
    }
    assert heights[Player.DARK] == heights[Player.LIGHT] and len(heights[Player.DARK]) == 1


@pytest.mark.parametrize("line", LONG_CHAT, ids=["en", "it", "it-marks", "ko", "ko-unspaced"])
def test_a_chat_line_of_200_characters_wraps_and_the_typed_one_scrolls(sized_app, line):
    """Issue 41: a long line ran out of the chat panel over the board. Sent, it is
    wrapped whole in its panel; typed, its end shows on one row of it."""
    app = sized_app
    size = app.screen.get_size()
    chat = ChatBox(app, SimpleNamespace(chat_lines=[ChatLine("Bob", line, False)]))
    chat.rect = pygame.Rect(10, 40, int(size[0] * 0.3), int(size[1] * 0.8))
    surface = pygame.Surface(size)
    with recording(surface) as log:
        chat.draw(surface, app.fonts, app.palette, ui_scale(size))
    assert misfits(log, size) == [] and chat.shown == [f"Bob: {line}"]
    rows = [t.text for t in log.texts[2:]]  # under the heading and the prompt
    assert len(rows) > 2 and "".join(rows).replace(" ", "") == f"Bob:{line}".replace(" ", "")
    chat.open()
    chat.field.text = line
    chat.rect = pygame.Rect(10, 40, int(size[0] * 0.2), int(size[1] * 0.2))  # a small panel
    with recording(surface) as log:
        chat.draw(surface, app.fonts, app.palette, ui_scale(size))
    assert misfits(log, size) == []
    typed = log.texts[1].text
    assert typed.startswith("> ...") and line.endswith(typed[5:].removesuffix("_"))
    assert not unicodedata.combining(typed[5])  # no mark cut from its letter


def test_the_minimum_follows_the_window_when_it_is_resized(app):
    seen = []
    for size in [(1280, 720), (800, 600), (1600, 900), (1280, 720)]:
        app.resize(size)
        assert app.fonts.line_height(1) >= min_text_height(app.screen.get_size())
        seen.append(app.fonts.line_height(1))
    assert seen[1] < seen[0] < seen[2]  # smaller and larger with the window
    assert seen[3] == seen[0]  # and back


def test_the_screenshot_tools_read_their_command_line_and_refuse_a_bad_one(tmp_path, capsys):
    args = tool_arguments("shots", "", [str(tmp_path), "800x600", "--lang", "it"], [(1, 1)])
    assert (args.outdir, args.sizes, args.lang) == (tmp_path, [(800, 600)], ["it"])
    args = tool_arguments("shots", "", [str(tmp_path), "--lang=ko", "--lang=en"], [(9, 9)])
    assert (args.sizes, args.lang) == ([(9, 9)], ["ko", "en"])
    for wrong in (["--help"], [str(tmp_path), "800by600"], [str(tmp_path), "--lang", "fr"]):
        with pytest.raises(SystemExit):
            tool_arguments("shots", "", wrong, [(1, 1)])
    assert not (tmp_path / "--help").exists()
    assert "800by600" in capsys.readouterr().err
