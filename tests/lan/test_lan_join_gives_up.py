"""The headless `join` gives up as surely as a host does (docs/protocol.md 1.1, clarified):
a welcome within a time limit, no reconnecting past the rejoin window, then exit 1
with one line; a host that names another game at every refusal is not followed round
and round, and the refusal is exit 3, never a traceback.

The hosts here are scripted on 127.0.0.1 (a host written by someone else may do
anything); `join` is the real process.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

import pytest
from lanhelpers import Cli

from net import messages as m
from net.framing import FrameDecoder, encode

TOKEN = "d1" * 16


class ScriptedHost:
    """Listens on 127.0.0.1 and hands each connection, after its hello, to `script`
    (which gets the socket and the connection's number)."""

    def __init__(self, script: Callable[[socket.socket, int], None]) -> None:
        self.script = script
        self.hellos: list[dict] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            decoder, got = FrameDecoder(), []
            try:
                while not got:
                    data = conn.recv(65536)
                    if not data:
                        return
                    got = decoder.feed(data)
                self.hellos.append(got[0])
                self.script(conn, len(self.hellos))
            except OSError:
                pass

    def close(self) -> None:
        self.sock.close()


def join_cli(tmp_path, port: int, **env: str) -> Cli:
    env = {"ISAAC_GAME_HOME": str(tmp_path), **env}
    return Cli(["join", f"127.0.0.1:{port}", "--ai", "random"], env=env)


def one_line_error(join: Cli, status: int) -> str:
    assert join.finish(30) == status, join.dump()
    assert not any("Traceback" in line for line in join.err), join.dump()
    assert join.err[-1].startswith("error: "), join.dump()
    return join.err[-1]


@pytest.mark.timeout(60)
def test_a_host_that_only_pings_is_given_up_on_after_the_welcome_time_limit(tmp_path):
    def ping_only(conn: socket.socket, _: int) -> None:
        for n in range(600):  # a minute of pings, never a welcome
            conn.sendall(encode(m.ping(n)))
            time.sleep(0.1)

    host = ScriptedHost(ping_only)
    try:
        join = join_cli(tmp_path, host.port, ISAAC_LAN_WELCOME_TIMEOUT="2")
        line = one_line_error(join, 1)
        assert line.endswith("before the game began: the host did not answer within 2 s"), line
    finally:
        host.close()


@pytest.mark.timeout(60)
def test_a_host_that_welcomes_then_sends_a_bad_move_is_given_up_on_after_the_window(tmp_path):
    def welcome_then_cheat(conn: socket.socket, _: int) -> None:
        conn.sendall(encode(m.welcome("cheat", "Cheat", "isaac", "light", TOKEN, [])))
        conn.sendall(encode(m.move(0, "not a move")))
        while conn.recv(65536):  # until the joiner closes
            pass

    host = ScriptedHost(welcome_then_cheat)
    try:
        join = join_cli(tmp_path, host.port, ISAAC_LAN_REJOIN_WINDOW="3")
        line = one_line_error(join, 1)
        assert "the game ended unfinished: link lost" in line, line
        # one redial per retry interval (0.2 s) within the 3 s window, not thousands
        assert 2 <= len(host.hellos) <= 20, len(host.hellos)
        assert all(hello.get("token") == TOKEN for hello in host.hellos[1:])
    finally:
        host.close()


@pytest.mark.timeout(60)
def test_a_host_that_names_another_game_at_every_refusal_is_a_refusal(tmp_path):
    games = ["foundations", "hari", "isaac", "foundations"]

    def another_game(conn: socket.socket, n: int) -> None:
        game = games[(n - 1) % len(games)]
        conn.sendall(encode(m.reject("wrong-game", f"this host plays {game}", game)))

    host = ScriptedHost(another_game)
    try:
        join = join_cli(tmp_path, host.port)
        line = one_line_error(join, 3)
        assert line == f"error: rejected by 127.0.0.1:{host.port}: this host plays hari", line
        assert [hello["game"] for hello in host.hellos] == ["isaac", "foundations"]
    finally:
        host.close()
