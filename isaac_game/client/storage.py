"""Where settings and saved games live: the user's config and data folders.

A corrupt or unreadable file never raises out of here: loading returns defaults (or
nothing) plus a message the screen can show.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from isaac_game.rules import GameRecord, GameState, RecordError, load_record, save_record

APP_NAME = "isaac-game"
#: Tests (and portable installs) can point everything at one folder.
HOME_ENV = "ISAAC_GAME_HOME"
RECORD_SUFFIX = ".isaac.txt"
HEADER_BYTES = 4096  # a record's header lines come first and are short
_HEADER_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*):[ \t]*(.*)")


def read_headers(path: Path) -> dict[str, str]:
    """A record's header lines (records.py's format), read without replaying any move.

    Cheap enough to list many files: only the first few KB are read. An unreadable
    file gives an empty dict (loading it later says what is wrong).
    """
    try:
        with open(path, "rb") as file:
            head = file.read(HEADER_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return {}
    headers: dict[str, str] = {}
    for raw in head.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _HEADER_LINE.fullmatch(line)
        if match is None:
            break  # the first move: the headers are over
        headers.setdefault(match.group(1), match.group(2).strip())
    return headers


@dataclass
class Settings:
    fullscreen: bool = False
    sound_volume: int = 7  # 0..10
    music_volume: int = 0  # 0..10; music is off by default
    colour_blind: bool = False
    hints: bool = True
    dark_kind: str = "human"
    light_kind: str = "human"
    player_name: str = ""  # the name LAN opponents see (empty: the login name)

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
        return settings


class Storage:
    """Paths and file I/O for settings and saved games."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None) -> None:
        home = os.environ.get(HOME_ENV)
        if config_dir is None or data_dir is None:
            if home:
                base = Path(home)
                config_dir = config_dir or base / "config"
                data_dir = data_dir or base / "data"
            else:
                import platformdirs

                config_dir = config_dir or Path(platformdirs.user_config_dir(APP_NAME, False))
                data_dir = data_dir or Path(platformdirs.user_data_dir(APP_NAME, False))
        self.config_dir = Path(config_dir)
        self.data_dir = Path(data_dir)

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    # ----- settings ----------------------------------------------------------------

    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings, or the defaults and a message saying what went wrong."""
        path = self.settings_path
        if not path.exists():
            return Settings(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return Settings.from_dict(data), None
        except (OSError, UnicodeDecodeError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            return Settings(), (
                f"Your settings file could not be read ({reason}); "
                "the defaults are used and it will be rewritten when you change a setting."
            )

    def save_settings(self, settings: Settings) -> str | None:
        try:
            self.config_dir.mkdir(parents=True, exist_ok=True)
            tmp = self.settings_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
            os.replace(tmp, self.settings_path)
        except OSError as error:
            return f"Settings could not be saved: {error.strerror}"
        return None

    # ----- saved games --------------------------------------------------------------

    def list_saves(self) -> list[Path]:
        """Saved games, newest first."""
        try:
            files = [p for p in self.saves_dir.iterdir() if p.name.endswith(RECORD_SUFFIX)]
        except OSError:
            return []
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def new_save_path(self) -> Path:
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        path = self.saves_dir / f"{stamp}{RECORD_SUFFIX}"
        n = 2
        while path.exists():
            path = self.saves_dir / f"{stamp}_{n}{RECORD_SUFFIX}"
            n += 1
        return path

    def save_game(self, path: Path, state: GameState, headers: dict[str, str]) -> str | None:
        """Write a record; None on success, else a message."""
        try:
            save_record(path, state, {"Date": time.strftime("%Y-%m-%d"), **headers})
        except OSError as error:
            return f"The game could not be saved: {error.strerror}"
        return None

    def load_game(self, path: Path) -> tuple[GameRecord | None, str | None]:
        """A replayed record, or None and a message saying why it cannot be loaded."""
        try:
            return load_record(path), None
        except RecordError as error:
            return None, f"This saved game cannot be loaded: {error}"
        except (OSError, ValueError) as error:  # pragma: no cover - belt and braces
            return None, f"This saved game cannot be loaded: {error}"
