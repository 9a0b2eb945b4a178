"""`python -m isaac_game bench --relay [--games N] [--pace S]`: N games at once through
one local relay, as players anywhere would play them.

A `nats-server` is started on 127.0.0.1 with the relay's own configuration (`isaac
relay`'s), and N games are played through it at once, the three games in turn, each
a real host and a real joiner: the `LanSession`s the window and the headless commands
play with (`host_online`, `join_online`: the key exchange on the code, sealed
messages), each side a random player that waits `--pace` seconds before each move, as
a quick player would. The games are shared among worker processes (one a core), each
session of a game in the same process, so host and joiner read one clock.

It prints the games finished (both sides at the same result, with the same record);
the move latency host -> joiner, p50 and p99: from the host's match handing a move
to the network (`on_send`, what `lan_bench` times too) to the joiner's session
queueing it as received (its network thread's `MoveReceived`, stamped as it is
queued, so how often the bench itself looks is left out); and the relay's memory
(peak resident) and CPU (its whole run, from psutil). A figure, never a test.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil

from isaac_game.commands.headless import PacedSeat
from isaac_game.lan import LanSession
from isaac_game.lan.online import code_of, host_online, join_online
from isaac_game.players import make_seat
from net import Event, MoveReceived

from .relay import HOW_TO_GET, LISTENING, START_TIMEOUT, find_server, server_config

GAMES = ("isaac", "foundations", "hari")
STARTERS = 16  # hosts connecting at once, in a worker
JOINS_A_SECOND = 40  # a worker's joiners, started at this rate (the key exchanges)


class Game:
    """One game: its host and joiner, and the times its host's moves left and arrived."""

    def __init__(self, index: int, relay: str, pace: float) -> None:
        self.index = index
        self.game = GAMES[index % len(GAMES)]
        self.relay, self.pace = relay, pace
        self.sent: dict[int, float] = {}  # move n -> when the host's match handed it over
        self.latencies: list[float] = []
        self.host = host_online(self.game, self._seat("host", 2 * index), relay,
                                name=f"host{index}")  # fmt: skip
        self.host.on_send = self._sent
        self.join: LanSession | None = None
        self._stamps: deque[float] = deque()  # when each of the joiner's events was queued

    def _sent(self, n: int, _move: str) -> None:
        self.sent.setdefault(n, time.monotonic())

    def _seat(self, who: str, seed: int) -> PacedSeat:
        return PacedSeat(make_seat("random", who, seed), self.pace)

    def start_join(self) -> None:
        self.join = join_online(self.game, self._seat("join", 2 * self.index + 1), self.relay,
                                code_of(self.host), name=f"join{self.index}")  # fmt: skip
        self.join.endpoint.on_event = lambda: self._stamps.append(time.monotonic())
        self.join.start()

    def update(self) -> None:
        self.host.update()
        if self.join is None:
            return
        events = self.join.update()
        for event in (e for e in events if isinstance(e, Event)):  # the network's, in order
            for _ in range(1000):  # its stamp follows its queueing by a hair
                if self._stamps:
                    break
                time.sleep(0)
            at = self._stamps.popleft() if self._stamps else time.monotonic()
            if isinstance(event, MoveReceived) and event.n in self.sent:
                self.latencies.append(at - self.sent[event.n])

    @property
    def over(self) -> bool:
        """Both sides at the result (the joiner's last move back at the host too)."""
        join = self.join
        return join is not None and self.host.finished and join.finished and self.host.synced

    @property
    def finished(self) -> bool:
        join = self.join
        if join is None or not self.over or self.host.state is None or join.state is None:
            return False
        return self.host.state.moves == join.state.moves and self.host.result() == join.result()

    def close(self) -> None:
        for session in (self.join, self.host):
            if session is not None:
                with contextlib.suppress(Exception):
                    session.close()


def play_games(relay: str, indices: list[int], pace: float, timeout: float) -> dict[str, Any]:
    """A worker: its games, hosted (a few at a time: each host looks for a free room),
    then joined at a steady rate, then played until every one is over or `timeout`."""
    games: list[Game] = []
    errors: list[str] = []

    def hosted(index: int) -> Game | None:
        try:
            game = Game(index, relay, pace)
            game.host.start()
            return game
        except Exception as exc:
            errors.append(f"game {index}: cannot host: {exc}")
            return None

    with ThreadPoolExecutor(STARTERS) as pool:
        games = [g for g in pool.map(hosted, indices) if g is not None]
    started = time.monotonic()
    deadline = started + timeout
    waiting = deque(games)
    next_join = started
    while time.monotonic() < deadline:
        now = time.monotonic()
        while waiting and now >= next_join:
            waiting.popleft().start_join()
            next_join += 1 / JOINS_A_SECOND
        for game in games:
            game.update()
        if not waiting and all(g.over or g.join is None for g in games):
            break
        time.sleep(0.002)
    result = {
        "latencies": [x for g in games for x in g.latencies],
        "finished": sum(g.finished for g in games),
        "unfinished": [
            f"game {g.index} ({g.game}): host {g.host.link}, {g.host.result()}"
            for g in games
            if not g.finished
        ],  # fmt: skip
        "errors": errors,
    }
    for game in games:
        game.close()
    return result


