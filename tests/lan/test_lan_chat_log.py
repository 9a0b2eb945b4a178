"""The chat of a LAN game is kept for the whole game: in the session across a lost link,
and on disk (one file a side, under the game's token) for a run that rejoins the game
after a crash; a rematch carries it on; another game's file, a broken file or a
peer's control characters in it never reach the screen."""

from __future__ import annotations

import json

from isaac_game.lan import ChatLine, ChatLog
from isaac_game.lan.chat import MAX_CHAT_LINES
from isaac_game.lan.news import clean_event
from isaac_game.rules.text import MAX_MARKS, is_mark
from net import ChatReceived

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


def test_a_peers_chat_line_of_stacked_marks_comes_in_with_at_most_two_a_character(tmp_path):
    """Where a peer's chat enters (`clean_event`) and where a kept line is read back,
    200 combining marks on a letter become two: drawing six such lines once took
    53 ms of a frame."""
    sent = "ok " + "\u0301" * 200 + "!" + "\u0489" * 200
    event = clean_event(ChatReceived(text=sent))
    assert isinstance(event, ChatReceived)
    assert event.text == "ok \u0301\u0301!\u0489\u0489"
    path = tmp_path / "lan-chat-host.json"
    kept = {"token": TOKEN, "lines": [{"who": "B" + "\u0300" * 50, "text": sent, "mine": False}]}
    path.write_text(json.dumps(kept))
    log = ChatLog(path)
    log.game(TOKEN)
    (line,) = log.lines
    assert line.who == "B\u0300\u0300" and line.text == event.text
    assert sum(is_mark(c) for c in line.text) == 2 * MAX_MARKS
