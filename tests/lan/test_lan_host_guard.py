"""The headless `host` against callers that are not players, as real processes on
127.0.0.1:

- a hundred connections that trickle a byte a second and never finish a hello (slow
  loris) do not lock a real joiner out: it plays its game to the end;
- joiners that say hello and leave (drive-bys) free the table at once, though the
  rejoin window is two minutes, so the next real joiner is seated; and they leave no
  saved games behind: a game the joiner never moved in has nothing to lose;
- stopped with SIGTERM mid-game, the host saves the game, as with Ctrl-C, dated the
  day it was played (the record's `Date`, by which saves are listed and counted).
"""

from __future__ import annotations

import signal
import socket
import threading
import time

import pytest
from lanhelpers import Cli, home, moves_printed
from nethelpers import RawPeer
from test_lan_resume import saved_path

from isaac_game.rules import load_record
from net import messages as m
from net.framing import encode

LOOPBACK = ["--bind", "127.0.0.1", "--port", "0", "--no-announce"]


class SlowLoris:
    """`count` connections, each sending one byte of a hello a second and never the
    rest; one the host closes is opened again at once, so `count` stay open."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.opened = 0  # connections opened in all
        self.stop = threading.Event()
        self.hello = encode(m.hello("loris", "slow", "isaac"))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _dial(self) -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
        except OSError:
            return None
        sock.setblocking(False)
        self.opened += 1
        return sock

    def _run(self) -> None:
        socks = [self._dial() for _ in range(self.count)]
        byte = 0
        while not self.stop.is_set():
            for i, sock in enumerate(socks):
                try:
                    if sock is None:
                        raise OSError
                    sock.send(self.hello[byte % 4 : byte % 4 + 1])  # never past the 4th
                    try:
                        if sock.recv(4096) == b"":
                            raise OSError  # closed by the host
                    except BlockingIOError:
                        pass
                except OSError:
                    if sock is not None:
                        sock.close()
                    socks[i] = self._dial()
            byte += 1
            self.stop.wait(1.0)
        for sock in socks:
            if sock is not None:
                sock.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


@pytest.mark.timeout(120)
def test_a_real_joiner_gets_through_while_a_hundred_slow_connections_are_open(tmp_path):
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "1", "--forever"],
               env={**home(tmp_path, "host"), "ISAAC_LAN_HELLO_TIMEOUT": "5"})  # fmt: skip
    loris = SlowLoris(host.port(), 100)
    try:
        deadline = time.monotonic() + 20
        while loris.opened < 100:  # all hundred are open before any real joiner comes
            assert time.monotonic() < deadline, f"only {loris.opened} slow connections"
            time.sleep(0.05)
        for seed in ("2", "3"):  # one joiner after another, each a whole game
            join = Cli(["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--seed", seed],
                       env=home(tmp_path, f"join{seed}"))  # fmt: skip
            assert join.finish(60) == 0, join.dump() + host.dump()
            assert join.out[-1].startswith("result: "), join.dump()
        assert host.p.poll() is None, host.dump()
    finally:
        loris.close()
        host.kill()


@pytest.mark.timeout(120)
def test_drive_by_joiners_free_the_table_at_once_and_leave_no_saved_games(tmp_path):
    """A knock every two minutes must not keep a `--forever` host closed to everyone:
    each drive-by frees the seat as it goes, long before the 120 s window."""
    env = {**home(tmp_path, "host"), "ISAAC_LAN_REJOIN_WINDOW": "120"}
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "1", "--forever"], env=env)
    try:
        port = host.port()
        for n in range(1, 4):
            peer = RawPeer(port)
            assert peer.hello(name=f"Drive-by {n}")["you"] == "light"
            if n > 1:
                assert peer.expect("move")["n"] == 0  # a look at the host's opening first
            peer.close()  # hello, (a look,) and gone
            host.wait_line(lambda s, n=n: sum(x.startswith("table free") for x in host.err) >= n)
        join = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "2"],
                   env=home(tmp_path, "join"))  # fmt: skip
        assert join.finish(60) == 0, join.dump() + host.dump()  # seated, not "table full"
        assert join.out[-1].startswith("result: "), join.dump()
        saves = tmp_path / "host" / "data" / "saves"
        assert not saves.exists() or not list(saves.iterdir()), list(saves.iterdir())
        assert not any(line.startswith("game kept") for line in host.err), host.dump()
        assert host.p.poll() is None, host.dump()
    finally:
        host.kill()


@pytest.mark.timeout(120)
def test_a_host_stopped_with_sigterm_mid_game_saves_it_as_with_ctrl_c(tmp_path):
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--seed", "4", "--name", "Ann",
                "--move-delay", "0.25"], env=home(tmp_path, "host"))  # fmt: skip
    join = Cli(["join", f"127.0.0.1:{host.port()}", "--ai", "random", "--seed", "5"],
               env=home(tmp_path, "bob"))  # fmt: skip
    try:
        day = time.strftime("%Y-%m-%d")
        moves_printed(join, 5)
        host.p.send_signal(signal.SIGTERM)
        assert host.finish(30) == 143, host.dump()
        path = saved_path(host)
        assert path.parent == tmp_path / "host" / "data" / "saves" and path.exists()
        assert load_record(path).headers["Date"] in {day, time.strftime("%Y-%m-%d")}
        join.wait_line(lambda s: s == "Ann left for now (bye); the game is kept, reconnecting...")
    finally:
        host.kill()
        join.kill()
