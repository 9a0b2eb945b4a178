"""The match: every seat's move is checked by the rules; undo and redo for local play."""

from __future__ import annotations

import pytest

from isaac_game.ai.seat import Slowness, clock_budget
from isaac_game.clock import Clocks, TimeControl
from isaac_game.match import (
    GameEnded,
    HumanSeat,
    Match,
    MovePlayed,
    MoveRejected,
    RandomSeat,
    SeatKind,
    TimedOut,
    move_between,
)
from isaac_game.players import make_seat
from isaac_game.rules import Place, Player, new_game


def test_a_human_move_is_checked_and_applied_and_every_seat_observes_it():
    seen = []

    class Watching(HumanSeat):
        def observe(self, state, move, by):
            seen.append((move, by))

    match = Match.new("isaac", Watching("A"), Watching("B"))
    events = match.submit(Player.DARK, "5v04")
    assert isinstance(events[0], MovePlayed) and match.state.moves == ("5v04",)
    assert seen == [("5v04", Player.DARK), ("5v04", Player.DARK)]


def test_illegal_and_out_of_turn_moves_are_rejected_and_change_nothing():
    match = Match.new("isaac", HumanSeat(), HumanSeat())
    (event,) = match.submit(Player.DARK, "3h09")
    assert isinstance(event, MoveRejected) and "leave the board" in event.reason
    (event,) = match.submit(Player.LIGHT, "3h00")
    assert isinstance(event, MoveRejected) and "not Light's turn" in event.reason
    assert match.state == new_game()


def test_computer_seats_play_a_whole_game_through_update():
    match = Match.new("isaac", RandomSeat(seed=1), RandomSeat(seed=2))
    events = []
    for _ in range(500):
        events += match.update()
        if match.state.is_over:
            break
    assert match.state.is_over and isinstance(events[-1], GameEnded)


def test_undo_goes_back_to_the_humans_turn_and_redo_replays():
    match = Match.new("isaac", HumanSeat(), RandomSeat(seed=3))
    match.submit(Player.DARK, "5v04")
    while match.state.to_move != Player.DARK:
        match.update()
    assert len(match.state.moves) == 2
    assert match.undo() and match.state == new_game()
    assert match.redo() and len(match.state.moves) == 2
    assert not match.can_redo


def test_resume_keeps_the_undo_history():
    states = [new_game()]
    for move in ("5v04", "3h71"):
        states.append(states[-1].play(move))
    match = Match.resume({Player.DARK: HumanSeat(), Player.LIGHT: HumanSeat()}, states)
    assert match.state.moves == ("5v04", "3h71")
    assert match.undo() and match.state.moves == ("5v04",)


def test_prepare_starts_the_turn_once_and_update_plays_the_answer_later():
    started = []

    class Counting(RandomSeat):
        def start_turn(self, state):
            started.append(state.ply)
            super().start_turn(state)

    match = Match.new("isaac", Counting(seed=1), Counting(seed=2))
    assert match.prepare() is match.seats[Player.DARK]
    match.prepare()
    assert started == [0] and match.state.ply == 0  # thinking, nothing played yet
    (event,) = match.update()
    assert isinstance(event, MovePlayed) and started == [0]


def test_a_move_played_is_the_move_value_not_its_notation():
    """What the match tells the screen is a `Move`: its notation is made only where a
    record is shown or written (the seats still keep the record in notation)."""
    match = Match.new("isaac", HumanSeat(), HumanSeat())
    (played,) = match.submit(Player.DARK, "5v04")
    assert isinstance(played, MovePlayed) and played.move == Place(5, "v", 4)
    assert played.before == new_game() and played.after is match.state
    assert str(played.move) == match.state.moves[-1] == "5v04"
    (played,) = match.submit(Player.LIGHT, Place(3, "h", 71))  # a value in, a value out
    assert played.move == Place(3, "h", 71) and match.state.moves[-1] == "3h71"


def test_the_last_move_played_follows_undo_and_redo():
    match = Match.new("isaac", HumanSeat(), HumanSeat())
    assert match.last_played is None
    match.submit(Player.DARK, "5v04")
    match.submit(Player.LIGHT, "3h71")
    last = match.last_played
    assert last is not None and (last.player, last.move) == (Player.LIGHT, Place(3, "h", 71))
    match.undo()
    last = match.last_played
    assert last is not None and (last.player, last.move) == (Player.DARK, Place(5, "v", 4))
    match.undo()
    assert match.last_played is None
    match.redo()
    assert match.last_played is not None and match.last_played.move == Place(5, "v", 4)


def test_move_between_reads_a_move_from_two_states_one_move_apart():
    start = new_game()
    after = start.play("5v04")
    played = move_between(start, after)
    assert (played.player, played.move) == (Player.DARK, Place(5, "v", 4))
    with pytest.raises(ValueError):
        move_between(start, after.play("3h71"))  # two moves apart


def test_seat_kinds_are_an_enum_the_match_and_the_seats_agree_on():
    assert make_seat("human").kind is SeatKind.HUMAN
    assert make_seat("random", seed=1).kind is SeatKind.COMPUTER
    worker = make_seat("easy", seed=1)  # the computer levels' seat
    assert worker.kind == SeatKind.COMPUTER
    worker.close()
    # undo stops at a human's turn, asked by kind
    match = Match.new("isaac", HumanSeat(), RandomSeat(seed=3))
    match.submit(Player.DARK, "5v04")
    while match.state.to_move != Player.DARK:
        match.update()
    assert match.undo() and match.state.ply == 0


