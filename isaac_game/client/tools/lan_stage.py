"""What the LAN screenshot tools share: a window on loopback with what plays or watches
beside it (`Stage`), and the longest chat lines there are (`LONG_CHAT`), in each script a
player types. lan_screenshots.py and lan_screenshots_watch.py stage their screens on it.
"""

from __future__ import annotations

import socket
import time
import unicodedata
from typing import Protocol

from ..lan import menu as lan_menu
from ..lan.hud import ChatBox
from ..registry import make_app
from ..widgets.menu_screen import MenuScreen
from .scratch import ScratchHome
from .screenshots import Look, use_language


class Chatter(Protocol):
    """A player's session or a spectator's: what the chat is sent and read through."""

    @property
    def chat_lines(self) -> list: ...

    def chat(self, text: str) -> None: ...


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


def free_udp_port() -> int:
    """A UDP port nobody listens on: the beacons of this run go there."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stage:
    """A client app on loopback (as "Ann") and what plays or watches beside it (`others`:
    anything with `update()` and `close()`: sessions, spectators); each screen is looked
    at as `lan-{kind}{prefix}NAME`."""

    def __init__(
        self, look: Look, size: tuple[int, int], prefix: str, timeout: float, nap: float,
        language: str = "en", text_size: str = "normal", kind: str = "",
    ):  # fmt: skip
        lan_menu.HOST_BIND, lan_menu.HOST_PORT = "127.0.0.1", 0
        lan_menu.BEACON_PORT = free_udp_port()
        self.scratch = ScratchHome("isaac-lan-shots-")
        self.app = make_app(size=size, fullscreen=False, storage=self.scratch.storage, sound=False)
        self.app.settings.player_name = "Ann"
        use_language(self.app, language, text_size)
        self.look, self.kind, self.prefix = look, kind, prefix
        self.timeout, self.nap = timeout, nap
        self.others: list = []  # whatever plays or watches beside the window

    def save(self, name: str) -> None:
        self.look(f"lan-{self.kind}{self.prefix}{name}", self.app)

    def pump(self, until, timeout: float | None = None) -> None:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not until():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the LAN screens did not get to {self.prefix or 'it'} in time")
            self.app.frame()
            for other in self.others:
                other.update()
            time.sleep(self.nap)

    def long_chat(self, session: Chatter, peer: Chatter, chat: ChatBox) -> None:
        """The screen on top with each of `LONG_CHAT` as the newest line (the `peer`'s
        and ours in turn) and another being typed: `chat-N`. `session` is the window's
        (a player's or a spectator's), `peer` another beside it."""
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
