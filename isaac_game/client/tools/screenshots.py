"""`python -m isaac_game.client.tools.screenshots OUTDIR [WxH ...] [--lang it ...]
[--text-size larger ...]`: render each screen to PNG (a name ends in `-it`, `-ko` for a
language other than English, in `-large`, `-larger` for a text size other than normal).

ISAAC's screens here; FOUNDATIONS', HARI's, the rules pages and the saves list in
screenshots_games.py.

Headless (SDL dummy drivers); used to look at the layout at several sizes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from isaac_game import i18n
from isaac_game.ai import hint
from isaac_game.clock import TimeControl, clock_note
from isaac_game.rules import GameRecord, IsaacState, Key, Player, label_key, new_game

from ..app import App
from ..games.isaac.play import IsaacPlay
from ..games.isaac.scoring import track_cell
from ..handoff import GameOutcome, GameSetup, history_of
from ..input import Action, Button
from ..registry import make_app
from ..scenes.match import MatchScene
from ..scenes.replay import ReplayScene, replay_buttons
from ..storage import TEXT_SIZES, load_error
from .scratch import ScratchHome
from .screenshots_analysis import shoot_analysis
from .screenshots_games import shoot_games
from .screenshots_learn import shoot_learn
from .screenshots_puzzles import shoot_puzzles
from .screenshots_teacher import shoot_teacher


def positions(seed: int = 3) -> tuple[IsaacState, IsaacState, IsaacState]:
    """(mid-placement state, scoring state, finished state) from one seeded game."""
    rng = random.Random(seed)
    state = new_game("isaac")
    assert isinstance(state, IsaacState)
    mid: IsaacState | None = None
    scoring: IsaacState | None = None
    while not state.is_over:
        if mid is None and len(state.pieces()) >= 12:
            mid = state
        if scoring is None and state.phase == "scoring" and len(state.moves) > 0:
            scoring = state
        moves = state.legal_moves()
        state = state.play(moves[-1] if state.phase == "scoring" else rng.choice(moves))
    assert mid is not None and scoring is not None
    return mid, scoring, state


def show_hint(game) -> None:
    """Put Hard's hint on the game's screen, computed here (no worker process)."""
    helper = game.play.hints
    helper.state = game.match.state
    helper.move, helper.text = hint(game.match.state, scale=0.1)  # a picture: any good move


def shoot_words(app, save, mid: IsaacState, final: IsaacState) -> None:
    """The heading while the computer thinks, and the replay with its buttons and list."""
    history = history_of(mid)
    if mid.to_move == Player.DARK:  # the computer (Light) to move
        history = history + (mid.play(mid.legal_moves()[0]),)
    game = app.open("match", GameSetup(dark="human", light="hard", history=history))
    save("computer-turn")
    app.pop(game)
    headers = {
        label_key(Player.DARK): "Human",
        label_key(Player.LIGHT): "Computer (hard)",
        Key.DATE: "2026-05-02",
    }
    replay = app.open("replay", GameRecord(final, headers), "seeded.isaac.txt")
    assert isinstance(replay, ReplayScene)
    replay.go(len(final.moves) - 6)
    layout = replay.relayout(app.screen.get_size())
    buttons = replay_buttons(layout.bottom, layout.u)
    replay.handle(Action(Button.POINT, "mouse", pos=buttons["next"].center))
    save("replay")
    app.pop(replay)
    # a LAN game Dark resigned: its end says so where a finished game's result goes
    headers = {
        label_key(Player.DARK): "Ann (LAN)",
        label_key(Player.LIGHT): "Bob (LAN)",
        Key.LAN: "join",
        Key.LAN_SEAT: "dark",
    }
    headers |= {Key.DATE: "2026-05-02", Key.RESULT: "dark resigns, light wins"}
    replay = app.open("replay", GameRecord(mid, headers), "resigned.isaac.txt")
    assert isinstance(replay, ReplayScene)
    replay.go(len(mid.moves))
    save("replay-resigned")
    app.pop(replay)


#: The time control the clocked screens show, and the time left on them: Dark's clock
#: running with minutes left, Light's short (tenths, the warning colour).
CLOCKED = TimeControl(300, 3)
CLOCKS_LEFT = (272.4, 8.3)


def shoot_clocks(app: App, save: Callable[[str], None], mid: IsaacState) -> None:
    """Each game played to a clock: both panels' clocks, one running, one short."""
    for game_name in ("isaac", "foundations", "hari"):
        state = mid if game_name == "isaac" else new_game(game_name)
        if game_name != "isaac":
            for move_index in range(6):
                state = state.play(state.legal_moves()[move_index % len(state.legal_moves())])
        setup = GameSetup(game_name, history=history_of(state), clock=CLOCKED)
        setup = replace(setup, clock_left=CLOCKS_LEFT)
        game = app.open("match", setup)
        game.update(1 / 60)  # the clock of the side to move runs
        save(f"clock-{game_name}")
        app.pop(game)
    notes = {len(mid.moves) - 1: clock_note(CLOCKS_LEFT)}
    report = app.open("report", GameRecord(mid, {Key.CLOCK: str(CLOCKED)}, notes), "clocked.txt")
    save("report-clocks")
    app.pop(report)