def _worker(relay: str, indices: list[int], pace: float, timeout: float, out) -> None:
    try:
        out.put(play_games(relay, indices, pace, timeout))
    except Exception as exc:  # said by the parent, not lost in a worker's stderr
        out.put({"latencies": [], "finished": 0, "unfinished": [], "errors": [repr(exc)]})


class Relay:
    """A local nats-server with the relay's configuration, on a free port."""

    def __init__(self, folder: Path) -> None:
        binary = find_server()
        if binary is None:
            raise SystemExit(f"error: {HOW_TO_GET}")
        config = folder / "relay.conf"
        config.write_text(server_config("127.0.0.1", 0), encoding="utf-8")
        self.proc = subprocess.Popen([str(binary), "-c", str(config)], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     errors="replace")  # fmt: skip
        self.address = ""
        self._listening = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._listening.wait(START_TIMEOUT):
            self.stop()
            raise SystemExit("error: the relay did not start")
        self.ps = psutil.Process(self.proc.pid)
        self.peak_rss = 0
        self.cpu_start = self._cpu()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            found = LISTENING.search(line)
            if found and not self.address:
                self.address = found.group(1).rpartition("//")[2]
                self._listening.set()

    def _cpu(self) -> float:
        times = self.ps.cpu_times()
        return times.user + times.system

    def sample(self) -> None:
        with contextlib.suppress(psutil.Error):
            self.peak_rss = max(self.peak_rss, self.ps.memory_info().rss)

    def cpu_used(self) -> float:
        return self._cpu() - self.cpu_start

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))]


def run_relay_bench(games: int, pace: float, procs: int | None = None) -> int:
    procs = max(1, min(procs or os.cpu_count() or 1, games))
    timeout = 60.0 + 40 * pace * 3  # the longest game, three times over, and the start
    with tempfile.TemporaryDirectory(prefix="isaac-relay-bench-") as folder:
        relay = Relay(Path(folder))
        try:
            print(f"relay bench: {games} games at once through nats-server at {relay.address} "
                  f"({procs} processes; each side moves after {pace:g} s)", flush=True)  # fmt: skip
            context = multiprocessing.get_context("spawn")
            out = context.Queue()
            shares = [list(range(p, games, procs)) for p in range(procs)]
            workers = [context.Process(target=_worker, args=(relay.address, share, pace,
                                                             timeout, out))
                       for share in shares]  # fmt: skip
            started = time.monotonic()
            for worker in workers:
                worker.start()
            results: list[dict[str, Any]] = []
            while len(results) < len(workers):
                relay.sample()
                with contextlib.suppress(Exception):
                    results.append(out.get(timeout=0.5))
                if time.monotonic() > started + timeout + 60:
                    break
            taken = time.monotonic() - started
            cpu = relay.cpu_used()
            for worker in workers:
                worker.join(10)
                if worker.is_alive():
                    worker.kill()
        finally:
            relay.stop()
    return report(results, games, taken, cpu, relay.peak_rss)


def report(results: list[dict[str, Any]], games: int, taken: float, cpu: float, rss: int) -> int:
    latencies = sorted(1000 * x for r in results for x in r["latencies"])
    finished = sum(r["finished"] for r in results)
    print(f"games finished: {finished} of {games} (the same record and result on both sides)")
    if latencies:
        p50, p99 = statistics.median(latencies), percentile(latencies, 0.99)
        print(f"move latency host -> joiner over {len(latencies)} moves: p50 {p50:.1f} ms, "
              f"p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms")  # fmt: skip
    print(f"relay: peak memory {rss / 2**20:.1f} MiB resident; CPU {cpu:.1f} s over {taken:.0f} s "
          f"({100 * cpu / max(taken, 1e-9):.0f}% of one core)")  # fmt: skip
    for r in results:
        for line in r["errors"] + r["unfinished"][:10]:
            print(f"  {line}")
    return 0 if finished == games else 1
