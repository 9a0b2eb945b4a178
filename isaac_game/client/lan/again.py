"""Host it again: a saved LAN game this machine hosted, hosted once more from the same
move (registered as `"lan_host_again"`, opened from the saves with the record's path).

The host keeps the game's colours and token, so the joiner's client or headless
`join` comes back with its ticket by itself; the host's person may also let anyone
take the other seat. The game goes on being kept in the same file. The screen is the
host's lobby with those choices, and the game can still be played out on this machine
instead (both sides here, as any saved game).

A game played online (its record keeps `LanRelay` and `LanCode`) is hosted again
through that relay with that code (`OnlineHostAgainScene`, the online lobby with the
same choices): the joiner's relay ticket dials nothing else. A relay that cannot be
reached is one line there, and the game can still be played here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from isaac_game.i18n import N_, _
from isaac_game.lan import KeptGame, LanRecordError, LanSession, load_kept
from isaac_game.lan.online import code_of, host_online, parse_code
from isaac_game.lan.saved import UNNAMED_PEER
from isaac_game.match import HumanSeat

from ..handoff import GameSetup, history_of
from ..scene import Scene
from ..widgets.menu import Menu, MenuItem
from . import menu as lan_menu
from .fields import default_name, player_name
from .lobby import LanLobbyScene
from .online_lobby import OnlineLobbyScene

if TYPE_CHECKING:
    from ..app import App


def peer_name(kept: KeptGame) -> str:
    """The joiner's name as the record keeps it, or "the other player" in the player's
    words when the record names nobody."""
    return _("the other player") if kept.peer == UNNAMED_PEER else kept.peer


def host_again(app: App, path: Path, games: tuple[str, ...] = ()) -> Scene:
    """The host-again lobby for the record at `path`, or a message saying why not."""
    try:
        kept = load_kept(Path(path))
    except LanRecordError as error:
        # the reasons of `isaac_game.lan.saved` are marked for the catalogue (a record
        # that cannot be read says so in the rules' words)
        return app.make("message", _("Cannot host it again"), _(str(error)))
    if games and kept.game not in games:
        not_yet = _("{game} is not playable yet.").format(game=kept.game.upper())
        return app.make("message", _("Not yet"), not_yet)
    name = player_name(default_name(app.settings.player_name))
    if kept.online:
        return OnlineHostAgainScene(app, host_online_again(kept, name), kept, Path(path), games)
    session, port, why = lan_menu.start_host(
        kept.game, name, kept.seat, kept.state.moves, kept.token, kept.clock, kept.left
    )
    if session is None:
        return app.make("message", _("Cannot host it again"), why)
    return LanHostAgainScene(app, session, kept, Path(path), port, games)


def host_online_again(kept: KeptGame, name: str) -> LanSession:
    """A host session (not started) for a game played online, through the relay the
    record names and with its code.

    The record's relay, not the one in Settings (nor `isaac --relay`) today: the joiner
    comes back with its relay ticket, which dials the relay and the code the game was
    played by, whatever either player has set since. Hosted through another relay the
    game would wait in a room the joiner never looks in, so a player who changed relays
    still finds the old friend; a relay that is gone says so in the lobby, and the game
    can be played out here."""
    return host_online(kept.game, HumanSeat(name), kept.relay, code=parse_code(kept.code),
                       name=name, seat=kept.seat, moves=kept.state.moves, token=kept.token,
                       rest_after_game=True, clock=kept.clock, clock_left=kept.left)  # fmt: skip


class _Again:
    """What a lobby hosting a kept game again adds, on the LAN or online: its choices
    (let anyone join, play it here instead, cancel) and the words for its joiner."""

    # the lobby's (annotations only: the lobby class after this one in the bases has them)
    app: App
    session: LanSession
    save_path: Path | None
    failed: str
    cancel: Callable[[], None]
    # this one's
    kept: KeptGame
    anyone: bool

    def again_menu(self, ready: Callable[[], bool] = lambda: True) -> Menu:
        """The choices; "Let anyone join" only while `ready()` (a host that listens)."""
        self.anyone = False  # the host's person lets anyone take the other seat
        leave = lambda: _("Back") if self.failed else _("Cancel")  # noqa: E731
        return Menu(
            [
                MenuItem(self._anyone_label, self.toggle_anyone, enabled=ready, key="anyone"),
                MenuItem(N_("Play it on this machine instead"), self.play_here, key="here"),
                MenuItem(leave, self.cancel, key="cancel"),
            ]
        )

    def _anyone_label(self) -> str:
        if self.anyone:
            return _("Only {name} may join").format(name=peer_name(self.kept))
        return _("Let anyone join")

    def toggle_anyone(self) -> None:
        self.anyone = not self.anyone
        self.session.open_seat(self.anyone)

    def play_here(self) -> None:
        """Both sides on this machine, as "Continue" plays any saved game."""
        kept = self.kept
        setup = GameSetup(kept.game, "human", "human", history_of(kept.state), self.save_path,
                          clock=kept.clock, clock_left=kept.left)  # fmt: skip
        self.app.switch("match", setup)

    def heading_row(self) -> tuple[str, str]:
        peer, game = peer_name(self.kept), self.kept.game.upper()
        return ("text", _("{game} against {peer}, hosted again by {name}").format(
            game=game, peer=peer, name=self.session.name))  # fmt: skip

    def waiting_row(self) -> tuple[str, str]:
        peer = peer_name(self.kept)
        dots = "." * (1 + int(self.app.time * 2) % 3)
        if self.anyone:
            # TRANSLATORS: {dots} is one to three dots, counting while it waits
            waiting = _("Waiting for {peer} or anyone{dots}").format(peer=peer, dots=dots)
        else:
            waiting = _("Waiting for {peer}{dots}").format(peer=peer, dots=dots)
        return ("text", waiting)


class LanHostAgainScene(_Again, LanLobbyScene):
    name = "lan_host_again"

    def __init__(
        self,
        app,
        session: LanSession,
        kept: KeptGame,
        path: Path,
        port: int,
        games: tuple[str, ...] = (),
    ) -> None:
        super().__init__(
            app,
            session,
            where="",
            bind=lan_menu.HOST_BIND,
            port=port,
            games=games,
            save_path=path,
        )
        self.kept = kept
        self.menu = self.again_menu()

    def lines(self) -> list[tuple[str, str]]:
        move, peer = len(self.kept.state.moves) + 1, peer_name(self.kept)
        rows = [
            self.heading_row(),
            ("dim", _("The game goes on from move {move}. {peer} can join at:").format(
                move=move, peer=peer)),
        ]  # fmt: skip
        rows += [("big", a) for a in self.addresses]
        rows.append(self.waiting_row())
        return rows


class OnlineHostAgainScene(_Again, OnlineLobbyScene):
    """A game played online, hosted again through its relay with its code (`start`: the
    session is started here, on its thread, as Host online's is)."""

    name = "online_host_again"

    def __init__(
        self,
        app,
        session: LanSession,
        kept: KeptGame,
        path: Path,
        games: tuple[str, ...] = (),
        *,
        start: bool = True,
    ) -> None:
        super().__init__(app, session, start=start, where=kept.code, games=games,
                         save_path=path)  # fmt: skip
        self.kept = kept
        self.menu = self.again_menu(lambda: not (self.failed or self.connecting()))

    def lines(self) -> list[tuple[str, str]]:
        if self.failed or self.connecting():
            return [self.heading_row(), *super().lines()]
        move, peer = len(self.kept.state.moves) + 1, peer_name(self.kept)
        # TRANSLATORS: a game played online, hosted again; the code follows, large
        said = _("The game goes on from move {move}. {peer} can join with the code:")
        rows = [
            self.heading_row(),
            ("dim", said.format(move=move, peer=peer)),
            ("code", str(code_of(self.session))),
        ]
        if self.wrong is not None:
            rows.append(("warn", self.wrong_line(self.wrong)))
        rows.append(self.waiting_row())
        return rows
