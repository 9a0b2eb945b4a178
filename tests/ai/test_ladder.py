"""The ladder (`ai.ladder`, `commands.ladder`): every game's steps from "plays any legal
move" to Hard, each playable; the blends and the playout steps repeatable for a seed;
`ladder` plays what a pair lacks, reuses what it has, and rates the steps."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from isaac_game.ai import ladder
from isaac_game.ai.bots import HardBot, MediumBot
from isaac_game.ai.generic import search_settings
from isaac_game.ai.ladder import LADDERS, Rung, make_player, played_as, resolve, step_kind, steps
from isaac_game.ai.move_order import crowding_order, empty_cells, long_room, thumb_order
from isaac_game.ai.seat import think_move
from isaac_game.ai.worker import encode_state
from isaac_game.commands import arena
from isaac_game.commands.cli import main
from isaac_game.levels import Blend, Lookahead, Named, Playouts, Removal, parse_level
from isaac_game.rules import S_MASK, Discard, Place, new_game, shape_id

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", sorted(LADDERS))
def test_each_ladder_runs_from_any_legal_move_to_hard_and_keeps_the_old_names(game):
    ladder_steps = steps(game)
    assert ladder_steps[0].spec == "random" and ladder_steps[-1].spec == "hard"
    assert [s.name for s in ladder_steps if s.name] == ["random", "easy", "medium", "hard"]
    assert len({s.spec for s in ladder_steps}) == len(ladder_steps)
    state = new_game(game)
    for number, step in enumerate(ladder_steps, 1):
        kind = step_kind(game, number)
        assert kind == (step.name or f"level{number}")
        assert resolve(game, kind) == step.spec
        if step.spec != "hard":  # Hard thinks a second: tests/ai/test_levels.py
            assert make_player(game, kind, seed=number).choose(state) in state.legal_moves()


def play(game: str, level: str, seed: int, plies: int = 12) -> list[str]:
    bot = make_player(game, level, seed)
    state = new_game(game)
    moves = []
    for _ in range(plies):
        if state.is_over:
            break
        move = bot.choose(state)
        moves.append(str(move))
        state = state.play(move)
    return moves


@pytest.mark.parametrize("spec", ["mix:random:easy:0.6", "mix:easy:medium:0.3"])
def test_a_blend_is_repeatable_for_a_seed_and_plays_both_parts(spec, unhurried):
    """The same seed plays the same game; in it each move is the low part's or the high
    part's own choice in that position, and both parts are heard from."""
    assert play("isaac", spec, 5) == play("isaac", spec, 5)
    low, high = spec.split(":")[1:3]
    blend = make_player("isaac", spec, 5)
    assert blend.low.level == low and blend.high.level == high
    answered: list[str] = []
    for part, name in ((blend.low, "low"), (blend.high, "high")):
        choose = part.choose

        def heard(state, budget=None, choose=choose, name=name):
            answered.append(name)
            return choose(state, budget)

        part.choose = heard
    state = new_game("isaac")
    for ply in range(16):
        move = blend.choose(state)
        assert len(answered) == ply + 1  # one part answers each move, and its move is played
        state = state.play(move)
    blend.close()
    assert set(answered) == {"low", "high"}


def test_a_blend_part_may_be_a_playout_count():
    blend = make_player("hari", "mix:easy:playouts:50:0.25")
    assert (blend.low.level, blend.high.level, blend.low_share) == ("easy", "playouts:50", 0.25)
    blend = make_player("hari", "mix:playouts:50:playouts:800:1")
    assert (blend.low.level, blend.high.level) == ("playouts:50", "playouts:800")


def test_a_blend_of_nothing_low_plays_exactly_the_high_level():
    """`mix:LOW:HIGH:0` is HIGH itself (a seeded Easy decides the same moves)."""
    state = new_game("isaac")
    for _ in range(8):
        mixed = make_player("isaac", "mix:random:easy:0", 3).choose(state)
        pure = make_player("isaac", "mix:random:easy:0", 3).high.choose(state)
        assert mixed == pure
        state = state.play(mixed)


