"""The pieces of "Nothing lost" over the LAN, without sockets: the joiner's ticket file,
the keeper that writes and drops it from a session's events, the LAN headers of a
saved record and reading one back to host it again, and the one data folder the
client and the headless commands share."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import net
from isaac_game.lan import (
    EngineAdapter,
    LanRecordError,
    LanSession,
    Ticket,
    TicketBook,
    Timers,
    kept_game,
    lan_headers,
)
from isaac_game.lan.saved import save_kept
from isaac_game.lan.ticket import TICKET_FILE, TicketKeeper
from isaac_game.match import RandomSeat
from isaac_game.rules import GameRecord, load_record, new_game
from isaac_game.userdirs import data_dir

TOKEN = "0123456789abcdef" * 2


def ticket(**changes) -> Ticket:
    fields = dict(host="127.0.0.1", port=7755, game="isaac", token=TOKEN, seat="light",
                  host_name="Ann", name="Bob")  # fmt: skip
    return Ticket(**{**fields, **changes})


def test_a_ticket_is_written_atomically_and_read_back(tmp_path):
    book = TicketBook(tmp_path / "data")
    assert book.load() is None
    assert book.keep(ticket()) is None
    assert book.path == tmp_path / "data" / TICKET_FILE
    assert book.load() == ticket()
    assert [p.name for p in book.path.parent.iterdir()] == [TICKET_FILE]  # no temp file left
    assert book.load().fits("127.0.0.1", 7755) and book.load().fits("127.0.0.1", 7755, "isaac")
    assert not book.load().fits("127.0.0.1", 7756)
    assert not book.load().fits("127.0.0.1", 7755, "hari")
    assert ticket(host="::1").address == "[::1]:7755"


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        json.dumps({"host": "h", "port": "7755"}),
        json.dumps({**ticket().__dict__, "token": "short"}),
        json.dumps({**ticket().__dict__, "game": "chess"}),
        json.dumps({**ticket().__dict__, "seat": "red"}),
        json.dumps({**ticket().__dict__, "port": True}),
    ],
)
def test_a_broken_ticket_file_is_no_ticket(tmp_path, text):
    book = TicketBook(tmp_path)
    book.path.write_text(text)
    assert book.load() is None


def test_forget_drops_only_the_ticket_of_that_token(tmp_path):
    book = TicketBook(tmp_path)
    book.keep(ticket())
    book.forget("f" * 32)  # another game's token: a newer ticket is not ours to drop
    assert book.load() == ticket()
    book.forget(TOKEN)
    assert book.load() is None and not book.path.exists()
    book.forget(TOKEN)  # nothing there: no error


def test_the_keeper_follows_welcome_end_and_bad_token(tmp_path):
    book = TicketBook(tmp_path)
    keeper = TicketKeeper(book, "10.0.0.2", 7755, "hari", "Bob", dialled=None)
    keeper.news(net.GameStarted("dark", "Ann", TOKEN, ("5h00",), False))
    assert book.load() == Ticket("10.0.0.2", 7755, "hari", TOKEN, "dark", "Ann", "Bob")
    keeper.game_over()
    assert book.load() is None and keeper.token is None
    # a restarted program dialled with the ticket and the host knows no such game
    book.keep(ticket())
    again = TicketKeeper(book, "127.0.0.1", 7755, "isaac", "Bob", dialled=TOKEN)
    again.news(net.Rejected("table full", "table-full"))
    assert book.load() == ticket()
    again.news(net.Rejected("bad token", ""))  # the reason is for people: no code, no act
    assert book.load() == ticket()
    again.news(net.Rejected("no such game", "bad-token"))
    assert book.load() is None


def test_the_ticket_survives_the_hosts_bye_and_goes_when_the_host_no_longer_keeps_it(tmp_path):
    """1.1: the host's `bye` mid-game is a pause (the ticket stays); a redial refused
    with `bad-token` (the host chose a new game meanwhile) drops this game's ticket."""
    book = TicketBook(tmp_path)
    keeper = TicketKeeper(book, "10.0.0.2", 7755, "isaac", "Bob", dialled=None)
    keeper.news(net.GameStarted("light", "Ann", TOKEN, (), False))
    keeper.news(net.LinkLost("host said bye", bye=True))
    keeper.news(net.Closed("link lost", link_lost=True))  # the window passed without the host
    assert book.load() is not None and book.load().token == TOKEN
    keeper.news(net.Rejected("bad token: no such game is kept here", "bad-token"))
    assert book.load() is None and keeper.token is None


