"""A peer that floods chat cannot grow the headless `host` or `join` (docs/protocol.md's
receiver limits, 1.1, clarified), and the game goes on under the flood.

Both run as real processes on 127.0.0.1 against a peer written from the protocol
(`rawplay.RawPlayer`): a joiner of the host, a host for the joiner. Each floods chat as
fast as its socket takes it for 20 s while playing a real game, a move every 2 s; the
resident memory of both processes is measured all along with psutil. Then the game is
played out at full speed and both must end it with a result.
"""

from __future__ import annotations

import socket
import threading
import time

import psutil
import pytest
from lanhelpers import Cli, home
from rawplay import RawPlayer, chat_flood

LOOPBACK = ["--bind", "127.0.0.1", "--port", "0", "--no-announce"]
FLOOD_SECONDS = 20.0
#: "Within a few MB of normal": the growth allowed while 20 s of chat pour in.
MAX_GROWTH = 12 * 2**20


def rss(cli: Cli) -> int:
    return psutil.Process(cli.p.pid).memory_info().rss


@pytest.mark.timeout(150)
def test_a_chat_flood_for_20_s_grows_neither_host_nor_join_and_the_game_goes_on(tmp_path):
    host = Cli(["host", *LOOPBACK, "--ai", "random", "--as", "light", "--seed", "1"],
               env=home(tmp_path, "host"))  # fmt: skip
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    join = Cli(["join", f"127.0.0.1:{port}", "--ai", "random", "--seed", "2"],
               env=home(tmp_path, "join"))  # fmt: skip
    stop = threading.Event()
    players: list[RawPlayer] = []
    try:
        players = [
            RawPlayer.joining(host.port(), "Flood", seed=3),  # Dark against the host
            RawPlayer.hosting(server, "Flood Host", seed=4),  # Light against the joiner
        ]
        for cli in (host, join):
            cli.wait_line(lambda s: s.startswith("game: isaac"), stream="out")
        base = [rss(host), rss(join)]
        peak = list(base)
        floods = [threading.Thread(target=chat_flood, args=(p, stop)) for p in players]
        for flood in floods:
            flood.start()
        start = time.monotonic()
        plies_at_start = [p.plies for p in players]
        next_move = start
        while time.monotonic() - start < FLOOD_SECONDS:
            assert host.p.poll() is None and join.p.poll() is None, host.dump() + join.dump()
            peak = [max(peak[0], rss(host)), max(peak[1], rss(join))]
            if time.monotonic() >= next_move:
                for p in players:
                    p.play_turn()
                next_move = time.monotonic() + 2.0
            time.sleep(0.1)
        stop.set()
        for flood in floods:
            flood.join(10)
        grown = [p - b for p, b in zip(peak, base, strict=True)]
        assert max(grown) < MAX_GROWTH, f"grew by {grown} bytes (host, join)"
        # the game went on: the other side answered our moves under the flood
        played = [p.plies - s for p, s in zip(players, plies_at_start, strict=True)]
        assert min(played) >= 6, played
        deadline = time.monotonic() + 30
        while not all(p.over for p in players):  # the rest of the game at full speed
            for p in players:
                p.play_turn()
            assert time.monotonic() < deadline, host.dump() + join.dump()
            time.sleep(0.01)
        assert host.finish(30) == 0 and join.finish(30) == 0, host.dump() + join.dump()
        for cli in (host, join):
            assert cli.out[-1].startswith("result: "), cli.dump()
            # one line for the flood, and the few chat lines within the budget: not
            # hundreds of thousands
            assert len(cli.err) < 150, f"{len(cli.err)} lines on stderr\n{cli.dump()}"
            assert any("too many chat lines" in line for line in cli.err), cli.dump()
            assert not any("Traceback" in line for line in cli.err), cli.dump()
    finally:
        stop.set()
        for p in players:
            p.close()
        server.close()
        host.kill()
        join.kill()
