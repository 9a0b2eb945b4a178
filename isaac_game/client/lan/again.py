"""Host it again: a saved LAN game this machine hosted, hosted once more from the same
move (registered as `"lan_host_again"`, opened from the saves with the record's path).

The host keeps the game's colours and token, so the joiner's client or headless
`join` comes back with its ticket by itself; the host's person may also let anyone
take the other seat. The game goes on being kept in the same file. The screen is the
host's lobby with those choices, and the game can still be played out on this machine
instead (both sides here, as any saved game).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from isaac_game.i18n import N_, _
from isaac_game.lan import KeptGame, LanRecordError, LanSession, load_kept
from isaac_game.lan.saved import UNNAMED_PEER

from ..handoff import GameSetup, history_of
from ..scene import Scene
from ..widgets.menu import Menu, MenuItem
from . import menu as lan_menu
from .fields import default_name, player_name
from .lobby import LanLobbyScene

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
    session, port, why = lan_menu.start_host(
        kept.game, name, kept.seat, kept.state.moves, kept.token
    )
    if session is None:
        return app.make("message", _("Cannot host it again"), why)
    return LanHostAgainScene(app, session, kept, Path(path), port, games)


class LanHostAgainScene(LanLobbyScene):
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
        self.anyone = False  # the host's person lets anyone take the other seat
        self.menu = Menu(
            [
                MenuItem(self._anyone_label, self.toggle_anyone, key="anyone"),
                MenuItem(N_("Play it on this machine instead"), self.play_here, key="here"),
                MenuItem(N_("Cancel"), self.cancel, key="cancel"),
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
        setup = GameSetup(kept.game, "human", "human", history_of(kept.state), self.save_path)
        self.app.switch("match", setup)

    def lines(self) -> list[tuple[str, str]]:
        s, kept = self.session, self.kept
        dots = "." * (1 + int(self.app.time * 2) % 3)
        move, peer, game = len(kept.state.moves) + 1, peer_name(kept), kept.game.upper()
        rows = [
            ("text", _("{game} against {peer}, hosted again by {name}").format(
                game=game, peer=peer, name=s.name)),
            ("dim", _("The game goes on from move {move}. {peer} can join at:").format(
                move=move, peer=peer)),
        ]  # fmt: skip
        rows += [("big", a) for a in self.addresses]
        if self.anyone:
            # TRANSLATORS: {dots} is one to three dots, counting while it waits
            waiting = _("Waiting for {peer} or anyone{dots}").format(peer=peer, dots=dots)
        else:
            waiting = _("Waiting for {peer}{dots}").format(peer=peer, dots=dots)
        rows.append(("text", waiting))
        return rows
