"""A saved game's headers, with one owner: every key is named here once, the labels
older saves wrote are read here once, and the questions the program asks of a save's
headers (who played on this machine, who is a computer and at which level, was it
coached, was a move taken back, the LAN seat and the peer) are answered here.

    Game: isaac              Date: 2026-11-21           Result: dark 104 - light 57, ...
    Dark: Human              DarkPlayer: human          (the kind, for the program)
    Light: Level 9 (Hard)    LightPlayer: hard          (the label, for a person)
    Coached: yes             TakenBack: yes
    Lan: host                LanPeer: Bob    LanToken: 5f1c...    LanSeat: dark
    LanRelay: relay.example.org:4222    LanCode: K7M-4QP     (a LAN game played online)

The label (`Dark`) is for a person and may be anything; the kind (`DarkPlayer`) is what
the program reads. Saves written before the kind existed label a computer "Computer
(easy)" or "Computer (level2)", and a LAN player "Bob (LAN)": `Headers` reads both.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass

from .common import Player


class Key:
    """Every header key the program writes or reads, named once."""

    GAME, DATE, RESULT = "Game", "Date", "Result"
    #: The time control a game is played to ("10+5": docs/rules.md 5); none: no clock.
    CLOCK = "Clock"
    #: Whether the coach's Take it back was used, and whether a move was undone.
    COACHED, TAKEN_BACK = "Coached", "TakenBack"
    #: A LAN game: which side saved it ("host" or "join"), the other side's name, the
    #: game's token (hosting it again lets the joiner's ticket in), this side's colour.
    LAN, LAN_PEER, LAN_TOKEN, LAN_SEAT = "Lan", "LanPeer", "LanToken", "LanSeat"
    #: A LAN game played through a relay (online): the relay's address and the game's
    #: code, so it is hosted again where the joiner's relay ticket looks for it.
    LAN_RELAY, LAN_CODE = "LanRelay", "LanCode"


#: How a header says yes (written `YES`; older or hand-edited saves may say the rest).
YES = "yes"
_YES = frozenset({"yes", "true", "1", "on"})
#: The kind of a seat a person sat at.
HUMAN = "human"
#: What a LAN player's label carries after the name.
LAN_SUFFIX = " (LAN)"
#: An older save's label of a computer seat: "Computer (hard)", "Computer (level2)".
_WINS = re.compile(r"(dark|light) wins")
_OLD_COMPUTER = re.compile(r"Computer \((.+)\)")


def label_key(side: Player) -> str:
    """The key of a side's label: "Dark", "Light"."""
    return Player(side).title


def kind_key(side: Player) -> str:
    """The key of a side's kind: "DarkPlayer", "LightPlayer"."""
    return f"{Player(side).title}Player"


def seat_headers(side: Player, label: str, kind: str) -> dict[str, str]:
    """A side's two headers: its label for a person, its kind for the program."""
    return {label_key(side): label, kind_key(side): kind}


def dated(headers: Mapping[str, str]) -> dict[str, str]:
    """`headers` with today's `Date` (YYYY-MM-DD) unless they have one: a new save's."""
    return {Key.DATE: time.strftime("%Y-%m-%d"), **headers}


def yes(key: str) -> dict[str, str]:
    """A header that says yes (`Coached: yes`)."""
    return {key: YES}


@dataclass(frozen=True)
class Headers:
    """A save's headers, read: the answers, never the keys, are what callers use."""

    values: Mapping[str, str]

    def get(self, key: str, default: str = "") -> str:
        return self.values.get(key, default).strip()

    @property
    def game(self) -> str:
        return self.get(Key.GAME)

    @property
    def date(self) -> str:
        return self.get(Key.DATE)

    @property
    def result(self) -> str:
        return self.get(Key.RESULT, "*") or "*"

    @property
    def outcome(self) -> str:
        """What the Result says of the end, after its last comma ("dark wins", "draw";
        "" while the game goes on)."""
        result = self.result
        return "" if result == "*" else result.rsplit(",", 1)[-1].strip()

    @property
    def winner(self) -> Player | None:
        """Who the Result says won (None: a draw, a game going on, or words unknown)."""
        found = _WINS.fullmatch(self.outcome)
        return Player(found.group(1)) if found is not None else None

    def says_yes(self, key: str) -> bool:
        return self.get(key).lower() in _YES

    @property
    def coached(self) -> bool:
        return self.says_yes(Key.COACHED)

    @property
    def taken_back(self) -> bool:
        return self.says_yes(Key.TAKEN_BACK)

    def label(self, side: Player) -> str:
        """The side's label as it was written (a name, "Human", "Level 9 (Hard)")."""
        return self.get(label_key(side))

    def name(self, side: Player) -> str:
        """The side's label without a LAN player's " (LAN)"."""
        return self.label(side).removesuffix(LAN_SUFFIX)

    def recorded_kind(self, side: Player) -> str:
        """The kind the save keeps for the side (`DarkPlayer`), as written ("" if none)."""
        return self.get(kind_key(side)).lower()

    def kind(self, side: Player) -> str:
        """`HUMAN` or a computer level: the kind the save keeps, else an older save's
        label ("Computer (easy)" is "easy"), else a person (a name, or nothing)."""
        kind = self.recorded_kind(side)
        if kind:
            return kind
        old = _OLD_COMPUTER.fullmatch(self.label(side))
        return old.group(1).strip().lower() if old is not None else HUMAN

    def computer_level(self, side: Player) -> str | None:
        """The level of a computer seat, or None for a person."""
        kind = self.kind(side)
        return None if kind == HUMAN else kind

    @property
    def lan_role(self) -> str:
        """ "host" or "join" for a LAN game's save, else ""."""
        return self.get(Key.LAN)

    @property
    def lan_token(self) -> str:
        return self.get(Key.LAN_TOKEN)

    @property
    def lan_seat(self) -> Player | None:
        """This machine's side in a LAN game, else None."""
        seat = self.get(Key.LAN_SEAT).lower()
        return Player(seat) if seat in (Player.DARK.value, Player.LIGHT.value) else None

    @property
    def lan_relay(self) -> str:
        """The relay a LAN game was played through ("" on the LAN itself)."""
        return self.get(Key.LAN_RELAY)

    @property
    def lan_code(self) -> str:
        """The code of a LAN game played through a relay ("" on the LAN itself)."""
        return self.get(Key.LAN_CODE)

    @property
    def peer(self) -> str:
        """The other side's name in a LAN game ("" if the save names nobody)."""
        return self.get(Key.LAN_PEER)

    def local_players(self) -> tuple[Player, ...]:
        """The sides played on this machine: a LAN game's own seat, else the seats a
        person sat at (both in a hotseat game, none between two computers)."""
        seat = self.lan_seat
        if seat is not None:
            return (seat,)
        return tuple(p for p in (Player.DARK, Player.LIGHT) if self.kind(p) == HUMAN)
