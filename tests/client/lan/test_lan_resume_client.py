"""The client as a LAN joiner, killed with SIGKILL mid-game and started again: it offers
"Resume the LAN game with Ann" (`lan_resumable`), rejoins with its ticket through the
`"lan_rejoin"` scene and plays the game to the end with the same record as the host.

Both sides are real processes on 127.0.0.1: the host is the headless `host`, the
client is this file run as a script (SDL's dummy drivers, its own ISAAC_GAME_HOME),
which drives the real app: it joins through the join screen's `join()` (the lobby,
then the LAN board), plays the local seat by submitting moves to the match scene as
its input would, and prints each move on the board (`N. move`) and the result.

    python tests/client/lan/test_lan_resume_client.py join PORT SEED
    python tests/client/lan/test_lan_resume_client.py resume SEED
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from tests.client.kinds import is_lan_game, is_lan_results  # noqa: E402

# ----- the client process ------------------------------------------------------------------


def client_main(argv: list[str]) -> int:
    import random

    from isaac_game.client.lan.resume import lan_resumable
    from isaac_game.client.registry import make_app

    app = make_app(size=(1280, 720), fullscreen=False, sound=False)
    app.open("title")
    app.frame()
    if argv[0] == "join":
        port, seed = int(argv[1]), int(argv[2])
        app.make("lan_join").join("127.0.0.1", port, "isaac")  # as its Enter on an address
    else:
        seed = int(argv[1])
        found = lan_resumable(app)
        print(f"resumable: {found.label if found else None}", flush=True)
        if found is None:
            return 1
        app.open(found.scene, *found.handoff)
    rng = random.Random(seed)
    printed = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        app.frame(1 / 60)
        top = app.top
        if is_lan_results(top):
            print(f"result: {top.control.session.result()}", flush=True)
            # what the results offer for the file, and what the stats hold now
            print(f"file: {top.file_label()}", flush=True)
            counted = app.storage.stats.query("SELECT save_path FROM games")
            print(f"in stats: {[Path(row['save_path']).name for row in counted]}", flush=True)
            app.shutdown()
            return 0
        if is_lan_game(top):
            moves = top.match.state.moves
            for n in range(printed, len(moves)):
                print(f"{n + 1}. {moves[n]}", flush=True)
            printed = len(moves)
            if top.human_to_move() is not None and not top.motion.anims and not top.motion.passing:
                top.submit(rng.choice(list(top.match.state.legal_moves())))
        time.sleep(0.002)
    print("timed out", flush=True)
    return 1


# ----- the test ------------------------------------------------------------------------------


class Client:
    """This file as a client process, its stdout collected line by line."""

    def __init__(self, args: list[str], home: Path) -> None:
        from tests.client.lan.lanclient import FAST_TIMERS

        env = {**os.environ, **FAST_TIMERS, "PYTHONPATH": str(ROOT), "ISAAC_GAME_HOME": str(home),
               "ISAAC_LAN_BEACON_TARGETS": "127.255.255.255"}  # fmt: skip
        self.p = subprocess.Popen(
            [sys.executable, __file__, *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.out: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.out.append(line.rstrip("\n"))

    def moves(self) -> list[str]:
        return [line.split(". ", 1)[1] for line in self.out if line[:1].isdigit()]

    def wait_for(self, cond, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not cond():
            if self.p.poll() is not None:
                self.reader.join(2)
                if cond():
                    return
                raise AssertionError(f"exited ({self.p.returncode})\n" + "\n".join(self.out))
            if time.monotonic() > deadline:
                raise AssertionError("timed out\n" + "\n".join(self.out[-40:]))
            time.sleep(0.02)

    def finish(self, timeout: float = 90.0) -> int:
        try:
            self.p.wait(timeout)
        finally:
            self.kill()
        self.reader.join(5)
        return self.p.returncode

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(5)


@pytest.mark.timeout(180)
def test_a_killed_client_joiner_resumes_from_the_title_and_finishes(tmp_path):
    from tests.client.lan.lanclient import Cli

    (tmp_path / "host").mkdir()
    host = Cli(["host", "--bind", "127.0.0.1", "--port", "0", "--no-announce", "--ai",
                "random", "--seed", "31", "--name", "Ann", "--move-delay", "0.25"],
               env={"ISAAC_GAME_HOME": str(tmp_path / "host")})  # fmt: skip
    bob = tmp_path / "bob"
    first = again = None
    try:
        port = host.port()
        first = Client(["join", str(port), "32"], bob)
        first.wait_for(lambda: len(first.moves()) >= 6)
        first.kill()  # SIGKILL mid-game: no bye, no cleanup
        before = first.moves()
        assert (bob / "data" / "lan-ticket.json").exists()
        host.wait_line(lambda s: s.startswith("link lost"))
        again = Client(["resume", "33"], bob)
        assert again.finish() == 0, "\n".join(again.out) + host.dump()
        assert host.finish() == 0, host.dump()
        assert again.out[0] == "resumable: Resume the LAN game with Ann"
        # the same record on both sides: the resumed client shows every move
        host_moves = [line.split()[-1] for line in host.moves()]
        assert again.moves() == host_moves, "\n".join(again.out) + host.dump()
        assert host_moves[: len(before)] == before and len(host_moves) > len(before)
        assert host.out[-1].startswith("result: ") and host.out[-1] in again.out
        assert any(line.startswith("link back") for line in host.err)
        assert not (bob / "data" / "lan-ticket.json").exists()  # game over: ticket gone
    finally:
        host.kill()
        for c in (first, again):
            if c is not None:
                c.kill()


class Host:
    """An in-process host whose person plays at random when `playing`, else waits."""

    def __init__(self, seed: int) -> None:
        import random

        from isaac_game.lan import LanSession
        from isaac_game.match import HumanSeat

        self.seat = HumanSeat("Ann")
        self.session = LanSession.host("isaac", self.seat, name="Ann", bind="127.0.0.1",
                                       port=0, announce=False)  # fmt: skip
        _, self.port = self.session.start()
        self.rng = random.Random(seed)
        self.playing = True

    def my_turn(self) -> bool:
        s = self.session
        return s.playing and s.state is not None and s.state.to_move == s.you

    def serve(self, cond, client: Client | None = None, timeout: float = 60.0) -> None:
        """Tick the session (moving when it may) until `cond()` holds; the `client`'s
        exit before then fails the test."""
        deadline = time.monotonic() + timeout
        while not cond():
            if client is not None and client.p.poll() is not None:
                client.reader.join(2)
                if cond():
                    return
                raise AssertionError(f"exited ({client.p.returncode})\n" + "\n".join(client.out))
            if time.monotonic() > deadline:
                out = client.out[-40:] if client is not None else []
                raise AssertionError("timed out\n" + "\n".join(out))
            if self.playing and self.my_turn():
                self.seat.submit(self.rng.choice(list(self.session.state.legal_moves())))
            self.session.update(0.01)


@pytest.mark.timeout(180)
@pytest.mark.parametrize("rejoin", ["resume", "join"], ids=["from-the-title", "by-address"])
def test_a_rejoined_joiner_keeps_the_resigned_game_in_its_own_file(tmp_path, monkeypatch, rejoin):
    """Issue 41: killed after four moves, rejoined (from the title, or by joining the
    address again with its ticket), then the host resigns: the joiner's save holds the
    resignation and is no longer under way, its results show the file (no "Save
    game"), and its stats count the game."""
    from isaac_game.client.storage import Storage
    from isaac_game.lan import CONNECTED
    from isaac_game.rules import load_record
    from tests.client.lan.lanclient import FAST_TIMERS

    for name, value in FAST_TIMERS.items():
        monkeypatch.setenv(name, value)
    host = Host(seed=41)
    s = host.session
    bob = tmp_path / "bob"
    first = again = None
    try:
        first = Client(["join", str(host.port), "42"], bob)
        host.serve(lambda: len(first.moves()) >= 4, first)
        first.kill()  # SIGKILL mid-game: no bye, no cleanup
        storage = Storage(bob / "config", bob / "data")
        (crashed,) = storage.list_saves()  # kept move by move until the kill
        assert load_record(crashed).headers["Lan"] == "join"
        host.serve(lambda: s.link != CONNECTED)
        host.playing = False  # the host's person waits, then resigns on its turn
        again = Client(["resume", "43"] if rejoin == "resume" else ["join", str(host.port), "43"],
                       bob)  # fmt: skip
        host.serve(lambda: s.link == CONNECTED and host.my_turn() and len(again.moves()) >= 4,
                   again)  # fmt: skip
        s.resign()
        host.serve(lambda: again.p.poll() is not None, again)
        assert again.finish() == 0, "\n".join(again.out)
        result = s.result()
        assert result.startswith("dark resigns"), result
        assert f"result: {result}" in again.out
        # the game went on in the file the crashed run kept, and it is finished there
        assert storage.list_saves() == [crashed], storage.list_saves()
        record = load_record(crashed)
        assert record.finished and record.headers["Result"] == result, record.headers
        assert record.state.moves == s.state.moves
        assert storage.in_progress() == []  # nothing left to continue
        assert "file: Show the file" in again.out, "\n".join(again.out)
        assert f"in stats: {[crashed.name]}" in again.out, "\n".join(again.out)
    finally:
        s.close()
        for c in (first, again):
            if c is not None:
                c.kill()


if __name__ == "__main__":
    sys.exit(client_main(sys.argv[1:]))
