"""The joiner's ticket: what it takes to rejoin a LAN game after the program was closed
or crashed. Written when the host's `welcome` arrives, forgotten when the game ends
(a result or a resignation) or the host says it no longer keeps that game
(`bad-token`). One small JSON file in the user's data folder (`lan-ticket.json`),
read and written through the rules' safe file I/O (a regular file of bounded size
and depth; an atomic, synced write); the client and the headless `join` share it
(the folder is `isaac_game.userdirs.data_dir()` unless one is given).

    {"host": "192.168.1.20", "port": 7755, "game": "isaac", "token": "5f1c...",
     "seat": "light", "host_name": "Ann", "name": "Bob"}

A game joined through a relay (`net.relay`) has its own ticket (`relay-ticket.json`,
`TicketBook(relay=True)`), which also holds the relay's address and the code: the
code stays good until the game ends, so a joiner killed mid-game rejoins through the
relay with them. `host`/`port` are then the relay's first server, for show; a LAN dial
never takes such a ticket, nor a relay dial a LAN one.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from isaac_game.rules import FileReadError, game_names, read_json, write_atomically
from isaac_game.userdirs import data_dir
from net import Event, GameStarted, Rejected
from net.messages import BAD_TOKEN, is_token
from net.relay.code import CodeError, parse_code

TICKET_FILE = "lan-ticket.json"
RELAY_TICKET_FILE = "relay-ticket.json"


@dataclass(frozen=True)
class Ticket:
    host: str  # the address dialled (as typed or discovered)
    port: int
    game: str
    token: str  # the game's token, from the host's welcome
    seat: str  # our colour in that game: "dark" or "light"
    host_name: str  # the host's name, for "Resume the LAN game with Ann"
    name: str = ""  # our name in that game
    relay: str = ""  # a game through a relay: its address as typed (servers, commas)
    code: str = ""  # ... and the game's code, canonical (`K7M-4QP`)

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def fits(self, host: str, port: int, game: str | None = None) -> bool:
        """Is this the ticket for a dial of `host`:`port` (for `game`, if one is named)?"""
        same = self.host.lower() == host.lower() and self.port == port
        return not self.relay and same and (game is None or game == self.game)

    def fits_relay(self, relay: str, code: str, game: str | None = None) -> bool:
        """Is this the ticket for joining `code` on `relay` (both canonical, as written)?"""
        same = bool(self.relay) and self.relay.lower() == relay.lower() and self.code == code
        return same and (game is None or game == self.game)

    @classmethod
    def from_json(cls, data: object) -> Ticket | None:
        """A ticket from the file's JSON, or None if anything in it is off."""
        if not isinstance(data, dict):
            return None
        texts = ("host", "game", "token", "seat", "host_name")
        if not all(isinstance(data.get(k), str) for k in texts):
            return None
        port, name = data.get("port"), data.get("name", "")
        relay, code = data.get("relay", ""), data.get("code", "")
        if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
            return None
        if not isinstance(name, str) or not is_token(data["token"]):
            return None
        if data["game"] not in game_names() or data["seat"] not in ("dark", "light"):
            return None
        if not isinstance(relay, str) or not isinstance(code, str) or bool(relay) != bool(code):
            return None
        if code and not _is_code(code):
            return None
        return cls(**{k: data[k] for k in texts}, port=port, name=name, relay=relay, code=code)


def _is_code(text: str) -> bool:
    """A relay code as a ticket writes it: canonical (`K7M-4QP`)."""
    try:
        return str(parse_code(text)) == text
    except CodeError:
        return False


class TicketBook:
    """The ticket file in one folder. Nothing here raises: a missing or broken file
    is no ticket, and a ticket that cannot be written is reported, not fatal."""

    def __init__(self, folder: Path | None = None, *, relay: bool = False) -> None:
        name = RELAY_TICKET_FILE if relay else TICKET_FILE
        self.path = Path(folder if folder is not None else data_dir()) / name

    def load(self) -> Ticket | None:
        try:
            data = read_json(self.path)
        except FileReadError:
            return None
        return Ticket.from_json(data)

    def keep(self, ticket: Ticket) -> str | None:
        """Write the ticket atomically; None, or what went wrong."""
        try:
            write_atomically(self.path, json.dumps(asdict(ticket), indent=1))
        except OSError as error:
            return f"the LAN ticket could not be written: {error.strerror or error}"
        return None

    def forget(self, token: str | None = None) -> None:
        """Drop the ticket (only if it is the one for `token`, when given: a newer
        game's ticket is not ours to drop)."""
        if token is not None:
            current = self.load()
            if current is not None and current.token != token:
                return
        with contextlib.suppress(OSError):
            self.path.unlink()


class TicketKeeper:
    """One joiner's ticket through its `LanSession`: written at every welcome (a rejoin
    or a rematch included), kept through a lost link or the host's `bye` (a pause),
    dropped when the game is over or when the host refuses the token the joiner
    dialled with (`bad-token`: it no longer keeps that game)."""

    def __init__(
        self,
        book: TicketBook,
        host: str,
        port: int,
        game: str,
        name: str,
        dialled: str | None,
        *,
        relay: str = "",
        code: str = "",
    ) -> None:
        self.book = book
        self.host, self.port, self.game, self.name = host, port, game, name
        self.relay, self.code = relay, code  # a game through a relay (`Ticket.relay`)
        self.dialled = dialled  # the token of an earlier run's ticket, if one was used
        self.token: str | None = None  # the token of the ticket written (None: none)
        self.error: str | None = None  # why the last ticket could not be written
        self.written: Ticket | None = None  # the ticket on disk, as this keeper wrote it

    def news(self, event: Event) -> None:
        if isinstance(event, GameStarted):
            ticket = Ticket(self.host, self.port, self.game, event.token, event.you,
                            event.opponent, self.name, self.relay, self.code)  # fmt: skip
            if ticket != self.written:  # a rejoin of the same game has it on disk already
                self.error = self.book.keep(ticket)
                self.written = None if self.error else ticket
            self.token = event.token
        elif isinstance(event, Rejected) and event.code == BAD_TOKEN:
            # the token we dialled with: an earlier run's, or this game's on a redial
            # (the host no longer keeps it, e.g. it chose "New game" after a pause)
            token = self.token or self.dialled
            if token is not None:
                self.book.forget(token)
            self.token = self.written = None

    def game_over(self) -> None:
        if self.token is not None:
            self.book.forget(self.token)
            self.token = self.written = None
