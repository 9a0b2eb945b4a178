"""docs/protocol.md rule 7 on the sans-I/O host: a kept game is never dropped silently.

With `hold_games` (the default) the host holds an unfinished game whose rejoin window
passed (after a lost link or a `bye`, which 1.1 makes a pause): `GameHeld`, its token
still rejoins it, anyone else gets `table-full` until the caller frees the table
(`abandon`) or opens the seat. A game from an earlier run is hosted again with
`keep_token` and the adapter's record. Also: the 1.1 reject codes our host sends.

The window is for a game the joiner has played in (rule 4): one gone before its first
move, however it went, frees the table at once, so a knock keeps nobody out.
"""

from __future__ import annotations

import pytest
from nethelpers import fake_game

from net import messages as m
from net.events import Close, GameClosed, GameHeld, GameStarted, LinkLost, Send
from net.framing import ProtocolViolation
from net.game import moves_digest
from net.host_session import HostSession

TOKEN = "ab" * 16
FULL = m.reject("table-full", "table full")


def sent(outs, conn=None):
    return [o.msg for o in outs if isinstance(o, Send) and conn in (None, o.conn)]


def events(outs, kind):
    return [o for o in outs if isinstance(o, kind)]


def hello(token=None, game="isaac"):
    return m.hello("test", "Joe", game, token)


def knock(host, conn, now, token=None):
    host.connection_made(conn, now)
    return host.receive(conn, hello(token), now)


def started(host, moves=1):
    """A joiner seated (conn 1) and `moves` moves played, alternately from m0."""
    (welcome,) = sent(knock(host, 1, 0.0))
    for n in range(moves):
        if n % 2 == 0:
            host.play(f"m{n}", 0.1)
        else:
            host.receive(1, m.move(n, f"m{n}"), 0.1)
    return welcome


def test_rejoin_window_over_holds_the_game_for_its_token_only():
    host = HostSession(fake_game(), rejoin_window=120.0, hold_games=True)
    w = started(host, moves=3)
    host.connection_lost(1, 1.0)
    outs = host.tick(121.0)
    assert events(outs, GameHeld) == [GameHeld("rejoin window expired")]
    assert events(outs, GameClosed) == [] and host.held and not host.table_free
    # nobody new is seated, however long
    assert sent(knock(host, 2, 500.0)) == [FULL]
    assert sent(knock(host, 2, 500.0))[0]["code"] == "table-full"
    # the old peer still comes back with its token, to every move
    outs = knock(host, 3, 900.0, token=w["token"])
    (welcome,) = sent(outs, 3)
    assert welcome["moves"] == ["m0", "m1", "m2"] and welcome["token"] == w["token"]
    assert events(outs, GameStarted)[0].resumed and not host.held


def test_the_caller_frees_a_held_table_then_a_new_game_starts():
    host = HostSession(fake_game(), rejoin_window=5.0, hold_games=True)
    w = started(host, moves=2)
    host.connection_lost(1, 1.0)
    host.tick(6.0)
    outs = host.abandon(7.0)
    assert events(outs, GameClosed) == [GameClosed("abandoned")] and host.table_free
    assert sent(knock(host, 2, 8.0, token=w["token"]))[0]["code"] == "bad-token"
    (welcome,) = sent(knock(host, 3, 9.0))
    assert welcome["moves"] == [] and welcome["token"] != w["token"]


def test_bye_mid_game_is_a_pause_then_held_and_bye_after_the_end_frees_the_table():
    host = HostSession(fake_game(length=3), rejoin_window=120.0, hold_games=True)
    w = started(host, moves=2)
    outs = host.receive(1, m.bye(), 0.5)
    assert events(outs, LinkLost) == [LinkLost("peer said bye", bye=True)]
    assert events(outs, GameHeld) == [] and not host.held  # the window runs, as for a lost link
    assert sent(knock(host, 2, 1.0)) == [FULL]
    assert events(host.tick(120.4), GameHeld) == []
    assert events(host.tick(120.5), GameHeld) == [GameHeld("rejoin window expired")]
    knock(host, 3, 200.0, token=w["token"])  # back
    host.play("m2", 200.1)  # the last move: the game is over
    outs = host.receive(3, m.bye(), 200.2)
    assert events(outs, GameClosed) == [GameClosed("peer left")] and host.table_free


