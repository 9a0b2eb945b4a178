"""The player's stats: every finished game's result (what "Your record" shows) and the
positions to practise, in one SQLite database beside the saves (`db.py`). The client
writes it as games end; the `record` command reads it; the saves stay the source of
truth. ("Record" in the code is a saved game only: these are the stats.)"""

from .db import Stats, StatsError, Trouble, default_path, open_stats

__all__ = ["Stats", "StatsError", "Trouble", "default_path", "open_stats"]
