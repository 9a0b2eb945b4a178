"""Which language the window speaks: the system's by default (English as the fallback),
the one chosen in Settings once chosen, and `isaac --lang` for one run; a missing or
torn catalogue falls back to English instead of failing; a change reaches whoever keeps
translated words."""

from __future__ import annotations

import argparse

import pytest

from isaac_game import i18n
from isaac_game.client.registry import make_app
from isaac_game.client.storage import Storage
from isaac_game.commands import play as play_command


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_command.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LC_ALL": "ko_KR.UTF-8", "LANG": "it_IT.UTF-8"}, "ko"),
        ({"LANGUAGE": "fr:it", "LANG": "fr_FR.UTF-8"}, "it"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_or_english(environ, expected):
    assert i18n.system_language(environ) == expected


def test_an_unknown_language_is_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("Settings") == "Settings"


def test_a_torn_catalogue_falls_back_to_english(tmp_path, monkeypatch):
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "isaac_game.mo").write_bytes(b"\xde\x12\x04\x95 torn")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("it") == "en"
    assert i18n._("Settings") == "Settings"


def test_a_change_reaches_its_listeners_and_only_a_change():
    heard: list[str] = []
    forget = i18n.on_change(heard.append)
    try:
        i18n.set_language("ko")
        i18n.set_language("ko")
        i18n.set_language("it")
    finally:
        forget()
    i18n.set_language("en")
    assert heard == ["ko", "it"]


def open_app(tmp_path, language=None, chosen=""):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    if chosen:
        settings, _notice = storage.load_settings()
        settings.language = chosen
        storage.save_settings(settings)
    return make_app(size=(800, 600), fullscreen=False, storage=storage, sound=False,
                    language=language)  # fmt: skip


def test_the_setting_wins_over_the_system_and_lang_over_both(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "it")
    app = open_app(tmp_path / "a")
    assert i18n.language() == "it"  # nothing chosen: the system's
    app.shutdown()
    app = open_app(tmp_path / "b", chosen="ko")
    assert i18n.language() == "ko"  # chosen in Settings
    app.shutdown()
    app = open_app(tmp_path / "c", language="en", chosen="ko")
    assert i18n.language() == "en"  # --lang, for this run
    assert app.settings.language == "ko"  # and the choice is kept
    app.shutdown()


def test_isaac_lang_reaches_the_window(monkeypatch):
    seen = {}

    def fake_open(make_app, size, fullscreen, language=None):
        seen["language"] = language
        raise play_command.DisplayError("no window in this test")

    monkeypatch.setattr(play_command, "_open_app", fake_open)
    args = parse(["--lang", "ko", "--windowed"])
    assert play_command.run(args) == 1
    assert seen["language"] == "ko"
    with pytest.raises(SystemExit):
        parse(["--lang", "xx"])


def test_the_rules_facts_are_said_in_the_players_language():
    """The tie-breaks are facts in the rules (their `str` the records' English) and words
    in the window, in the language chosen."""
    from types import SimpleNamespace

    from isaac_game.client.games.foundations.rulebook import finished_game
    from isaac_game.client.games.foundations.words import tiebreak_words as foundations_words
    from isaac_game.client.games.isaac.words import tiebreak_words as isaac_words
    from isaac_game.rules import Player
    from isaac_game.rules.isaac_scoring import TieBreak

    state = finished_game()
    assert state.tiebreak_facts is not None
    assert foundations_words(state) == state.tiebreak  # English: the record's words
    tie = SimpleNamespace(tiebreak_facts=TieBreak(30, Player.LIGHT, (12, 9), (3, 2)))
    english = isaac_words(tie)
    assert english == str(tie.tiebreak_facts)
    i18n.set_language("it")
    said = foundations_words(state)
    assert "livello" in said and "level" not in said
    assert isaac_words(tie) != english and "Bianco" in isaac_words(tie)
    i18n.set_language("ko")
    assert "층" in foundations_words(state) and "백" in isaac_words(tie)
