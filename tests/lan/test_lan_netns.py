"""Two machines: two network namespaces joined by a veth pair, a headless host in one
and a headless `join --discover` in the other. A whole game, then a game whose link
is cut for 5 s mid-game and must finish with nothing lost.

Needs root and `ip netns`; skipped with the reason otherwise. Names are unique per
run, and the namespaces (with the veth pair inside them) are deleted in a finally,
even when the test fails. Beacons go only to the namespace subnet's broadcast
address: the host binds the namespace's address, and the bind decides the targets.
"""

from __future__ import annotations

import os
import secrets
import shutil
import statistics
import subprocess
import time

import pytest
from lanhelpers import Cli

SUBNET = "10.231.7"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def netns_unavailable() -> str | None:
    if os.geteuid() != 0:
        return "needs root to create network namespaces"
    if shutil.which("ip") is None:
        return "needs iproute2 (the ip command)"
    probe = f"lanprobe{secrets.token_hex(3)}"
    try:
        ip("netns", "add", probe)
    except (subprocess.CalledProcessError, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        return f"cannot create network namespaces: {exc} {detail.decode(errors='replace')}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


@pytest.fixture
def two_machines():
    reason = netns_unavailable()
    if reason:
        pytest.skip(reason)
    tag = secrets.token_hex(3)
    a, b = f"lanA{tag}", f"lanB{tag}"
    va, vb = f"lva{tag}", f"lvb{tag}"
    made: list[str] = []
    try:
        for ns in (a, b):
            ip("netns", "add", ns)
            made.append(ns)
        ip("link", "add", va, "netns", a, "type", "veth", "peer", "name", vb, "netns", b)
        for ns, dev, addr in ((a, va, f"{SUBNET}.1/24"), (b, vb, f"{SUBNET}.2/24")):
            ip("-n", ns, "addr", "add", addr, "brd", "+", "dev", dev)
            ip("-n", ns, "link", "set", dev, "up")
            ip("-n", ns, "link", "set", "lo", "up")
        yield a, b, vb
    finally:
        for ns in made:  # deleting a namespace deletes the veth end inside it
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def start_pair(a: str, b: str, extra: list[str]) -> tuple[Cli, Cli]:
    # No beacon override here: the bind address must confine beacons to the subnet.
    env = {"ISAAC_LAN_BEACON_TARGETS": ""}
    ns_a = ["ip", "netns", "exec", a]
    host = Cli(["host", "--bind", f"{SUBNET}.1", "--ai", "random", "--seed", "11",
                "--name", "nshost", *extra], prefix=ns_a, env=env)  # fmt: skip
    join = None
    try:
        host.port()
        announce = host.wait_line(lambda s: s.startswith("announcing"))
        assert announce == f"announcing isaac on {SUBNET}.255"
        join = Cli(["join", "--discover", "--timeout", "20", "--ai", "random", "--seed", "12",
                    "--name", "nsjoin", "--trace", *extra],
                   prefix=["ip", "netns", "exec", b], env=env)  # fmt: skip
        found = join.wait_line(lambda s: s.startswith("found "))
        assert found == f"found nshost at {SUBNET}.1:7755 (isaac)"
        return host, join
    except BaseException:
        host.kill()
        if join is not None:
            join.kill()
        raise


def finish_same_game(host: Cli, join: Cli) -> None:
    assert join.finish(90) == 0, join.dump()
    assert host.finish(30) == 0, host.dump()
    assert host.moves() and host.moves() == join.moves(), host.dump() + join.dump()
    assert host.out[-1] == join.out[-1] and host.out[-1].startswith("result: ")


@pytest.mark.timeout(180)
def test_a_whole_game_across_two_namespaces(two_machines):
    a, b, _ = two_machines
    host, join = start_pair(a, b, [])
    try:
        finish_same_game(host, join)
    finally:
        host.kill()
        join.kill()


@pytest.mark.timeout(180)
def test_link_cut_for_5_s_mid_game_loses_nothing(two_machines, record_property):
    a, b, vb = two_machines
    host, join = start_pair(a, b, ["--move-delay", "0.25"])
    try:
        join.wait_line(lambda s: s.startswith("8. "), timeout=60, stream="out")
        ip("-n", b, "link", "set", vb, "down")
        time.sleep(5.0)  # the outage is the scenario, not a wait for a condition
        up_at = time.monotonic()
        ip("-n", b, "link", "set", vb, "up")
        finish_same_game(host, join)
        assert any("link lost" in line for line in join.err), join.dump()
        assert any("link lost" in line for line in host.err), host.dump()
        resumed = [float(s.split()[1]) for s in join.err if s.endswith(" resumed")]
        assert resumed, join.dump()
        record_property("resume_seconds", round(resumed[0] - up_at, 3))
        print(f"resumed {resumed[0] - up_at:.3f} s after the link came back")
        assert statistics.fmean([len(host.moves()), len(join.moves())]) > 8
    finally:
        host.kill()
        join.kill()
