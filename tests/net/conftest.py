"""pytest setup for net/ tests. Helpers live in nethelpers.py (a unique module name,
so they never collide with another test folder's conftest)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# Let `import net` work from a plain checkout (no install). Harmless once the
# project sets `pythonpath = ["."]` in pytest's config or is pip-installed.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from nethelpers import fake_game  # noqa: E402

from net.game import ListGame  # noqa: E402


@pytest.fixture
def game() -> ListGame:
    return fake_game()
