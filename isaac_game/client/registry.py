"""The composition root: the one module that imports every scene and every game's record.

Scenes move by name (`app.open("pause", game)`, `app.switch("results", outcome)`);
this module maps each name to a factory, handing each scene what it needs (the
games, the record of the game at hand, a LAN control). So no scene imports another,
and a fourth game is one folder with its record plus one line here: `register`
(cabbages-and-kings' `data/main.py` and Tuxemon's state registry have this shape;
the games' list, python-chess's `VARIANTS`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from isaac_game.i18n import _, ngettext
from isaac_game.lan import LanSession
from isaac_game.lan.online import is_online
from isaac_game.lan.watch import LanWatch
from isaac_game.rules import GameRecord, GameState

from .app import App, SceneFactory
from .games import foundations, hari, isaac
from .games.base import GameEntry
from .handoff import GameOutcome, GameSetup, setup_from_record
from .keeper import CannotOpen, GameKeeper
from .lan.again import host_again
from .lan.control import LanControl, lan_setup
from .lan.dialogs import GiveUpScene
from .lan.lobby import LanLobbyScene
from .lan.menu import LanHostScene, LanJoinScene
from .lan.online import (
    OnlineHostScene,
    OnlineJoinScene,
    OnlineWatchScene,
    RelaySettingScene,
    online_scene,
)
from .lan.online_lobby import OnlineLobbyScene
from .lan.results import LanResultsControl
from .lan.resume import rejoin_scene, resumables
from .lan.watch import WatchControl, watch_setup
from .learn.control import LessonControl
from .learn.entries import learn_entries
from .learn.lesson import LearnEntry
from .learn.practice import playable_due, practice_entry
from .learn.practice_control import PracticeControl
from .learn.progress import Progress
from .learn.puzzle_control import PuzzleControl
from .scene import GameScreen, Scene
from .scenes.chooser import ChooserScene
from .scenes.dialog import ConfirmScene, MessageScene, QuestionScene
from .scenes.keyboard import KeyboardScene
from .scenes.learn import LearnScene
from .scenes.match import MatchScene
from .scenes.pause import PauseScene
from .scenes.puzzles import PuzzlesScene
from .scenes.replay import ReplayScene, replay_side, replay_title
from .scenes.report import ReportScene
from .scenes.results import ResultsScene
from .scenes.rulebook import RulesScene
from .scenes.saves import SavesScene
from .scenes.settings import SettingsScene
from .scenes.stats import StatsScene
from .scenes.title import TitleScene
from .storage import Storage

#: The games this client plays, by name, in menu order (ISAAC first).
GAMES: dict[str, GameEntry] = {}


def register(game: GameEntry) -> None:
    """Play `game` (its record): the title, Learn to play, the rules, the saved games,
    the replay and the LAN menus offer it from now on."""
    GAMES[game.name] = game


for _game in (isaac.GAME, foundations.GAME, hari.GAME):
    register(_game)


def names() -> tuple[str, ...]:
    """The games' names, in menu order."""
    return tuple(GAMES)


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
    return _told(MatchScene(app, GAMES[setup.game], setup, keeper=keeper), keeper)


def _told(scene: MatchScene, keeper: GameKeeper | None) -> MatchScene:
    """The scene of a game just opened, with the bar saying once why it is not kept in
    its own file (the file cannot be locked: `GameKeeper.notice`), if it is not."""
    if keeper is not None and keeper.notice:
        notice, keeper.notice = keeper.notice, ""
        scene.bar.say(notice, warn=True, seconds=8.0)
    return scene


def _lan_match(app: App, session: LanSession, save_path: Path | None = None) -> Scene:
    """A LAN game; `save_path`: a game hosted again or rejoined, which goes on in its own
    file, kept as it is (its date and names stay) under its lock. Should another window
    hold it now, the game is played all the same and the bar says it is not saved here."""
    game = GAMES[session.adapter.game]
    keeper = None
    if save_path is not None:
        with contextlib.suppress(CannotOpen):
            keeper, _record = GameKeeper.resume(app.storage, save_path)
    setup = lan_setup(session, save_path)
    scene = _told(MatchScene(app, game, setup, LanControl(app, session), keeper=keeper), keeper)
    # the moves of a rejoin's welcome are on disk at once: a game that ends before the
    # next move (the peer resigns) still ends in its file
    scene.keeping.keep()
    return scene


def _watch(app: App, watch: LanWatch, redialled: bool = False) -> Scene:
    """A game watched (started already): the match scene, handed a spectator's control;
    `redialled`: watched again for the game the host's refusal named."""
    control = WatchControl(app, watch, names(), redialled)
    return MatchScene(app, GAMES[watch.adapter.game], watch_setup(watch), control)


def _lan_results(app: App, outcome: GameOutcome, session: LanSession) -> Scene:
    game = GAMES[outcome.state.game]
    return ResultsScene(app, outcome, game, LanResultsControl(app, session))


def _replay(
    app: App, record: GameRecord | GameState, source: str | Path = "", at: int = 0
) -> Scene:
    """The replay of a saved or finished game: its record (headers name the players and
    the date), `source` the file it came from (a path: its analysis is cached beside it)
    or a few words; `at`: the move it shows first (the report's worst moves)."""
    state = record.state if isinstance(record, GameRecord) else record
    scene = ReplayScene(app, GAMES[state.game], record, source)
    if at:
        scene.go(at)
    return scene


