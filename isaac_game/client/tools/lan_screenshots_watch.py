"""Spectators' screens for `lan_screenshots.py` (`lan-watch-NAME`, issue 44): the join
list offering a game under way to watch; the watch screen of each game looking for
the game, following it (clocks, the last move, how many watch, the spectators' chat,
lines as long as a line may be, one being typed), with a clock short, the link lost,
refused, and over (resigned, out of time); Play online's Watch online; and a player's
board telling how many watch.

Everything stays on loopback: a host and a joiner play in this process (two people,
their moves chosen here), announced on 127.255.255.255 only, and the window watches
them for real, beside a second spectator who chats. What only a host far away could
make happen is staged on the spectator's side, as lan_screenshots stages a lost link:
a clock running short, the link lost, a refusal, a side out of time.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from isaac_game.clock import TimeControl
from isaac_game.lan import LanSession
from isaac_game.lan.watch import LOST, WATCHING, Clock, LanWatch
from isaac_game.match import HumanSeat
from isaac_game.rules import Player

from ..lan import menu as lan_menu
from ..lan.control import LanControl
from ..lan.online import OnlineWatchScene
from ..lan.watch import WATCH_FULL, WatchControl
from ..scenes.match import MatchScene
from .lan_stage import Stage
from .screenshots import Look

#: The clock the games watched are played to, and a relay's address for the screens
#: that only show one (as lan_screenshots_online's).
CLOCK = TimeControl(300, 3)
SHOWN_RELAY = "relay.example.org:4222"


class Table:
    """A game between two people on this machine, Hal hosting and Bob joining; each move
    is chosen here (`play`), as a person would enter it."""

    def __init__(self, game: str, beacon_port: int) -> None:
        self.host = LanSession.host(game, HumanSeat("Hal"), name="Hal", bind="127.0.0.1",
                                    port=0, beacon_port=beacon_port, clock=CLOCK)  # fmt: skip
        __, self.port = self.host.start()  # type: ignore[misc]
        self.join = LanSession.join(game, HumanSeat("Bob"), "127.0.0.1", self.port, name="Bob")
        self.join.start()

    @property
    def sessions(self) -> tuple[LanSession, LanSession]:
        return self.host, self.join

    def update(self) -> None:
        for session in self.sessions:
            session.update()

    def play(self, plies: int) -> None:
        """Play until `plies` moves are made (or the game is over): the side to move plays
        one of its legal moves, picked by the move number."""
        deadline = time.monotonic() + 20
        while True:
            self.update()
            state = self.host.state
            if state is not None and (state.ply >= plies or state.is_over):
                return
            for session in self.sessions:
                match = session.match
                if match is not None and match.state.to_move == session.you:
                    legal = match.state.legal_moves()
                    assert isinstance(session.local, HumanSeat)
                    session.local.submit(legal[match.state.ply * 7 % len(legal)])
            if time.monotonic() > deadline:
                raise RuntimeError("the watched game did not get there in time")
            time.sleep(0.002)

    def close(self) -> None:
        for session in self.sessions:
            session.close()


@contextmanager
def silent_host() -> Iterator[int]:
    """A port that takes a connection and never answers: a spectator there is looking
    for the game (held for the visit, so no other can take it)."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        yield silent.getsockname()[1]


class _Visit(Stage):
    """The window (as "Ann") and what it watches: tables, other spectators and players
    beside it (`others`); each screen is looked at as `lan-watch-{prefix}NAME`."""

    def __init__(self, look: Look, size: tuple[int, int], language: str, text_size: str):
        super().__init__(look, size, "", 20.0, 0.003, language, text_size, kind="watch-")

    def watched(self) -> tuple[MatchScene, WatchControl]:
        scene = self.app.top
        assert isinstance(scene, MatchScene) and isinstance(scene.control, WatchControl)
        return scene, scene.control

    def settled(self, table: Table) -> Callable[[], bool]:
        """The watch screen shows every move the host has, and nothing moves."""

        def shown() -> bool:
            scene, control = self.watched()
            state = table.host.state
            caught = state is not None and scene.match.state.moves == state.moves
            return caught and control.views > 0 and not scene.motion.showing_move()

        return shown


