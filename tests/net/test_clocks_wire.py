"""docs/protocol.md 1.2, the clock: the host keeps the time, the joiner's lag is
credited within a bounded allowance, a 1.1 joiner plays without a clock. Sans-I/O:
every `now` is given, so each figure is exact."""

from __future__ import annotations

import pytest
from nethelpers import fake_game

from net import messages as m
from net.clocks import ALLOWANCE, BANK, REFILL, HostClock, LagBank
from net.events import ClockSet, Flagged, GameStarted, Send
from net.host_session import HostSession, TimeControl
from net.join_session import JoinSession

FIVE_PLUS_THREE = TimeControl("5+3", 300.0, 3.0)


def sent(outs, t=None):
    return [o.msg for o in outs if isinstance(o, Send) and t in (None, o.msg["t"])]


def of(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def hosting(clock=FIVE_PLUS_THREE, minor=True, now=0.0):
    """A host (Dark) with a joiner (Light) welcomed at `now`."""
    host = HostSession(fake_game(length=40), name="Host", clock=clock)
    host.connection_made(1, now)
    hello = m.hello("test", "Joe", "isaac")
    if not minor:
        del hello["minor"]
    outs = host.receive(1, hello, now)
    return host, outs


def test_welcome_to_a_1_2_joiner_carries_the_time_control_and_both_clocks():
    host, outs = hosting()
    welcome = sent(outs, "welcome")[0]
    assert welcome["minor"] == 2 and welcome["clock"] == "5+3"
    assert welcome["left"] == [300_000, 300_000]
    assert m.validate(welcome) == welcome
    started = of(outs, GameStarted)[0]
    assert started.clock == "5+3" and started.left == (300.0, 300.0)


def test_a_1_1_joiner_plays_without_a_clock():
    """1.2: "A 1.1 peer can still play, without clocks"."""
    host, outs = hosting(minor=False)
    welcome = sent(outs, "welcome")[0]
    assert "clock" not in welcome and "left" not in welcome and "minor" not in welcome
    assert of(outs, GameStarted)[0].clock is None
    outs = host.play("m0", 5.0)
    assert sent(outs, "clock") == [] and of(outs, ClockSet) == []


def test_each_move_is_followed_by_both_clocks_as_the_host_has_them():
    host, _ = hosting()
    outs = host.play("m0", 4.5)  # Dark thought 4.5 s, gains 3
    assert sent(outs, "clock") == [{"t": "clock", "n": 0, "left": [298_500, 300_000]}]
    assert of(outs, ClockSet) == [ClockSet(0, (298.5, 300.0))]
    # Light's move arrives 10 s later and says it thought 10 s: no lag, no credit
    outs = host.receive(1, m.move(1, "m1", think=10_000), 14.5)
    assert sent(outs, "clock") == [{"t": "clock", "n": 1, "left": [298_500, 293_000]}]


def test_the_joiner_is_credited_its_lag_but_at_most_the_allowance():
    host, _ = hosting()
    host.play("m0", 0.0)
    # 10 s on the host's clock; the joiner says 9.8: 0.2 s was the link's
    outs = host.receive(1, m.move(1, "m1", think=9_800), 10.0)
    assert sent(outs, "clock")[0]["left"][1] == 300_000 - 9_800 + 3_000


def test_a_joiner_that_over_reports_its_lag_gains_at_most_the_allowance():
    """1.2: "a lying client gains at most that allowance", and less once its bank is
    spent: it says it thought nothing on every turn, each of which took 5 s."""
    host, _ = hosting(clock=TimeControl("10+0", 600.0, 0.0))
    now, gained = 0.0, []
    for turn in range(10):
        host.play(f"m{2 * turn}", now)
        before = host.clock.left["light"]
        now += 5.0
        host.receive(1, m.move(2 * turn + 1, f"m{2 * turn + 1}", think=0), now)
        gained.append(5.0 - (before - host.clock.left["light"]))
    assert max(gained) <= ALLOWANCE + 1e-9
    assert gained[0] == pytest.approx(ALLOWANCE)
    # the bank (1 s) is spent after two turns; then only its refill comes back
    assert sum(gained) == pytest.approx(BANK + (len(gained) - 1) * REFILL, abs=1e-6)


def test_the_lag_bank_refills_slowly_and_never_past_its_top():
    bank = LagBank()
    assert bank.credit(5.0) == ALLOWANCE and bank.credit(5.0) == pytest.approx(0.5)
    assert bank.credit(5.0) == pytest.approx(2 * REFILL)
    for _ in range(50):
        bank.credit(0.0)
    assert bank.left == BANK


def test_the_host_flags_a_side_whose_time_is_out_and_the_game_is_over():
    host, _ = hosting(clock=TimeControl("0.05+0", 3.0, 0.0))
    outs = host.play("m0", 1.0)  # Dark 2 s left; Light's 3 s start now
    assert not of(host.tick(3.9), Flagged)
    # the joiner's grace: the most lag credit it could still get
    assert not of(host.tick(1.0 + 3.0 + ALLOWANCE - 0.01), Flagged)
    outs = host.tick(1.0 + 3.0 + ALLOWANCE)
    assert of(outs, Flagged) == [Flagged("light")]
    assert sent(outs, "flag") == [{"t": "flag", "side": "light"}]
    # a move that crossed the flag is too late, and dropped: the link stays
    outs = host.receive(1, m.move(1, "m1", think=0), 5.0)
    assert sent(outs) == [] and host.link is not None and host.adapter.moves() == ["m0"]
    outs = host.receive(1, m.move(2, "m2", think=0), 5.1)  # one past it is a mistake
    assert sent(outs, "error")[0]["code"] == "illegal-move"


def test_the_host_runs_out_on_its_own_clock_with_no_grace():
    host, _ = hosting(clock=TimeControl("0.05+0", 3.0, 0.0))
    assert of(host.tick(2.99), Flagged) == []
    assert of(host.tick(3.0), Flagged) == [Flagged("dark")]
    assert of(host.play("m0", 3.1), GameStarted) == []  # refused: the game is over
    assert host.adapter.moves() == []


def test_the_clock_runs_on_while_the_link_is_down_and_a_rejoin_sees_it():
    """docs/rules.md 5 and protocol 1.2 rule 4: during "reconnecting..." the clock of
    the side to move keeps running."""
    host, _ = hosting()
    host.play("m0", 0.0)
    host.receive(1, m.move(1, "m1", think=1_000), 1.0)
    host.play("m2", 2.0)  # Light to move from 2.0
    host.connection_lost(1, 3.0)
    host.connection_made(2, 60.0)
    outs = host.receive(2, m.hello("test", "Joe", "isaac", host.token), 60.0)
    welcome = sent(outs, "welcome")[0]
    assert welcome["left"][1] == pytest.approx(300_000 + 3_000 - 1_000 - 58_000, abs=1)


def test_a_time_out_while_the_joiner_is_away_is_told_on_its_rejoin():
    host, _ = hosting(clock=TimeControl("0.05+0", 3.0, 0.0))
    host.play("m0", 0.0)
    host.receive(1, m.move(1, "m1", think=100), 0.1)
    host.play("m2", 0.2)
    host.connection_lost(1, 0.3)
    assert of(host.tick(10.0), Flagged) == [Flagged("light")]
    host.connection_made(2, 11.0)
    outs = host.receive(2, m.hello("test", "Joe", "isaac", host.token), 11.0)
    assert sent(outs, "welcome")[0]["flag"] == "light"


def test_a_joiner_reports_its_thinking_and_reads_the_hosts_clocks():
    join = JoinSession(fake_game(length=40), name="Joe")
    join.start(0.0)
    join.connection_made(1, 0.0)
    welcome = m.welcome("test", "Host", "isaac", "light", "a" * 32, [],
                        {"minor": 2, "clock": "5+3", "left": [300_000, 300_000]})  # fmt: skip
    outs = join.receive(1, welcome, 0.0)
    assert of(outs, GameStarted)[0].left == (300.0, 300.0)
    join.receive(1, m.move(0, "m0"), 2.0)  # our turn from here
    outs = join.receive(1, m.clock(0, [298_000, 300_000]), 2.0)
    assert of(outs, ClockSet) == [ClockSet(0, (298.0, 300.0))]
    outs = join.play("m1", 6.5)
    assert sent(outs, "move")[0]["think"] == 4_500
    outs = join.receive(1, m.flag("dark"), 7.0)
    assert of(outs, Flagged) == [Flagged("dark")] and join.flagged == "dark"


def test_a_joiner_says_nothing_of_its_thinking_to_a_1_1_host():
    join = JoinSession(fake_game(), name="Joe")
    join.start(0.0)
    join.connection_made(1, 0.0)
    join.receive(1, m.welcome("test", "Host", "isaac", "dark", "a" * 32, []), 0.0)
    assert "think" not in sent(join.play("m0", 3.0), "move")[0]


def test_a_host_refuses_clocks_from_its_joiner():
    host, _ = hosting()
    outs = host.receive(1, m.clock(0, [1, 1]), 1.0)
    assert sent(outs, "error")[0]["code"] == "bad-message"


def test_the_host_clock_charges_a_turn_once_however_many_moves_it_has():
    """A HARI turn of several actions earns the increment once (docs/rules.md 5)."""
    clock = HostClock("1+2", 60.0, 2.0, remote="light")
    clock.start("dark", 0.0)
    clock.turn_ended("light", 1.0)  # not its turn: nothing
    clock.turn_ended("dark", 4.0)
    assert clock.left == {"dark": 58.0, "light": 60.0}
    clock.turn_ended("dark", 5.0)  # already ended
    assert clock.left["dark"] == 58.0