def clocked(control: str = "1+2", game: str = "hari") -> Match:
    match = Match.new(game, HumanSeat(), HumanSeat())
    match.clocks = Clocks(TimeControl.parse(control))
    return match


def test_a_clock_runs_for_the_side_to_move_and_a_turn_earns_the_increment():
    match = clocked("1+2", "isaac")
    assert match.tick(10.0) == []
    assert match.clocks.snapshot() == (50.0, 60.0)
    match.submit(Player.DARK, "5v04")  # an ISAAC placement: the turn passes
    assert match.clocks.snapshot() == (52.0, 60.0)
    match.tick(1.5)
    assert match.clocks.snapshot() == (52.0, 58.5)


def test_a_hari_turn_of_several_slides_earns_the_increment_once():
    """HARI: a turn is several slides; the clock passes only with the turn."""
    match = clocked("1+5")
    earned = []
    for _ in range(40):
        state = match.state
        if state.is_over:
            break
        mover = state.to_move
        before = match.clocks.left(mover)
        match.tick(0.5)
        match.submit(mover, state.legal_moves()[0])
        if match.state.to_move == mover:  # the same turn goes on: nothing earned yet
            assert match.clocks.left(mover) == before - 0.5
        else:
            earned.append(match.clocks.left(mover) - (before - 0.5))
    assert earned and all(abs(e - 5.0) < 1e-9 for e in earned)


def test_time_out_ends_the_game_for_the_side_to_move_and_no_move_is_taken_after():
    match = clocked("1+0")
    assert match.tick(59.9) == []
    (event,) = match.tick(0.2)
    assert isinstance(event, TimedOut) and event.player == Player.DARK
    assert match.out_of_time == Player.DARK and not match.state.is_over
    assert match.tick(5.0) == []  # said once
    (refused,) = match.submit(Player.DARK, match.state.legal_moves()[0])
    assert isinstance(refused, MoveRejected) and match.state.ply == 0
    assert match.prepare() is None  # no seat is asked to move any more


def test_a_computer_seat_is_told_its_time_before_its_turn():
    told = []

    class Timed(RandomSeat):
        ready = False

        def clock_told(self, left, increment):
            told.append((left, increment))

    match = Match.new("isaac", HumanSeat(), Timed(seed=1))
    match.clocks = Clocks(TimeControl.parse("1+3"), {Player.DARK: 60.0, Player.LIGHT: 42.0})
    match.submit(Player.DARK, "5v04")
    match.update()
    assert told == [(42.0, 3.0)]


def test_a_clock_budget_spends_the_time_by_what_is_left():
    own = 1.0
    assert clock_budget(own, 300.0, 3.0) == own  # plenty: the level's own time
    assert clock_budget(own, 6.0, 1.0) < own  # running low: less
    for left in (0.05, 0.5, 2.0, 10.0):
        assert clock_budget(own, left, 0.0) <= left * 0.2 + 0.02


def test_a_computer_that_thinks_slower_than_asked_asks_less_of_a_clock_running_low():
    """A move may take longer on the wall clock than the seconds it was given (helpers
    on a busy machine, the worker's messages): the seat measures it (`Slowness`), and what
    the clock allows shrinks by as much, while its own time still holds when the clock
    has plenty."""
    slow = Slowness()
    slow.took(2.0, 1.0)  # twice as long as asked
    slow.took(2.0, 1.0)
    assert 1.7 < slow.factor <= 2.0
    slow.took(100.0, 1.0)  # a first move that started the worker: bounded
    assert slow.factor <= 4.0
    assert clock_budget(1.0, 300.0, 3.0, slow.factor) == 1.0  # plenty: its own time
    low = clock_budget(1.0, 6.0, 1.0, slow.factor)
    assert low < clock_budget(1.0, 6.0, 1.0) and low * slow.factor <= 6.0 * 0.2 + 0.02


def test_a_match_whose_clocks_do_not_decide_is_lost_on_time_by_anothers_word():
    """A network game: the display runs down to 0 and the game goes on, until the host
    says whose time ran out (`time_out`), once."""
    match = Match.new("isaac", HumanSeat(), HumanSeat())
    match.clocks = Clocks(TimeControl.parse("1+0"), decides=False)
    assert match.tick(75.0) == [] and match.clocks.left(Player.DARK) == 0.0
    assert match.out_of_time is None and match.prepare() is not None
    (event,) = match.time_out(Player.DARK)
    assert isinstance(event, TimedOut) and event.player == Player.DARK
    assert event.state is match.state and match.out_of_time == Player.DARK
    assert match.time_out(Player.LIGHT) == [] and match.time_out(Player.DARK) == []
    assert match.prepare() is None
    (refused,) = match.submit(Player.DARK, match.state.legal_moves()[0])
    assert isinstance(refused, MoveRejected) and match.state.ply == 0


def test_a_match_with_no_clock_is_not_lost_on_time():
    match = Match.new("isaac", HumanSeat(), HumanSeat())
    assert match.time_out(Player.DARK) == [] and match.out_of_time is None
