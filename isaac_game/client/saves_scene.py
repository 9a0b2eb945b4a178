"""Choose a saved game to continue or to replay. Bad files give a message, not a crash."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from isaac_game.rules import GameState, new_game

from .dialog import MessageScene
from .input import Action, Button
from .scene import GameSetup, Scene
from .storage import RECORD_SUFFIX, read_headers
from .theme import blit_text, draw_panel, ui_scale
from .widgets import Menu, MenuItem

SHOWN = 8
_STAMP = re.compile(r"(\d{4}-\d\d-\d\d)_(\d\d)-(\d\d)-\d\d(?:_\d+)?")


def save_label(path: Path) -> str:
    """`HARI  ·  Human v Computer (easy)  ·  2026-11-21 14:05  ·  Dark wins`, from the
    file's header lines alone (nothing is replayed just to list it)."""
    headers = read_headers(path)
    name = path.name.removesuffix(RECORD_SUFFIX)
    stamp = _STAMP.fullmatch(name)
    when = f"{stamp.group(1)} {stamp.group(2)}:{stamp.group(3)}" if stamp else ""
    when = when or headers.get("Date", "") or name.replace("_", " ")
    game = headers.get("Game", "")
    if not game:
        return f"{name.replace('_', ' ')}  (not a readable game record)"
    players = f"{headers.get('Dark', 'Dark')} v {headers.get('Light', 'Light')}"
    result = headers.get("Result", "*")
    if result == "*":
        state = "in progress"
    else:
        outcome = result.rsplit(",", 1)[-1].strip()
        state = "finished" + (f": {outcome[:1].upper()}{outcome[1:]}" if outcome else "")
    return "  ·  ".join((game.upper(), players, when, state))


def history_of(state: GameState) -> tuple[GameState, ...]:
    """Every state from the start to `state`, by replaying its moves (for undo)."""
    states = [new_game(state.game)]
    for move in state.moves:
        states.append(states[-1].play(move))
    return tuple(states)


class SavesScene(Scene):
    name = "saves"

    def __init__(self, app, purpose: str) -> None:
        super().__init__(app)
        self.purpose = purpose  # "continue" or "replay"
        self.menu = Menu([], on_change=lambda: app.audio.play("click"))
        self.refresh()

    def refresh(self) -> None:
        items = [
            MenuItem(save_label(path), (lambda p=path: self.open(p)), key=path.name)
            for path in self.app.storage.list_saves()[:SHOWN]
        ]
        items.append(MenuItem("Back", lambda: self.app.pop(self), key="back"))
        self.menu = Menu(items, on_change=lambda: self.app.audio.play("click"))

    def open(self, path: Path) -> None:
        record, error = self.app.storage.load_game(path)
        if record is None:
            self.app.push(MessageScene(self.app, "Cannot load", error or "unknown error"))
            return
        from .games import play_scene, playable, replay_scene

        if record.game not in playable():
            self.app.push(
                MessageScene(self.app, "Not yet", f"{record.game.upper()} is not playable yet.")
            )
            return
        if self.purpose == "replay":
            self.app.replace(replay_scene(self.app, record.state, path.name))
            return
        if record.state.is_over:
            self.app.push(
                MessageScene(
                    self.app, "Finished game", "That game is over: choose Replay to watch it."
                )
            )
            return
        from isaac_game.players import PLAYER_KINDS

        kinds = [record.headers.get(k, "human") for k in ("DarkPlayer", "LightPlayer")]
        kinds = [k if k in PLAYER_KINDS else "human" for k in kinds]
        setup = GameSetup(record.game, kinds[0], kinds[1], history_of(record.state), path)
        self.app.replace(play_scene(self.app, setup))

    def handle(self, action: Action) -> None:
        if action.button == Button.BACK:
            self.app.pop(self)
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        title = "Continue a saved game" if self.purpose == "continue" else "Replay a saved game"
        blit_text(
            surface, fonts, title, int(60 * u), pal.accent, (w // 2, int(h * 0.1)), "center", True
        )
        panel = pygame.Rect(0, 0, int(min(w * 0.9, 1000 * u)), int(h * 0.72))
        panel.midtop = (w // 2, int(h * 0.2))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        self.menu.layout(panel.inflate(-int(40 * u), -int(30 * u)), int(30 * u))
        self.menu.draw(surface, fonts, pal)
