"""Before a LAN game starts: the host waits for a joiner (showing where to dial), a
joiner dials. Each frame calls `session.update()` (never blocks); the first game the
session starts replaces this screen with that game's LAN board. Esc (or B) cancels.

A joiner that dialled a typed address guessed the game (a listed host says which
it plays); when the host turns it away for asking for another game (docs/protocol.md
1.1: `reject` with code `wrong-game`, naming its `game`), the lobby dials once more
for that game. Refusals are told apart by their code, never by their reason text.

The lobby is where the window first holds a session (`attach`): from here on the
network wakes the resting window when news comes, and the chat is kept in the data
folder for the whole game (a rejoin after a crash shows what was said before).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from isaac_game.i18n import _
from isaac_game.lan import (
    BAD_TOKEN,
    TABLE_FULL,
    WRONG_GAME,
    LanSession,
    host_addresses,
    is_loopback,
)

from ..clock_row import clock_name
from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, draw_panel, line_step, ui_scale, wrap
from ..widgets.menu import Menu, MenuItem


def dial_addresses(bind: str, port: int) -> list[str]:
    """What another machine can dial: this machine's non-loopback IPv4 addresses
    (only the bound one if bound to one; loopback only when nothing else exists)."""
    if bind not in ("", "0.0.0.0"):
        return [f"{bind}:{port}"]
    addrs = [a for a in host_addresses() if not a.startswith("127.")]
    return [f"{a}:{port}" for a in addrs] or [f"127.0.0.1:{port}"]


def attach(app, session: LanSession) -> LanSession:
    """The window follows `session`: news wakes its loop, the chat is kept on disk."""
    session.wake_with(app.wake)
    session.keep_chat(app.storage.data_dir)
    return session


def game_named(session: LanSession, games: tuple[str, ...]) -> str | None:
    """The game the host plays, from its `wrong-game` refusal's `game` field, if it is
    one of `games` (this client's)."""
    if session.rejected is None or session.rejected_code != WRONG_GAME:
        return None
    return session.rejected_game if session.rejected_game in games else None


class LanLobbyScene(Scene):
    name = "lan_lobby"

    def __init__(
        self,
        app,
        session: LanSession,
        *,
        where: str,
        bind: str = "",
        port: int = 0,
        redial: Callable[[str], LanSession] | None = None,
        games: tuple[str, ...] = (),
        note: str | Callable[[], str] = "",
        save_path: Path | None = None,
    ):
        super().__init__(app)
        self.session = attach(app, session)
        self.games = games  # the games this client plays over the LAN
        self.where = where  # joiner: the address dialled
        #: joiner of a typed address: dials the same host for another game (once)
        self.redial = redial
        self.port = port
        #: one more line: "Rejoining your game with Ann" (a function: words made as drawn)
        self.note = note
        self.save_path = save_path  # the file the game goes on being kept in, if any
        self.addresses = dial_addresses(bind, port) if session.role == "host" else []
        self.loopback = all(is_loopback(a.rsplit(":", 1)[0]) for a in self.addresses)
        self.failed = ""  # why the connection could not be made (joiner)
        self.handed_over = False
        self.menu = Menu(
            [MenuItem(lambda: _("Back") if self.failed else _("Cancel"), self.cancel, key="cancel")]
        )

    def cancel(self) -> None:
        self.app.pop(self)

    def on_exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    def handle(self, action: Action) -> None:
        if action.button in (Button.BACK, Button.PAUSE):
            self.cancel()
        else:
            self.menu.handle(action)

    def refresh_every(self) -> float | None:
        return 0.5  # "Connecting..." counts its dots

    def update(self, dt: float) -> None:
        if self.failed:
            return
        s = self.session
        news = s.update()
        if news:
            self.app.request_redraw()  # a refusal, a closed link: said at once
            self.heard(news)
        if s.match is not None:
            self.handed_over = True
            self.app.audio.play("click")
            if self.save_path is not None:
                self.app.switch("lan_match", s, save_path=self.save_path)
            else:
                self.app.switch("lan_match", s)
        elif s.rejected is not None and self._redial(game_named(s, self.games)):
            return
        elif s.rejected is not None and s.rejected_code == BAD_TOKEN:
            self.failed = _("{address} no longer keeps that game").format(address=self.where)
        elif s.rejected is not None and s.rejected_code == TABLE_FULL:
            self.failed = _("{address} is busy: a game is under way or kept for its player").format(
                address=self.where
            )
        elif s.rejected is not None:
            # TRANSLATORS: {reason} is the host's own words (sent over the network)
            self.failed = _("{address} turned us away: {reason}").format(
                address=self.where, reason=s.rejected
            )
        elif s.closed is not None:
            reason = s.closed
            if reason.startswith("could not connect"):
                reason = reason.removeprefix("could not connect:").strip() or reason
                if "refused" in reason.lower() or "failed" in reason.lower():
                    reason = _("nobody is hosting a game there")
            # TRANSLATORS: {reason}: why, often the system's own words
            self.failed = _("Could not connect to {address}: {reason}").format(
                address=self.where, reason=reason
            )

    def heard(self, news: list) -> None:
        """What the session said this frame, for a lobby that shows more of it (the
        relay's: the wrong codes tried)."""

    def _redial(self, game: str | None) -> bool:
        """Dial again for the host's `game` (True), if the first dial only guessed."""
        if self.redial is None or game is None or game == self.session.adapter.game:
            return False
        self.session.close()
        self.session = attach(self.app, self.redial(game))
        self.redial = None
        return True

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) rows of the screen: "big", "code", "text", "dim", "warn"."""
        s = self.session
        game = s.adapter.game.upper()
        dots = "." * (1 + int(self.app.time * 2) % 3)
        if s.role == "host":
            hosted = _("{game}, hosted by {name}").format(game=game, name=s.name)
            rows = [("text", hosted), *self.clock_rows(), ("dim", _("Others can join at:"))]
            rows += [("big", a) for a in self.addresses]
            if self.loopback:
                rows.append(("dim", _("(this machine only: no network address found)")))
            rows.append(("dim", _('Listed under "Join a LAN game" on their screens')))
            # TRANSLATORS: {dots} is one to three dots, counting while it waits
            rows.append(("text", _("Waiting for a player{dots}").format(dots=dots)))
            return rows
        if self.failed:
            return [("warn", self.failed)]
        if self.redial:
            what = _("Joining as {name}").format(name=s.name)
        else:
            # TRANSLATORS: the game's name and the player's: "ISAAC as Ann"
            what = _("{game} as {name}").format(game=game, name=s.name)
        connecting = _("Connecting{dots}").format(dots=dots)
        rows = [("text", what), ("big", self.where), ("text", connecting)]
        note = self.note() if callable(self.note) else self.note
        return [("dim", note), *rows] if note else rows

    def clock_rows(self) -> list[tuple[str, str]]:
        """Host: the clock its games are played to, if it offers one."""
        asked = self.session.asked_clock
        if asked is None:
            return []
        # TRANSLATORS: a hosted game's time control ("5 min + 3 s"), under its name
        return [("dim", _("Played to a clock: {clock}").format(clock=clock_name(str(asked))))]

    def heading(self) -> str:
        return _("Hosting a LAN game") if self.session.role == "host" else _("Joining a LAN game")

    def _rows(self, width: int, u: float, room: int) -> tuple[list[tuple], int]:
        """The rows of `lines()` wrapped for a panel `width` wide, each line (text, size,
        colour, bold, the step to the next), and their height. Each line steps by its
        real height (`line_step`), so a larger text size never runs one into the next;
        rows higher than `room` (a long warning at a large text size in a small window)
        are drawn smaller until they fit, or as small as they may be."""
        pal, fonts = self.app.palette, self.app.fonts
        styles = {
            "big": (56, pal.text, True),
            "code": (96, pal.accent, True),  # a relay's code, to read aloud
            "text": (32, pal.text, False),
            "dim": (26, pal.text_dim, False),
            "warn": (30, pal.illegal, True),
        }
        rows: list[tuple] = []
        height = 0
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6):
            rows, height = [], 0
            for style, text in self.lines():
                size, colour, bold = styles[style]
                px = int(size * u * shrink)
                for line in wrap(fonts, text, px, width - int(60 * u), bold):
                    step = line_step(fonts, px, 1.25, bold)
                    rows.append((line, px, colour, bold, step))
                    height += step
                height += int(6 * u)
                if rows:  # the gap after a row goes with its last line
                    line, px, colour, bold, step = rows[-1]
                    rows[-1] = (line, px, colour, bold, step + int(6 * u))
            if height <= room:
                break
        return rows, height

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        title = self.heading()
        at = (w // 2, int(h * 0.12))
        blit_text(surface, fonts, title, int(64 * u), pal.accent, at, "center", True)
        menu_px = int(30 * u)
        menu_h = max(1, int(menu_px * 1.7)) * len(self.menu.items)  # `Menu.layout`'s rows
        top, lowest = int(h * 0.22), h - int(56 * u)  # the panel's room: the hint is under it
        panel = pygame.Rect(0, 0, int(min(w * 0.8, 820 * u)), int(h * 0.64))
        room = lowest - top - int(70 * u) - menu_h  # for the rows: the margins and menu taken
        rows, height = self._rows(panel.width, u, room)
        panel.height = min(max(panel.height, height + menu_h + int(70 * u)), lowest - top)
        panel.midtop = (w // 2, top)
        draw_panel(surface, panel, pal, radius=int(18 * u))
        y = panel.y + int(30 * u)
        for line, px, colour, bold, step in rows:
            px_fit = fonts.fit(line, px, panel.width - int(40 * u), bold)
            blit_text(surface, fonts, line, px_fit, colour, (w // 2, y), "midtop", bold)
            y += step
        width = int(260 * u) if len(self.menu.items) == 1 else panel.width - int(80 * u)
        box = pygame.Rect(0, 0, width, menu_h)
        box.midbottom = (w // 2, panel.bottom - int(20 * u))
        self.menu.layout(box, menu_px)
        self.menu.draw(surface, fonts, pal)
        hint = _("Esc or B: cancel")
        at = (w // 2, h - int(26 * u))
        blit_text(surface, fonts, hint, int(22 * u), pal.text_dim, at, "center")
