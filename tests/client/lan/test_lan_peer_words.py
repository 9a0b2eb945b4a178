"""A peer cannot take the hosting window down, nor fill its saves folder.

Its words cannot take the window down: the client hosts a LAN game on 127.0.0.1
and a peer written from the protocol joins (and rejoins with its token) under random
Unicode names, control characters included (a NUL, an escape, C1 controls, bidi
controls, line separators), sends such chat lines and error messages, and goes away;
every frame in between is drawn. What the session keeps is one clean line each
(cleaned where it enters), and the board, chat box, link box and lost-link notice
draw it. And a joiner that comes and goes without a move leaves no saved game, and
frees its seat as it goes: the next joiner is seated at once."""

from __future__ import annotations

import random

import pytest

from isaac_game.client.lan import menu as lan_menu
from isaac_game.client.lan.dialogs import GiveUpScene
from isaac_game.lan import CLOSED, RECONNECTING
from isaac_game.lan.news import MAX_PEER_TEXT
from isaac_game.rules import clean_text, new_game
from isaac_game.rules.text import is_clean
from net import messages as m

from ..kinds import is_lan_game
from .lanclient import RawPeer, fast_lan, play_turn, pump

__all__ = ["fast_lan"]

#: Where random text is drawn from: controls and separators weighted up, then any
#: script, the astral planes included (lone surrogates cannot be sent: not UTF-8).
POOLS = [
    (0x00, 0x1F),
    (0x7F, 0x9F),
    (0x200E, 0x200F),
    (0x2028, 0x202E),
    (0x2066, 0x2069),
    (0x20, 0x7E),
    (0xA0, 0x2FF),
    (0x300, 0x36F),
    (0x4E00, 0x4E80),
    (0x1F300, 0x1F64F),
    (0xE000, 0xE0FF),
    (0xFFF0, 0xFFFF),
    (0x10000, 0x10FFFF),
]


def random_text(rng: random.Random, length: int) -> str:
    out = []
    while len(out) < length:
        low, high = rng.choice(POOLS)
        code = rng.randint(low, high)
        if not 0xD800 <= code <= 0xDFFF:
            out.append(chr(code))
    return "".join(out)


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_random_names_and_chat_from_a_peer_are_cleaned_and_drawn(app):
    session, port, error = lan_menu.start_host("isaac", "Ann", "light")
    assert session is not None, error
    app.open("lan_lobby", session, where="", bind=lan_menu.HOST_BIND, port=port)
    rng = random.Random(20)
    token = None
    for round_ in range(8):
        name = random_text(rng, rng.randint(1, m.MAX_NAME))
        peer = RawPeer(port)
        peer.hello(name=name, token=token)
        shown = clean_text(name)
        pump(app, lambda s=shown: is_lan_game(app.top, "isaac") and session.opponent == s)
        if token is None:  # the peer (dark) opens: a game it played in is kept for it
            peer.send(m.move(0, str(new_game("isaac").legal_moves()[0])))
            pump(app, lambda: session.state is not None and len(session.state.moves) == 1)
        token = session.token
        game = app.top
        lines = [random_text(rng, rng.randint(1, m.MAX_CHAT)) for _ in range(5)]
        for text in lines:
            peer.send(m.chat(text))
        peer.send(m.error("bad-message", random_text(rng, 300)))
        cleaned = [clean_text(text, MAX_PEER_TEXT) for text in lines]  # cut when long
        pump(app, lambda c=cleaned: [line.text for line in session.chat_lines[-5:]] == c)
        assert all(is_clean(c.text) and is_clean(c.who) for c in session.chat_lines)
        assert is_clean(session.opponent) and is_clean(game.bar.text)
        peer.close()
        if round_ % 2:  # gone: the lost-link notice over the board names the peer
            pump(app, lambda: session.link == RECONNECTING)
        for _ in range(3):
            app.frame()  # every scene on screen drawn with these names and lines
    assert is_lan_game(app.top, "isaac")


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_a_drive_by_joiner_leaves_no_saved_game_on_the_hosting_client(app, monkeypatch):
    """A joiner that says hello, sees the host's opening and goes has nothing to lose:
    the client does not keep the game on disk, the seat is free at once (though the
    rejoin window is two minutes) and the dialog says so, and the next joiner is
    seated in a new game."""
    monkeypatch.setenv("ISAAC_LAN_REJOIN_WINDOW", "120")
    session, port, error = lan_menu.start_host("isaac", "Ann", "dark")
    assert session is not None, error
    app.open("lan_lobby", session, where="", bind=lan_menu.HOST_BIND, port=port)
    peer = RawPeer(port)
    peer.hello(name="Drive-by")
    pump(app, lambda: is_lan_game(app.top, "isaac"))
    game = app.top
    while not play_turn(app, game, random.Random(3), by_mouse=False):
        pass  # the host's person opens
    assert peer.expect("move")["n"] == 0
    peer.close()  # and the joiner is gone
    pump(app, lambda: isinstance(app.top, GiveUpScene) and session.link == CLOSED)
    give_up = app.top
    assert give_up.freed and not give_up.menu.item("new").enabled() and not session.held
    assert "Drive-by's seat is free" in give_up.heading
    assert game.control.kept == "" and game.keeping.path is None
    nxt = RawPeer(port)
    assert nxt.hello(name="Next")["moves"] == []  # seated at once, in a new game
    pump(app, lambda: is_lan_game(app.top, "isaac") and session.opponent == "Next")
    assert not app.storage.list_saves() and game.keeping.path is None
    nxt.close()
