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

from isaac_game.lan import KeptGame, LanRecordError, LanSession, load_kept

from ..handoff import GameSetup, history_of
from ..scene import Scene
from ..widgets.menu import Menu, MenuItem
from . import menu as lan_menu
from .lobby import LanLobbyScene

if TYPE_CHECKING:
    from ..app import App


def host_again(app: App, path: Path, games: tuple[str, ...] = ()) -> Scene:
    """The host-again lobby for the record at `path`, or a message saying why not."""
    try:
        kept = load_kept(Path(path))
    except LanRecordError as error:
        return app.make("message", "Cannot host it again", str(error))
    if games and kept.game not in games:
        return app.make("message", "Not yet", f"{kept.game.upper()} is not playable yet.")
    name = app.settings.player_name or "Player"
    session, port, why = lan_menu.start_host(
        kept.game, name, kept.seat, kept.state.moves, kept.token
    )
    if session is None:
        return app.make("message", "Cannot host it again", why)
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
                MenuItem(
                    lambda: f"Only {kept.peer} may join" if self.anyone else "Let anyone join",
                    self.toggle_anyone,
                    key="anyone",
                ),
                MenuItem("Play it on this machine instead", self.play_here, key="here"),
                MenuItem("Cancel", self.cancel, key="cancel"),
            ]
        )

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
        move = len(kept.state.moves) + 1
        rows = [
            ("text", f"{kept.game.upper()} against {kept.peer}, hosted again by {s.name}"),
            ("dim", f"The game goes on from move {move}. {kept.peer} can join at:"),
        ]
        rows += [("big", a) for a in self.addresses]
        who = f"{kept.peer} or anyone" if self.anyone else kept.peer
        rows.append(("text", f"Waiting for {who}{dots}"))
        return rows
