"""The LAN's files read as every file of ours is: the joiner's ticket and a record to
host again may be a pipe, a link to /dev/zero or JSON nested without end; each is
refused at once ("no ticket", a one-line reason), never a hang or a crash. The ticket
is written atomically, never through a planted temporary file."""

from __future__ import annotations

import os

import pytest

from isaac_game.lan import LanRecordError, Ticket, TicketBook, load_kept
from isaac_game.lan.ticket import TicketKeeper
from net import GameStarted

posix_only = pytest.mark.skipif(os.name == "nt", reason="FIFOs and /dev/zero are POSIX")
TICKET = Ticket("192.168.1.20", 7755, "isaac", "ab" * 16, "light", "Ann", "Bob")


@posix_only
@pytest.mark.timeout(30)
def test_a_ticket_that_is_a_pipe_a_device_or_too_deep_is_no_ticket(tmp_path):
    book = TicketBook(tmp_path)
    assert book.keep(TICKET) is None and book.load() == TICKET
    book.path.unlink()
    os.mkfifo(book.path)
    assert book.load() is None
    book.path.unlink()
    book.path.symlink_to("/dev/zero")
    assert book.load() is None
    book.path.unlink()
    book.path.write_text("[" * 100_000 + "]" * 100_000)
    assert book.load() is None
    assert book.keep(TICKET) is None and book.load() == TICKET  # and it is written again


@posix_only
def test_the_ticket_never_writes_through_a_planted_temporary_file(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    book = TicketBook(tmp_path)
    book.path.with_name(book.path.name + ".tmp").symlink_to(victim)
    assert book.keep(TICKET) is None
    assert victim.read_text() == "precious" and book.load() == TICKET


@posix_only
@pytest.mark.timeout(30)
def test_host_again_refuses_a_pipe_or_a_device_at_once(tmp_path):
    pipe = tmp_path / "pipe.isaac.txt"
    os.mkfifo(pipe)
    zero = tmp_path / "zero.isaac.txt"
    zero.symlink_to("/dev/zero")
    for path, kind in ((pipe, "a pipe"), (zero, "a device")):
        with pytest.raises(LanRecordError, match=f"not a regular file \\({kind}\\)"):
            load_kept(path)


def test_a_rejoin_of_the_same_game_does_not_write_the_ticket_again(tmp_path, monkeypatch):
    """A host that welcomes again and again (a flaky link, or a hostile host) costs the
    joiner's disk one write per game, not one per welcome."""
    book = TicketBook(tmp_path)
    writes = []
    keep = book.keep
    monkeypatch.setattr(book, "keep", lambda ticket: writes.append(ticket) or keep(ticket))
    keeper = TicketKeeper(book, "192.168.1.20", 7755, "isaac", "Bob", None)
    welcome = GameStarted("light", "Ann", "ab" * 16, (), False)
    for _ in range(5):
        keeper.news(welcome)
    assert writes == [TICKET] and book.load() == TICKET
    keeper.news(GameStarted("dark", "Ann", "cd" * 16, (), False))  # a rematch: a new game
    assert len(writes) == 2 and book.load().token == "cd" * 16
    keeper.game_over()  # the ticket goes; a later welcome writes it again
    keeper.news(welcome)
    assert len(writes) == 3 and book.load() == TICKET