def test_hari_hard_tries_the_placements_that_crowd_the_board_first():
    """HARI's Hard search (docs/strength.md, "HARI's search"): the rule of thumb's
    groups stay in their order (shortest placements, then discards, then slides), and
    each run of placements of one length goes from the least room left for the long
    pieces to the most. `playouts:N:hard` is Hard's search in any game, and
    `playouts:N:crowd` Medium's with that order, only in HARI; alone or in a blend."""
    rng = random.Random(8)
    state = new_game("hari")
    for _ in range(6):
        state = state.play(rng.choice([m for m in state.legal_moves() if isinstance(m, Place)]))
    moves = list(state.legal_moves())
    rng.shuffle(moves)
    ordered = crowding_order(state, moves)
    assert sorted(map(str, ordered)) == sorted(map(str, moves))
    assert [rank(m) for m in ordered] == sorted(rank(m) for m in moves)
    empty = empty_cells(state)
    rooms = [long_room(empty & ~piece_mask(m)) for m in ordered if isinstance(m, Place)]
    lengths = [m.length for m in ordered if isinstance(m, Place)]
    for length in set(lengths):
        run = [room for room, n in zip(rooms, lengths, strict=True) if n == length]
        assert run == sorted(run) and run[0] < run[-1]
    hard, medium = search_settings("hari", "hard"), search_settings("hari", "medium")
    assert hard.order is crowding_order and hard.widening > medium.widening
    assert medium.order is thumb_order
    assert make_player("hari", "playouts:30:hard", 1).settings == hard
    assert make_player("hari", "playouts:30", 1).settings == medium
    assert make_player("hari", "playouts:30:crowd", 1).settings == replace(
        medium, order=crowding_order
    )
    assert make_player("foundations", "playouts:30:hard", 1).settings == search_settings(
        "foundations", "medium"
    )
    blend = make_player("hari", "mix:playouts:20:crowd:playouts:30:hard:0.5")
    assert (blend.low.level, blend.high.level) == ("playouts:20:crowd", "playouts:30:hard")
    assert play("hari", "playouts:30:hard", 2, 6) == play("hari", "playouts:30:hard", 2, 6)
    for game, spec in (("foundations", "playouts:30:crowd"), ("hari", "playouts:30:tidy")):
        with pytest.raises(ValueError, match="after N comes hard"):
            make_player(game, spec)


def rank(move) -> tuple[int, int]:
    """The rule of thumb's group of a move: placements by length, discards, slides."""
    if isinstance(move, Place):
        return 0, move.length
    return (1, 0) if isinstance(move, Discard) else (2, 0)


def piece_mask(move: Place) -> int:
    return S_MASK[shape_id(move.length, move.direction, move.cell)]


@pytest.mark.parametrize("game", ["foundations", "hari"])
def test_a_playout_step_counts_its_work_so_it_plays_the_same_on_any_machine(game):
    assert play(game, "playouts:60", 2, 8) == play(game, "playouts:60", 2, 8)


def test_isaacs_counted_steps_cut_medium_or_hard_to_their_depth(unhurried):
    """ISAAC's steps between Medium and Hard: `removal:D`, Medium's placements with the
    removal search D moves deep (`hard1`'s targets), and `lookahead:N`, Hard looking
    N placements ahead; each repeatable for a seed, its number checked."""
    removal = make_player("isaac", "removal:3", 4)
    assert isinstance(removal, MediumBot) and not isinstance(removal, HardBot)
    assert (removal.limit.scoring_depth, removal.limit.scoring_targets) == (3, 5)
    lookahead = make_player("isaac", "lookahead:2", 4)
    assert isinstance(lookahead, HardBot)
    assert (lookahead.limit.placement_depth, lookahead.limit.scoring_depth) == (2, 60)
    assert play("isaac", "removal:3", 6, 40) == play("isaac", "removal:3", 6, 40)
    assert play("isaac", "lookahead:1", 6, 6) == play("isaac", "lookahead:1", 6, 6)
    with pytest.raises(ValueError, match="1 to 60"):
        make_player("isaac", "removal:0")
    with pytest.raises(ValueError, match="1 to 8"):
        make_player("isaac", "lookahead:9")
    with pytest.raises(ValueError, match="ISAAC's"):
        make_player("hari", "removal:3")


