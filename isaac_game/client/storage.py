"""Where settings and saved games live: the user's config and data folders.

A corrupt or unreadable file never raises out of here: loading returns defaults (or
nothing) plus a message the screen can show. Every file is read and written through
the rules' safe file I/O (`isaac_game.rules.files`): a regular file only, a bounded
size and JSON depth, atomic writes; whatever lies in the saves folder (a dangling
link, a pipe, a link to a device) is listed with what is wrong with it.

A saved game is open in one program at a time: the program playing it holds its
`GameLock`, and another one neither opens it for play nor deletes it.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from isaac_game.i18n import N_, _
from isaac_game.rules import (
    FileReadError,
    GameLock,
    GameRecord,
    GameState,
    Headers,
    RecordError,
    clean_text,
    dated,
    load_journal,
    lock_path,
    locked_elsewhere,
    read_head,
    read_json,
    save_record,
    sweep_temporaries,
    write_atomically,
)
from isaac_game.stats import Stats
from isaac_game.stats.db import FILE_NAME as STATS_FILE

# Where the folders are is decided once, for the client and the headless LAN commands.
from isaac_game.userdirs import APP_NAME as APP_NAME
from isaac_game.userdirs import HOME_ENV as HOME_ENV
from isaac_game.userdirs import RECORD_SUFFIX, elsewhere_dirs, new_record_path
from isaac_game.userdirs import config_dir as user_config_dir
from isaac_game.userdirs import data_dir as user_data_dir

from .stats_keeping import WindowStats

#: What another window playing a game means for this one, said where it matters (an
#: English source: the window shows `_(OPEN_ELSEWHERE)`, the command line this).
OPEN_ELSEWHERE = N_("This game is open in another window")

HEADER_BYTES = 4096  # a record's header lines come first and are short
_HEADER_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*):[ \t]*(.*)")


def analysis_path(save: Path) -> Path:
    """Where the Review screen keeps a save's analysis: `x.isaac.txt` -> `x.analysis.json`."""
    return save.with_name(save.name.removesuffix(RECORD_SUFFIX) + ".analysis.json")


def read_headers(path: Path) -> dict[str, str]:
    """A record's header lines (records.py's format), read without replaying any move.

    Cheap enough to list many files: only the first few KB are read, of a regular
    file only (never a pipe or a device). An unreadable file gives an empty dict
    (loading it later says what is wrong). The values are cleaned as the record's
    loader cleans them: what a screen shows is never a raw control character.
    """
    try:
        head = read_head(path, HEADER_BYTES).decode("utf-8", errors="replace")
    except FileReadError:
        return {}
    headers: dict[str, str] = {}
    for raw in head.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _HEADER_LINE.fullmatch(line)
        if match is None:
            break  # the first move: the headers are over
        headers.setdefault(match.group(1), clean_text(match.group(2).strip()))
    return headers


#: The text sizes a player can choose (Settings > Text size), by the name kept in the
#: settings file: how many times its normal size the words are drawn (`Fonts.scale`).
#: Chosen for a television seen from a sofa: on a 55" set at 3840x2160 (0.32 mm a line)
#: the move list's capitals are 9, 11 and 13 mm high, the hand's 13, 16 and 19 mm; from
#: 3 m, 13 mm reads as 2.6 mm does from a desk's 60 cm. A step under 1.25 is hardly
#: seen across a room.
TEXT_SIZES = {"normal": 1.0, "large": 1.25, "larger": 1.5}


