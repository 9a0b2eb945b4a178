"""A LAN game in a saved record: the header lines that mark it, saving a game the host
keeps (the headless host; the client saves through its own storage), and reading a
record back to host the game again.

    Lan: host            # or join: which side saved it
    LanPeer: Bob         # the other side's name
    LanToken: 5f1c...    # the game's token: hosting it again lets the joiner's ticket in
    LanSeat: dark        # this side's colour (the host keeps it when hosting again)
    LanRelay: relay.example.org:4222   # a game played online: the relay it went through
    LanCode: K7M-4QP                   # ... and its code (the joiner's relay ticket has both)

A game played through a relay is hosted again through the same relay with the same
code: the joiner's ticket dials nothing else, so hosted on the LAN it could never come
back. A game played to a clock keeps it as a local game does (its `Clock` header, both
clocks after each move, as the host's clock said them), and is hosted again with both
clocks as they were at its last move.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from isaac_game.clock import TimeControl, clocks_after, control_text, record_control
from isaac_game.i18n import N_
from isaac_game.rules import (
    LAN_SUFFIX,
    GameRecord,
    GameState,
    Headers,
    Key,
    Player,
    dated,
    load_journal,
    save_record,
    seat_headers,
)
from isaac_game.userdirs import new_record_path
from net.messages import is_token

from .online import (
    CodeError,
    RelayAddressError,
    code_of,
    is_online,
    parse_code,
    relay_address,
    relay_of_session,
)
from .session import LanSession

#: The joiner's name when the record names nobody: English, as the command line says
#: it; the window shows it in the player's words.
UNNAMED_PEER = "the other player"


class LanRecordError(ValueError):
    """A record that cannot be hosted again over the LAN; the message says why (in
    English, marked for the catalogue: the window shows it translated)."""


def lan_headers(session: LanSession) -> dict[str, str]:
    """`Lan`, `LanPeer`, `LanToken`, `LanSeat` for the session's current game ({} before
    the first welcome); a game through a relay adds `LanRelay` and `LanCode`, a game
    played to a clock its `Clock`."""
    if session.token is None or session.you is None:
        return {}
    headers = {
        Key.LAN: session.role,
        Key.LAN_PEER: session.opponent,
        Key.LAN_TOKEN: session.token,
        Key.LAN_SEAT: session.you.value,
    }
    if is_online(session):
        headers[Key.LAN_RELAY] = relay_of_session(session)
        headers[Key.LAN_CODE] = str(code_of(session))
    if session.clock.control is not None:
        headers[Key.CLOCK] = control_text(session.clock.control)
    return headers


def save_kept(session: LanSession, folder: Path, kind: str = "human", date: str = "") -> Path:
    """Save the session's game as a new record in `folder` (the headless host, when
    the peer is gone for good); raises OSError. `kind` is the local seat's player kind,
    so a local "Continue" plays it again; the peer's side continues as a human. `date`
    is the game's (YYYY-MM-DD, from the day it began); without it, today's: a record
    with an empty `Date` is listed and counted under the file's date, not the game's."""
    state = session.state
    you = session.you
    if state is None or you is None:
        raise ValueError("no game to save")
    names = {you: session.name, you.other: session.opponent or "?"}
    kinds = {you: kind, you.other: "human"}
    seats = [seat_headers(p, f"{names[p]}{LAN_SUFFIX}", kinds[p]) for p in Player]
    headers = {**seats[0], **seats[1], **lan_headers(session)}
    headers = dated({Key.DATE: date, **headers} if date else headers)
    path = new_record_path(folder)
    save_record(path, state, headers, session.clock.notes())
    return path


@dataclass(frozen=True)
class KeptGame:
    """A saved LAN game this machine hosted, ready to be hosted again."""

    state: GameState  # the game so far
    token: str  # its token: the joiner's ticket
    seat: str  # the host's colour in it
    peer: str  # the joiner's name
    date: str = ""  # its `Date` (YYYY-MM-DD): hosted again, it is still that day's game
    relay: str = ""  # played online: the relay's address (canonical), else ""
    code: str = ""  # ... and the game's code (canonical, `K7M-4QP`)
    clock: TimeControl | None = None  # played to a clock: its time control
    left: tuple[float, float] | None = None  # ... and (Dark's, Light's) time left

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def online(self) -> bool:
        """Was it played through a relay (so it is hosted again through it)?"""
        return bool(self.relay)


def kept_game(record: GameRecord) -> KeptGame:
    """The LAN game in `record`, if it was hosted here and is unfinished; else
    `LanRecordError` saying why not."""
    h = Headers(record.headers)
    if h.lan_role != "host":
        raise LanRecordError(N_("this game was not hosted over the LAN on this machine"))
    if record.finished:
        raise LanRecordError(N_("this game is over"))
    token, seat = h.lan_token, h.lan_seat
    if not is_token(token) or seat is None:
        raise LanRecordError(N_("the record lacks its LAN token or colour"))
    relay, code = _relay_and_code(h)
    clock, left = record_control(record), clocks_after(record, len(record.state.moves))
    return KeptGame(record.state, token, seat.value, h.peer or UNNAMED_PEER, h.date, relay, code,
                    clock, left)  # fmt: skip


def _relay_and_code(h: Headers) -> tuple[str, str]:
    """A game played online: its relay and code, canonical; ("", "") for a LAN one.
    Either without the other, or one that does not read, is `LanRecordError`: hosted
    anywhere else, the joiner's ticket could not find the game."""
    if not h.lan_relay and not h.lan_code:
        return "", ""
    try:
        return relay_address(h.lan_relay), str(parse_code(h.lan_code))
    except (RelayAddressError, CodeError):
        raise LanRecordError(N_("the record's relay address or code cannot be read")) from None


def load_kept(path: Path) -> KeptGame:
    """`kept_game` of the record at `path`; `LanRecordError` if it cannot be loaded
    (read as every saved game is: a regular file only, of bounded size, never a pipe
    or a device, so `host --again` cannot hang or read without end)."""
    try:
        record = load_journal(path)  # a game the client kept: a torn last line is left out
    except ValueError as error:  # RecordError is a ValueError
        raise LanRecordError(str(error)) from None
    return kept_game(record)
