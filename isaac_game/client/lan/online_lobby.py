"""The lobby of a game played through a relay: the LAN lobby (`lobby.py`), the same
session and screen, with the code where the LAN shows addresses.

The host shows its code large, to be read aloud, and under it the watch code, which
lets one watch the game, not play it; it counts the wrong codes tried in its
room (`WrongCode`) and says when the code is refused. The joiner shows the code it
dials. Connecting to the relay happens on the session's own thread (`Starting` only
waits for it, so the window never waits on the network): the screen says "Connecting
to the relay..." meanwhile. What ends the attempt before a game (the relay cannot be
reached, a wrong code, nobody hosting with that code) is said in one line back on the
menu the player came from (`back`); a rejoin from the title, which has no such menu,
says it here, as the LAN lobby does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from isaac_game.i18n import N_, _, ngettext
from isaac_game.lan import LanSession
from isaac_game.lan.online import CODE_LOCKED, WRONG_CODE, WrongCode, code_of, watch_code_of

from .lobby import LanLobbyScene

#: Why a join ended before a game, in one line each (the join menu says it).
WRONG_CODE_SAID = N_("Wrong code: check it with your friend and type it again")
LOCKED_SAID = N_("The host refuses this code now (too many wrong tries): ask for a new one")
# TRANSLATORS: {code}: the code typed, K7M-4QP
NOBODY_SAID = N_("Nobody is hosting with the code {code}: check it with your friend")


class Starting:
    """A host session's `start()` (its connection to the relay, the search for a free
    room) waited for on a thread of its own: the session's network thread does the
    connecting, and the window draws on. `cancel` (the player left meanwhile) closes
    the session as soon as it has started."""

    def __init__(self, session: LanSession, wake: Callable[[], None]) -> None:
        self.session = session
        self.wake = wake  # the window's: news from another thread
        self.error: str | None = None  # why it could not start (the system's words)
        self.done = False
        self._cancelled = False
        self._lock = threading.Lock()
        threading.Thread(target=self._run, name="relay-start", daemon=True).start()

    def _run(self) -> None:
        error = None
        try:
            self.session.start()
        except Exception as exc:  # the relay unreachable (OSError), or anything else: one line
            error = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            error = error or type(exc).__name__
        with self._lock:
            self.error, self.done = error, True
            close = self._cancelled and error is None
        if close:
            self.session.close()
        self.wake()

    def cancel(self) -> None:
        """Close the session once it has started (now, if it has)."""
        with self._lock:
            self._cancelled = True
            close = self.done and self.error is None
        if close:
            self.session.close()


def unreachable(relay: str, reason: str) -> str:
    """A relay that cannot be reached, in one line."""
    if "refused" in reason.lower():
        reason = _("connection refused")
    # TRANSLATORS: {address}: the relay's (a server's name or number); {reason}: why,
    # often the system's own words
    return _("Cannot reach the relay at {address}: {reason}").format(address=relay, reason=reason)


class OnlineLobbyScene(LanLobbyScene):
    """The lobby of a session through a relay; `start`: the host's session is started
    here (on its thread); `back(line)`: the menu under this screen, told why the
    player is back on it."""

    name = "online_lobby"

    def __init__(
        self,
        app,
        session: LanSession,
        *,
        start: bool = False,
        back: Callable[[str], None] | None = None,
        **options,
    ) -> None:
        options.setdefault("where", "")
        super().__init__(app, session, **options)
        self.relay = str(getattr(session.endpoint, "address", ""))
        self.back = back
        self.starting = Starting(session, app.wake) if start else None
        self.wrong: WrongCode | None = None  # host: the last wrong code tried

    # ----- the session ---------------------------------------------------------------------

    def connecting(self) -> bool:
        return self.starting is not None and not self.starting.done

    def on_exit(self) -> None:
        if self.connecting() and self.starting is not None:
            self.starting.cancel()
        elif not self.handed_over:
            self.session.close()

    def update(self, dt: float) -> None:
        if self.failed or self.connecting():
            return
        if self.starting is not None and self.starting.error is not None:
            self.give_up(unreachable(self.relay, self.starting.error))
            return
        super().update(dt)
        if self.failed:  # the LAN's words for it: ours instead, about codes and relays
            self.give_up(self.why())

    def heard(self, news: list) -> None:
        for event in news:
            if isinstance(event, WrongCode) and not event.watch:
                self.wrong = event
                self.app.audio.play("click")

    def why(self) -> str:
        """Why the attempt ended before a game, in one line."""
        s = self.session
        if s.rejected is not None and s.rejected_code == WRONG_CODE:
            return _(WRONG_CODE_SAID)
        if s.rejected is not None and s.rejected_code == CODE_LOCKED:
            return _(LOCKED_SAID)
        closed = s.closed or ""
        if s.rejected is None and closed.startswith("could not connect"):
            reason = closed.removeprefix("could not connect:").strip()
            if reason == "no host answered":
                return _(NOBODY_SAID).format(code=code_of(s))
            return unreachable(self.relay, reason)
        return self.failed

    def give_up(self, line: str) -> None:
        """Back to the menu, which says `line`; or, with no menu to go back to, say it here."""
        self.failed = line
        if self.back is not None:
            self.back(line)
            self.app.pop(self)

    # ----- what it shows -------------------------------------------------------------------

    def heading(self) -> str:
        return _("Hosting online") if self.session.role == "host" else _("Joining online")

    def lines(self) -> list[tuple[str, str]]:
        s = self.session
        dots = "." * (1 + int(self.app.time * 2) % 3)
        if self.failed:
            return [("warn", self.failed)]
        if self.connecting():
            # TRANSLATORS: {address}: the relay's; {dots}: one to three dots, counting
            return [("text", _("Connecting to the relay at {address}{dots}").format(
                address=self.relay, dots=dots))]  # fmt: skip
        code = str(code_of(s))
        if s.role == "join":
            if self.redial:
                what = _("Joining as {name}").format(name=s.name)
            else:
                what = _("{game} as {name}").format(game=s.adapter.game.upper(), name=s.name)
            rows = [
                ("text", what),
                ("code", code),
                ("text", _("Connecting{dots}").format(dots=dots)),
            ]
            note = self.note() if callable(self.note) else self.note
            return [("dim", note), *rows] if note else rows
        hosted = _("{game}, hosted by {name}").format(game=s.adapter.game.upper(), name=s.name)
        rows = [("text", hosted), *self.clock_rows(), ("dim", _("Read this code to your friend:"))]
        rows.append(("code", code))
        rows.append(("dim", _("They choose Play online, then Join online, and type it.")))
        watch = watch_code_of(s)
        if watch is not None:  # a second code, for those who only watch (docs/protocol.md 1.2)
            # TRANSLATORS: under the game's code: a second code, read to those who want to
            # watch the game (they type it in Play online > Watch online)
            rows.append(("dim", _("Watch code (to watch, not play):")))
            rows.append(("big", str(watch)))
        if self.wrong is not None:
            rows.append(("warn", self.wrong_line(self.wrong)))
        # TRANSLATORS: {dots} is one to three dots, counting while it waits
        rows.append(("text", _("Waiting for a player{dots}").format(dots=dots)))
        return rows

    @staticmethod
    def wrong_line(wrong: WrongCode) -> str:
        """The wrong codes tried in the host's room, and the lock once it is shut."""
        if wrong.locked:
            return _(
                "{tries} wrong codes tried: this code is refused now. "
                "Cancel and host again for a new one."
            ).format(tries=wrong.tries)
        # TRANSLATORS: someone typed a wrong code for this game; after {limit} wrong
        # ones the code is refused
        said = ngettext(
            "A wrong code was tried ({tries} of {limit})",
            "Wrong codes were tried ({tries} of {limit})",
            wrong.tries,
        )
        return said.format(tries=wrong.tries, limit=wrong.limit)
