"""`python -m isaac_game.client.tools.lan_screenshots OUTDIR [WxH ...] [--lang it ...]`: the
LAN screens as PNG.

Headless. Everything stays on loopback: the client hosts on 127.0.0.1 (beacons to
127.255.255.255 only, on a free UDP port) and an in-process computer joins it. The
"reconnecting..." and give-up screens are staged by setting the link's state.
ISAAC gets every LAN screen (`lan-NAME-WxH.png`); FOUNDATIONS and HARI their own
host menu, join list, board, lost link and results (`lan-GAME-NAME-WxH.png`). Every
board and results screen is seen again with chat lines as long as a line may be, in
each script a player types (`LONG_CHAT`), sent and being typed (`chat-N`). Play online's
screens are lan_screenshots_online.py's (`lan-online-NAME-WxH.png`), the spectators'
lan_screenshots_watch.py's (`lan-watch-NAME-WxH.png`).
"""

from __future__ import annotations

import os
import socket
import sys
import time
import unicodedata
from pathlib import Path

import pygame

from isaac_game import i18n
from isaac_game.lan import CONNECTED, RECONNECTING, LanSession
from isaac_game.match import RandomSeat
from isaac_game.rules import Slide

from ..app import App
from ..games.hari.play import HariPlay
from ..lan import menu as lan_menu
from ..lan.control import LanControl
from ..lan.hud import ChatBox
from ..lan.lobby import LanLobbyScene
from ..lan.results import LanResultsControl
from ..registry import make_app
from ..scene import Scene
from ..scenes.match import MatchScene
from ..scenes.results import ResultsScene
from ..scenes.title import TitleScene
from ..widgets.menu_screen import MenuScreen
from .lan_screenshots_online import visit_online
from .lan_screenshots_watch import visit_watch
from .scratch import ScratchHome
from .screenshots import Look, shot_tag, tool_arguments, use_language


