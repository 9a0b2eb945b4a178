"""`isaac watch` in a window: the watch screen (`watch.py`) as the only scene, for a
projector at a club evening (`--fullscreen`) or a window beside one's own game.

An entry point, as the registry is (nothing imports it but the command). As `isaac`
itself does (`commands/play.py`): a display that cannot be opened is one
line on stderr and exit status 1; SIGTERM and SIGHUP close the window at once; a bug
is one line and a report in the data folder, never a traceback. Esc (or closing the
window) ends it with status 0.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
import traceback

from isaac_game.lan.watch import LanWatch
from isaac_game.rules import write_atomically

from ..app import App, DisplayError
from ..registry import make_app  # the composition root: this module is an entry point


def watch_in_window(watch: LanWatch, fullscreen: bool = False) -> int:
    """Watch `watch` (not started yet) in a window until it is closed; the exit status."""
    try:
        app = make_app(fullscreen=True if fullscreen else None)
    except DisplayError as error:
        print(f"isaac watch: cannot open a window ({error})", file=sys.stderr)
        return 1
    _close_on_signals(app)
    watch.start()
    app.open("watch", watch)
    try:
        app.run()
    except Exception:
        print(_crash_report(app, traceback.format_exc()), file=sys.stderr)
        return 1
    return 0


def _close_on_signals(app: App) -> None:
    """SIGTERM and SIGHUP end the loop at once (a spectator has nothing to lose). Set
    after the window opens, to replace the handlers SDL installs as it starts."""

    def close(_signum: int, _frame: object) -> None:
        app.quit()

    for name in ("SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, close)


def _crash_report(app: App, details: str) -> str:
    """A bug closed the window: one line, and the details kept for a bug report."""
    lines = ["isaac watch: sorry, something went wrong and the window had to close."]
    try:
        report = app.storage.data_dir / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        write_atomically(report, details)
        lines.append(f"Details for a bug report: {report}")
    except OSError:
        lines.append(details)
    with contextlib.suppress(Exception):  # the network thread and the window let go
        app.shutdown()
    return "\n".join(lines)
