"""EngineAdapter, RemoteSeat and beacon targets, without sockets."""

from __future__ import annotations

import random
import threading

import pytest

from isaac_game.lan.adapter import EngineAdapter
from isaac_game.lan.netinfo import beacon_targets
from isaac_game.lan.seat import RemoteSeat
from isaac_game.rules import Player, new_game
from net import GameAdapter


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(game):
    a = EngineAdapter(game)
    assert isinstance(a, GameAdapter)
    first = str(new_game(game).legal_moves()[0])
    assert a.try_apply(first) is None
    before = a.snapshot()
    for bad in ["", "zz", "9v99", first, "x", "\x00" * 40, "pass pass"]:
        reason = a.try_apply(bad)
        assert isinstance(reason, str) and reason, bad
        assert a.snapshot() is before
        assert a.moves() == [first]
    assert a.try_apply(123) is not None  # type: ignore[arg-type]
    assert a.snapshot() is before


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_a_whole_game_then_over_then_reset(game):
    a = EngineAdapter(game)
    rng = random.Random(7)
    assert a.side_to_move() == "dark"
    while a.side_to_move() is not None:
        assert a.side_to_move() == a.snapshot().to_move.value
        assert a.try_apply(str(rng.choice(a.snapshot().legal_moves()))) is None
    assert a.snapshot().is_over
    done = a.snapshot()
    assert a.try_apply("pass") is not None and a.snapshot() is done
    a.reset()
    assert a.moves() == [] and a.generation == 1 and a.side_to_move() == "dark"


def test_reads_from_another_thread_always_see_a_whole_state():
    a = EngineAdapter("isaac")
    rng = random.Random(3)
    seen: list[int] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            s = a.snapshot()
            assert s.ply == len(s.moves)
            seen.append(s.ply)

    t = threading.Thread(target=reader)
    t.start()
    for _ in range(5):
        while a.side_to_move() is not None:
            a.try_apply(str(rng.choice(a.snapshot().legal_moves())))
        a.reset()
    stop.set()
    t.join()
    assert seen


def test_remote_seat_offers_the_network_record_in_order_and_forwards_ours():
    sent: list[str] = []
    seat = RemoteSeat(Player.LIGHT, "Bob", sent.append)
    s0 = new_game("isaac")
    m0 = str(s0.legal_moves()[0])
    s1 = s0.play(m0)
    seat.observe(s1, m0, Player.DARK)  # our (dark) move goes to the network
    assert sent == [m0]
    seat.start_turn(s1)
    assert seat.poll() is None and seat.thinking
    seat.on_move(0, m0)  # MoveSent
    assert seat.poll() is None
    m1 = str(s1.legal_moves()[0])
    seat.on_move(1, m1)  # MoveReceived
    assert seat.poll() == m1
    seat.observe(s1.play(m1), m1, Player.LIGHT)  # its own move: not sent back
    assert sent == [m0]


def test_remote_seat_resync_tells_a_record_that_parted():
    seat = RemoteSeat("light", "Bob", lambda m: None)
    assert seat.resync(("a", "b", "c"), ("a", "b"))
    assert seat.problem is None and seat.record == ["a", "b", "c"]
    assert not seat.resync(("a", "x"), ("a", "b", "c"))  # the session rebuilds from it
    assert seat.record == ["a", "x"] and seat.problem is None


def test_beacons_follow_the_bind_address(monkeypatch):
    monkeypatch.delenv("ISAAC_LAN_BEACON_TARGETS", raising=False)
    assert beacon_targets("127.0.0.1") == ["127.255.255.255"]
    assert beacon_targets("127.3.4.5") == ["127.255.255.255"]
    assert beacon_targets("localhost") == ["127.255.255.255"]
    # An address no interface holds announces nowhere (never "everywhere").
    assert beacon_targets("203.0.113.77") == []
    assert beacon_targets("0.0.0.0") is None  # every interface: only for a real LAN host
    monkeypatch.setenv("ISAAC_LAN_BEACON_TARGETS", "127.255.255.255")
    assert beacon_targets("0.0.0.0") == ["127.255.255.255"]