def test_without_hold_games_the_table_frees_as_before():
    host = HostSession(fake_game(), rejoin_window=5.0, hold_games=False)
    started(host, moves=2)
    host.connection_lost(1, 1.0)
    outs = host.tick(6.0)
    assert events(outs, GameClosed) == [GameClosed("rejoin window expired", window_over=True)]
    assert events(outs, GameHeld) == [] and host.table_free


def test_a_game_from_an_earlier_run_is_kept_for_its_token():
    game = fake_game()
    for n in range(3):
        game.try_apply(f"m{n}")
    host = HostSession(game, seat="light", keep_token=TOKEN, hold_games=True)
    assert host.held and not host.table_free
    assert sent(knock(host, 1, 0.0)) == [FULL]
    assert sent(knock(host, 2, 0.0, token="cd" * 16))[0]["code"] == "bad-token"
    outs = knock(host, 3, 0.0, token=TOKEN)
    (welcome,) = sent(outs, 3)
    assert welcome["moves"] == ["m0", "m1", "m2"] and welcome["you"] == "dark"
    assert welcome["token"] == TOKEN
    assert events(outs, GameStarted) == [
        GameStarted("light", "Joe", TOKEN, ("m0", "m1", "m2"), True)
    ]
    # it goes on from the same move
    digest = moves_digest(["m0", "m1", "m2", "m3"])
    assert events(host.play("m3", 0.1), Send) == [Send(3, m.move(3, "m3", digest))]


def test_an_open_seat_goes_to_anyone_with_the_moves():
    game = fake_game()
    game.try_apply("m0")
    host = HostSession(game, seat="dark", keep_token=TOKEN, hold_games=True)
    host.open_seat(True, 0.0)
    outs = knock(host, 1, 0.1)
    (welcome,) = sent(outs, 1)
    assert welcome["moves"] == ["m0"] and welcome["you"] == "light" and welcome["token"] == TOKEN
    assert not events(outs, GameStarted)[0].resumed
    assert not host.seat_open
    assert sent(knock(host, 2, 0.2)) == [FULL]  # one seat, one joiner
    host.open_seat(True, 0.3)
    assert not host.seat_open  # not held: nothing to open


def test_a_kept_game_needs_a_token_and_a_colour():
    with pytest.raises(ValueError):
        HostSession(fake_game(), keep_token="nope")
    with pytest.raises(ValueError):
        HostSession(fake_game(), seat="random", keep_token=TOKEN)


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        (hello(game="hari"), "wrong-game"),
        (hello(token=TOKEN), "bad-token"),
        ({**hello(), "proto": 2}, "bad-proto"),
    ],
)
def test_rejects_carry_their_code(msg, code):
    host = HostSession(fake_game())
    host.connection_made(1, 0.0)
    outs = host.receive(1, msg, 0.0)
    (reject,) = sent(outs)
    assert reject["code"] == code and m.validate(reject) == reject
    assert [o.conn for o in outs if isinstance(o, Close)] == [1]
    if code == "wrong-game":
        assert reject["game"] == "isaac"


def test_link_lost_within_the_window_is_not_a_hold():
    host = HostSession(fake_game(), rejoin_window=120.0, hold_games=True)
    started(host, moves=2)
    outs = host.connection_lost(1, 1.0)
    assert events(outs, LinkLost) and not host.held


#: Every way a joiner's link goes, as (what to feed the host, the reason it gives).
LEAVINGS = {
    "closed": (lambda h: h.connection_lost(1, 1.0), "connection closed by peer"),
    "bye": (lambda h: h.receive(1, m.bye(), 1.0), "peer said bye"),
    "silence": (lambda h: h.tick(20.0), "nothing heard for 10 s"),
    "garbage": (
        lambda h: h.violation(1, ProtocolViolation("bad-message", "garbage"), 1.0),
        "bad-message: garbage",
    ),
    "illegal move": (lambda h: h.receive(1, m.move(1, "zz"), 1.0), "illegal-move"),
}


