"""The LAN menus: "Host a LAN game" (game, colour, your name) and "Join a LAN game"
(the hosts announced on the network, of any game the client plays, listed as they
appear and dropped when they go quiet, or a typed ADDRESS[:PORT]; your name).
Mouse, keyboard and pad alike; names and addresses are typed on the keyboard
(Enter on the row to edit it).
"""

from __future__ import annotations

import pygame

import net
from isaac_game.lan import LanSession
from isaac_game.lan.headless import LanError
from isaac_game.lan.join import parse_address
from isaac_game.match import HumanSeat

from .games import LAN_GAMES as PLAYABLE  # the games with a LAN scene
from .input import Action, Button
from .lan_hud import TextField, default_name, field_item
from .lan_lobby import LanLobbyScene
from .scene import Scene
from .theme import blit_text, draw_panel, ui_scale
from .widgets import Menu, MenuItem

#: Where a hosted game listens and beacons go. Tests point these at loopback.
HOST_BIND = "0.0.0.0"
HOST_PORT = net.DEFAULT_PORT
BEACON_PORT = net.BEACON_PORT

GAMES = ("isaac", "foundations", "hari")
COLOURS = ("dark", "light", "random")


def game_label(game: object) -> str:
    return str(game).upper() + ("" if game in PLAYABLE else "  (not in this client yet)")


