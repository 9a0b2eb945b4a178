"""The chat of a LAN game is kept for the whole game: in the session across a lost link,
and on disk (one file a side, under the game's token) for a run that rejoins the game
after a crash; a rematch carries it on; another game's file, a broken file or a
peer's control characters in it never reach the screen."""

from __future__ import annotations

import json

from isaac_game.lan import ChatLine, ChatLog
from isaac_game.lan.chat import MAX_CHAT_LINES

TOKEN, OTHER = "a" * 32, "b" * 32


def test_a_new_run_of_the_same_game_finds_what_was_said(tmp_path):
    path = tmp_path / "lan-chat-join.json"
    first = ChatLog(path)
    first.game(TOKEN)
    first.add(ChatLine("Ann", "gl", False))
    first.add(ChatLine("Bob", "you too", True))
    again = ChatLog(path)  # the program crashed and came back
    again.game(TOKEN)
    assert again.lines == first.lines
    elsewhere = ChatLog(path)
    elsewhere.game(OTHER)  # another game: nothing of this one
    assert elsewhere.lines == []


def test_a_rematch_carries_the_conversation_on(tmp_path):
    path = tmp_path / "lan-chat-host.json"
    log = ChatLog(path)
    log.game(TOKEN)
    log.add(ChatLine("Bob", "again?", False))
    log.game(OTHER)  # the rematch's welcome
    assert [line.text for line in log.lines] == ["again?"]
    later = ChatLog(path)
    later.game(OTHER)
    assert [line.text for line in later.lines] == ["again?"]


def test_a_broken_or_hostile_file_is_no_history(tmp_path):
    path = tmp_path / "lan-chat-join.json"
    for text in ("not json", json.dumps([1, 2]), json.dumps({"token": TOKEN, "lines": 5})):
        path.write_text(text)
        log = ChatLog(path)
        log.game(TOKEN)
        assert log.lines == []
    lines = [{"who": "Eve\x1b[2J", "text": "hi\nthere", "mine": False}, {"who": 3}]
    path.write_text(json.dumps({"token": TOKEN, "lines": lines}))
    log = ChatLog(path)
    log.game(TOKEN)
    (line,) = log.lines
    assert line.who.isprintable() and line.text.isprintable()


def test_only_the_last_lines_are_kept(tmp_path):
    log = ChatLog(tmp_path / "c.json")
    log.game(TOKEN)
    for i in range(MAX_CHAT_LINES + 20):
        log.add(ChatLine("Ann", str(i), True))
    assert len(log.lines) == MAX_CHAT_LINES and log.lines[-1].text == str(MAX_CHAT_LINES + 19)
    again = ChatLog(tmp_path / "c.json")
    again.game(TOKEN)
    assert again.lines == log.lines