def test_a_lookahead_step_can_look_deeper_than_hard_with_a_larger_allowance():
    """`lookahead:N:P`: what docs/strength.md tried on Hard (6 placements deep, 8,000
    positions a second) is a spec the arena takes; only the look-ahead takes a rate."""
    deeper = make_player("isaac", "lookahead:6:8000", 4)
    assert isinstance(deeper, HardBot) and deeper.level == "lookahead:6:8000"
    assert (deeper.limit.placement_depth, deeper.limit.placement_rate) == (6, 8000)
    assert make_player("isaac", "lookahead:5", 4).limit == make_player("isaac", "hard", 4).limit
    for wrong in ("lookahead:6:50", "lookahead:6:fast", "removal:3:8000", "lookahead:0:8000"):
        with pytest.raises(ValueError, match=wrong):
            make_player("isaac", wrong)


def test_hard_at_s_seconds_thinks_s_seconds_whatever_the_move_time(monkeypatch):
    """`hard:S` (the arena's): Hard given S seconds a move on the cores it is given (the
    longer think docs/strength.md measured for a step above Hard), in any game; S is
    checked."""
    asked: list[float | None] = []
    original = HardBot.choose

    def spy(self, state, budget=None):
        asked.append(budget)
        return original(self, state, 0.05)  # the move itself, quickly

    monkeypatch.setattr(HardBot, "choose", spy)
    for game in ("isaac", "hari"):
        timed = make_player(game, "hard:2.5", 4, cores=2)
        assert timed.level == "hard:2.5" and timed.hard.cores == 2
        state = new_game(game)
        assert timed.choose(state, 1.0) in state.legal_moves()
        timed.close()
    assert asked == [2.5, 2.5]
    for wrong in ("hard:0", "hard:31", "hard:slow", "hard:nan"):
        with pytest.raises(ValueError, match="seconds a move"):
            make_player("hari", wrong)


@pytest.mark.parametrize(
    "spec, reason",
    [
        ("mix:easy:0.5", "mix:LOW:HIGH:P"),
        ("mix:easy:medium:2", "from 0 to 1"),
        ("playouts:0", "whole number"),
        ("wizard", "unknown level"),
        ("level12", "levels 1 to"),
    ],
)
def test_a_bad_level_is_refused_with_its_reason(spec, reason):
    with pytest.raises(ValueError, match=reason):
        make_player("hari", spec)
    with pytest.raises(ValueError, match="ISAAC"):
        make_player("isaac", "playouts:10")


def test_a_seat_plays_a_step_of_its_game_and_a_step_past_the_top_is_the_top():
    state = new_game("foundations")
    move = think_move("level4", 1, encode_state(state), None)
    assert state.parse_move(move) in state.legal_moves()
    top = step_kind("foundations", len(steps("foundations")))
    assert played_as("foundations", "level40") == top
    assert played_as("isaac", "level2") == "level2"


CHEAP = (Rung("random", "random"), Rung("mix:random:easy:0.6"), Rung("mix:random:easy:0.3", "easy"))