class _LanMenu(Scene):
    """A title, a menu panel with text fields, a message line and a hint."""

    title = ""
    hint = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.name_field = TextField(default_name(app.settings.player_name), limit=32)
        self.editing: TextField | None = None
        self.message = ""
        self.menu = Menu([])

    def edit(self, field: TextField) -> None:
        self.editing = field
        field.begin(self.app.frames)

    def edited(self, field: TextField) -> None:
        """A field's edit ended with Enter (or A)."""
        if field is self.name_field:
            name = field.text.strip() or "Player"
            field.text = name
            self.app.settings.player_name = name
            self.app.save_settings()

    def handle(self, action: Action) -> None:
        field = self.editing
        if field is not None:
            result = field.handle(action, self.app.frames)
            if result in ("done", "cancel"):
                field.end(keep=result == "done")
                self.editing = None
                if result == "done":
                    self.edited(field)
            if result is not None:
                return
        if action.button in (Button.BACK, Button.PAUSE):
            self.app.pop(self)
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        at = (w // 2, int(h * 0.1))
        blit_text(surface, fonts, self.title, int(64 * u), pal.accent, at, "center", True)
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 860 * u)), int(h * 0.66))
        panel.midtop = (w // 2, int(h * 0.18))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        inner = panel.inflate(-int(40 * u), -int(30 * u))
        px = min(int(32 * u), int(inner.height / max(1, len(self.menu.items)) / 1.7))
        self.menu.layout(inner, px)
        self.menu.draw(surface, fonts, pal)
        if self.message:
            px = fonts.fit(self.message, int(26 * u), int(w * 0.9))
            at = (w // 2, panel.bottom + int(26 * u))
            blit_text(surface, fonts, self.message, px, pal.illegal, at, "center")
        hint = "Typing: Enter keeps it, Esc cancels." if self.editing else self.hint
        at = (w // 2, h - int(26 * u))
        blit_text(surface, fonts, hint, int(22 * u), pal.text_dim, at, "center")


class LanHostScene(_LanMenu):
    name = "lan_host"
    title = "Host a LAN game"
    hint = "Left / Right change a value; Esc or B goes back."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = PLAYABLE[0]
        self.colour = "dark"
        self.menu = Menu(
            [
                MenuItem("Game", values=GAMES, get=lambda: self.game, set=self._set_game,
                         show=game_label, key="game"),
                MenuItem("Your colour", values=COLOURS, get=lambda: self.colour,
                         set=self._set_colour, show=lambda c: str(c).title(), key="colour"),
                field_item("Your name", self.name_field, lambda: self.edit(self.name_field),
                           "name"),
                MenuItem("Start hosting", self.start, enabled=lambda: self.game in PLAYABLE,
                         key="start"),
                MenuItem("Back", lambda: app.pop(self), key="back"),
            ],
            on_change=lambda: app.audio.play("click"),
        )  # fmt: skip

    def _set_game(self, game: object) -> None:
        self.game = str(game)

    def _set_colour(self, colour: object) -> None:
        self.colour = str(colour)

    def start(self) -> None:
        if self.game not in PLAYABLE:
            self.message = f"{self.game.upper()} cannot be played in this client yet"
            return
        name = self.name_field.text.strip() or "Player"
        session, port, error = None, 0, ""
        for try_port in dict.fromkeys((HOST_PORT, 0)):  # the usual port, else any free one
            session = LanSession.host(
                self.game,
                HumanSeat(name),
                name=name,
                bind=HOST_BIND,
                port=try_port,
                seat=self.colour,
                beacon_port=BEACON_PORT,
            )
            try:
                _, port = session.start()  # type: ignore[misc]
                break
            except OSError as exc:
                error = exc.strerror or str(exc)
                session = None
        if session is None:
            self.message = f"Cannot listen on {HOST_BIND}: {error}"
            return
        self.message = ""
        lobby = LanLobbyScene(self.app, session, where="", bind=HOST_BIND, port=port)
        self.app.push(lobby)


class LanJoinScene(_LanMenu):
    name = "lan_join"
    title = "Join a LAN game"
    hint = "Games hosted on your network appear here by themselves. Esc or B goes back."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.address = TextField("", limit=80)
        self.browser: net.Browser | None = None
        self.hosts: list[net.HostInfo] = []
        self.browse_error = ""
        self._shown: tuple = ()
        self._rebuild()

    # ----- discovery ------------------------------------------------------------------------

    def on_resume(self) -> None:
        if self.browser is None:
            try:
                self.browser = net.Browser(beacon_port=BEACON_PORT)
                self.browse_error = ""
            except OSError as exc:
                self.browse_error = f"cannot listen for games: {exc.strerror or exc}"

    def on_pause(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> None:
        if self.browser is not None:
            self.hosts = self.browser.poll()
        shown = tuple((h.address, h.port, h.name, h.game, h.proto) for h in self.hosts)
        if shown != self._shown:
            self._shown = shown
            self._rebuild()

    def _rebuild(self) -> None:
        current = self.menu.current.key if self.menu.items else "address"
        rows = [
            field_item("Your name", self.name_field, lambda: self.edit(self.name_field), "name"),
            field_item("Address", self.address, lambda: self.edit(self.address), "address",
                       empty="e.g. 192.168.1.20:7755"),
            MenuItem("Join this address", self.join_typed, enabled=lambda: bool(self.address.text),
                     key="join_typed"),
        ]  # fmt: skip
        for h in self.hosts:
            rows.append(self._host_item(h))
        if not self.hosts:
            looking = self.browse_error or "Looking for games on the network..."
            rows.append(MenuItem(looking, enabled=lambda: False, key="none"))
        rows.append(MenuItem("Back", lambda: self.app.pop(self), key="back"))
        self.menu = Menu(rows, on_change=lambda: self.app.audio.play("click"))
        keys = [r.key for r in rows]
        if current in keys and rows[keys.index(current)].enabled():
            self.menu.index = keys.index(current)

    def _host_item(self, h: net.HostInfo) -> MenuItem:
        label = f"{h.name}  -  {h.game.upper()}  -  {h.address}:{h.port}"
        ok = h.proto == net.PROTO and h.game in PLAYABLE
        if h.proto != net.PROTO:
            label += "  (another version)"
        elif h.game not in PLAYABLE:
            label += "  (not in this client yet)"
        key = f"host:{h.address}:{h.port}"
        return MenuItem(label, lambda: self.join(h.address, h.port, h.game), lambda: ok, key=key)

    # ----- joining ------------------------------------------------------------------------------

    def edited(self, field: TextField) -> None:
        super().edited(field)
        if field is self.address and field.text.strip():
            self.join_typed()

    def join_typed(self) -> None:
        try:
            host, port = parse_address(self.address.text)
        except LanError as exc:
            self.message = str(exc).capitalize() + ": type an address like 192.168.1.20:7755"
            return
        # a listed host says which game it plays; otherwise guess, and the lobby
        # dials again if the host names another game
        listed = [h.game for h in self.hosts if (h.address, h.port) == (host, port)]
        known = next((g for g in listed if g in PLAYABLE), None)
        self.join(host, port, known or PLAYABLE[0], guessed=known is None)

    def join(self, host: str, port: int, game: str, guessed: bool = False) -> None:
        name = self.name_field.text.strip() or "Player"
        self.message = ""

        def dial(game: str) -> LanSession:
            session = LanSession.join(game, HumanSeat(name), host, port, name=name)
            session.start()
            return session

        lobby = LanLobbyScene(
            self.app, dial(game), where=f"{host}:{port}", redial=dial if guessed else None
        )
        self.app.push(lobby)

    def on_exit(self) -> None:
        self.on_pause()
