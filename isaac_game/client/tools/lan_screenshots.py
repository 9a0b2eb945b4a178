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
import sys
import time
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
from ..lan.lobby import LanLobbyScene
from ..lan.results import LanResultsControl
from ..scene import Scene
from ..scenes.match import MatchScene
from ..scenes.results import ResultsScene
from ..scenes.title import TitleScene
from .lan_screenshots_online import visit_online
from .lan_screenshots_watch import visit_watch
from .lan_stage import Stage
from .screenshots import Look, shot_tag, tool_arguments


def is_lan_game(scene: Scene | None) -> bool:
    return isinstance(scene, MatchScene) and isinstance(scene.control, LanControl)


def is_lan_results(scene: Scene | None) -> bool:
    return isinstance(scene, ResultsScene) and isinstance(scene.control, LanResultsControl)


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
    visit_watch(size, look, language, text_size)


def visit_isaac(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    stage = Stage(look, size, "", 10.0, 0.005, language, text_size)
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
    stage = Stage(look, size, f"{game}-", 20.0, 0.002, language, text_size)
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
    stage = Stage(look, size, "join-", 10.0, 0.005, language, text_size)
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