def test_the_ladder_command_plays_what_is_missing_and_reuses_what_it_has(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setitem(LADDERS, "isaac", CHEAP)
    played = []
    real = arena.play_games

    def counted(*args, **kwargs):
        results = real(*args, **kwargs)
        played.append((args[0], args[1], len(results), kwargs["first"]))
        return results

    monkeypatch.setattr("isaac_game.commands.ladder.play_games", counted)
    results = tmp_path / "isaac.json"
    assert (
        main(
            ["ladder", "--game", "isaac", "--games", "6", "--jobs", "1", "--results", str(results)]
        )
        == 0
    )
    assert played == [
        ("mix:random:easy:0.6", "random", 6, 0),
        ("mix:random:easy:0.3", "mix:random:easy:0.6", 6, 0),
    ]
    data = json.loads(results.read_text())
    assert {p["games"] for p in data["pairs"]} == {6}
    assert data["ratings"]["random"] == [0.0, 0.0]
    out = capsys.readouterr().out
    assert "Easy" in out and "mix:random:easy:0.6" in out and "of 6" in out
    played.clear()
    main(["ladder", "--game", "isaac", "--games", "6", "--jobs", "1", "--results", str(results)])
    assert played == []  # every pair has its games: nothing is played again
    main(["ladder", "--game", "isaac", "--games", "8", "--jobs", "1", "--results", str(results)])
    assert played == [
        ("mix:random:easy:0.6", "random", 2, 6),
        ("mix:random:easy:0.3", "mix:random:easy:0.6", 2, 6),
    ]
    assert {p["games"] for p in json.loads(results.read_text())["pairs"]} == {8}


def test_a_stopped_ladder_run_keeps_the_games_it_saved_and_the_next_carries_on(
    tmp_path, monkeypatch
):
    """A pair is saved every `SAVE_EVERY` games a job: a run stopped in the middle of a
    pair (here its second batch) keeps the first batch, and the next run plays the rest."""
    monkeypatch.setitem(LADDERS, "isaac", CHEAP)
    monkeypatch.setattr("isaac_game.commands.ladder.SAVE_EVERY", 2)
    played = []
    real = arena.play_games

    def stopped_on_the_second_batch(*args, **kwargs):
        if len(played) == 1:
            raise KeyboardInterrupt
        played.append((args[3], kwargs["first"]))
        return real(*args, **kwargs)

    monkeypatch.setattr("isaac_game.commands.ladder.play_games", stopped_on_the_second_batch)
    results = tmp_path / "isaac.json"
    command = ["ladder", "--game", "isaac", "--games", "5", "--jobs", "1", "--results"]
    assert main([*command, str(results)]) == 130  # as Ctrl+C stops it
    assert [p["games"] for p in json.loads(results.read_text())["pairs"]] == [2]

    def counted(*args, **kwargs):
        played.append((args[3], kwargs["first"]))
        return real(*args, **kwargs)

    played.clear()
    monkeypatch.setattr("isaac_game.commands.ladder.play_games", counted)
    assert main([*command, str(results), "--upto", "2"]) == 0
    assert played == [(2, 2), (1, 4)]
    assert [p["games"] for p in json.loads(results.read_text())["pairs"]] == [5]


def test_a_pair_carried_on_plays_the_games_one_longer_run_would_have(monkeypatch):
    """Games 6 and 7 of a run carried on are games 6 and 7 of one run of 8."""
    whole = arena.play_games("easy", "random", "isaac", 8, seed=4, opening=4)
    rest = arena.play_games("easy", "random", "isaac", 2, seed=4, opening=4, first=6)
    assert [(r.a_won, r.scores, r.plies) for r in whole[6:]] == [
        (r.a_won, r.scores, r.plies) for r in rest
    ]


@pytest.mark.parametrize("game", sorted(LADDERS))
def test_the_shipped_ratings_climb_with_the_steps(game):
    """What the level chooser shows: each measured step rated above the one below it,
    the first at 0, every pair's games on record."""
    ladder.measured.cache_clear()
    table = ladder.measured(game)
    rated = [table.ratings[s.spec].value for s in steps(game) if s.spec in table.ratings]
    assert rated, f"{game}: no ratings shipped (python -m isaac_game ladder --game {game})"
    assert rated[0] == 0.0
    assert rated == sorted(rated)
    assert all(pair["games"] > 0 for pair in table.pairs)


def test_the_menu_reads_the_shipped_ratings_and_shows_none_where_there_are_none(monkeypatch):
    ladder.measured.cache_clear()
    try:
        for game in LADDERS:
            table = ladder.measured(game)
            for step in steps(game):
                if step.spec in table.ratings:
                    assert (
                        ladder.rating_of(game, step_kind(game, steps(game).index(step) + 1))
                        == table.ratings[step.spec].value
                    )
        assert ladder.rating_of("isaac", "greedy") is None  # off the ladder
        monkeypatch.setattr(ladder, "RESULTS_FOLDER", "no_such_folder")
        ladder.measured.cache_clear()
        assert ladder.rating_of("isaac", "easy") is None
    finally:
        ladder.measured.cache_clear()


def test_arena_takes_the_cores_of_each_side(capsys):
    assert arena.cores_pair("2,1") == (2, 1)
    status = main(
        ["arena", "hard", "greedy", "--game", "hari", "--games", "2", "--movetime", "0.05",
         "--cores", "2,1"]
    )  # fmt: skip
    assert status == 0
    assert "hard vs greedy: hard won" in capsys.readouterr().out
    random.seed(0)


#: A level as docs/strength.md and the README write one (placeholders left out).
LEVEL_TEXT = re.compile(
    r"\b(mix:[a-z0-9.:]+[0-9]|playouts:[0-9]+(?::[a-z]+)?|removal:[0-9]+"
    r"|lookahead:[0-9]+(?::[0-9]+)?|hard:[0-9.]+[0-9]|level[0-9]+)\b"
)


def test_every_level_the_documents_name_reads_into_a_value_and_back():
    """`docs/strength.md` and the README name levels as specs: each is read once into a
    frozen value whose text is the spec again, and a player of that value is built in
    a game whose spec it is (ISAAC's counted steps in ISAAC, playouts elsewhere)."""
    texts = set()
    for doc in ("docs/strength.md", "README.md"):
        texts |= {m.group(0) for m in LEVEL_TEXT.finditer((ROOT / doc).read_text("utf-8"))}
    assert len(texts) > 25  # the ladders' steps and the specs tried beside them
    for text in sorted(texts):
        level = parse_level(text)
        assert str(level) == text and parse_level(str(level)) == level
        isaac_only = text.startswith(("removal", "lookahead")) or "medium" in text
        game = "isaac" if isaac_only or text.startswith("mix:random:easy") else "hari"
        make_player(game, text, 1).close()
    for ladder_steps in LADDERS.values():
        for step in ladder_steps:
            assert str(step.level) == step.spec and step.level == parse_level(step.spec)
            assert isinstance(step.level, (Named, Blend, Playouts, Removal, Lookahead))


def test_the_arena_plays_to_a_clock_and_a_side_out_of_time_loses(monkeypatch):
    """docs/rules.md 5 in the arena (`--clock`): the wall clock is each move's time;
    a level spends it by what is left, and a side whose time runs out loses there."""
    (played,) = arena.play_games("easy", "random", "foundations", 1, clock="0.5+1")
    assert played.flagged == "" and played.least_left["easy"] > 0
    ticks = iter(range(10_000))  # each move takes 10 s on this clock of 30 s each
    monkeypatch.setattr(arena.time, "perf_counter", lambda: 10.0 * next(ticks))
    (lost,) = arena.play_games("easy", "random", "isaac", 1, clock="0.5+0")
    assert lost.flagged == "easy" and lost.a_won == 0.0  # easy was Dark, and moved first
    # its third move ran its clock out: the game stopped before it, after four moves
    assert lost.plies == 4 and lost.least_left == {"easy": 0.0, "random": 10.0}