@pytest.mark.parametrize("leaving", list(LEAVINGS))
@pytest.mark.parametrize("host_moves", [0, 1])
def test_a_joiner_gone_before_its_first_move_frees_the_table_at_once(leaving, host_moves):
    """A knock (hello, welcome, gone) leaves nothing to rejoin: with the table held for
    the window, one knock every two minutes would refuse every real joiner. The host's
    own opening does not make the game worth keeping."""
    host = HostSession(fake_game(), rejoin_window=120.0, hold_games=True)
    w = started(host, moves=host_moves)
    feed, why = LEAVINGS[leaving]
    outs = feed(host)
    (closed,) = events(outs, GameClosed)
    assert closed.reason.startswith(why) and not closed.window_over
    assert events(outs, LinkLost) == [] and host.table_free and not host.held
    assert sent(knock(host, 2, 1.5, token=w["token"]))[0]["code"] == "bad-token"
    outs = knock(host, 3, 1.5)  # the next joiner is seated at once, in a new game
    (welcome,) = sent(outs, 3)
    assert welcome["t"] == "welcome" and welcome["moves"] == [] and welcome["token"] != w["token"]
    assert events(outs, GameStarted)[0].resumed is False


def test_once_the_joiner_played_the_game_is_kept_across_rejoins_not_across_a_rematch():
    """The joiner's first move makes the game worth the window for the rest of it, a
    rejoin included; a rematch is a new game, in which it has played nothing yet."""
    host = HostSession(fake_game(), rejoin_window=120.0, hold_games=True)
    w = started(host, moves=2)
    host.connection_lost(1, 1.0)
    knock(host, 2, 2.0, token=w["token"])  # back, and gone again without a move
    outs = host.connection_lost(2, 3.0)
    assert events(outs, LinkLost) and events(outs, GameClosed) == [] and not host.table_free
    assert sent(knock(host, 3, 4.0)) == [FULL]
    knock(host, 4, 5.0, token=w["token"])
    host.receive(4, m.rematch(), 6.0)
    (welcome,) = sent(host.propose_rematch(6.0))[1:]  # rematch, then the new welcome
    assert welcome["t"] == "welcome" and welcome["moves"] == []
    outs = host.connection_lost(4, 7.0)
    assert events(outs, GameClosed) and host.table_free


def test_a_game_hosted_again_is_kept_when_its_new_joiner_leaves_before_moving():
    """A game from an earlier run is hosted again on purpose: whoever takes its open
    seat and leaves at once does not drop it (rule 7)."""
    game = fake_game()
    game.try_apply("m0")
    host = HostSession(game, seat="dark", keep_token=TOKEN, rejoin_window=5.0)
    host.open_seat(True, 0.0)
    knock(host, 1, 0.1)
    outs = host.connection_lost(1, 0.2)
    assert events(outs, LinkLost) and events(outs, GameClosed) == []
    assert events(host.tick(5.2), GameHeld) and host.held and host.token == TOKEN


def test_a_resting_host_is_unlisted_after_a_game_until_it_hosts_again():
    """Issue 41: a host with a person at it (`rest_after_game`) is pulled into no new
    game after one ends: unlisted from the end on, new joiners get `table-full` once
    the peer has gone, until `host_again`; the headless default takes the next one."""
    host = HostSession(fake_game(length=2), rest_after_game=True)
    assert host.announcing and host.table_free
    started(host, moves=2)  # the last move: the game is over, the peer still there
    assert not host.announcing
    outs = host.receive(1, m.bye(), 1.0)
    assert events(outs, GameClosed) == [GameClosed("peer left")]
    assert not host.table_free and not host.announcing
    assert sent(knock(host, 2, 2.0)) == [FULL]
    host.host_again(3.0)
    assert host.announcing and host.table_free
    (welcome,) = sent(knock(host, 3, 4.0))
    assert welcome["t"] == "welcome" and welcome["moves"] == [] and host.announcing
    # hosting again with the finished game's peer still there lets it go (bye)
    host.play("m0", 4.1)
    host.receive(3, m.move(1, "m1"), 4.2)
    outs = host.host_again(5.0)
    assert sent(outs, 3) == [m.bye()] and events(outs, GameClosed) and host.table_free
    # an unfinished game is never let go that way (rule 7)
    knock(host, 4, 6.0)
    host.play("m0", 6.1)
    outs = host.host_again(7.0)
    assert sent(outs) == [] and not host.table_free and host.announcing
    # the headless default: the next hello after a game starts the next game
    forever = HostSession(fake_game(length=2))
    started(forever, moves=2)
    forever.receive(1, m.bye(), 1.0)
    assert forever.announcing and forever.table_free
    assert sent(knock(forever, 2, 2.0))[0]["t"] == "welcome"