@dataclass
class Settings:
    fullscreen: bool = False
    sound_volume: int = 7  # 0..10
    music_volume: int = 0  # 0..10; music is off by default
    colour_blind: bool = False
    hints: bool = True
    #: hotseat: the board turns to face the player to move (off: Dark's side faces the screen)
    turn_board: bool = False
    game: str = "isaac"  # the game the title offers (the last one chosen)
    dark_kind: str = "human"
    light_kind: str = "human"
    player_name: str = ""  # the name LAN opponents see (empty: the login name)
    relay: str = ""  # Play online's relay, HOST[:PORT] (empty: none; `isaac --relay` overrides)
    language: str = ""  # "en", "it", "ko"; empty: the system's language (i18n)
    text_size: str = "normal"  # a key of TEXT_SIZES
    #: the time control a new game is played to ("10+5"; "none": no clock): the last
    #: one chosen on the title (`--clock` overrides it for one run)
    clock: str = "none"
    #: the coach against the computer, per game: "off", "mistakes" or "blunders"
    coach: dict[str, str] = field(default_factory=dict)

    def coach_for(self, game: str) -> str:
        """The coach's setting for `game` ("off" unless a known one was chosen)."""
        level = self.coach.get(game)
        return level if level in ("mistakes", "blunders") else "off"

    @property
    def text_scale(self) -> float:
        """How many times its normal size every text is drawn (`text_size`'s factor)."""
        return TEXT_SIZES.get(self.text_size, 1.0)

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Known keys of the right type are kept; anything else falls back to defaults."""
        settings = cls()
        if not isinstance(data, dict):
            raise ValueError("the settings file does not hold a JSON object")
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(settings, f.name)
            if value is None or type(value) is not type(default):
                continue
            if isinstance(default, int) and not isinstance(default, bool):
                value = max(0, min(10, value))
            setattr(settings, f.name, value)
        if settings.text_size not in TEXT_SIZES:  # a size this version does not know
            settings.text_size = "normal"
        return settings


class Storage:
    """Paths and file I/O for settings and saved games."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None) -> None:
        # ISAAC_GAME_HOME, else platformdirs: the same places the headless commands use
        config_dir = config_dir or user_config_dir()
        data_dir = data_dir or user_data_dir()
        self.config_dir = Path(config_dir)
        self.data_dir = Path(data_dir)
        self._unfinished: tuple[int, bool] | None = None  # (the folder's stamp, the answer)
        #: the player's stats (a SQLite database), as the window keeps them
        self.window_stats = WindowStats(self.data_dir / STATS_FILE)

    @property
    def stats(self) -> Stats:
        """The stats database (`WindowStats.stats`): never raises, never waits long."""
        return self.window_stats.stats

    def stats_notice(self) -> str | None:
        """The stats database's trouble in words, once (then None)."""
        return self.window_stats.notice()

    def add_to_stats(self, path: Path | None, state: GameState, headers: dict[str, str]) -> str:
        """A finished game just saved at `path` goes into the stats (`WindowStats.add`)."""
        return self.window_stats.add(path, state, headers)

    def catch_up(self) -> None:
        """At start: the stats get, in the background, every finished game of the saves
        folder they lack (a result an earlier run could not write)."""
        self.window_stats.catch_up(self.saves_dir)

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    def sweep_temporaries(self) -> None:
        """Remove the old `.NAME.<hex>.tmp` files writes killed midway left (never raises)."""
        for folder in (self.saves_dir, self.config_dir, self.data_dir):
            sweep_temporaries(folder)

    # ----- settings ----------------------------------------------------------------

    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings, or the defaults and a message saying what went wrong."""
        try:
            return Settings.from_dict(read_json(self.settings_path)), None
        except FileReadError as error:
            if error.missing:
                return Settings(), None
            reason = str(error)
        except ValueError as error:
            reason = str(error)
        # TRANSLATORS: {reason} says what is wrong with the file
        text = _(
            "Your settings file could not be read ({reason}); "
            "the defaults are used and it will be rewritten when you change a setting."
        )
        return Settings(), text.format(reason=reason)

    def save_settings(self, settings: Settings) -> str | None:
        try:
            write_atomically(self.settings_path, json.dumps(asdict(settings), indent=2))
        except OSError as error:
            # TRANSLATORS: {reason} is the system's reason ("Permission denied")
            return _("Settings could not be saved: {reason}").format(reason=error.strerror or error)
        return None

    # ----- saved games --------------------------------------------------------------

    def list_saves(self) -> list[Path]:
        """Saved games, newest first; anything in the folder whose name says it is one,
        even a dangling link (it is listed last, and loading it says what is wrong)."""
        try:
            files = [p for p in self.saves_dir.iterdir() if p.name.endswith(RECORD_SUFFIX)]
        except OSError:
            return []

        def when(path: Path) -> tuple[float, str]:
            try:
                return (path.stat().st_mtime, path.name)
            except OSError:  # a dangling link, a loop of links: at the end
                return (float("-inf"), path.name)

        return sorted(files, key=when, reverse=True)

    def has_saves(self) -> bool:
        """Is there any saved game at all? (cheap: asked as the menu is drawn)"""
        try:
            return any(p.name.endswith(RECORD_SUFFIX) for p in self.saves_dir.iterdir())
        except OSError:
            return False

    def has_unfinished(self) -> bool:
        """Is any saved game not finished, by its Result header (a file that says it is
        under way counts, even one that does not load: the list of games to continue
        shows it with what is wrong)? Asked as the menu is drawn, so the answer is kept
        until the folder changes (a game is saved, finished or deleted: each is a new
        file in it, written atomically); no move is replayed."""
        try:
            stamp = self.saves_dir.stat().st_mtime_ns
        except OSError:
            return False
        if self._unfinished is None or self._unfinished[0] != stamp:
            saves = self.list_saves()
            found = any(Headers(read_headers(p)).result == "*" for p in saves)
            self._unfinished = (stamp, found)
        return self._unfinished[1]

    def delete_save(self, path: Path) -> str | None:
        """Delete the saved game `path` (only a record in the saves folder, never one open
        in another window); None when it is gone, else a message saying why not."""
        if path.parent != self.saves_dir or not path.name.endswith(RECORD_SUFFIX):
            return _("{name} is not a saved game").format(name=path.name)
        lock = GameLock(path)
        if not lock.acquire():
            if lock.refused:  # nobody may take it from under a window that holds it
                reason = lock.refused
                return _("The saved game could not be deleted: {reason}").format(reason=reason)
            return _("This game is open in another window: close it there first.")
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            return _("The saved game could not be deleted: {reason}").format(reason=error.strerror)
        finally:
            lock.release()
        with contextlib.suppress(OSError):  # its analysis (the Review's cache) goes with it
            analysis_path(path).unlink(missing_ok=True)
        return None

    def open_elsewhere(self, path: Path) -> bool:
        """Is the saved game `path` open in another window (or program) now?"""
        return locked_elsewhere(path)

    def new_save_path(self, folder: Path | None = None) -> Path:
        """A name for a new saved game (in the saves folder, or `folder`): neither a file
        nor a lock of that name exists."""

        def taken(path: Path) -> bool:
            return path.exists() or lock_path(path).exists()

        return new_record_path(folder or self.saves_dir, taken)

    def elsewhere(self, current: Path | None) -> list[Path]:
        """Folders to save a game in when its own folder refuses it, best first."""
        folders = [self.saves_dir, *elsewhere_dirs()]
        return [f for f in folders if current is None or f != current.parent]

    def save_game(self, path: Path, state: GameState, headers: dict[str, str]) -> str | None:
        """Write a record; None on success, else a message."""
        try:
            save_record(path, state, dated(headers))
        except OSError as error:
            return _("The game could not be saved: {reason}").format(reason=error.strerror or error)
        return None

    def in_progress(
        self, most: int | None = None, free: bool = False
    ) -> list[tuple[Path, GameRecord]]:
        """The saved games not finished yet that load, newest first, `most` of them (a
        corrupt file is left out here; the saves list shows it with its error); `free`:
        only those not open in another window."""
        games: list[tuple[Path, GameRecord]] = []
        for path in self.list_saves():
            if most is not None and len(games) >= most:
                break
            if Headers(read_headers(path)).result != "*":
                continue
            if free and self.open_elsewhere(path):
                continue
            record, _error = self.load_game(path)
            if record is not None and not record.finished:
                games.append((path, record))
        return games

    def load_game(self, path: Path) -> tuple[GameRecord | None, RecordError | None]:
        """A replayed record, or None and why it cannot be loaded (`load_error` says it
        in words). A game cut off mid-write (a torn last line) loads up to its last
        whole move."""
        try:
            return load_journal(path), None
        except RecordError as error:
            return None, error
        except (OSError, ValueError) as error:
            return None, RecordError(str(error), clean_text(path.name))


def load_error(error: RecordError | str) -> str:
    """Why a saved game cannot be loaded, in words (`error`: the record's own reason)."""
    # TRANSLATORS: {reason} is the record's reason, in English ("line 5: ...")
    return _("This saved game cannot be loaded: {reason}").format(reason=error)