def visit_watch(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    """Every spectator's screen at `size`, in `language` at `text_size`, with the chat
    lines as long as a line may be (`LONG_CHAT`) each seen as the newest."""
    visit = _Visit(look, size, language, text_size)
    try:
        visit.app.open("title")
        _isaac(visit)
        for game in ("foundations", "hari"):
            visit.prefix = f"{game}-"
            _game(visit, game)
        visit.prefix = ""
        _online(visit)
        _players(visit)
    finally:
        visit.close()


def _isaac(visit: _Visit) -> None:
    app, save, pump = visit.app, visit.save, visit.pump
    table = Table("isaac", lan_menu.BEACON_PORT)
    visit.others.append(table)
    table.play(16)
    join_menu = app.open("lan_join")
    assert isinstance(join_menu, lan_menu.LanJoinScene)
    wanted = f"watch:127.0.0.1:{table.port}"
    pump(lambda: any(item.key == wanted for item in join_menu.menu.items), timeout=5)
    join_menu.menu.select(wanted)
    save("join-list")
    with silent_host() as port:
        looking = LanWatch.lan("isaac", "127.0.0.1", port, name="Ann")
        looking.start()
        screen = app.open("watch", looking)
        save("looking")
        watch = looking
        watch.rejected, watch.rejected_code = "the gallery is full", WATCH_FULL  # staged
        app.frame()
        save("refused")
        app.pop(screen)
    activate = join_menu.menu.item(wanted).activate
    assert activate is not None
    activate()  # Watch: the window watches the listed game
    pump(visit.settled(table))
    scene, control = visit.watched()
    watch = control.watch
    other = LanWatch.lan("isaac", "127.0.0.1", table.port, name="Cy")
    visit.others.append(other)
    other.start()
    pump(lambda: watch.watchers == 2 and other.games > 0)
    other.chat("good luck to both!")
    pump(lambda: watch.chat_lines)
    watch.chat("what a start")
    control.chat.open()
    control.chat.field.text = "Hal will take row 5"
    app.frame()
    save("game")
    control.chat.field.end(keep=False)
    visit.long_chat(watch, other, control.chat)
    side = watch.state.to_move or Player.DARK
    left = (8.3, 182.4) if side == Player.DARK else (182.4, 8.3)
    watch.clock = Clock(str(CLOCK), left, time.monotonic())  # staged: a clock short
    app.frame()
    save("short")
    watch.link = LOST  # staged: the link lost, looking again
    app.frame()
    save("reconnecting")
    watch.link = WATCHING
    table.host.resign()
    pump(lambda: control.finished())
    save("resigned")
    app.pop_to("title")


def _game(visit: _Visit, game: str) -> None:
    """FOUNDATIONS or HARI watched: the game under way, then a side out of time."""
    app, pump = visit.app, visit.pump
    table = Table(game, lan_menu.BEACON_PORT)
    visit.others.append(table)
    table.play(10)
    watch = LanWatch.lan(game, "127.0.0.1", table.port, name="Ann")
    watch.start()
    app.open("watch", watch)
    pump(visit.settled(table))
    visit.save("game")
    scene, control = visit.watched()
    side = watch.state.to_move or Player.DARK
    watch.flagged = side  # staged: the host's word that its time ran out
    app.frame()  # the screen hears it
    pump(lambda: control.finished())
    visit.save("flagged")
    app.pop_to("title")


def _online(visit: _Visit) -> None:
    """Play online's Watch online, a watch code being typed (no relay is dialled)."""
    app = visit.app
    app.relay_override = SHOWN_RELAY
    app.open("online")
    visit.save("online-menu")
    screen = app.open("online_watch")
    assert isinstance(screen, OnlineWatchScene)
    screen.edit(screen.code)
    screen.code.text = "k7m-4q"
    visit.save("online-typing")
    screen.code.end()
    screen.editing = None
    app.pop_to("title")
    app.relay_override = ""


def _players(visit: _Visit) -> None:
    """A player's board (the window joins Hal's game) while two spectators watch."""
    app, pump = visit.app, visit.pump
    host = LanSession.host("isaac", HumanSeat("Hal"), name="Hal", bind="127.0.0.1", port=0,
                           announce=False)  # fmt: skip
    visit.others.append(host)
    __, port = host.start()  # type: ignore[misc]
    join_menu = app.open("lan_join")
    assert isinstance(join_menu, lan_menu.LanJoinScene)
    join_menu.join("127.0.0.1", port, "isaac")
    pump(lambda: isinstance(app.top, MatchScene))
    scene = app.top
    assert isinstance(scene, MatchScene) and isinstance(scene.control, LanControl)
    for name in ("Cy", "Di"):
        other = LanWatch.lan("isaac", "127.0.0.1", port, name=name)
        visit.others.append(other)
        other.start()
    session = scene.control.session
    pump(lambda: session.watchers == 2)
    visit.save("players")
    app.pop_to("title")
