"""Fixtures of the computer players' tests."""

from __future__ import annotations

import pytest

from .clocks import set_clocks


@pytest.fixture
def unhurried(monkeypatch) -> None:
    """ISAAC's counted searches on a machine whose clock never moves: only their count of
    work ends them, as it does on any machine not slower than the nominal rate. A test
    of repeatability uses it, so a busy machine's safety net (the clock) cannot cut one
    run shorter than the other."""
    set_clocks(monkeypatch, 0.0, 0.0)
