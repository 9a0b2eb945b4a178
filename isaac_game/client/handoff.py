"""Typed hand-offs between scenes (cabbages-and-kings' explicit hand-off, as dataclasses).

A scene never reaches into another scene for what it needs: the menu hands the match
scene a `GameSetup`, the match scene hands the results scene a `GameOutcome`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from isaac_game.clock import Clocks, TimeControl, TimeControlError, clocks_after, record_control
from isaac_game.i18n import _
from isaac_game.match import Match
from isaac_game.players import HUMAN, is_player_kind, make_seat
from isaac_game.rules import GameRecord, GameState, Headers, Player, new_game, positions

from .words import kind_words, side_name


@dataclass(frozen=True)
class GameSetup:
    """Hand-off from the menu (or results, or a saved game) to the game scene."""

    game: str = "isaac"
    dark: str = "human"  # a players.PLAYER_KINDS name
    light: str = "human"
    history: tuple[GameState, ...] = ()  # a continued game: every state from the start
    save_path: Path | None = None
    demo: bool = False
    #: the time control the game is played to (None: no clock), and for a game resumed
    #: the time (Dark's, Light's) each side had left at its last move
    clock: TimeControl | None = None
    clock_left: tuple[float, float] | None = None


#: The level both sides of the demo play: the game at its best, Hard against Hard. Its
#: moves come at the pace of any computer's (`match_bar.READ_TIME`, 1.2 s): Hard thinks
#: its second (`ai.bots.DEFAULT_BUDGET`) while the last move is still shown, in worker
#: processes below the window's priority (`ai.worker.lower_priority`), so the screen
#: keeps its frames.
DEMO_LEVEL = "hard"


def demo_setup(game: str) -> GameSetup:
    """The attract mode's game of `game` (the title's idle demo, `isaac --demo`)."""
    return GameSetup(game, DEMO_LEVEL, DEMO_LEVEL, demo=True)


def new_match(setup: GameSetup) -> Match:
    """The match a local setup asks for: its seats, from its first or saved position."""
    seats = {
        Player.DARK: make_seat(setup.dark, name="Dark"),
        Player.LIGHT: make_seat(setup.light, name="Light"),
    }
    if setup.history:
        match = Match.resume(seats, list(setup.history))
    else:
        match = Match(seats, new_game(setup.game))
    match.clocks = setup_clocks(setup)
    return match


def settings_clock(text: str) -> TimeControl | None:
    """The time control the settings (or `--clock`) keep as text; one that cannot be
    read (a hand-edited file) is no clock."""
    try:
        return TimeControl.parse(text)
    except TimeControlError:
        return None


def setup_clocks(setup: GameSetup) -> Clocks | None:
    """The clocks a setup's game is played to: fresh, or as a resumed game left them."""
    if setup.clock is None:
        return None
    left = None
    if setup.clock_left is not None:
        left = {Player.DARK: setup.clock_left[0], Player.LIGHT: setup.clock_left[1]}
    return Clocks(setup.clock, left)


@dataclass(frozen=True)
class GameOutcome:
    """Hand-off from the game scene to the results scene."""

    setup: GameSetup
    state: GameState
    save_path: Path | None = None
    headers: dict[str, str] = field(default_factory=dict)
    unsaved: str = ""  # why the game is not on disk ("" when it is)


@dataclass(frozen=True)
class Resumable:
    """A game the title menu offers to pick up where it stopped: a saved game in
    progress, or a LAN game this machine can rejoin."""

    label: str  # "Resume: ISAAC, Human vs Level 9 (Hard), move 23"
    scene: str  # the registry name of the scene that resumes it
    handoff: tuple = ()  # what that scene is given


def history_of(state: GameState) -> tuple[GameState, ...]:
    """Every state from the start to `state`, by replaying its moves (for undo)."""
    return tuple(positions(state.game, state.moves))


def setup_from_record(record: GameRecord, path: Path) -> GameSetup:
    """How to go on with a saved game: its players (a LAN game goes on as hotseat), its
    moves with their undo, and its file, which it goes on being kept in."""
    headers = Headers(record.headers)
    kinds = [headers.recorded_kind(side) or HUMAN for side in (Player.DARK, Player.LIGHT)]
    kinds = [k if is_player_kind(k) else HUMAN for k in kinds]
    control, left = record_control(record), clocks_after(record, len(record.state.moves))
    return GameSetup(
        record.game,
        kinds[0],
        kinds[1],
        history_of(record.state),
        path,
        clock=control,
        clock_left=left,
    )


def resume_label(record: GameRecord) -> str:
    """`Resume: ISAAC, Human vs Level 9 (Hard), move 23` (the move to be played
    next)."""
    dark, light = (seat_words(record.headers, side, record.game) for side in Player)
    move = len(record.state.moves) + 1
    # TRANSLATORS: {game} is a game's name (ISAAC), {dark}/{light} the players
    # ("Human", "Level 9 (Hard)", a name), {move} the number of the move to play next
    return _("Resume: {game}, {dark} vs {light}, move {move}").format(
        game=record.game.upper(), dark=dark, light=light, move=move
    )


def seat_words(headers: Mapping[str, str], side: Player, game: str = "") -> str:
    """A saved game's player on `side` as the window names it: a computer by its one
    name in `game` (the record's `Game` header when not given), from the kind the
    record keeps or an older save's label (`Headers.kind`); a human as "Human"; else
    the name recorded (a LAN player's). The label a save was written with is never
    shown as it is, so a game saved under an older name is named as the games of today
    are."""
    read = Headers(headers)
    game = game or read.game or "isaac"  # the first game: older saves say none
    kind, recorded = read.kind(side), read.label(side)
    if kind != HUMAN and is_player_kind(kind):
        return kind_words(kind, game)
    if recorded == "Human" or (not recorded and read.recorded_kind(side) == HUMAN):
        return kind_words(HUMAN, game)
    return recorded or side_name(side)
