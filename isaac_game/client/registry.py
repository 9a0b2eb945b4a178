"""The composition root: the one module that imports every scene and every game plug-in.

Scenes move by name (`app.open("pause", game)`, `app.switch("results", outcome)`);
this module maps each name to a factory, handing each scene what it needs (the
games, the plug-in of the game at hand, a LAN control). So no scene imports another
and a fourth game is one folder plus one line in `GAMES` (cabbages-and-kings'
`data/main.py` and Tuxemon's state registry have this shape).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from isaac_game.lan import LanSession
from isaac_game.rules import GameRecord, GameState

from .app import App, SceneFactory
from .games import foundations, hari, isaac
from .games.base import GamePlugin
from .games.foundations.lesson import LESSON as FOUNDATIONS_LESSON
from .games.foundations.puzzles import PUZZLES as FOUNDATIONS_PUZZLES
from .games.hari.lesson import LESSON as HARI_LESSON
from .games.hari.puzzles import PUZZLES as HARI_PUZZLES
from .games.isaac.lesson import LESSON as ISAAC_LESSON
from .games.isaac.puzzles import PUZZLES as ISAAC_PUZZLES
from .handoff import GameOutcome, GameSetup, Resumable, resume_label, setup_from_record
from .keeper import CannotOpen, GameKeeper
from .lan.again import host_again
from .lan.control import LanControl, lan_setup
from .lan.dialogs import GiveUpScene
from .lan.lobby import LanLobbyScene
from .lan.menu import LanHostScene, LanJoinScene
from .lan.results import LanResultsControl
from .lan.resume import lan_resumable, rejoin_scene
from .learn.control import LessonControl
from .learn.lesson import LearnEntry, Lesson
from .learn.progress import Progress
from .learn.puzzle_control import PuzzleControl
from .learn.puzzles import Puzzle, progress_key
from .scene import GameScreen, Scene
from .scenes.dialog import ConfirmScene, MessageScene, QuestionScene
from .scenes.keyboard import KeyboardScene
from .scenes.learn import LearnScene
from .scenes.match import MatchScene
from .scenes.pause import PauseScene
from .scenes.puzzles import PuzzlesScene
from .scenes.replay import ReplayScene
from .scenes.results import ResultsScene
from .scenes.rules import RulesScene
from .scenes.saves import SavesScene
from .scenes.settings import SettingsScene
from .scenes.title import TitleScene
from .storage import Storage

#: The games this client plays, in menu order (ISAAC first).
GAMES: dict[str, GamePlugin] = {
    plugin.name: plugin for plugin in (isaac.PLUGIN, foundations.PLUGIN, hari.PLUGIN)
}
NAMES = tuple(GAMES)
#: The guided first games (Learn to play), by game; a game without one says "coming soon".
LESSONS: dict[str, Lesson] = {
    lesson.game: lesson for lesson in (ISAAC_LESSON, FOUNDATIONS_LESSON, HARI_LESSON)
}
#: The puzzle sets (Learn to play), by game.
PUZZLES: dict[str, tuple[Puzzle, ...]] = {
    "isaac": ISAAC_PUZZLES,
    "foundations": FOUNDATIONS_PUZZLES,
    "hari": HARI_PUZZLES,
}


def _match(app: App, setup: GameSetup) -> Scene:
    """A game to play; a saved one is opened here for good, under its lock and as its
    file holds it now (the title's Resume, Continue, `isaac FILE`, `--resume`), or a
    message says why it cannot be: open in another window, or not loadable."""
    keeper = None
    if setup.save_path is not None and not setup.demo:
        try:
            keeper, record = GameKeeper.resume(app.storage, setup.save_path)
        except CannotOpen as why:
            return app.make("message", why.title, why.text)
        setup = setup_from_record(record, setup.save_path)
    return MatchScene(app, GAMES[setup.game], setup, keeper=keeper)


def _lan_match(app: App, session: LanSession, save_path: Path | None = None) -> Scene:
    """A LAN game; `save_path`: a game hosted again, which goes on in its own file, kept
    as it is (its date and names stay) under its lock. Should another window hold it
    now, the game is played all the same and the bar says it is not saved here."""
    plugin = GAMES[session.adapter.game]
    keeper = None
    if save_path is not None:
        with contextlib.suppress(CannotOpen):
            keeper, _record = GameKeeper.resume(app.storage, save_path)
    setup = lan_setup(session, save_path)
    return MatchScene(app, plugin, setup, LanControl(app, session), keeper=keeper)


def _lan_results(app: App, outcome: GameOutcome, session: LanSession) -> Scene:
    return ResultsScene(app, outcome, LanResultsControl(app, session))


def _replay(app: App, record: GameRecord | GameState, source: str | Path = "") -> Scene:
    """The replay of a saved or finished game: its record (headers name the players and
    the date), `source` the file it came from (a path: its analysis is cached beside it)
    or a few words."""
    state = record.state if isinstance(record, GameRecord) else record
    return ReplayScene(app, GAMES[state.game], record, source)


def _lesson(app: App, game: str = "isaac") -> Scene:
    """A lesson is the real match scene, steered step by step by a lesson control."""
    lesson = LESSONS[game]

    def done() -> None:
        text = f"{lesson.title}: all {len(lesson.steps)} steps done. Have a real game now!"
        app.switch("message", "Lesson complete", text)

    return MatchScene(app, GAMES[game], GameSetup(game), LessonControl(app, lesson, done))


def puzzle_entries(app: App) -> list[LearnEntry]:
    """PUZZLES: the puzzle sets' rows of the Learn to play chooser go here (their
    scene names and hand-offs); games without a lesson keep their puzzles reachable."""
    progress = Progress(app.storage)
    rows = []
    for name, puzzles in PUZZLES.items():
        solved = sum(progress.done(progress_key(p)) for p in puzzles)
        label = f"{GAMES[name].title}: puzzles ({solved} of {len(puzzles)} solved)"
        rows.append(LearnEntry(label, "puzzles", (name,), key=f"puzzles_{name}"))
    return rows


def _puzzle(app: App, game: str, index: int = 0) -> Scene:
    """A puzzle is the real match scene on the puzzle's position, judged by its control;
    after the last puzzle of the set it goes back to the list."""
    plugin = GAMES[game]

    def leave() -> None:
        app.pop()

    control = PuzzleControl(app, PUZZLES[game], index, plugin.describe, leave)
    return MatchScene(app, plugin, GameSetup(game), control)


def learn_entries(app: App) -> list[LearnEntry]:
    """The Learn to play chooser: a lesson per game (or "coming soon"), then puzzles."""
    progress = Progress(app.storage)
    rows = []
    for name, plugin in GAMES.items():
        lesson = LESSONS.get(name)
        if lesson is None:
            rows.append(LearnEntry(f"{plugin.title}: lesson coming soon", key=f"lesson_{name}"))
            continue
        done = "  (done)" if progress.done(lesson.key) else ""
        label = f"{plugin.title}: learn to play{done}"
        rows.append(LearnEntry(label, "lesson", (name,), key=f"lesson_{name}"))
    return rows + puzzle_entries(app)


def _pause(app: App, game: GameScreen, message: str = "") -> Scene:
    return PauseScene(app, game, message)


def _lobby(app: App, session: LanSession, **options: Any) -> Scene:
    return LanLobbyScene(app, session, games=NAMES, **options)


def resumables(app: App) -> list[Resumable]:
    """The games the title offers to pick up: a LAN game this machine can rejoin (its
    ticket), then the newest unfinished saved game: a LAN game this machine hosted is
    hosted again, one it joined is left to its ticket, any other goes on here. A game
    open in another window is not offered: it is being played there."""
    found = [lan] if (lan := lan_resumable(app)) is not None else []
    for path, record in app.storage.in_progress(most=4, free=True):
        role = record.headers.get("Lan", "")
        if record.game not in GAMES or role == "join":
            continue
        if role == "host":
            peer = record.headers.get("LanPeer", "") or "the other player"
            label = f"Host the {record.game.upper()} game with {peer} again"
            found.append(Resumable(label, "lan_host_again", (path,)))
        else:
            setup = setup_from_record(record, path)
            found.append(Resumable(resume_label(record), "match", (setup,)))
        break
    return found


#: Every scene by the name scenes ask for it.
SCENES: Mapping[str, SceneFactory] = {
    "title": lambda app: TitleScene(app, NAMES, partial(resumables, app)),
    "match": _match,
    "lan_match": _lan_match,
    "pause": _pause,
    "results": ResultsScene,
    "lan_results": _lan_results,
    "replay": _replay,
    "rules": lambda app, game="isaac": RulesScene(app, tuple(GAMES.values()), game),
    "settings": SettingsScene,
    "learn": lambda app: LearnScene(app, partial(learn_entries, app)),
    "lesson": _lesson,
    "puzzles": lambda app, game: PuzzlesScene(app, game, GAMES[game].title, PUZZLES[game]),
    "puzzle": _puzzle,
    "saves": lambda app, purpose: SavesScene(app, purpose, NAMES),
    "message": MessageScene,
    "confirm": ConfirmScene,
    "question": QuestionScene,
    "keyboard": KeyboardScene,
    "give_up": GiveUpScene,
    "lan_host": lambda app: LanHostScene(app, NAMES),
    "lan_join": lambda app: LanJoinScene(app, NAMES),
    "lan_lobby": _lobby,
    "lan_rejoin": lambda app, ticket: rejoin_scene(app, ticket, NAMES),
    "lan_host_again": lambda app, path: host_again(app, path, NAMES),
}


def make_app(
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
    storage: Storage | None = None,
    sound: bool = True,
) -> App:
    """The application with every scene registered (the window opens here)."""
    return App(size=size, fullscreen=fullscreen, storage=storage, sound=sound, scenes=SCENES)