def parse_size(text: str) -> tuple[int, int]:
    """`1280x720` -> (1280, 720)."""
    width, _x, height = text.partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 1 or int(height) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1280x720")
    return int(width), int(height)


def tool_arguments(
    prog: str, what: str, argv: list[str], sizes: list[tuple[int, int]]
) -> argparse.Namespace:
    """The screenshot tools' command line: OUTDIR, sizes, `--lang` (any number of times)."""
    parser = argparse.ArgumentParser(prog=prog, description=what)
    parser.add_argument("outdir", type=Path, help="the folder the PNG files go to")
    parser.add_argument(
        "sizes",
        type=parse_size,
        nargs="*",
        metavar="WxH",
        help="window sizes (default " + " ".join(f"{w}x{h}" for w, h in sizes) + ")",
    )
    parser.add_argument(
        "--lang",
        action="append",
        choices=LANGUAGES,
        help="a language to show the screens in; give it again for more (default en)",
    )
    parser.add_argument(
        "--text-size",
        action="append",
        choices=tuple(TEXT_SIZES),
        help="a text size (Settings > Text size); give it again for more (default normal)",
    )
    args = parser.parse_args(argv)
    args.sizes = args.sizes or sizes
    args.lang = args.lang or ["en"]
    args.text_size = args.text_size or ["normal"]
    return args


def shot_tag(size: tuple[int, int], language: str, text_size: str) -> str:
    """What a picture's name ends in: `1280x720`, then `-it`, `-larger` when not the
    usual language or text size."""
    tag = f"{size[0]}x{size[1]}" + ("" if language == "en" else f"-{language}")
    return tag + ("" if text_size == "normal" else f"-{text_size}")


#: The languages the screens can be shown in (the text-fit test runs each).
LANGUAGES = tuple(i18n.LANGUAGES)
#: Looks at one screen: (its name, the app showing it).
Look = Callable[[str, App], None]


def use_language(app: App, language: str, text_size: str = "normal") -> None:
    """Show `app`'s words in `language` (one of LANGUAGES), at `text_size` (a key of
    the settings' TEXT_SIZES), as the Settings screen would."""
    if language not in LANGUAGES:
        raise ValueError(f"no words in {language!r} (known: {', '.join(LANGUAGES)})")
    if text_size not in TEXT_SIZES:
        raise ValueError(f"no text size {text_size!r} (known: {', '.join(TEXT_SIZES)})")
    app.set_language(language)
    app.settings.text_size = text_size
    app.save_settings()


def shoot(
    outdir: Path,
    size: tuple[int, int],
    colour_blind: bool = False,
    language: str = "en",
    text_size: str = "normal",
) -> list[Path]:
    """Every screen at `size`, in `language` at `text_size`, as a PNG in `outdir`; the
    paths written."""
    surface = pygame.Surface(size)
    tag = shot_tag(size, language, text_size) + ("-cb" if colour_blind else "")
    saved: list[Path] = []

    def save(name: str, app: App) -> None:
        app.draw(surface)
        path = outdir / f"{name}-{tag}.png"
        pygame.image.save(surface, str(path))
        saved.append(path)

    visit(size, save, colour_blind, language, text_size)
    return saved