def test_a_peers_non_canonical_spelling_is_one_move_with_ours():
    """A removal named by any cell of its piece is the same move (docs/rules.md 4)."""
    from isaac_game.lan.adapter import EngineAdapter
    from net.game import canonical_move

    adapter = EngineAdapter("isaac")
    assert canonical_move(adapter, " 5v04") == "5v04"
    assert canonical_move(adapter, "bogus") == "bogus"
    assert adapter.try_apply("5v04") is None and adapter.moves() == ["5v04"]


def test_spellings_digests_and_duplicates_use_the_canonical_record():
    """docs/protocol.md 1.1: a receiver accepts any spelling the rules parse and records the
    canonical one; the digest is over the canonical record the move ends; a duplicate
    `n` is the same move if it is the same move *at that ply* (rule 5)."""
    from net import HostSession, MoveReceived, messages
    from net.events import Send
    from net.game import moves_digest

    def sent(outs):
        return [o.msg for o in outs if isinstance(o, Send)]

    opening = ["3h00", "3h05", "4h20", "3h93"]  # then Dark slides 4h20 by 6: s23+6 = s20+6
    for digest_of, ok in [(["s20+6"], True), (["s23+6"], False)]:
        host = HostSession(EngineAdapter("hari"), seat="light")
        host.connection_made(1, 0.0)
        host.receive(1, messages.hello("t", "Joe", "hari"), 0.0)
        for n, move in enumerate(opening):
            if n % 2 == 0:
                host.receive(1, messages.move(n, move), 0.1)
            else:
                host.play(move, 0.1)
        digest = moves_digest([*opening, *digest_of])
        outs = host.receive(1, messages.move(4, "s23+6", digest), 0.2)
        received = [e for e in outs if isinstance(e, MoveReceived)]
        assert received == ([MoveReceived(4, "s20+6")] if ok else [])
        # a move whose digest differs is not applied (1.1, clarified)
        assert host.adapter.moves() == [*opening, *(["s20+6"] if ok else [])]
        assert [e["code"] for e in sent(outs)] == ([] if ok else ["desync"])
    host = HostSession(EngineAdapter("hari"), seat="light")
    host.connection_made(1, 0.0)
    host.receive(1, messages.hello("t", "Joe", "hari"), 0.0)
    for n, move in enumerate([*opening, "s23+6"]):
        if n % 2 == 0:
            host.receive(1, messages.move(n, move), 0.1)
        else:
            host.play(move, 0.1)
    # the same move again, as the peer spelled it: ignored, though "s23+6" means
    # nothing in today's position (the piece is no longer on 23)
    assert host.receive(1, messages.move(4, "s23+6"), 0.3) == []
    outs = host.receive(1, messages.move(4, "s20+5"), 0.4)  # another move for that n
    assert [e["code"] for e in sent(outs)] == ["desync"]


def test_a_duplicate_move_spelled_another_way_costs_no_replay_of_the_record(monkeypatch):
    """docs/protocol.md rule 5: a duplicate `n` is ignored if it is the same move at that ply
    in any spelling. Telling so reads it in the position of its ply, which must not
    cost a replay of the whole record each time: a peer may send thousands a second."""
    from net import HostSession, messages
    from net.events import Send

    rng = random.Random(5)
    state = new_game("isaac")
    while state.ply < 30 and not state.is_over:
        state = state.play(rng.choice(list(state.legal_moves())))
    adapter = EngineAdapter("isaac", state)  # a record of 30 plies, as hosted again
    host = HostSession(adapter, seat="light")
    host.connection_made(1, 0.0)
    host.receive(1, messages.hello("t", "Joe", "isaac"), 0.0)
    plays = []
    real_play = type(state).play
    monkeypatch.setattr(type(state), "play", lambda s, mv: plays.append(mv) or real_play(s, mv))
    cost = []  # moves replayed for one duplicate
    for n in range(state.ply):
        for _ in range(20):
            before = len(plays)
            outs = host.receive(1, messages.move(n, " " + state.moves[n]), 1.0)
            assert not [o for o in outs if isinstance(o, Send)]  # the same move: ignored
            cost.append(len(plays) - before)
    assert host.link is not None and adapter.moves() == list(state.moves)
    assert max(cost) <= 7, max(cost)  # bounded, whatever the ply: no replay from the start
