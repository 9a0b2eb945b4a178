"""What the headless `host` and `join` print from a peer is one line, escaped: a name or
a chat line with a line break, a NUL, a terminal escape or a bidi control cannot write
a line of its own into the game record on stdout, nor command the terminal.

Real processes on 127.0.0.1, against a peer written from the protocol
(`rawplay.RawPlayer`); the game is played out, so the record's last line is the true
result and no forged one comes before it.
"""

from __future__ import annotations

import socket
import time

import pytest
from lanhelpers import Cli, home
from rawplay import RawPlayer

from isaac_game.rules import clean_text
from net import messages as m

LOOPBACK = ["--bind", "127.0.0.1", "--port", "0", "--no-announce"]
FORGED = "result: dark 0 - light 99"
NAME = f"x\n{FORGED}\x1b[2K"  # 31 characters: a hello's name may hold 32
CHATS = [
    f"hi\n{FORGED}",
    "\x1b]0;owned\x07title changed",
    "nul \x00 here\r\x1b[1A\x1b[2Kup a line",
    "\u202eevil\u202c \u2028 \x85 \x9b[31m",
]


def play_out(players: list[RawPlayer], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(p.over for p in players):
        for p in players:
            p.play_turn()
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.01)


def assert_one_safe_line_each(cli: Cli) -> None:
    both = cli.out + cli.err
    assert not any(line.startswith(FORGED) for line in both), cli.dump()
    raw = "\x00\x1b\r\x85\x9b\u202e\u2028"
    assert not any(ch in line for line in both for ch in raw), cli.dump()
    assert [line for line in cli.out if line.startswith("result: ")] == [cli.out[-1]]
    assert not any("Traceback" in line for line in cli.err), cli.dump()


@pytest.mark.timeout(120)
def test_a_peers_name_and_chat_reach_host_and_join_as_one_escaped_line(tmp_path):
    assert len(NAME) <= m.MAX_NAME
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--as", "light", "--seed", "1"],
               env=home(tmp_path, "host"))  # fmt: skip
    server = socket.create_server(("127.0.0.1", 0))
    join = Cli(["join", f"127.0.0.1:{server.getsockname()[1]}", "--ai", "random"],
               env=home(tmp_path, "join"))  # fmt: skip
    players: list[RawPlayer] = []
    try:
        players = [
            RawPlayer.joining(host.port(), NAME, seed=3),
            RawPlayer.hosting(server, NAME + "\x00" * 40, seed=4),  # a welcome's name is free
        ]
        for p in players:
            for text in CHATS:
                p.send(m.chat(text))
        shown = clean_text(NAME)
        host.wait_line(lambda s: s == f"game: isaac, dark {shown} vs light host", stream="out")
        shown_host = clean_text((NAME + "\x00" * 40)[: m.MAX_NAME])  # clipped for show
        game_line = f"game: isaac, dark guest vs light {shown_host}"
        join.wait_line(lambda s: s == game_line, stream="out")
        for cli in (host, join):
            for shown_chat in map(clean_text, CHATS):
                cli.wait_line(lambda s, t=shown_chat: s.endswith(f": {t}"))
        play_out(players)
        assert host.finish(30) == 0 and join.finish(30) == 0, host.dump() + join.dump()
        for cli in (host, join):
            assert_one_safe_line_each(cli)
    finally:
        for p in players:
            p.close()
        server.close()
        host.kill()
        join.kill()