def visit(
    size: tuple[int, int],
    look: Look,
    colour_blind: bool = False,
    language: str = "en",
    text_size: str = "normal",
) -> None:
    """Open every screen in turn at `size`, in `language` at `text_size`; `look` at each."""
    scratch = ScratchHome("isaac-shots-")
    app = make_app(size=size, fullscreen=False, storage=scratch.storage, sound=False)
    app.settings.colour_blind = colour_blind
    spoken = i18n.language()
    use_language(app, language, text_size)

    def save(name: str) -> None:
        look(name, app)

    app.open("title")
    save("title")
    # the longest seat rows: named steps of the longest ladder, with their ratings
    app.settings.game, app.settings.dark_kind, app.settings.light_kind = (
        "foundations",
        "medium",
        "hard",
    )
    app.open("title")
    save("title-levels")
    app.settings.game, app.settings.dark_kind, app.settings.light_kind = "isaac", "human", "human"
    mid, scoring, final = positions()
    game = app.open("match", GameSetup(history=history_of(mid)))
    assert isinstance(game, MatchScene) and isinstance(game.play, IsaacPlay)
    game.view.relayout(size)
    player = mid.to_move
    assert player is not None
    game.play.placement.length[player] = 5
    game.play.placement.direction[player] = "v"
    # point at an empty spot so the ghost shows
    free = next(c for c in range(100) if mid.piece_at(c) is None and c > 40)
    game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(free)))
    save("placement")
    show_hint(game)
    save("placement-hint")
    app.pop(game)
    shoot_clocks(app, save, mid)
    game = app.open("match", GameSetup(history=history_of(scoring)))
    assert isinstance(game, MatchScene) and isinstance(game.play, IsaacPlay)
    game.view.relayout(size)
    mover = scoring.to_move
    assert mover is not None
    removable = game.play.scoring.removable(scoring, mover)
    blocked = list(scoring.blocked_pieces())
    if blocked:
        game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(blocked[0])))
        save("scoring-blocked")
    if removable:
        piece = max(removable, key=lambda p: scoring.removal_points(p.anchor).points)
        game.handle(Action(Button.POINT, "mouse", pos=game.play.board.cell_center(piece.anchor)))
        save("scoring-hover")
        game.handle(Action(Button.CLICK, "mouse", pos=game.play.board.cell_center(piece.anchor)))
        target = game.play.scoring.target
        if target is not None and target < 100:
            game.handle(
                Action(
                    Button.POINT,
                    "mouse",
                    pos=game.play.board.cell_center(track_cell(mover, target)),
                )
            )
        save("scoring-target")
        game.play.scoring.reset()
        show_hint(game)
        save("scoring-hint")
    game.handle(Action(Button.MOVES))  # L: the move list opens over the panel's foot
    save("moves-open")
    game.handle(Action(Button.MOVES))
    app.open("pause", game)
    save("pause")
    app.pop()
    app.pop(game)
    app.open("results", GameOutcome(GameSetup(), final))
    save("results")
    app.pop()
    app.open("results", GameOutcome(GameSetup(dark="human", light="hard"), final))
    save("results-computer")
    app.pop()
    lost = {Key.RESULT: "dark ran out of time, light wins"}
    app.open("results", GameOutcome(GameSetup(clock=CLOCKED), mid, headers=lost))
    save("results-on-time")
    app.pop()
    app.open("settings")
    save("settings")
    app.pop()
    why = "line 7: that move is not legal there, and nothing after it could be read either"
    app.open("message", i18n._("Cannot load"), load_error(why))
    save("message")
    app.pop()
    shoot_words(app, save, mid, final)
    shoot_games(app, save)  # FOUNDATIONS, HARI, every game's rules pages, saves list
    shoot_learn(app, save)  # Learn to play: the chooser and every lesson step
    shoot_puzzles(app, save)  # each game's puzzles: the list, one unsolved, solved, missed
    shoot_analysis(app, save)  # hints in FOUNDATIONS and HARI, the Review's analysis
    shoot_teacher(app, save)  # the teacher: the report, the coach, the stats, practice
    app.shutdown()
    scratch.cleanup()
    i18n.set_language(spoken)


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    args = tool_arguments(
        "python -m isaac_game.client.tools.screenshots",
        "Render every screen to PNG, to look at the layout.",
        argv,
        [(1280, 720), (3840, 2160)],
    )
    args.outdir.mkdir(parents=True, exist_ok=True)
    for language in args.lang:
        for text_size in args.text_size:
            for size in args.sizes:
                for path in shoot(args.outdir, size, language=language, text_size=text_size):
                    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
