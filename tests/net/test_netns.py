"""Two network namespaces joined by a veth pair: discovery, a whole game, and a link
taken down mid-game for 3 s (longer than the shrunken silence limit, so the joiner
really rejoins). Needs root and `ip netns`; skipped otherwise. The namespaces are
removed even when the test fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

PEER = Path(__file__).with_name("netns_peer.py")
LENGTH = 40


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def netns_available() -> str | None:
    if os.geteuid() != 0:
        return "needs root"
    if shutil.which("ip") is None:
        return "needs iproute2 (ip)"
    probe = f"nsprobe{os.getpid()}"
    try:
        ip("netns", "add", probe)
    except (subprocess.CalledProcessError, OSError) as exc:
        return f"cannot create network namespaces: {exc}"
    ip("netns", "del", probe)
    return None


@pytest.fixture
def namespaces():
    reason = netns_available()
    if reason:
        pytest.skip(reason)
    tag = os.getpid() % 100000
    a, b = f"nsta{tag}", f"nstb{tag}"
    va, vb = f"vta{tag}", f"vtb{tag}"
    try:
        ip("netns", "add", a)
        ip("netns", "add", b)
        ip("link", "add", va, "netns", a, "type", "veth", "peer", "name", vb, "netns", b)
        for ns, dev, addr in ((a, va, "10.199.0.1/24"), (b, vb, "10.199.0.2/24")):
            ip("-n", ns, "addr", "add", addr, "brd", "+", "dev", dev)
            ip("-n", ns, "link", "set", dev, "up")
            ip("-n", ns, "link", "set", "lo", "up")
        yield a, b, vb
    finally:
        for ns in (a, b):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


class Proc:
    """A peer process whose stdout lines are collected by a reader thread."""

    def __init__(self, ns: str, role: str) -> None:
        cmd = ["ip", "netns", "exec", ns, sys.executable, str(PEER), role, str(LENGTH)]
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.append(line.rstrip())

    def wait_line(self, pred, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if pred(line):
                    return line
            if self.p.poll() is not None and not any(pred(x) for x in self.lines):
                break
            time.sleep(0.05)
        raise AssertionError("no matching line; output:\n" + "\n".join(self.lines[-40:]))

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(5)


@pytest.mark.timeout(120)
def test_game_across_two_namespaces_with_a_link_cut(namespaces):
    a, b, vb = namespaces
    host, join = Proc(a, "host"), Proc(b, "join")
    try:
        found = join.wait_line(lambda s: s.startswith("found"), 20)
        assert found.startswith("found 10.199.0.1:7755")
        join.wait_line(lambda s: s.startswith("n ") and int(s.split()[1]) >= 10, 30)
        ip("-n", b, "link", "set", vb, "down")
        time.sleep(3.0)  # the outage itself is the scenario
        ip("-n", b, "link", "set", vb, "up")
        done_j = join.wait_line(lambda s: s.startswith("done"), 60)
        done_h = host.wait_line(lambda s: s.startswith("done"), 60)
        expected = "done " + " ".join(f"m{i}" for i in range(LENGTH))
        assert done_j == done_h == expected
        assert any("LinkLost" in s for s in join.lines)
        assert any("resumed=True" in s for s in join.lines)
    finally:
        host.kill()
        join.kill()
