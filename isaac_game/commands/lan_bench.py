"""Move latency host -> join on loopback: how long a move takes to reach the other program.

    python -m isaac_game.commands.lan_bench [--games 5] [--ai random]

Runs the real `host` and `join` commands as subprocesses on 127.0.0.1 with
`--trace` (monotonic timestamps, one clock for both processes on Linux) and
reports, over every move the host played, the time from the host's match handing
the move to `net.play()` to the joiner's session receiving it (`MoveReceived`
pumped by its loop): median and p99. Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

TRACE = re.compile(r"^trace (\S+) (sent|recv) (\d+) (\S+)$")


def _stamps(lines: list[str], kind: str) -> dict[int, float]:
    out = {}
    for line in lines:
        m = TRACE.match(line)
        if m and m.group(2) == kind:
            out[int(m.group(3))] = float(m.group(1))
    return out


def one_game(seed: int, ai: str, env: dict[str, str]) -> list[float]:
    cmd = [sys.executable, "-m", "isaac_game"]
    host = subprocess.Popen(
        [*cmd, "host", "--bind", "127.0.0.1", "--port", "0", "--ai", ai, "--seed", str(seed),
         "--no-announce", "--trace"],
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
    join = subprocess.run(
        [*cmd, "join", f"127.0.0.1:{port}", "--ai", ai, "--seed", str(seed + 1), "--trace"],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    _, rest = host.communicate(timeout=60)
    host_err += rest.splitlines(keepends=True)
    sent = _stamps([s.rstrip() for s in host_err], "sent")
    recv = _stamps(join.stderr.splitlines(), "recv")
    return [recv[n] - sent[n] for n in sent if n in recv]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--ai", default="random")
    args = parser.parse_args(argv)
    env = {**os.environ, "ISAAC_LAN_BEACON_TARGETS": "127.255.255.255"}
    lat: list[float] = []
    started = time.monotonic()
    for g in range(args.games):
        lat += one_game(100 + 2 * g, args.ai, env)
    lat.sort()
    ms = [1000 * x for x in lat]
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(
        f"{len(ms)} host moves over {args.games} games ({time.monotonic() - started:.1f} s): "
        f"latency host -> join median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, "
        f"max {ms[-1]:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
