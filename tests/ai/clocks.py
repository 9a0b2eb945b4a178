"""Stand-in clocks for ISAAC's counted searches: the look-ahead, the removal search and
hard1 think by counting their work, with the clock only as a safety net; these clocks
say how fast the machine seems, so a test does not depend on how busy it is."""

from __future__ import annotations

from isaac_game.ai import bots, lookahead, scoring


class Clock:
    """Stands in for a module's `time`: `perf_counter` moves on `step` seconds each time
    it is read, as on a machine where the work between two readings takes that long."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def set_clocks(monkeypatch, placement_step: float, scoring_step: float) -> None:
    """The machine's speed as the levels' clocks see it: the look-ahead reads its clock
    once a position, the removal search once every 256 nodes, hard1 once a placement."""
    monkeypatch.setattr(lookahead, "time", Clock(placement_step))
    monkeypatch.setattr(scoring, "time", Clock(scoring_step))
    monkeypatch.setattr(bots, "time", Clock(placement_step))
