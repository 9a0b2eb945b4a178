"""Play online: a game with a friend anywhere, through a relay (`isaac_game.lan.online`),
met by a short code instead of an address. From the lobby on it is the LAN game in
every way (the same session, lobby, board, chat, link bar and results).

    Play online -> Host online (the LAN host's rows: game, colour, clock, name) -> the lobby,
                   showing the code to read aloud
                -> Join online (your name, the code) -> the lobby -> the game
                -> Watch online (your name, the host's watch code) -> the watch screen

The relay's address is the player's (Settings > Relay, kept in the settings file) or
this run's (`isaac --relay HOST[:PORT]`, `App.relay_override`). With none, Play online
says in one sentence what a relay is and how to get one, and that is all. The code is
typed on the keyboard (Enter on its row) or, with a pad, on the on-screen keyboard (A
on its row); one that cannot be a code says why in one line, in the player's words.
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import N_, _
from isaac_game.lan import LanSession, TicketBook
from isaac_game.lan.online import (
    EXAMPLE,
    CodeError,
    RelayAddressError,
    RoomCode,
    host_online,
    join_online,
    parse_code,
    relay_address,
)
from isaac_game.lan.watch import LanWatch
from isaac_game.match import HumanSeat

from ..scene import Scene
from ..theme import blit_text, line_step, wrap
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen
from .fields import DEFAULT_NAME, TextField, field_item, player_name
from .menu import LanHostScene, _LanMenu
from .resume import joined_save

#: Play online with no relay set: what a relay is and how to get one, in one sentence.
NO_RELAY = N_(
    "A relay is a small server that carries a game between two players anywhere: a club "
    "runs one with python -m isaac_game relay (see docs/relay.md), and you put its address "
    "in Settings > Relay."
)
#: Why a code cannot be one, by what `CodeError` found (its own words are English).
CODE_REASONS = {
    # TRANSLATORS: {char}: what was typed; {example}: a code, K7M-4QP
    "char": N_("'{char}' cannot be in a code: a code has digits and letters only, like {example}"),
    # TRANSLATORS: {want}: 6; {example}: a code, K7M-4QP; {count}: the characters typed
    "count": N_("A code has {want} characters, like {example}; this one has {count}"),
}


def relay_of(app) -> str:
    """The relay Play online goes through: this run's (`--relay`), else Settings'."""
    return app.relay_override or app.settings.relay.strip()


def bad_relay(address: str) -> str:
    # TRANSLATORS: {address}: what the player typed as the relay's address
    return _("{address} is not a relay address: type one like club.example.org:4222").format(
        address=repr(address)
    )


def code_problem(error: CodeError) -> str:
    """What is wrong with a typed code, in one line of the player's language."""
    if error.char:
        return _(CODE_REASONS["char"]).format(char=error.char, example=EXAMPLE)
    want = len(EXAMPLE.replace("-", ""))
    return _(CODE_REASONS["count"]).format(want=want, example=EXAMPLE, count=error.count)


def online_scene(app, games: tuple[str, ...]) -> Scene:
    """Play online: its menu; with no relay (or one that is no address), a message."""
    relay = relay_of(app)
    if not relay:
        return app.make("message", _("Play online"), _(NO_RELAY))
    try:
        relay_address(relay)
    except RelayAddressError:
        return app.make("message", _("Play online"), bad_relay(relay))
    return PlayOnlineScene(app, games)


