"""Coming back to a game after the program was closed or crashed: the joiner's ticket
(`isaac_game.lan.ticket`, kept in the data folder from the host's welcome to the end
of the game) is offered on the title menu as "Resume the LAN game with Ann" (a game
joined through a relay: "Resume the online game with Ann", its own ticket); choosing
it dials the host with the ticket's token, and the lobby hands the game, with every
move so far, to the LAN board as a normal join does. A saved game is offered by what
its LAN headers say (`Lan`, `LanPeer`): one this machine hosted is hosted again, one it
joined is left to its ticket, any other goes on here.

A rejoined game goes on in the file the earlier run kept it in (`joined_save`: the
joiner's save with the ticket's token), as a game hosted again does: were it kept in
a new file, the old one would stay "under way" for ever, and a game that ends before
the next move (a resignation) would end in no file at all.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

from isaac_game.i18n import _
from isaac_game.lan import LanSession, Ticket, TicketBook
from isaac_game.lan.online import join_online, parse_code
from isaac_game.match import HumanSeat
from isaac_game.rules import Headers

from ..handoff import Resumable, resume_label, setup_from_record
from ..storage import Storage, read_headers
from .fields import default_name, player_name
from .lobby import LanLobbyScene
from .online_lobby import OnlineLobbyScene

if TYPE_CHECKING:
    from ..app import App

#: The registry name of the scene that rejoins (`rejoin_scene`).
REJOIN_SCENE = "lan_rejoin"


def lan_resumable(app: App) -> Resumable | None:
    """The LAN or online game this machine can rejoin (its ticket), or None. Each has
    a ticket file of its own; should both hold one, the newer is offered (the title
    keeps one row for a game to rejoin)."""
    tickets = []
    for relay in (False, True):
        book = TicketBook(app.storage.data_dir, relay=relay)
        ticket = book.load()
        if ticket is not None:
            with contextlib.suppress(OSError):
                tickets.append((book.path.stat().st_mtime, relay, ticket))
    if not tickets:
        return None
    ticket = max(tickets, key=lambda found: found[:2])[2]
    if ticket.relay:
        # TRANSLATORS: {name}: the host's name (or the game's code); a game through a relay
        label = _("Resume the online game with {name}").format(name=ticket.host_name or ticket.code)
    else:
        # TRANSLATORS: {name}: the host's name (or its address)
        label = _("Resume the LAN game with {name}").format(name=ticket.host_name or ticket.address)
    return Resumable(label, REJOIN_SCENE, (ticket,))


def resumables(app: App, games: Collection[str]) -> list[Resumable]:
    """The games the title offers to pick up: a LAN game this machine can rejoin (its
    ticket), then the newest unfinished saved game of `games`. A game open in another
    window is not offered: it is being played there."""
    found = [lan] if (lan := lan_resumable(app)) is not None else []
    for path, record in app.storage.in_progress(most=4, free=True):
        read = Headers(record.headers)
        role = read.lan_role
        if record.game not in games or role == "join":
            continue
        if role == "host":
            peer = read.peer or _("the other player")
            label = _("Host the {game} game with {peer} again").format(
                game=record.game.upper(), peer=peer
            )
            found.append(Resumable(label, "lan_host_again", (path,)))
        else:
            setup = setup_from_record(record, path)
            found.append(Resumable(resume_label(record), "match", (setup,)))
        break
    return found


def joined_save(storage: Storage, token: str) -> Path | None:
    """The unfinished save of the game this machine joined with `token` (its ticket's),
    newest first; None if there is none (the peer never moved before the crash)."""
    for path in storage.list_saves():
        read = Headers(read_headers(path))
        if (read.lan_role, read.lan_token, read.result) == ("join", token, "*"):
            return path
    return None


def rejoin_scene(app: App, ticket: Ticket, games: tuple[str, ...] = ()) -> LanLobbyScene:
    """The lobby, dialling the ticket's host with its token (`"lan_rejoin"`): on the LAN,
    or through the ticket's relay with its code."""
    name = ticket.name or player_name(default_name(app.settings.player_name))
    tickets = TicketBook(app.storage.data_dir, relay=bool(ticket.relay))
    if ticket.relay:  # through the relay and with the code it was joined by
        session = join_online(ticket.game, HumanSeat(name), ticket.relay, parse_code(ticket.code),
                              name=name, token=ticket.token, tickets=tickets)  # fmt: skip
    else:
        session = LanSession.join(ticket.game, HumanSeat(name), ticket.host, ticket.port,
                                  name=name, token=ticket.token, tickets=tickets)  # fmt: skip
    session.start()

    def note() -> str:
        game = ticket.game.upper()
        if ticket.host_name:
            return _("Rejoining your {game} game with {name}").format(
                game=game, name=ticket.host_name
            )
        return _("Rejoining your {game} game with the host").format(game=game)

    kept = joined_save(app.storage, ticket.token)
    if ticket.relay:
        return OnlineLobbyScene(app, session, where=ticket.code, games=games, note=note,
                                save_path=kept)  # fmt: skip
    return LanLobbyScene(app, session, where=ticket.address, games=games, note=note,
                         save_path=kept)  # fmt: skip
