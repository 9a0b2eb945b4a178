"""The LAN menus: "Host a LAN game" (game, colour, clock, your name) and "Join a LAN game"
(the hosts announced on the network, of any game the client plays, listed as they
appear and dropped when they go quiet, or a typed ADDRESS[:PORT]; your name). A host
whose game is under way is listed to watch (`watch.py`), not to join.
Mouse, keyboard and pad alike; names and addresses are typed on the keyboard
(Enter on the row to edit it), or with a pad on the on-screen keyboard (A on the row).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from isaac_game.clock import TimeControl
from isaac_game.i18n import N_, _, pgettext
from isaac_game.lan import (
    BEACON_PORT as DEFAULT_BEACON_PORT,
)
from isaac_game.lan import (
    DEFAULT_PORT,
    PROTO,
    AddressError,
    HostBrowser,
    HostInfo,
    LanSession,
    TicketBook,
    parse_address,
)
from isaac_game.lan.address import BadPort
from isaac_game.lan.watch import LanWatch
from isaac_game.match import HumanSeat
from isaac_game.rules import Player

from ..clock_row import clock_item
from ..handoff import settings_clock
from ..input import Action, Button
from ..theme import blit_text
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen
from ..words import side_name
from .fields import DEFAULT_NAME, TextField, default_name, field_item, mark_row, player_name
from .resume import joined_save

#: Where a hosted game listens and beacons go. Tests point these at loopback.
HOST_BIND = "0.0.0.0"
HOST_PORT = DEFAULT_PORT
BEACON_PORT = DEFAULT_BEACON_PORT

COLOURS = ("dark", "light", "random")


def colour_name(colour: object) -> str:
    """A colour of the host's choice ("dark", "light", "random") in the player's words."""
    if colour in ("dark", "light"):
        return side_name(Player(colour))
    return pgettext("colour", "Random")


def start_host(
    game: str,
    name: str,
    colour: str,
    moves: Sequence[str] = (),
    token: str | None = None,
    clock: TimeControl | None = None,
    clock_left: tuple[float, float] | None = None,
) -> tuple[LanSession | None, int, str]:
    """Host on HOST_BIND at the usual port, else any free one: (session, port, "") or
    (None, 0, why not, in the player's words). `moves` and `token`: a saved game hosted
    again (`clock_left`: the time left at its last move). `clock`: the games are played
    to it, this host's clock deciding."""
    error = ""
    for try_port in dict.fromkeys((HOST_PORT, 0)):
        session = LanSession.host(
            game,
            HumanSeat(name),
            name=name,
            bind=HOST_BIND,
            port=try_port,
            seat=colour,
            beacon_port=BEACON_PORT,
            moves=moves,
            token=token,
            clock=clock,
            clock_left=clock_left,
            rest_after_game=True,  # open to a new joiner after a game only if its player says so
        )
        try:
            __, port = session.start()  # type: ignore[misc]
            return session, port, ""
        except OSError as exc:
            error = exc.strerror or str(exc)
    # TRANSLATORS: {address} is where the game listens; {error} is the system's reason
    return None, 0, _("Cannot listen on {address}: {error}").format(address=HOST_BIND, error=error)


class _LanMenu(MenuScreen):
    """A heading, a menu panel with text fields, a message line and a hint.

    `games` are the games this client plays (the registry's records).
    """

    heading_px = 64
    panel_size = (0.8, 860, 0.66)
    panel_top = 0.18
    hint = ""

    def __init__(self, app, games: tuple[str, ...]) -> None:
        super().__init__(app)
        self.games = games
        self.name_field = TextField(default_name(app.settings.player_name), limit=32)
        #: the text rows by menu key: (what the on-screen keyboard is headed, the field)
        #: (English sources, translated as shown)
        self.fields: dict[str, tuple[str, TextField]] = {"name": (N_("Your name"), self.name_field)}
        self.editing: TextField | None = None
        self.message = ""

    def game_label(self, game: object) -> str:
        if game in self.games:
            return str(game).upper()  # a game's name is a proper name: never translated
        return _("{game}  (not in this client yet)").format(game=str(game).upper())

    def edit(self, field: TextField) -> None:
        self.editing = field
        field.begin(self.app.input.presses)

    def edited(self, field: TextField) -> None:
        """A field's edit ended with Enter (or A). A name left empty is saved empty and
        the field goes back to the default: the login name, else nothing, which the row
        shows as the default name in the language of the moment (`player_name`)."""
        if field is self.name_field:
            name = field.text.strip()
            self.app.settings.player_name = name
            self.app.save_settings()
            field.text = default_name(name)

    def type_on_screen(self, heading: str, field: TextField) -> None:
        """A pad player's A on a text row: the on-screen keyboard types into the field."""

        def typed(text: str) -> None:
            field.text = text
            self.edited(field)

        self.app.open("keyboard", heading, field.text, typed, field.limit)

    def handle(self, action: Action) -> None:
        field = self.editing
        pad_a = action.button == Button.CONFIRM and action.device == "pad"
        if field is None and pad_a and self.menu.current.key in self.fields:
            self.type_on_screen(*self.fields[self.menu.current.key])
            return
        if field is not None:
            result = field.handle(action)
            if result in ("done", "cancel"):
                field.end(keep=result == "done")
                self.editing = None
                if result == "done":
                    self.edited(field)
            if result is not None:
                return
        super().handle(action)

    def on_pause(self) -> None:
        """Another screen comes over (or this one goes): an edit under way is dropped,
        and the keys are the game's again (`fields.py`)."""
        if self.editing is not None:
            self.editing.end(keep=False)
            self.editing = None

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        return min(int(32 * u), int(area.height / max(1, len(self.menu.items)) / 1.7))

    def footer_text(self) -> str:
        if self.editing:
            return _("Typing: Enter keeps it, Esc cancels.")
        return _(self.hint) if self.hint else ""

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        field = self.editing
        if field is not None:  # the row being edited: what an input method composes
            row = next(k for k, (_label, f) in self.fields.items() if f is field)
            pal = self.app.palette
            mark_row(surface, self.app.fonts, pal.accent, self.menu.item(row), self.menu.px, field)
        if self.message:
            w, fonts = surface.get_width(), self.app.fonts
            px = fonts.fit(self.message, int(26 * u), int(w * 0.9))
            at = (w // 2, panel.bottom + int(26 * u))
            blit_text(surface, fonts, self.message, px, self.app.palette.illegal, at, "center")


class LanHostScene(_LanMenu):
    name = "lan_host"
    heading = N_("Host a LAN game")
    hint = N_("Left / Right change a value; Esc or B goes back.")

    def __init__(self, app, games: tuple[str, ...]) -> None:
        super().__init__(app, games)
        self.game = games[0]
        self.colour = "dark"
        self.menu = self.make_menu(
            [
                MenuItem(N_("Game"), values=self.games, get=lambda: self.game,
                         set=self._set_game, show=self.game_label, key="game"),
                MenuItem(N_("Your colour"), values=COLOURS, get=lambda: self.colour,
                         set=self._set_colour, show=colour_name, key="colour"),
                clock_item(app),  # the title's own row: one remembered choice
                field_item(N_("Your name"), self.name_field, lambda: self.edit(self.name_field),
                           "name", empty=DEFAULT_NAME),
                MenuItem(N_("Start hosting"), self.start,
                         enabled=lambda: self.game in self.games, key="start"),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ],
        )  # fmt: skip

    def _set_game(self, game: object) -> None:
        self.game = str(game)

    def _set_colour(self, colour: object) -> None:
        self.colour = str(colour)

    def clock(self) -> TimeControl | None:
        """The time control the hosted games are played to (the Clock row's)."""
        return settings_clock(self.app.settings.clock)

    def start(self) -> None:
        if self.game not in self.games:
            self.message = _("{game} cannot be played in this client yet").format(
                game=self.game.upper()
            )
            return
        name = player_name(self.name_field.text)
        session, port, error = start_host(self.game, name, self.colour, clock=self.clock())
        if session is None:
            self.message = error
            return
        self.message = ""
        self.app.open("lan_lobby", session, where="", bind=HOST_BIND, port=port)


class LanJoinScene(_LanMenu):
    name = "lan_join"
    heading = N_("Join a LAN game")
    hint = N_("Games hosted on your network appear here by themselves. Esc or B goes back.")

    def __init__(self, app, games: tuple[str, ...]) -> None:
        super().__init__(app, games)
        self.address = TextField("", limit=80)
        self.fields["address"] = (N_("Address to join (ADDRESS:PORT)"), self.address)
        self.browser: HostBrowser | None = None
        self.hosts: list[HostInfo] = []
        self.browse_error = ""
        self._shown: tuple = ()
        self._rebuild()

    # ----- discovery ------------------------------------------------------------------------

    def on_resume(self) -> None:
        if self.browser is None:
            try:
                self.browser = HostBrowser(beacon_port=BEACON_PORT)
                self.browse_error = ""
            except OSError as exc:
                self.browse_error = _("cannot listen for games: {error}").format(
                    error=exc.strerror or exc
                )

    def on_pause(self) -> None:
        super().on_pause()
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def refresh_every(self) -> float | None:
        return 0.5  # hosts come and go on the list

    def update(self, dt: float) -> None:
        if self.browser is not None:
            self.hosts = self.browser.poll()
        shown = tuple((h.address, h.port, h.name, h.game, h.proto, h.playing) for h in self.hosts)
        if shown != self._shown:
            self._shown = shown
            self._rebuild()

    def _rebuild(self) -> None:
        current = self.menu.current.key if self.menu.items else "address"
        rows = [
            field_item(N_("Your name"), self.name_field, lambda: self.edit(self.name_field),
                       "name", empty=DEFAULT_NAME),
            field_item(N_("Address"), self.address, lambda: self.edit(self.address), "address",
                       empty=N_("e.g. 192.168.1.20:7755")),
            MenuItem(N_("Join this address"), self.join_typed,
                     enabled=lambda: bool(self.address.text), key="join_typed"),
        ]  # fmt: skip
        for h in self.hosts:
            rows.append(self._host_item(h))
        if not self.hosts:
            rows.append(MenuItem(self._looking, enabled=lambda: False, key="none"))
        rows.append(MenuItem(N_("Back"), lambda: self.app.pop(self), key="back"))
        self.menu = self.make_menu(rows)
        keys = [r.key for r in rows]
        if current in keys and rows[keys.index(current)].enabled():
            self.menu.index = keys.index(current)

    def _looking(self) -> str:
        return self.browse_error or _("Looking for games on the network...")

    def _host_item(self, h: HostInfo) -> MenuItem:
        ok = h.proto == PROTO and h.game in self.games

        def label() -> str:
            # the host's name (its own words), its game (a proper name), where it is
            listed = f"{h.name}  -  {h.game.upper()}  -  {h.address}:{h.port}"
            if h.proto != PROTO:
                return _("{host}  (another version)").format(host=listed)
            if h.game not in self.games:
                return _("{host}  (not in this client yet)").format(host=listed)
            return listed

        if h.playing:  # a game under way there: to watch, not to join
            # TRANSLATORS: a listed host whose game is under way; {host} is its name, game
            # and address: "Watch: Hal  -  ISAAC  -  192.168.1.20:7755"
            watch = _("Watch: {host}")
            return MenuItem(lambda: watch.format(host=label()), lambda: self.watch(h),
                            lambda: ok, key=f"watch:{h.address}:{h.port}")  # fmt: skip
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
        except AddressError as exc:
            typed = repr(self.address.text.strip())
            if isinstance(exc, BadPort):
                said = _("Bad port in {address}: type an address like 192.168.1.20:7755")
            else:
                said = _("Bad address {address}: type an address like 192.168.1.20:7755")
            self.message = said.format(address=typed)
            return
        # a listed host says which game it plays; otherwise guess, and the lobby
        # dials again if the host names another game
        listed = [h.game for h in self.hosts if (h.address, h.port) == (host, port)]
        known = next((g for g in listed if g in self.games), None)
        self.join(host, port, known or self.games[0], guessed=known is None)

    def watch(self, h: HostInfo) -> None:
        """Watch the game under way at the listed host `h` (docs/protocol.md 1.2)."""
        self.message = ""
        watch = LanWatch.lan(h.game, h.address, h.port, name=player_name(self.name_field.text))
        watch.start()
        self.app.open("watch", watch)

    def join(self, host: str, port: int, game: str, guessed: bool = False) -> None:
        """Dial `host`:`port`; with a ticket for that address, rejoin its game."""
        name = player_name(self.name_field.text)
        self.message = ""
        tickets = TicketBook(self.app.storage.data_dir)
        ticket = tickets.load()
        token = None
        if ticket is not None and ticket.fits(host, port):
            token, game, guessed = ticket.token, ticket.game, False

        def dial(game: str) -> LanSession:
            session = LanSession.join(game, HumanSeat(name), host, port, name=name,
                                      token=token, tickets=tickets)  # fmt: skip
            session.start()
            return session

        where = f"{host}:{port}"
        # a rejoin goes on in the file the earlier run kept the game in (`joined_save`)
        kept = joined_save(self.app.storage, token) if token is not None else None
        self.app.open("lan_lobby", dial(game), where=where, redial=dial if guessed else None,
                      save_path=kept)  # fmt: skip

    def on_exit(self) -> None:
        self.on_pause()
