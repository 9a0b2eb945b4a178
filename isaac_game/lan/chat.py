"""The chat of a LAN game: both sides' lines, kept for the whole game.

A lost link that comes back finds the lines where they were: the session outlives the
link. A program closed or crashed mid-game (and started again to rejoin, or to host
the saved game again) finds them too, when it was given a folder: each side writes its
lines, as they come, to one small JSON file there under the game's token
(`lan-chat-host.json` or `lan-chat-join.json`: one machine may play both sides, in two
windows), and the first welcome of that game in the next run reads them back. A
rematch carries the conversation on under the new game's token; a game with a new
player (the host's next joiner) starts with none: it was not said to them.

    {"token": "5f1c...", "lines": [{"who": "Ann", "text": "gl", "mine": true}, ...]}

Chat carries nothing the game needs: a file that cannot be read is no history, and
one that cannot be written is tried again with the next line.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from isaac_game.rules import FileReadError, clean_text, read_json, write_atomically

#: Chat lines kept (both sides'); older ones go. The screen shows the last few.
MAX_CHAT_LINES = 100
#: A line's text and its sender's name, at most, as read back from the file.
MAX_TEXT = 400
#: The largest chat file read back: MAX_CHAT_LINES lines of MAX_TEXT characters,
#: names and JSON included, with room to spare.
CHAT_BYTES = 1 << 20
#: The chat file of each side of a game.
CHAT_FILES = {"host": "lan-chat-host.json", "join": "lan-chat-join.json"}


@dataclass(frozen=True)
class ChatLine:
    who: str  # the sender's name
    text: str
    mine: bool  # sent from this machine


def _line(item: object) -> ChatLine | None:
    """A line read back from the file, cleaned as a peer's words are; None if off."""
    if not isinstance(item, dict):
        return None
    who, text, mine = item.get("who"), item.get("text"), item.get("mine")
    if not isinstance(who, str) or not isinstance(text, str) or not isinstance(mine, bool):
        return None
    return ChatLine(clean_text(who, MAX_TEXT), clean_text(text, MAX_TEXT), mine)


class ChatLog:
    """The lines of one session's games, in memory and, given a `path`, on disk."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.lines: list[ChatLine] = []
        self.token: str | None = None  # the game the lines are kept under

    def add(self, line: ChatLine) -> None:
        """Keep a line; only the last `MAX_CHAT_LINES` are kept, so a talkative (or
        flooding) peer costs no more memory or disk after an hour than after a minute."""
        self.lines.append(line)
        if len(self.lines) > MAX_CHAT_LINES:
            del self.lines[: len(self.lines) - MAX_CHAT_LINES]
        self._write()

    def game(self, token: str, fresh: bool = False) -> None:
        """A welcome for the game `token` (a new game, a rematch or a rejoin): a run
        that has no lines yet takes those kept for that game, if any; `fresh`: a game
        with another player, who starts with no lines."""
        if fresh:
            self.lines = []
        elif token == self.token:
            return
        elif not self.lines:
            self.lines = self._read(token)
        self.token = token
        self._write()

    def _read(self, token: str) -> list[ChatLine]:
        if self.path is None:
            return []
        try:
            data = read_json(self.path, CHAT_BYTES)
        except FileReadError:
            return []
        if not isinstance(data, dict) or data.get("token") != token:
            return []
        items = data.get("lines")
        lines = [_line(item) for item in items] if isinstance(items, list) else []
        return [line for line in lines if line is not None][-MAX_CHAT_LINES:]

    def _write(self) -> None:
        if self.path is None or self.token is None:
            return
        data = {"token": self.token, "lines": [asdict(line) for line in self.lines]}
        with contextlib.suppress(OSError):  # chat is not the game: the next line tries again
            write_atomically(self.path, json.dumps(data, indent=0))