def _longest(text: str) -> str:
    """`text` repeated to the longest chat line there is (200 characters)."""
    return (text * (1 + 200 // len(text)))[:200]


#: Chat lines of 200 characters: English, Italian (accents composed, and as letters with
#: combining marks), Korean, and one with no space to wrap at.
LONG_CHAT = (
    _longest("Well played, that last move of yours was quite a surprise to me! "),
    _longest("Però è già così: più tardi giocherò ancora, perché la partita è bella. "),
    _longest(unicodedata.normalize("NFD", "Così è: ciò che farò più tardi è già qui. ")),
    _longest("좋은 게임이었어요! 다음에 또 한 판 해요, 이번에는 제가 이길게요. "),
    _longest("다음판에는내가꼭이길거예요"),
)


def is_lan_game(scene: Scene | None) -> bool:
    return isinstance(scene, MatchScene) and isinstance(scene.control, LanControl)


def is_lan_results(scene: Scene | None) -> bool:
    return isinstance(scene, ResultsScene) and isinstance(scene.control, LanResultsControl)


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Stage:
    """A client app on loopback (hosting as "Ann") and the sessions playing against
    it; each screen is looked at as `lan-{prefix}NAME`."""

    def __init__(
        self, look: Look, size: tuple[int, int], prefix: str, timeout: float, nap: float,
        language: str = "en", text_size: str = "normal",
    ):  # fmt: skip
        lan_menu.HOST_BIND, lan_menu.HOST_PORT = "127.0.0.1", 0
        lan_menu.BEACON_PORT = _free_udp_port()
        self.scratch = ScratchHome("isaac-lan-shots-")
        self.app = make_app(size=size, fullscreen=False, storage=self.scratch.storage, sound=False)
        self.app.settings.player_name = "Ann"
        use_language(self.app, language, text_size)
        self.look, self.prefix = look, prefix
        self.timeout, self.nap = timeout, nap
        self.others: list = []  # LanSessions

    def save(self, name: str) -> None:
        self.look(f"lan-{self.prefix}{name}", self.app)

    def pump(self, until, timeout: float | None = None) -> None:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not until():
            if time.monotonic() > deadline:
                raise RuntimeError("the LAN screens did not get there in time")
            self.app.frame()
            for other in self.others:
                other.update()
            time.sleep(self.nap)

    def long_chat(self, session: LanSession, peer: LanSession, chat: ChatBox) -> None:
        """The screen on top with each of `LONG_CHAT` as the newest line (the `peer`'s
        and ours in turn) and another being typed: `chat-N`."""
        for n, line in enumerate(LONG_CHAT):
            if n % 2:
                session.chat(line)
            else:
                count = len(session.chat_lines)
                peer.chat(line)
                self.pump(lambda: len(session.chat_lines) > count)  # noqa: B023 (waited here)
            chat.open()
            chat.field.text = LONG_CHAT[(n + 1) % len(LONG_CHAT)]
            self.save(f"chat-{n}")
            chat.field.end(keep=False)

    def choose(self, key: str) -> None:
        """Select the item `key` of the menu on top and activate it."""
        screen = self.app.top
        assert isinstance(screen, MenuScreen)
        screen.menu.select(key)
        activate = screen.menu.current.activate
        assert activate is not None
        activate()

    def close(self) -> None:
        for other in self.others:
            other.close()
        self.app.shutdown()
        self.scratch.cleanup()


def visit(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    """Every LAN screen at `size`, in `language` at `text_size`: ISAAC's, then
    FOUNDATIONS' and HARI's; then Play online's, which are the LAN's lobby and menus
    through a relay; then the spectators'."""
    visit_isaac(size, look, language, text_size)
    for game in ("foundations", "hari"):
        visit_game(size, look, game, language, text_size)
    visit_joiner(size, look, language, text_size)
    visit_online(size, look, language, text_size)
    visit_watch(size, look, language, text_size, LONG_CHAT)


def visit_isaac(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    stage = _Stage(look, size, "", 10.0, 0.005, language, text_size)
    app, save, pump, others = stage.app, stage.save, stage.pump, stage.others
    try:
        title = app.open("title")
        assert isinstance(title, TitleScene)
        title.menu.select("lan_host")
        save("title")
        host_menu = app.open("lan_host")
        assert isinstance(host_menu, lan_menu.LanHostScene)
        save("host-menu")
        host_menu.start()
        lobby = app.top
        assert isinstance(lobby, LanLobbyScene)
        save("host-waiting")
        join_menu = app.open("lan_join")
        assert isinstance(join_menu, lan_menu.LanJoinScene)
        pump(lambda: join_menu.hosts, timeout=5)
        join_menu.address.text = "192.168.1.20:7755"
        save("join-list")
        app.pop(join_menu)
        guest = LanSession.join("isaac", RandomSeat("Bob", seed=4), "127.0.0.1", lobby.port,
                                name="Bob")  # fmt: skip
        others.append(guest)
        guest.start()
        pump(lambda: is_lan_game(app.top))
        game = app.top
        assert isinstance(game, MatchScene) and isinstance(game.control, LanControl)
        session = game.control.session
        chat = game.control.chat
        game.view.relayout(size)
        while len(game.match.state.moves) < 16:
            if game.human_to_move() is not None:
                game.submit(game.match.state.legal_moves()[len(game.match.state.moves) % 5])
            pump(lambda: game.human_to_move() is not None or len(game.match.state.moves) >= 16)
        guest.chat("good luck!")
        pump(lambda: session.chat_lines)
        session.chat("thanks, you too")
        chat.open()
        chat.field.text = "nice move"
        app.frame()
        save("game")
        chat.field.end(keep=False)
        stage.long_chat(session, guest, chat)
        session.remote.set_link(RECONNECTING)
        session._lost_at = time.monotonic() - 12
        save("reconnecting")
        session._lost_at = time.monotonic() - 125
        app.open("give_up", game)
        save("give-up")
        app.pop()
        session.remote.set_link(CONNECTED)
        session._lost_at = None
        app.open("pause", game)
        save("pause")
        stage.choose("resign")
        save("resign-confirm")
        stage.choose("yes")
        pump(lambda: is_lan_results(app.top))
        save("results")
        stage.prefix = "results-"
        results = app.top
        assert isinstance(results, ResultsScene) and isinstance(results.control, LanResultsControl)
        stage.long_chat(session, guest, results.control.chat)
        stage.prefix = ""
        guest.rematch()
        pump(lambda: session.remote.rematch_proposed)
        save("results-rematch")
    finally:
        stage.close()


def visit_game(
    size: tuple[int, int], look: Look, game: str, language: str = "en", text_size: str = "normal"
) -> None:
    """FOUNDATIONS or HARI: the client hosts, a computer joins; HARI is caught with
    the local player in mid-turn (a slide made, the play to come)."""
    stage = _Stage(look, size, f"{game}-", 20.0, 0.002, language, text_size)
    app, save, pump, others = stage.app, stage.save, stage.pump, stage.others
    try:
        app.open("title")
        host_menu = app.open("lan_host")
        assert isinstance(host_menu, lan_menu.LanHostScene)
        host_menu.game = game
        host_menu.menu.select("game")
        save("host-menu")
        host_menu.start()
        lobby = app.top
        assert isinstance(lobby, LanLobbyScene)
        join_menu = app.open("lan_join")
        assert isinstance(join_menu, lan_menu.LanJoinScene)
        pump(lambda: join_menu.hosts, timeout=5)
        save("join-list")
        app.pop(join_menu)
        guest = LanSession.join(game, RandomSeat("Bob", seed=4), "127.0.0.1", lobby.port,
                                name="Bob")  # fmt: skip
        others.append(guest)
        guest.start()
        pump(lambda: is_lan_game(app.top))
        scene = app.top
        assert isinstance(scene, MatchScene) and isinstance(scene.control, LanControl)
        session = scene.control.session
        plies = 10 if game == "hari" else 12
        while scene.match.state.ply < plies or scene.human_to_move() is None:
            if scene.human_to_move() is not None:
                legal = list(scene.match.state.legal_moves())
                places = [m for m in legal if not isinstance(m, Slide)]
                scene.submit(places[scene.match.state.ply % len(places)])
            pump(lambda: scene.human_to_move() is not None or scene.match.state.is_over)
        if game == "hari":
            slides = [m for m in scene.match.state.legal_moves() if isinstance(m, Slide)]
            if slides:
                scene.submit(slides[0])
            assert isinstance(scene.play, HariPlay)
            scene.play.move_input.focus, scene.play.move_input.pointer = 34, False
        pump(lambda: not scene.motion.anims)
        guest.chat("good luck!")
        pump(lambda: session.chat_lines)
        session.chat("thanks, you too")
        save("game")
        assert isinstance(scene.control, LanControl)
        stage.long_chat(session, guest, scene.control.chat)
        session.remote.set_link(RECONNECTING)
        session._lost_at = time.monotonic() - 12
        save("reconnecting")
        session.remote.set_link(CONNECTED)
        session._lost_at = None
        guest.resign()
        pump(lambda: is_lan_results(app.top))
        save("results")
    finally:
        stage.close()


def visit_joiner(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    """The joiner's side (its board faces the other way): the client joins a computer
    host, and the long chat lines are seen there (`lan-join-chat-N`)."""
    stage = _Stage(look, size, "join-", 10.0, 0.005, language, text_size)
    app, pump, others = stage.app, stage.pump, stage.others
    try:
        host = LanSession.host("isaac", RandomSeat("Hal", seed=5), name="Hal", bind="127.0.0.1",
                               port=0, announce=False)  # fmt: skip
        others.append(host)
        _, port = host.start()  # type: ignore[misc]
        app.open("title")
        join_menu = app.open("lan_join")
        assert isinstance(join_menu, lan_menu.LanJoinScene)
        join_menu.join("127.0.0.1", port, "isaac")
        pump(lambda: is_lan_game(app.top))
        scene = app.top
        assert isinstance(scene, MatchScene) and isinstance(scene.control, LanControl)
        pump(lambda: scene.match.state.ply >= 1 and not scene.motion.anims)
        stage.long_chat(scene.control.session, host, scene.control.chat)
    finally:
        stage.close()


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["ISAAC_LAN_BEACON_TARGETS"] = "127.255.255.255"  # loopback only
    args = tool_arguments(
        "python -m isaac_game.client.tools.lan_screenshots",
        "Render every LAN screen to PNG (a host and a guest on this machine).",
        argv,
        [(1280, 720)],
    )
    args.outdir.mkdir(parents=True, exist_ok=True)
    for language in args.lang:
        for text_size in args.text_size:
            for size in args.sizes:
                visit(size, _saver(args.outdir, size, language, text_size), language, text_size)
    i18n.set_language("en")
    return 0


def _saver(
    outdir: Path, size: tuple[int, int], language: str = "en", text_size: str = "normal"
) -> Look:
    """Draws each screen it is shown and saves it as `NAME-WxH[-LANG][-SIZE].png` in
    `outdir`."""
    surface = pygame.Surface(size)
    tag = shot_tag(size, language, text_size)

    def save(name: str, app: App) -> None:
        app.draw(surface)
        path = outdir / f"{name}-{tag}.png"
        pygame.image.save(surface, str(path))
        print(path)

    return save


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
