"""The headless `join` acts on docs/protocol.md 1.1's reject codes, never on the reason text:
a host written by someone else (here a scripted one on 127.0.0.1) may word its
reasons as it likes, and `wrong-game` names its game in `game`."""

from __future__ import annotations

import socket
import threading

import pytest
from lanhelpers import Cli

from net import messages as m
from net.framing import FrameDecoder, encode


class ScriptedHost:
    """Listens on 127.0.0.1; answers each hello with the next scripted reject."""

    def __init__(self, rejects: list[dict]) -> None:
        self.rejects = list(rejects)
        self.hellos: list[dict] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.rejects:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                decoder, got = FrameDecoder(), []
                while not got:
                    data = conn.recv(65536)
                    if not data:
                        break
                    got = decoder.feed(data)
                if got:
                    self.hellos.append(got[0])
                    conn.sendall(encode(self.rejects.pop(0)))

    def close(self) -> None:
        self.sock.close()


@pytest.mark.timeout(60)
def test_a_typed_address_learns_the_game_from_the_code_and_game_fields(tmp_path):
    host = ScriptedHost(
        [
            m.reject("wrong-game", "Nein, danke", "hari"),  # a reason that names nothing
            m.reject("table-full", "Besetzt"),
        ]
    )
    try:
        join = Cli(["join", f"127.0.0.1:{host.port}", "--ai", "random"],
                   env={"ISAAC_GAME_HOME": str(tmp_path)})  # fmt: skip
        assert join.finish(30) == 3, join.dump()
        assert [h["game"] for h in host.hellos] == ["isaac", "hari"]
        assert any("the host plays hari: joining again" in line for line in join.err)
        assert join.err[-1] == f"error: rejected by 127.0.0.1:{host.port}: Besetzt"
    finally:
        host.close()


@pytest.mark.timeout(60)
def test_a_reason_that_reads_like_wrong_game_is_not_acted_on(tmp_path):
    """A 1.0-style reject (no code) is a plain refusal: nothing is read from its text."""
    host = ScriptedHost([{"t": "reject", "reason": "wrong game: this host plays hari"}])
    try:
        join = Cli(["join", f"127.0.0.1:{host.port}", "--ai", "random"],
                   env={"ISAAC_GAME_HOME": str(tmp_path)})  # fmt: skip
        assert join.finish(30) == 3, join.dump()
        assert [h["game"] for h in host.hellos] == ["isaac"]  # no second dial
        assert join.err[-1].endswith("wrong game: this host plays hari")
    finally:
        host.close()
