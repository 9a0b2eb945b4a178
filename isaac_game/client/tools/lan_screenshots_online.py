"""Play online's screens for `lan_screenshots.py` (`lan-online-NAME`): with no relay set,
Settings > Relay (a bad address said, this run's relay said), the Play online menu,
Host online and its lobby (connecting, the code, wrong codes tried, the code refused),
Join online (a code being typed, one that cannot be a code, a wrong code, a refused
code, nobody hosting with it), a relay that cannot be reached (host, join, host it
again), the joiner's lobby and a rejoin from its ticket, and a kept game hosted again
online (and, for the lobby the two share, on the LAN).

No relay runs: what a relay answers is real where a socket can give it (a port that
refuses: "Cannot reach the relay"; a port that accepts and never answers:
"Connecting to the relay..."), and staged where only a room could (a host's codes,
the game's and the watch code, are fixed ones drawn before it is started; the wrong
tries counted are set; a joiner's refusals are the lines the lobby gives back to the
menu), as lan_screenshots stages a lost link.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from isaac_game.i18n import _
from isaac_game.lan import KeptGame, LanSession, Ticket
from isaac_game.lan.online import WrongCode, host_online, parse_code
from isaac_game.match import HumanSeat
from isaac_game.rules import new_game

from ..app import App
from ..lan.again import LanHostAgainScene, OnlineHostAgainScene, host_online_again
from ..lan.online import OnlineHostScene, OnlineJoinScene, RelaySettingScene
from ..lan.online_lobby import LOCKED_SAID, NOBODY_SAID, WRONG_CODE_SAID, OnlineLobbyScene
from ..registry import make_app
from .scratch import ScratchHome
from .screenshots import Look, use_language

#: A relay's address as a player types it, for the screens that only show one.
SHOWN_RELAY = "relay.example.org:4222"
#: The code the staged screens show (a real one is drawn at random).
SHOWN_CODE = "K7M-4QP"
SHOWN_WATCH = "W4T-CHX"  # and the host's watch code under it
TOKEN = "0123456789abcdef" * 2


@contextmanager
def relay_ports() -> Iterator[tuple[str, str]]:
    """Two relays on loopback that are not: (one that refuses connections, one that
    takes them and never says a word), held for the visit so no other can take them."""
    with socket.socket() as refusing, socket.socket() as silent:
        refusing.bind(("127.0.0.1", 0))  # bound, never listening: refused
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # accepted by the system, never answered
        yield (f"127.0.0.1:{refusing.getsockname()[1]}", f"127.0.0.1:{silent.getsockname()[1]}")


@contextmanager
def quick_refusals() -> Iterator[None]:
    """A relay that refuses is said once the connection's timeout has passed (nats-py
    tries again until then): one second, not the player's three, on loopback, where an
    answer takes a millisecond. Only for the visit: the environment is put back."""
    name = "ISAAC_LAN_CONNECT_TIMEOUT"
    before = os.environ.get(name)
    os.environ[name] = "1.0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[name]
        else:
            os.environ[name] = before


def _pump(app: App, until: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise RuntimeError("the online screens did not get there in time")
        app.frame()
        time.sleep(0.005)


def visit_online(
    size: tuple[int, int], look: Look, language: str = "en", text_size: str = "normal"
) -> None:
    """Every Play online screen at `size`, in `language` at `text_size`."""
    scratch = ScratchHome("isaac-online-shots-")
    app = make_app(size=size, fullscreen=False, storage=scratch.storage, sound=False)
    app.settings.player_name = "Ann"
    use_language(app, language, text_size)

    def save(name: str) -> None:
        look(f"lan-online-{name}", app)

    try:
        with relay_ports() as (refusing, silent), quick_refusals():
            app.open("title")
            _relay_setting(app, save)
            _host(app, save, refusing, silent)
            _join(app, save, refusing, silent)
            _again(app, save, refusing, scratch.storage.saves_dir)
    finally:
        app.shutdown()
        scratch.cleanup()


def _relay_setting(app: App, save: Callable[[str], None]) -> None:
    """No relay: Play online's sentence; Settings > Relay, a bad address typed and this
    run's relay said under it."""
    app.open("online")
    save("no-relay")
    app.pop()
    app.relay_override = SHOWN_RELAY
    setting = app.open("relay_setting")
    assert isinstance(setting, RelaySettingScene)
    setting.address.text = "club.example.org:99999"
    setting.edited(setting.address)
    assert setting.message
    save("relay-setting")
    app.pop(setting)


