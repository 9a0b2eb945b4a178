"""Coming back to a LAN game after the program was closed or crashed: the joiner's
ticket (`isaac_game.lan.ticket`, kept in the data folder from the host's welcome to
the end of the game) is offered on the title menu as "Resume the LAN game with Ann";
choosing it dials the host with the ticket's token, and the lobby hands the game,
with every move so far, to the LAN board as a normal join does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isaac_game.lan import LanSession, Ticket, TicketBook
from isaac_game.match import HumanSeat

from ..handoff import Resumable
from .lobby import LanLobbyScene

if TYPE_CHECKING:
    from ..app import App

#: The registry name of the scene that rejoins (`rejoin_scene`).
REJOIN_SCENE = "lan_rejoin"


def lan_resumable(app: App) -> Resumable | None:
    """The LAN game this machine can rejoin (its ticket), or None."""
    ticket = TicketBook(app.storage.data_dir).load()
    if ticket is None:
        return None
    who = ticket.host_name or ticket.address
    return Resumable(f"Resume the LAN game with {who}", REJOIN_SCENE, (ticket,))


def rejoin_scene(app: App, ticket: Ticket, games: tuple[str, ...] = ()) -> LanLobbyScene:
    """The lobby, dialling the ticket's host with its token (`"lan_rejoin"`)."""
    name = ticket.name or app.settings.player_name or "Player"
    tickets = TicketBook(app.storage.data_dir)
    session = LanSession.join(ticket.game, HumanSeat(name), ticket.host, ticket.port,
                              name=name, token=ticket.token, tickets=tickets)  # fmt: skip
    session.start()
    note = f"Rejoining your {ticket.game.upper()} game with {ticket.host_name or 'the host'}"
    return LanLobbyScene(app, session, where=ticket.address, games=games, note=note)
