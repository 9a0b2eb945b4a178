"""One side of the two-namespace test (run inside `ip netns exec`); not a test itself.

Usage: netns_peer.py host|join LENGTH. Both sides play the fake game automatically
(one move per 0.1 s), print progress as `n <count>` and finish with `done <moves>`.
The joiner finds the host by discovery only.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

from nethelpers import fake_game  # noqa: E402

from net import Browser, Closed, GameStarted, MoveRefused, MoveSent, NetHost, NetJoin  # noqa: E402

FAST = dict(ping_interval=0.3, silence_limit=1.5, rejoin_window=60.0)


def main() -> int:
    role, length = sys.argv[1], int(sys.argv[2])
    game = fake_game(length=length)
    if role == "host":
        ep = NetHost(game, name="nshost", announce=True, **FAST)
        ep.start()
    else:
        with Browser() as browser:
            deadline = time.monotonic() + 20
            hosts = []
            while not hosts and time.monotonic() < deadline:
                hosts = [h for h in browser.poll(0.2) if h.name == "nshost"]
        if not hosts:
            print("no host found", flush=True)
            return 2
        print(f"found {hosts[0].address}:{hosts[0].port}", flush=True)
        ep = NetJoin(game, hosts[0].address, hosts[0].port, name="nsjoin", **FAST)
        ep.start()
    seat, waiting, shown = None, False, -1
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        for ev in ep.wait(0.1):
            print(f"event {ev!r}", flush=True)
            if isinstance(ev, GameStarted):
                seat = ev.you
            elif isinstance(ev, (MoveSent, MoveRefused)):
                waiting = False
            elif isinstance(ev, Closed):
                return 3
        moves = game.moves()
        if len(moves) != shown:
            shown = len(moves)
            print(f"n {shown}", flush=True)
        if len(moves) >= length:
            time.sleep(0.5)  # let the last move reach the peer before closing
            print("done " + " ".join(moves), flush=True)
            ep.close()
            return 0
        if seat is not None and not waiting and game.side_to_move() == seat:
            time.sleep(0.1)
            waiting = True
            ep.play(f"m{len(moves)}")
    return 4


if __name__ == "__main__":
    sys.exit(main())