class PlayOnlineScene(MenuScreen):
    """Host online, Join online or Watch online, and which relay they go through."""

    name = "online"
    heading = N_("Play online")
    footer = N_("Esc or B goes back.")
    panel_size = (0.7, 720, 0.4)

    def __init__(self, app, games: tuple[str, ...]) -> None:
        super().__init__(
            app,
            [
                MenuItem(N_("Host online"), lambda: app.open("online_host"), key="host"),
                MenuItem(N_("Join online"), lambda: app.open("online_join"), key="join"),
                MenuItem(N_("Watch online"), lambda: app.open("online_watch"), key="watch"),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ],
        )
        self.games = games

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        # TRANSLATORS: under Play online's menu: {address} is the relay's
        line = _("Through the relay at {address}").format(address=relay_of(self.app))
        fonts, w = self.app.fonts, surface.get_width()
        px = fonts.fit(line, int(26 * u), int(w * 0.9))
        at = (w // 2, panel.bottom + int(30 * u))
        blit_text(surface, fonts, line, px, self.app.palette.text_dim, at, "center")


class OnlineHostScene(LanHostScene):
    """The LAN host's rows (game, colour, clock, name); Start hosting hosts through the
    relay."""

    name = "online_host"
    heading = N_("Host online")

    def told(self, line: str) -> None:
        """The lobby gave up (the relay cannot be reached): say why here."""
        self.message = line

    def start(self) -> None:
        if self.game not in self.games:
            super().start()  # says it cannot be played here
            return
        name = player_name(self.name_field.text)
        relay = relay_of(self.app)
        try:
            session = host_online(self.game, HumanSeat(name), relay, name=name, seat=self.colour,
                                  rest_after_game=True, clock=self.clock())  # fmt: skip
        except RelayAddressError:
            self.message = bad_relay(relay)
            return
        self.message = ""
        self.app.open("online_lobby", session, start=True, back=self.told)


class _CodeScene(_LanMenu):
    """Your name and a code the host reads you; Enter on the code (or the scene's one
    button) goes (`go`) with the code and Settings' relay, once both read."""

    code_label = N_("Code")
    # TRANSLATORS: the on-screen keyboard's heading while the code is typed
    code_heading = N_("The code your friend reads you")
    button = N_("Join")
    button_key = "join"

    def __init__(self, app, games: tuple[str, ...]) -> None:
        super().__init__(app, games)
        self.code = TextField("", limit=16)
        self.fields["code"] = (self.code_heading, self.code)
        self.menu = self.make_menu(
            [
                field_item(N_("Your name"), self.name_field, lambda: self.edit(self.name_field),
                           "name", empty=DEFAULT_NAME),
                field_item(self.code_label, self.code, lambda: self.edit(self.code), "code",
                           empty=N_("e.g. K7M-4QP")),
                MenuItem(self.button, self.go, enabled=lambda: bool(self.code.text.strip()),
                         key=self.button_key),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ]
        )  # fmt: skip
        self.menu.select("code")

    def edited(self, field: TextField) -> None:
        super().edited(field)
        if field is self.code and field.text.strip():
            self.go()

    def go(self) -> None:
        """Go with the code typed (`go_with`), or say what is wrong with it, or with
        the relay."""
        try:
            code = parse_code(self.code.text)
        except CodeError as error:
            self.message = code_problem(error)
            return
        typed = relay_of(self.app)
        try:
            relay = relay_address(typed)
        except RelayAddressError:
            self.message = bad_relay(typed)
            return
        self.message = ""
        self.go_with(code, relay, player_name(self.name_field.text))

    def go_with(self, code: RoomCode, relay: str, name: str) -> None:
        raise NotImplementedError

    def guessed_game(self) -> str:
        """The title's game, as a guess: a host that plays another names it (its
        refusal), and it is dialled once more for that one."""
        game = self.app.settings.game
        return game if game in self.games else self.games[0]


class OnlineJoinScene(_CodeScene):
    """Your name and the code; Enter on the code (or Join) dials it."""

    name = "online_join"
    heading = N_("Join online")
    hint = N_("Type the code your friend reads you. Esc or B goes back.")

    def told(self, line: str) -> None:
        """The lobby gave up (a wrong code, the relay unreachable): say why here."""
        self.message = line

    def go_with(self, code: RoomCode, relay: str, name: str) -> None:
        tickets = TicketBook(self.app.storage.data_dir, relay=True)
        ticket = tickets.load()
        token, game = None, self.guessed_game()
        if ticket is not None and ticket.fits_relay(relay, str(code)):
            token, game = ticket.token, ticket.game  # that game, rejoined

        def dial(game: str) -> LanSession:
            session = join_online(game, HumanSeat(name), relay, code, name=name, token=token,
                                  tickets=tickets)  # fmt: skip
            session.start()
            return session

        # the host says which game it plays if it is not the one guessed (the title's):
        # the lobby dials once more for it, as for a typed LAN address
        kept = joined_save(self.app.storage, token) if token is not None else None
        self.app.open("online_lobby", dial(game), where=str(code), back=self.told,
                      redial=None if token else dial, save_path=kept)  # fmt: skip


class OnlineWatchScene(_CodeScene):
    """Your name and the host's watch code; Enter on the code (or Watch) opens the watch
    screen (`watch.py`), which says what stands in the way, if anything does."""

    name = "online_watch"
    heading = N_("Watch online")
    hint = N_("Type the watch code the host reads you. Esc or B goes back.")
    code_label = N_("Watch code")
    # TRANSLATORS: the on-screen keyboard's heading while the watch code is typed
    code_heading = N_("The watch code the host reads you")
    button = N_("Watch")
    button_key = "watch"

    def go_with(self, code: RoomCode, relay: str, name: str) -> None:
        # a host that plays another game than the one guessed names it, and the watch
        # screen watches that one instead
        watch = LanWatch.online(self.guessed_game(), relay, code, name=name)
        watch.start()
        self.app.open("watch", watch)


class RelaySettingScene(_LanMenu):
    """Settings > Relay: the relay's address, typed (or left empty: none)."""

    name = "relay_setting"
    heading = N_("Relay")
    panel_size = (0.8, 860, 0.3)
    hint = N_("HOST or HOST:PORT, as the relay's owner gives it. Esc or B goes back.")

    def __init__(self, app) -> None:
        super().__init__(app, ())
        self.address = TextField(app.settings.relay, limit=120)
        # TRANSLATORS: the on-screen keyboard's heading while the relay is typed
        self.fields["relay"] = (N_("The relay's address (HOST:PORT)"), self.address)
        self.menu = self.make_menu(
            [
                field_item(N_("Relay"), self.address, lambda: self.edit(self.address), "relay",
                           empty=N_("none")),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ]
        )  # fmt: skip

    def edited(self, field: TextField) -> None:
        """Kept as the relay reads it (`host:4222`); an address that names no relay is
        said so, and not kept."""
        typed = field.text.strip()
        try:
            address = relay_address(typed) if typed else ""
        except RelayAddressError:
            self.message = bad_relay(typed)
            return
        self.message = ""
        field.text = address
        self.app.settings.relay = address
        self.app.save_settings()

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        """Under the rows (and the message line): what a relay is, and this run's."""
        super().draw_extra(surface, panel, u)
        fonts, pal = self.app.fonts, self.app.palette
        text = _(NO_RELAY)
        if self.app.relay_override:
            # TRANSLATORS: {address}: the relay given on the command line (isaac --relay)
            run = _("This run uses {address} (isaac --relay).")
            text += " " + run.format(address=self.app.relay_override)
        px = int(24 * u)
        y = panel.bottom + int(64 * u)
        for line in wrap(fonts, text, px, panel.width):
            blit_text(surface, fonts, line, px, pal.text_dim, (panel.centerx, y), "midtop")
            y += line_step(fonts, px, 1.25)
