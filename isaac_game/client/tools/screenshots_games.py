"""FOUNDATIONS and HARI screens, the rules pages of every game, the saves list (and its
delete question) and the on-screen keyboard, for `screenshots.py` (which renders ISAAC's
screens and then calls `shoot_games`).

Positions come from the seeded whole games the rules pages show, so every shot is
a real position reached through the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from isaac_game import i18n
from isaac_game.rules import (
    FoundationsState,
    GameRecord,
    GameState,
    HariState,
    IsaacState,
    Key,
    Place,
    Player,
    kind_key,
    label_key,
)

from ..games.foundations.play import FoundationsPlay
from ..games.foundations.rulebook import finished_game
from ..games.hari.play import HariPlay
from ..games.hari.rulebook import finished_game as hari_game
from ..handoff import GameOutcome, GameSetup
from ..input import Action, Button
from ..registry import GAMES
from ..scenes.match import MatchScene
from ..scenes.replay import ReplayScene
from ..scenes.rulebook import RulesScene
from ..unsaved import unsaved_question
from ..widgets.rules_pages import play_through

S = TypeVar("S", bound=GameState)
#: The replays' record headers: who played, and when.
SEEDED = {
    label_key(Player.DARK): "Human",
    label_key(Player.LIGHT): "Computer (medium)",
    Key.DATE: "2026-05-02",
}


def _pick(states: Sequence[S], want: Callable[[S], bool], start: float = 0.5) -> int:
    """The first index from `start` (a fraction of the game) whose state suits `want`."""
    first = int(len(states) * start)
    for i in list(range(first, len(states))) + list(range(first)):
        if want(states[i]):
            return i
    return first


def _foundations(app, save) -> None:
    final = finished_game()
    states = play_through(FoundationsState, final.moves)
    i = _pick(
        states,
        lambda s: (
            isinstance(s, FoundationsState)
            and s.top_level >= 2
            and str(s.legal_moves()[0]) != "pass"
        ),
        0.45,
    )
    game = app.open("match", GameSetup("foundations", history=tuple(states[: i + 1])))
    assert isinstance(game, MatchScene) and isinstance(game.play, FoundationsPlay)
    game.view.relayout(app.screen.get_size())
    state = game.play.state
    mover = state.to_move
    move = next(iter(state.legal_moves()))
    assert isinstance(move, Place) and mover is not None
    cell = move.cell + ((move.length - 1) // 2) * (1 if move.direction == "h" else 10)
    game.play.placement.length[mover] = move.length
    game.play.placement.direction[mover] = move.direction
    game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(cell)))
    save("foundations-play")
    stacked = max(range(100), key=state.height)
    game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(stacked)))
    game.play.hover_rest = 1.0
    save("foundations-tooltip")  # the stack, listed in a side panel
    game.handle(Action(Button.LEVELS))
    save("foundations-peeled")  # the top level peeled away
    app.open("pause", game)
    save("foundations-pause")
    app.pop()
    app.pop(game)
    app.open("results", GameOutcome(GameSetup("foundations"), final))
    save("foundations-results")
    app.pop()
    replay = app.open("replay", GameRecord(final, SEEDED), "seeded.isaac.txt")
    assert isinstance(replay, ReplayScene)
    replay.step(len(final.moves) * 2 // 3)
    save("foundations-replay")
    app.pop()


def _hari(app, save) -> None:
    states = hari_game()
    final = states[-1]

    def can_slide(s: HariState) -> bool:
        return not s.slid_value and any(
            p.owner == s.to_move and s.slide_range(p.anchor).any for p in s.pieces()
        )

    i = _pick(states, lambda s: not s.is_over and can_slide(s), 0.4)
    game = app.open("match", GameSetup("hari", history=tuple(states[: i + 1])))
    assert isinstance(game, MatchScene) and isinstance(game.play, HariPlay)
    game.view.relayout(app.screen.get_size())
    state = game.play.state
    mover = state.to_move
    empty = next(c for c in (44, 45, 54, 55, 34, 65, 23, 76) if state.piece_at(c) is None)
    game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(empty)))
    save("hari-play")
    piece = next(p for p in state.pieces() if p.owner == mover and state.slide_range(p.anchor).any)
    game.handle(Action(Button.CLICK, "mouse", pos=game.play.board.cell_center(piece.anchor)))
    rng = state.slide_range(piece.anchor)
    step = 1 if piece.direction == "h" else 10
    delta = rng.high if rng.high else rng.low
    if delta:
        cell = piece.anchor + delta * step
        game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(cell)))
    save("hari-slide")
    app.pop(game)
    j = _pick(states, lambda s: s.slid_value > 0 and s.to_move is not None, 0.35)
    game = app.open("match", GameSetup("hari", history=tuple(states[: j + 1])))
    assert isinstance(game, MatchScene) and isinstance(game.play, HariPlay)
    game.view.relayout(app.screen.get_size())
    game.play.move_input.focus, game.play.move_input.pointer = None, True
    save("hari-midturn")
    app.pop(game)
    app.open("results", GameOutcome(GameSetup("hari", light="medium"), final))
    save("hari-results")
    app.pop()
    replay = app.open("replay", GameRecord(final, SEEDED), "seeded.isaac.txt")
    assert isinstance(replay, ReplayScene)
    replay.step(len(final.moves) // 2)
    save("hari-replay")
    app.pop()


def _rules(app, save) -> None:
    for game in GAMES:
        rules = app.open("rules", game)
        assert isinstance(rules, RulesScene)
        for page in range(rules.pages):
            rules.page = page
            save(f"rules-{game}{page + 1}")
        app.pop()


def _saves(app, save) -> None:
    storage = app.storage
    isaac = play_through(IsaacState, ("5v04", "3h71", "4h52"))[-1]
    for n, (state, light) in enumerate(
        ((isaac, "human"), (finished_game(), "easy"), (hari_game()[-1], "hard"))
    ):
        headers = {
            label_key(Player.DARK): "Human",
            label_key(Player.LIGHT): "Human" if light == "human" else f"Computer ({light})",
        }
        headers |= {kind_key(Player.DARK): "human", kind_key(Player.LIGHT): light}
        storage.save_game(
            storage.saves_dir / f"2026-05-0{n + 1}_1{n}-30-00.isaac.txt", state, headers
        )
    saves = app.open("saves", "continue")
    save("saves")
    saves.handle(Action(Button.ANY, key=pygame.K_DELETE))  # asks first
    save("saves-delete")
    app.pop()  # the question
    app.pop()
    replays = app.open("saves", "replay")  # finished games too: the longest rows
    finished = next(i for i in replays.menu.items if i18n._("finished") in i.text())
    replays.menu.select(finished.key)
    save("saves-replay")
    app.pop()
    _many_saves(app, save, isaac)
    _not_saved(app, save)
    lan_host = app.open("lan_host")
    lan_host.menu.select("name")
    lan_host.handle(Action(Button.CONFIRM, "pad"))  # a pad's A: the on-screen keyboard
    for button in (Button.CONFIRM, Button.RIGHT, Button.CONFIRM, Button.DOWN):
        app.top.handle(Action(button, "pad"))
    save("keyboard")
    app.pop()
    app.pop()


def _many_saves(app, save, state: GameState) -> None:
    """A long Continue list, scrolled (every save reachable), with a peer's name that
    held a control character and a file that is not a game record."""
    storage = app.storage
    for n in range(12):
        headers = {
            label_key(Player.DARK): "Ann",
            label_key(Player.LIGHT): "Bob\x00" if n == 3 else "Human",
        }
        path = storage.saves_dir / f"2026-06-{n + 1:02d}_10-00-00.isaac.txt"
        storage.save_game(path, state, headers)
    (storage.saves_dir / "2026-07-01_10-00-00.isaac.txt").write_text("not a record\n")
    saves = app.open("saves", "continue")
    for _ in range(9):
        saves.handle(Action(Button.DOWN, "keyboard"))
    save("saves-many")
    app.pop()


#: What the system says of a full disk (its own words, in its own language).
_DISK_FULL = "No space left on device"


class _FullDisk:
    """What the question asks of a game the disk refused (the keeper's part of it)."""

    def unsaved(self) -> str:
        return i18n._("The game cannot be saved: {reason}").format(reason=_DISK_FULL)

    def retry(self) -> str:
        return self.unsaved()

    def save_elsewhere(self) -> tuple[bool, str]:
        text = i18n._("It could not be saved in another folder either ({reason})")
        return False, text.format(reason=_DISK_FULL)


def _not_saved(app, save) -> None:
    """Leaving a game the disk refused: the question that tells the truth."""
    question = unsaved_question(app, _FullDisk(), lambda: None)
    assert question is not None
    app.open("question", question, None)
    save("not-saved")
    app.pop()


def shoot_games(app, save: Callable[[str], None]) -> None:
    """Every FOUNDATIONS and HARI screen, every game's rules pages, the saves list."""
    _foundations(app, save)
    _hari(app, save)
    _rules(app, save)
    _saves(app, save)