def test_a_session_forgets_its_ticket_once_the_game_is_decided(tmp_path):
    """`LanSession.update` drops the ticket when the game is over and our moves are out
    (here: a resignation by the peer, fed as events)."""

    class Endpoint:
        host, port = "127.0.0.1", 7755

        def __init__(self, batches):
            self.batches = list(batches)

        def poll(self):
            return self.batches.pop(0) if self.batches else []

        def close(self):
            pass

    book = TicketBook(tmp_path)
    batches = [[net.GameStarted("light", "Ann", TOKEN, (), False)], [net.PeerResigned()]]
    session = LanSession(Endpoint(batches), EngineAdapter("isaac"), RandomSeat("me", seed=1),
                         role="join", name="Bob", timers=Timers())  # fmt: skip
    session.ticket = TicketKeeper(book, "127.0.0.1", 7755, "isaac", "Bob", None)
    session.update()
    assert book.load() is not None and book.load().seat == "light"
    session.update()
    assert session.finished and book.load() is None


def test_lan_headers_and_hosting_a_saved_game_again(tmp_path):
    class Endpoint:
        def poll(self):
            return []

    state = new_game("isaac")
    for _ in range(5):
        state = state.play(state.legal_moves()[0])
    session = LanSession(Endpoint(), EngineAdapter("isaac"), RandomSeat("me", seed=1),
                         role="host", name="Ann", timers=Timers())  # fmt: skip
    assert lan_headers(session) == {}
    session._handle(net.GameStarted("dark", "Bob", TOKEN, tuple(state.moves), False))
    assert lan_headers(session) == {
        "Lan": "host",
        "LanPeer": "Bob",
        "LanToken": TOKEN,
        "LanSeat": "dark",
    }
    day = time.strftime("%Y-%m-%d")
    path = save_kept(session, tmp_path / "saves", "random")
    assert path.parent == tmp_path / "saves" and path.name.endswith(".isaac.txt")
    record = load_record(path)
    assert record.headers["Dark"] == "Ann (LAN)" and record.headers["DarkPlayer"] == "random"
    assert record.headers["Date"] in {day, time.strftime("%Y-%m-%d")}  # today's, not ""
    kept = kept_game(record)
    assert (kept.game, kept.token, kept.seat, kept.peer) == ("isaac", TOKEN, "dark", "Bob")
    assert kept.date == record.headers["Date"]
    again = load_record(save_kept(session, tmp_path / "saves", "random", "2020-02-29"))
    assert again.headers["Date"] == "2020-02-29"  # the game's own day, given
    assert kept.state.moves == state.moves
    # what cannot be hosted again says why
    for headers, why in [
        ({**record.headers, "Lan": "join"}, "not hosted"),
        ({**record.headers, "LanToken": "x"}, "token"),
        ({**record.headers, "LanSeat": "random"}, "colour"),
    ]:
        with pytest.raises(LanRecordError, match=why):
            kept_game(GameRecord(record.state, headers))


def test_one_data_folder_for_the_client_and_the_headless_commands(tmp_path, monkeypatch):
    from isaac_game.client.storage import Storage

    monkeypatch.setenv("ISAAC_GAME_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "data" == Storage().data_dir
    assert TicketBook().path == Storage().data_dir / TICKET_FILE
    monkeypatch.delenv("ISAAC_GAME_HOME")
    assert Storage().data_dir == data_dir() and isinstance(data_dir(), Path)