def _host(app: App, save: Callable[[str], None], refusing: str, silent: str) -> None:
    app.relay_override = SHOWN_RELAY
    app.open("online")
    save("menu")
    host = app.open("online_host")
    assert isinstance(host, OnlineHostScene)
    save("host-menu")
    app.relay_override = silent
    host.start()
    connecting = app.top
    assert isinstance(connecting, OnlineLobbyScene) and connecting.connecting()
    save("host-connecting")
    app.pop(connecting)
    app.relay_override = refusing
    host.start()
    _pump(app, lambda: app.top is host and host.message)
    save("host-unreachable")
    code, watch_code = parse_code(SHOWN_CODE), parse_code(SHOWN_WATCH)
    session = host_online("isaac", HumanSeat("Ann"), SHOWN_RELAY, name="Ann", code=code,
                          watch_code=watch_code)  # fmt: skip
    lobby = app.open("online_lobby", session)  # never started: the codes, as once it is
    assert isinstance(lobby, OnlineLobbyScene)
    save("host-code")
    lobby.wrong = WrongCode(2, 5, False)
    save("host-wrong")
    lobby.wrong = WrongCode(5, 5, True)
    save("host-locked")
    app.pop(lobby)
    app.pop(host)
    app.pop()  # Play online


def _join(app: App, save: Callable[[str], None], refusing: str, silent: str) -> None:
    app.relay_override = SHOWN_RELAY
    join = app.open("online_join")
    assert isinstance(join, OnlineJoinScene)
    join.edit(join.code)
    join.code.text = "k7m-4q"
    save("join-typing")
    join.code.end()  # Enter, as `_LanMenu.handle` ends an edit
    join.editing = None
    join.code.text = "K7M-4QU"
    join.go()  # not a code: says why
    assert join.message
    save("join-bad-code")
    join.code.text = SHOWN_CODE
    for name, line in (
        ("wrong-code", _(WRONG_CODE_SAID)),
        ("locked", _(LOCKED_SAID)),
        ("nobody", _(NOBODY_SAID).format(code=SHOWN_CODE)),
    ):
        join.told(line)  # as the lobby tells the menu it came from
        save(f"join-{name}")
    app.relay_override = refusing
    join.go()  # the lobby opens, gives up and tells the menu (`join` cleared the line)
    _pump(app, lambda: app.top is join and join.message)
    save("join-unreachable")
    app.relay_override = silent
    join.go()
    lobby = app.top
    assert isinstance(lobby, OnlineLobbyScene)
    save("join-connecting")
    app.pop(lobby)
    app.pop(join)
    ticket = Ticket("127.0.0.1", int(silent.rsplit(":", 1)[1]), "isaac", TOKEN, "light",
                    "Bob", "Ann", relay=silent, code=SHOWN_CODE)  # fmt: skip
    rejoin = app.open("lan_rejoin", ticket)
    assert isinstance(rejoin, OnlineLobbyScene)
    save("rejoin")
    app.pop(rejoin)


def _again(app: App, save: Callable[[str], None], refusing: str, saves: Path) -> None:
    """A kept game hosted again through its relay: the code (staged: never started),
    then a relay that cannot be reached (real); and, for the lobby they share, the LAN
    game's (never started: the addresses it would be dialled at)."""
    state = new_game("isaac")
    for n in range(9):
        state = state.play(state.legal_moves()[n % 5])
    path = saves / "kept.isaac.txt"
    lan = KeptGame(state, TOKEN, "dark", "Bob")
    session = LanSession.host("isaac", HumanSeat("Ann"), name="Ann", bind="127.0.0.1", port=0,
                              announce=False, moves=state.moves, token=TOKEN)  # fmt: skip
    again_lan = LanHostAgainScene(app, session, lan, path, port=7755)
    app.push(again_lan)
    save("again-lan")
    app.pop(again_lan)
    kept = KeptGame(state, TOKEN, "dark", "Bob", relay=SHOWN_RELAY, code=SHOWN_CODE)
    again = OnlineHostAgainScene(app, host_online_again(kept, "Ann"), kept, path, start=False)
    app.push(again)
    save("again")
    app.pop(again)
    gone = KeptGame(state, TOKEN, "dark", "Bob", relay=refusing, code=SHOWN_CODE)
    again = OnlineHostAgainScene(app, host_online_again(gone, "Ann"), gone, path)
    app.push(again)
    _pump(app, lambda: again.failed)
    save("again-unreachable")
    app.pop(again)
