"""Clocks over the LAN (docs/protocol.md 1.2), a `LanSession` host and joiner in one
process on 127.0.0.1: the host's clock decides, both matches show its word after each
move, a time out ends the game on both sides, a joiner without clocks (1.1) plays
without one, and a kept game hosted again has both clocks back."""

from __future__ import annotations

import pytest
from lanhelpers import pump as pump_sessions
from nethelpers import RawPeer

import net
from isaac_game.clock import TimeControl, note_clocks
from isaac_game.lan import EngineAdapter, LanSession, Timers, kept_game, lan_headers
from isaac_game.lan.saved import save_kept
from isaac_game.match import HumanSeat, RandomSeat, TimedOut
from isaac_game.rules import Key, Player, load_record

FAST = Timers(
    hello_timeout=2, ping_interval=0.2, silence_limit=2.5, retry_interval=0.2, connect_timeout=1
)


def pump(sessions, until, timeout=20.0):
    """`lanhelpers.pump`, with more time: a game played to a clock."""
    return pump_sessions(sessions, until, timeout)


@pytest.fixture
def made():
    sessions = []
    yield sessions
    for s in sessions:
        s.close()


def host(made, local, clock: TimeControl | str | None, **args) -> tuple[LanSession, int]:
    control = TimeControl.parse(clock) if isinstance(clock, str) else clock
    session = LanSession.host("isaac", local, name="Ann", bind="127.0.0.1", port=0, timers=FAST,
                              announce=False, clock=control, **args)  # fmt: skip
    made.append(session)
    _, port = session.start()
    return session, port


def join(made, local, port: int, **args) -> LanSession:
    session = LanSession.join("isaac", local, "127.0.0.1", port, name="Bob", timers=FAST, **args)
    made.append(session)
    session.start()
    return session


def test_both_matches_show_the_hosts_clocks_after_every_move(made):
    ann, port = host(made, RandomSeat("H", seed=1), "5+3")
    bob = join(made, RandomSeat("J", seed=2), port)
    pump([ann, bob], lambda: ann.finished and bob.finished and ann.synced and bob.synced)
    pump([ann, bob], lambda: len(bob.clock.after) >= len(ann.state.moves))
    assert ann.result() == bob.result() != "*"
    for side in (ann, bob):
        assert side.match.clocks is not None and not side.match.clocks.decides
        assert str(side.clock.control) == "5+3"
    moves = len(ann.state.moves)
    # the host's word after each move, the same on both sides; each turn earned 3 s
    assert sorted(ann.clock.after) == sorted(bob.clock.after) == list(range(moves))
    assert ann.clock.after == bob.clock.after
    last = ann.clock.after[moves - 1]
    assert ann.match.clocks.snapshot() == bob.match.clocks.snapshot() == last
    assert all(290 < left <= 300 + 3 * moves for left in last)
    assert lan_headers(ann)[Key.CLOCK] == lan_headers(bob)[Key.CLOCK] == "5+3"


def test_a_side_whose_time_runs_out_loses_on_both_sides(made):
    """Bob never moves: the host's clock flags him (3 s and its lag allowance), and both
    sessions end the game on time with the same result."""
    ann, port = host(made, RandomSeat("H", seed=1), "0.05+0")
    bob = join(made, HumanSeat("Bob"), port)
    seen = {id(s): [] for s in (ann, bob)}

    def both_over() -> bool:
        for s in (ann, bob):
            seen[id(s)].extend(s.update())
        return ann.finished and bob.finished

    pump([], both_over, timeout=20)
    for s in (ann, bob):
        (out,) = [e for e in seen[id(s)] if isinstance(e, TimedOut)]
        assert out.player == Player.LIGHT
        assert s.match.out_of_time == Player.LIGHT and not s.match.state.is_over
        assert s.result() == "light ran out of time, dark wins"
        assert not s.playing and s.problem is None
    assert ann.state.moves == bob.state.moves and len(ann.state.moves) == 1
    assert bob.match.clocks.left(Player.LIGHT) == 0.0


def test_a_joiner_without_clocks_plays_a_clocked_host_without_one(made):
    """A 1.1 program (its hello says no `minor`): its welcome carries no clock, the
    host's game has none, and the host is told once."""
    ann, port = host(made, RandomSeat("H", seed=1), "5+3")
    old = RawPeer(port)
    try:
        old.send({"t": "hello", "proto": 1, "app": "old", "name": "Joe", "game": "isaac"})
        welcome = old.expect("welcome")
        assert not {"minor", "clock", "left", "flag"} & set(welcome)
        pump([ann], lambda: ann.match is not None and ann.state.ply >= 1)
        assert ann.match.clocks is None and ann.clock.control is None
        assert ann.clock_notice() == "Joe" and ann.clock_notice() == ""
        assert Key.CLOCK not in lan_headers(ann)
        old.read_for(0.3)
        assert {msg["t"] for msg in old.inbox} <= {"ping", "move"}  # no clock, no flag
    finally:
        old.close()