def _report(app: App, record: GameRecord | GameState, source: str | Path = "", **how: Any) -> Scene:
    """The report of a finished game, from its record and where it came from (as the
    replay's); Review hands it its analysis (`analysis`) and a way back (`review`)."""
    if isinstance(record, GameState):
        record = GameRecord(record)
    name = source.name if isinstance(source, Path) else str(source)
    title = replay_title(record.headers, name, record.game)
    side = replay_side(record.headers)
    return ReportScene(app, GAMES[record.game], record, source, title, side, **how)


def _lesson(app: App, game: str = "isaac") -> Scene:
    """A lesson is the real match scene, steered step by step by a lesson control."""
    lesson = GAMES[game].lesson
    if lesson is None:
        # TRANSLATORS: {game} is a game's name (ISAAC)
        text = _("{game} has no lesson yet.").format(game=GAMES[game].title)
        return app.make("message", _("No lesson yet"), text)

    def done() -> None:
        steps = len(lesson.steps)
        # TRANSLATORS: {lesson} is the lesson's title, {count} its number of steps
        text = ngettext(
            "{lesson}: all {count} step done. Have a real game now!",
            "{lesson}: all {count} steps done. Have a real game now!",
            steps,
        ).format(lesson=_(lesson.title), count=steps)
        app.switch("message", _("Lesson complete"), text)

    return MatchScene(app, GAMES[game], GameSetup(game), LessonControl(app, lesson, done))


def _puzzle(app: App, game: str, index: int = 0) -> Scene:
    """A puzzle is the real match scene on the puzzle's position, judged by its control;
    after the last puzzle of the set it goes back to the list."""
    entry = GAMES[game]

    def leave() -> None:
        app.pop()

    control = PuzzleControl(app, entry.puzzles, index, entry.describe, leave)
    return MatchScene(app, entry, GameSetup(game), control)


def _learn(app: App) -> Scene:
    """Learn to play: its rows asked afresh each time it shows (a lesson just done)."""

    def rows() -> list[LearnEntry]:
        lessons = learn_entries(GAMES.values(), Progress(app.storage))
        return [*lessons, practice_entry(app.storage.stats, names())]

    return LearnScene(app, rows)


def _positions(app: App) -> Scene:
    """Your positions due today, played as puzzles are (those of one game at a time:
    the game of the one waiting longest); a message when there are none."""
    stats = app.storage.stats
    waiting = playable_due(stats, names())  # what the title and Learn to play count
    if not waiting:
        text = _("Every blunder of yours in an analysed game comes back here to practise.")
        return app.make("message", _("No position to practise today"), text)
    entry = GAMES[waiting[0].game]
    chosen = [p for p in waiting if p.game == entry.name]
    control = PracticeControl(app, stats, chosen, entry.describe, app.pop)
    return MatchScene(app, entry, GameSetup(entry.name), control)


def _pause(app: App, game: GameScreen, message: str = "") -> Scene:
    return PauseScene(app, game, message)


def _lobby(app: App, session: LanSession, **options: Any) -> Scene:
    """The host's lobby again (after a game: "Host again"): the one of its transport."""
    if is_online(session):
        return OnlineLobbyScene(app, session, games=names(), **options)
    return LanLobbyScene(app, session, games=names(), **options)


def _title(app: App) -> Scene:
    return TitleScene(app, names(), partial(resumables, app, names()))


def _puzzles(app: App, game: str) -> Scene:
    return PuzzlesScene(app, game, GAMES[game].title, GAMES[game].puzzles)


#: Every scene by the name scenes ask for it.
SCENES: Mapping[str, SceneFactory] = {
    "title": _title,
    "match": _match,
    "lan_match": _lan_match,
    "pause": _pause,
    "results": lambda app, outcome: ResultsScene(app, outcome, GAMES[outcome.state.game]),
    "lan_results": _lan_results,
    "watch": _watch,
    "replay": _replay,
    "report": _report,
    "rules": lambda app, game="isaac": RulesScene(app, tuple(GAMES.values()), game),
    "settings": SettingsScene,
    "learn": _learn,
    "lesson": _lesson,
    "puzzles": _puzzles,
    "puzzle": _puzzle,
    "positions": _positions,
    "saves": lambda app, purpose: SavesScene(app, purpose, names()),
    "stats": lambda app: StatsScene(app, names()),
    "message": MessageScene,
    "confirm": ConfirmScene,
    "question": QuestionScene,
    "chooser": ChooserScene,
    "keyboard": KeyboardScene,
    "give_up": GiveUpScene,
    "lan_host": lambda app: LanHostScene(app, names()),
    "lan_join": lambda app: LanJoinScene(app, names()),
    "lan_lobby": _lobby,
    "lan_rejoin": lambda app, ticket: rejoin_scene(app, ticket, names()),
    "lan_host_again": lambda app, path: host_again(app, path, names()),
    "online": lambda app: online_scene(app, names()),
    "online_host": lambda app: OnlineHostScene(app, names()),
    "online_join": lambda app: OnlineJoinScene(app, names()),
    "online_watch": lambda app: OnlineWatchScene(app, names()),
    "online_lobby": lambda app, session, **options: OnlineLobbyScene(
        app, session, games=names(), **options
    ),
    "relay_setting": RelaySettingScene,
}


def make_app(
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
    storage: Storage | None = None,
    sound: bool = True,
    language: str | None = None,
) -> App:
    """The application with every scene registered (the window opens here); `language`
    overrides the chosen one for this run."""
    return App(
        size=size,
        fullscreen=fullscreen,
        storage=storage,
        sound=sound,
        scenes=SCENES,
        language=language,
    )
