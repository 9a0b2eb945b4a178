"""The player's record: every finished game's result and the positions to practise, in
one SQLite database beside the saves (`db.py`). The client writes it as games end; the
`record` command reads it; the saves stay the source of truth."""

from .db import Stats, StatsError, Trouble, default_path, open_stats

__all__ = ["Stats", "StatsError", "Trouble", "default_path", "open_stats"]
