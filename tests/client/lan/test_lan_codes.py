"""The client's LAN screens and docs/protocol.md 1.1, with in-process hosts on 127.0.0.1:

- a typed address guesses the game; the host's `reject wrong-game` names its game in
  `game`, and the lobby dials again for it (the reason text is never read);
- the host's `bye` mid-game is a pause: the joining client keeps its game and its
  ticket and shows that the host left for now, and when the host hosts the game
  again on the same port the client is back in it by itself.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene, game_named
from isaac_game.lan import CONNECTED, RECONNECTING, LanSession, TicketBook
from isaac_game.match import RandomSeat

from ..driver import key, menu_to
from ..kinds import is_lan_game
from .lanclient import fast_lan, play_turn, pump, type_text

__all__ = ["fast_lan"]


def join_typed(app, port: int):
    """Type the address and join: the lobby, or already the game when the host's
    welcome came within the same frame (a quick host on loopback)."""
    menu_to(app, app.top.menu, "lan_join")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "address")
    key(app, pygame.K_RETURN)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)  # Enter in the address field joins it
    top = app.top
    assert isinstance(top, LanLobbyScene) or is_lan_game(top)
    return top


def host(game: str, port: int = 0, **kw) -> LanSession:
    session = LanSession.host(game, RandomSeat("Hal", seed=4), name="Hal", bind="127.0.0.1",
                              port=port, announce=False, **kw)  # fmt: skip
    session.start()
    return session


def test_game_named_reads_the_code_and_the_game_field_only():
    games = ("isaac", "foundations", "hari")

    def refusal(reason, code="", game=""):
        return SimpleNamespace(rejected=reason, rejected_code=code, rejected_game=game)

    assert game_named(refusal("Nein", "wrong-game", "hari"), games) == "hari"
    assert game_named(refusal("Nein", "wrong-game", "chess"), games) is None  # not ours
    assert game_named(refusal("wrong game: this host plays hari"), games) is None  # no code
    assert game_named(refusal("table full", "table-full"), games) is None
    assert game_named(refusal(None), games) is None


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_a_typed_address_is_dialled_again_for_the_game_the_host_names(app):
    hari = host("hari")
    try:
        lobby = join_typed(app, hari.endpoint.port)
        first = lobby.session if isinstance(lobby, LanLobbyScene) else lobby.control.session
        pump(app, lambda: is_lan_game(app.top, "hari"), others=[hari])
        if first.adapter.game == "isaac":  # a guess: the address says nothing
            assert (first.rejected_code, first.rejected_game) == ("wrong-game", "hari")
        else:  # the refusal came before the test looked: the lobby had dialled again
            assert first.adapter.game == "hari"
        assert app.top.control.session.adapter.game == "hari"
        assert hari.opponent and hari.link == CONNECTED
    finally:
        hari.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_the_hosts_bye_is_a_pause_and_the_client_comes_back(app, storage):
    first = host("isaac")
    port = first.endpoint.port
    again = None
    try:
        join_typed(app, port)
        pump(app, lambda: is_lan_game(app.top, "isaac"), others=[first])
        game = app.top
        session = game.control.session
        rng = random.Random(5)
        turns = 0
        while turns < 2:
            turns += play_turn(app, game, rng, by_mouse=False, others=[first])
        pump(app, lambda: first.state.ply >= 3, others=[first])
        token, moves = first.token, first.adapter.snapshot().moves
        first.close()  # the host's program closes mid-game: bye
        pump(app, lambda: session.link == RECONNECTING)
        assert "left for now" in game.bar.text and session.resigned is None
        assert session.closed is None and not session.finished
        ticket = TicketBook(storage.data_dir).load()
        assert ticket is not None and ticket.token == token  # kept: it can come back
        again = host("isaac", port, moves=moves, token=token, seat=first.you.value)
        pump(app, lambda: session.link == CONNECTED, others=[again])
        assert app.top is game and game.match is session.match
        assert game.match.state.moves[: len(moves)] == moves and session.games == 1
        assert again.opponent == session.name
    finally:
        first.close()
        if again is not None:
            again.close()