def test_a_kept_game_hosted_again_has_both_clocks_back(made, tmp_path):
    ann, port = host(made, RandomSeat("H", seed=4), "5+3")
    bob = join(made, RandomSeat("J", seed=5), port)
    pump([ann, bob], lambda: ann.state is not None and ann.state.ply >= 6)
    pump([ann, bob], lambda: ann.clock.after.get(ann.state.ply - 1) is not None)
    path = save_kept(ann, tmp_path)
    record = load_record(path)
    assert record.headers[Key.CLOCK] == "5+3"
    plies = len(record.state.moves)
    assert note_clocks(record.notes[plies - 1]) is not None
    kept = kept_game(record)
    assert str(kept.clock) == "5+3" and kept.left == note_clocks(record.notes[plies - 1])
    token = bob.token
    for s in (ann, bob):
        s.close()
    again, port = host(made, HumanSeat("Ann"), kept.clock, seat=kept.seat,
                       moves=kept.state.moves, token=kept.token, clock_left=kept.left)  # fmt: skip
    back = join(made, HumanSeat("Bob"), port, token=token)
    pump([again, back], lambda: back.match is not None and again.match is not None)
    assert back.state.moves == kept.state.moves
    for s in (again, back):
        shown = s.match.clocks.snapshot()
        assert all(abs(a - b) < 1.0 for a, b in zip(shown, kept.left, strict=True)), shown


class Told:
    """An endpoint that says what a test tells it (the network's events, in order)."""

    def __init__(self) -> None:
        self.news: list = []
        self.sent: list[str] = []
        self.on_event = None

    def poll(self) -> list:
        news, self.news = self.news, []
        return news

    def wait(self, timeout: float) -> list:
        return self.poll()

    def play(self, move: str) -> None:
        self.sent.append(move)

    def close(self) -> None:
        pass


def joiner(told: Told) -> LanSession:
    """A joiner (Light) fed by `told`, welcomed to a 5+3 game."""
    session = LanSession(told, EngineAdapter("isaac"), HumanSeat("Bob"), role="join",
                         name="Bob", timers=FAST)  # fmt: skip
    told.news = [net.GameStarted("light", "Ann", "ab" * 16, (), False, "5+3", (300.0, 300.0))]
    session.update()
    return session


def test_the_hosts_word_is_set_once_the_move_is_played_here_not_before():
    """The peer's move and the host's clocks after it come in one batch, before the
    match plays the move: the clocks show the host's word, not that word plus the
    turn's increment a second time."""
    told = Told()
    bob = joiner(told)
    assert bob.match.clocks.snapshot() == (300.0, 300.0)
    told.news = [net.MoveReceived(0, "3v57"), net.ClockSet(0, (291.5, 300.0))]
    events = bob.update()
    assert [type(e).__name__ for e in events][-1] == "MovePlayed"
    assert bob.match.clocks.snapshot() == (291.5, 300.0)
    bob.match.tick(2.0)  # shown running down by the frames, for the side to move
    assert bob.match.clocks.snapshot() == (291.5, 298.0)


def test_the_peers_last_move_before_the_flag_is_played_then_the_game_is_lost_on_time():
    """The host took Ann's move, then said Bob's time ran out: Bob's match plays the
    move (the host counted it), then ends the game on time; a chat line the host passes
    on from a spectator after the game shows as the spectator's."""
    told = Told()
    bob = joiner(told)
    told.news = [
        net.MoveReceived(0, "3v57"),
        net.ClockSet(0, (299.0, 300.0)),
        net.Flagged("light"),
        net.ChatReceived("well played", "Zed"),
    ]
    events = bob.update()
    assert [type(e).__name__ for e in events][-2:] == ["MovePlayed", "TimedOut"]
    assert bob.state.moves == ("3v57",) and bob.finished
    assert bob.result() == "light ran out of time, dark wins"
    assert bob.match.clocks.snapshot() == (299.0, 0.0)
    assert bob.chat_lines[-1].who == "Zed" and not bob.chat_lines[-1].mine
    told.news = [net.ChatReceived("thanks")]
    bob.update()
    assert bob.chat_lines[-1].who == "Ann"
