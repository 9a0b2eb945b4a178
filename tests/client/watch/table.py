"""A game for the spectators' tests to watch: two people on this machine, Hal hosting
(on 127.0.0.1, or through a relay) and Bob joining, each move chosen by the test
(`move`), as a person would enter it; and the window's watch screen read as a player
reads it (what it draws).

Network safety: everything listens and dials on 127.0.0.1; beacons, when asked for,
go to the test's loopback beacon port only (tests/client/conftest.py)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import pygame

from isaac_game.client.lan.watch import WatchControl
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.theme import recording
from isaac_game.clock import TimeControl
from isaac_game.lan import LanSession
from isaac_game.match import HumanSeat
from isaac_game.rules import GameState


class Table:
    """Two people playing: `host` (started) and `join` (started, or a function of the
    host's port that makes and starts it)."""

    def __init__(self, host: LanSession, join: LanSession) -> None:
        self.host, self.join = host, join
        self.port = getattr(host.endpoint, "port", 0)
        self.wait(lambda: self.host.match is not None and self.join.match is not None)

    @classmethod
    def lan(
        cls,
        game: str = "isaac",
        beacon_port: int | None = None,
        clock: TimeControl | None = None,
        **host_args,
    ) -> Table:
        """Hal (Dark) hosts `game` on 127.0.0.1, Bob joins; `beacon_port`: announced
        there (else not), `clock`: played to it; `host_args`: the host's other choices
        (`watchers`)."""
        host = LanSession.host(
            game, HumanSeat("Hal"), name="Hal", bind="127.0.0.1", port=0,
            announce=beacon_port is not None, beacon_port=beacon_port or 0, clock=clock,
            **host_args,
        )  # fmt: skip
        __, port = host.start()  # type: ignore[misc]
        join = LanSession.join(game, HumanSeat("Bob"), "127.0.0.1", port, name="Bob")
        join.start()
        return cls(host, join)

    @property
    def sessions(self) -> list:
        return [self.host, self.join]

    @property
    def state(self) -> GameState:
        assert self.host.state is not None
        return self.host.state

    def update(self) -> None:
        for session in self.sessions:
            session.update()

    def wait(self, until: Callable[[], object], timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not until():
            assert time.monotonic() < deadline, "the table did not get there in time"
            self.update()
            time.sleep(0.002)

    def move(self) -> None:
        """The side to move plays one of its legal moves (picked by the move number);
        both machines have it when this returns."""
        ply = self.state.ply
        session = next(s for s in self.sessions if s.you == self.state.to_move)
        legal = session.match.state.legal_moves()
        move = legal[ply * 7 % len(legal)]

        def played() -> bool:
            session.local.submit(move)  # taken once the seat is asked for its move
            return all(s.state is not None and s.state.ply > ply for s in self.sessions)

        self.wait(played)

    def play(self, plies: int) -> None:
        while self.state.ply < plies:
            self.move()

    def close(self) -> None:
        for session in self.sessions:
            session.close()


def watch_screen(app) -> tuple[MatchScene, WatchControl]:
    """The watch screen on top: the match scene with a spectator's control."""
    scene = app.top
    assert isinstance(scene, MatchScene) and isinstance(scene.control, WatchControl), scene
    return scene, scene.control


def drawn(app) -> list[str]:
    """The texts the window draws now, as a player reads them."""
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    return [text.text for text in log.texts]


def shows(app, words: str) -> bool:
    """Does the window draw `words` (in one text, or across the lines it wrapped to)?"""
    texts = drawn(app)
    return any(words in text for text in texts) or words in " ".join(texts)


def pump_all(app, until: Callable[[], object], others: Iterable = (), timeout: float = 30.0):
    """Frames (and the sessions and spectators beside the window) until `until()`."""
    others = list(others)
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, f"not within {timeout} s: {drawn(app)}"
        app.frame()
        for other in others:
            other.update()
        time.sleep(0.002)
