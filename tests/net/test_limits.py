"""docs/protocol.md's receiver limits (1.1, clarified), on the sans-I/O sessions: what a peer
sends beyond the game is kept within a budget and reported once; the events waiting
for the caller are bounded; the joiner gives up as surely as the host; a move whose
digest differs is not applied, on the joiner's side too."""

from __future__ import annotations

from nethelpers import fake_game

from net import messages as m
from net.events import (
    ChatReceived,
    Close,
    Closed,
    Connect,
    GameStarted,
    LinkLost,
    MoveReceived,
    PeerError,
    PeerMisbehaved,
    Send,
    Throttled,
)
from net.game import moves_digest
from net.host_session import HostSession
from net.inbox import EventQueue
from net.join_session import JoinSession
from net.limits import BUDGETS, CHAT

TOKEN = "ab" * 16


def sent(outs):
    return [o.msg for o in outs if isinstance(o, Send)]


def of(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def hosting() -> HostSession:
    host = HostSession(fake_game(), name="Host")
    host.connection_made(1, 0.0)
    host.receive(1, m.hello("test", "Joe", "isaac"), 0.0)
    return host


def test_a_chat_flood_is_cut_to_the_budget_reported_once_and_the_link_stays():
    host = hosting()
    burst, rate = BUDGETS[CHAT]
    outs = []
    for i in range(5000):  # all at one instant: as fast as a peer can write
        outs += host.receive(1, m.chat(f"line {i}"), 1.0)
    chats = of(outs, ChatReceived)
    assert len(chats) == burst and chats[0] == ChatReceived("line 0")
    assert of(outs, Throttled) == [Throttled("chat lines")]
    assert not of(outs, Close) and not sent(outs)  # dropped unanswered, connection kept
    outs = []
    for _ in range(5000):  # ten seconds later: the budget has refilled at `rate`
        outs += host.receive(1, m.chat("again"), 11.0)
    assert len(of(outs, ChatReceived)) == burst and not of(outs, Throttled)  # told once
    outs = []
    for t in range(100):  # a person's pace is never cut
        outs += host.receive(1, m.chat("hello"), 100.0 + t / rate)
    assert len(of(outs, ChatReceived)) == 100
    assert host.link is not None and host.link.conn == 1


def test_errors_and_unknown_types_are_answered_within_the_budget_and_reported_once():
    host = hosting()
    outs = []
    for _ in range(1000):
        outs += host.receive(1, {"t": "hologram"}, 1.0)
        outs += host.receive(1, m.error("bad-message", "you!"), 1.0)
    answers = [msg for msg in sent(outs) if msg["t"] == "error"]
    assert len(answers) == BUDGETS["unknown"][0]
    assert len(of(outs, PeerMisbehaved)) == 1  # one line in a log, not a thousand
    assert len(of(outs, PeerError)) == BUDGETS["error"][0]
    assert set(of(outs, Throttled)) == {
        Throttled("messages of unknown types"),
        Throttled("error messages"),
    }
    assert not of(outs, Close) and host.link is not None


def test_a_connection_that_never_says_hello_is_held_to_the_same_budget():
    host = HostSession(fake_game())
    host.connection_made(7, 0.0)
    outs = []
    for _ in range(1000):
        outs += host.receive(7, {"t": "hologram"}, 1.0)
    assert len(sent(outs)) == BUDGETS["unknown"][0] and len(of(outs, PeerMisbehaved)) == 1
    assert of(host.tick(5.0), Close) == [Close(7, "no hello in time")]


def test_the_events_for_the_caller_are_bounded_but_the_game_is_never_dropped():
    queue = EventQueue(max_notices=100)
    for i in range(10_000):
        queue.put(ChatReceived(f"{i}"))
        if i % 1000 == 0:
            queue.put(MoveReceived(i // 1000, f"m{i // 1000}"))
    got = []
    while True:
        try:
            got.append(queue.get())
        except Exception:
            break
    assert len(of(got, ChatReceived)) == 100 and queue.dropped == 9_900
    assert [e.n for e in of(got, MoveReceived)] == list(range(10))
    queue.put(ChatReceived("read: room again"))
    assert queue.get() == ChatReceived("read: room again")


def joining(**kw) -> JoinSession:
    j = JoinSession(fake_game(), name="Joe", retry_interval=1.0, rejoin_window=30.0, **kw)
    j.start(0.0)
    j.connection_made(1, 0.0)
    return j


def test_a_host_that_only_pings_is_given_up_on_after_the_welcome_time_limit():
    j = joining(welcome_timeout=10.0)
    outs = []
    for tenth in range(1, 200):
        now = tenth / 10
        outs += j.receive(1, m.ping(tenth), now)  # heard all the time: never silent
        outs += j.tick(now)
        if of(outs, Closed):
            break
    assert of(outs, Closed) == [Closed("the host did not answer within 10 s")]
    assert 10.0 <= now < 10.2 and of(outs, Close)


def test_a_host_that_welcomes_then_breaks_a_rule_is_given_up_on_after_the_window():
    """A welcome alone does not restart the rejoin window, and after a link we closed
    for the host's mistake the redial waits: a few dozen redials, then the end."""
    j = joining()
    dials, conn, now = 1, 1, 0.0
    while j.state != "closed":
        assert now < 100, "the joiner never gives up"
        outs = j.receive(conn, m.welcome("app", "Host", "isaac", "light", TOKEN, []), now)
        assert of(outs, GameStarted)
        outs = j.receive(conn, m.move(0, "not a move"), now + 0.01)
        assert sent(outs)[0]["code"] == "illegal-move"
        while j.state == "lost":
            now += 0.05
            for out in j.tick(now):
                if isinstance(out, Connect):
                    dials, conn = dials + 1, out.conn
                    j.connection_made(conn, now)
    assert 29 <= now <= 32 and dials <= 32  # the 30 s window, one redial a second


def test_a_link_that_works_again_restarts_the_window():
    j = joining()
    j.receive(1, m.welcome("app", "Host", "isaac", "light", TOKEN, []), 0.0)
    j.connection_lost(1, 1.0)  # the window starts
    j.tick(1.0)
    j.connection_made(2, 1.0)
    j.receive(2, m.welcome("app", "Host", "isaac", "light", TOKEN, []), 1.1)
    j.receive(2, m.move(0, "m0", moves_digest(["m0"])), 25.0)  # the game goes on
    j.connection_lost(2, 29.0)  # a new loss: a new window
    outs = []
    for second in range(30, 59):
        outs += j.tick(float(second))
        for c in of(outs, Connect):
            j.connection_failed(c.conn, "refused", float(second))
        outs = [o for o in outs if not isinstance(o, Connect)]
    assert not of(outs, Closed) and j.state == "lost"
    assert of(j.tick(59.5), Closed) == [Closed("link lost", link_lost=True)]


def test_the_joiner_does_not_apply_a_move_whose_digest_differs():
    j = joining()
    j.receive(1, m.welcome("app", "Host", "isaac", "light", TOKEN, []), 0.0)
    outs = j.receive(1, m.move(0, "m0", "0" * 16), 0.1)
    assert [e["code"] for e in sent(outs)] == ["desync"] and of(outs, Close)
    assert not of(outs, MoveReceived) and of(outs, LinkLost)
    assert j.adapter.moves() == []  # as it was before that move
