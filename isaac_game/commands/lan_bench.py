"""Move latency host -> join on loopback: how long a move takes to reach the other program.

    python -m isaac_game.commands.lan_bench [--games 5] [--ai random] [--spectators 16]

Runs the real `host` and `join` commands as subprocesses on 127.0.0.1 with
`--trace` (monotonic timestamps, one clock for both processes on Linux) and
reports, over every move the host played, the time from the host's match handing
the move to `net.play()` to the joiner's session receiving it (`MoveReceived`
pumped by its loop): median and p99. Nothing leaves loopback.

With `--spectators N`, N spectators (docs/protocol.md 1.2) watch each game from a
thread of this program, reading all they are sent: the figures with and without them
say whether watching slows the players' game. Each side then waits `--move-delay`
seconds before its moves (default 0.02 with spectators), so the spectators are in
before the game is over.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time

from net import messages as m
from net.framing import FrameDecoder, ProtocolViolation, encode

TRACE = re.compile(r"^trace (\S+) (sent|recv) (\d+) (\S+)$")


def _stamps(lines: list[str], kind: str) -> dict[int, float]:
    out = {}
    for line in lines:
        m = TRACE.match(line)
        if m and m.group(2) == kind:
            out[int(m.group(3))] = float(m.group(1))
    return out


class Spectators:
    """`count` spectators of the host at `port`, on one thread: each knocks until a
    game is there to watch, then reads all it is sent and answers pings."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.watching = 0  # spectators that were sent the game
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="spectators", daemon=True)

    def __enter__(self) -> Spectators:
        if self.count:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self.count:
            self._thread.join(5)

    def _knock(self, selector: selectors.BaseSelector) -> None:
        with contextlib.suppress(OSError):
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            sock.setblocking(False)
            sock.sendall(encode(m.watch("lan_bench", f"s{self.count}", "isaac")))
            selector.register(sock, selectors.EVENT_READ, FrameDecoder())

    def _run(self) -> None:
        # the spectators stand for other machines: on this one they must not take the
        # players' CPU (Linux: a thread's own nice value)
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        selector = selectors.DefaultSelector()
        again = 0.0
        while not self._stop.is_set():
            for key, _ in selector.select(0.05):
                sock: socket.socket = key.fileobj  # type: ignore[assignment]
                try:
                    data = sock.recv(65536)
                    messages = key.data.feed(data) if data else []
                except (OSError, ProtocolViolation):
                    data, messages = b"", []
                for msg in messages:
                    if msg.get("t") == "watching":
                        self.watching += 1
                    elif msg.get("t") == "ping":
                        with contextlib.suppress(OSError):
                            sock.sendall(encode(m.pong(msg["id"])))
                    elif msg.get("t") == "reject":  # no game yet: knock again
                        data = b""
                if not data:
                    selector.unregister(sock)
                    sock.close()
            missing = self.count - len(selector.get_map())
            if missing and time.monotonic() >= again:  # knock again, gently: 10 times a second
                again = time.monotonic() + 0.1
                for _ in range(missing):
                    self._knock(selector)
        for key in list(selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def one_game(
    seed: int, ai: str, env: dict[str, str], spectators: int = 0, delay: float = 0.0
) -> tuple[list[float], int]:
    """Latencies of the host's moves in one game, and how many spectators watched it."""
    cmd = [sys.executable, "-m", "isaac_game"]
    paced = ["--move-delay", str(delay)] if delay > 0 else []
    host = subprocess.Popen(
        [*cmd, "host", "--bind", "127.0.0.1", "--port", "0", "--ai", ai, "--seed", str(seed),
         "--no-announce", "--trace", *paced],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert host.stderr is not None
    host_err: list[str] = []
    port = None
    while port is None:
        line = host.stderr.readline()
        if not line:
            raise SystemExit("host exited:\n" + "".join(host_err))
        host_err.append(line)
        if line.startswith("listening on "):
            port = int(line.rsplit(":", 1)[1])
    with Spectators(port, spectators) as watching:
        join = subprocess.run(
            [*cmd, "join", f"127.0.0.1:{port}", "--ai", ai, "--seed", str(seed + 1), "--trace",
             *paced],
            capture_output=True, text=True, env=env, timeout=300,
        )  # fmt: skip
        _, rest = host.communicate(timeout=60)
    host_err += rest.splitlines(keepends=True)
    sent = _stamps([s.rstrip() for s in host_err], "sent")
    recv = _stamps(join.stderr.splitlines(), "recv")
    return [recv[n] - sent[n] for n in sent if n in recv], watching.watching


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--ai", default="random")
    parser.add_argument("--spectators", type=int, default=0, help="spectators of each game")
    parser.add_argument("--move-delay", type=float, default=None, help="seconds before a move")
    args = parser.parse_args(argv)
    delay = args.move_delay if args.move_delay is not None else (0.02 if args.spectators else 0)
    env = {**os.environ, "ISAAC_LAN_BEACON_TARGETS": "127.255.255.255"}
    lat: list[float] = []
    watched: list[int] = []
    started = time.monotonic()
    for g in range(args.games):
        latencies, watchers = one_game(100 + 2 * g, args.ai, env, args.spectators, delay)
        lat += latencies
        watched.append(watchers)
    lat.sort()
    ms = [1000 * x for x in lat]
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(
        f"{len(ms)} host moves over {args.games} games ({time.monotonic() - started:.1f} s): "
        f"latency host -> join median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, "
        f"max {ms[-1]:.2f} ms"
    )
    if args.spectators:
        print(f"spectators that watched each game: {watched} of {args.spectators}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
