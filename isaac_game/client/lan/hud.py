"""LAN play on screen: the chat box, the connection box, the lost-link notice. Shared
by the LAN menus, the LAN game scene, its results screen and a spectator's screen
(`watch.py`: its chat box and its notices over the board). The text fields they type
in are `fields.py`'s.

While the link is down the seat is kept for the protocol's rejoin window
(`Timers.rejoin_window`, docs/protocol.md rule 4): the link's words count down the time
left, and say what runs out with it.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Protocol

import pygame

from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.lan import (
    CLOSED,
    CONNECTED,
    CONNECTING,
    LOST,
    RECONNECTING,
    WAITING,
    ChatLine,
    LanSession,
)

from ..input import Action, Button
from ..theme import (
    Fonts,
    Palette,
    TextPart,
    blit_text,
    cut_lines,
    draw_panel,
    draw_texts,
    fit_line,
    note_cover,
    wrap,
)
from ..widgets.hud import GameLayout
from ..words import side_name
from .fields import CURSOR, TextField, mark_composition


def link_colour(pal: Palette, link: str):
    if link == CONNECTED:
        return pal.legal
    if link in (RECONNECTING, LOST) or link == "closed":
        return pal.illegal
    return pal.text_dim


def link_word(link: str) -> str:
    """The state of the link (`isaac_game.lan`'s constants) in the player's language."""
    words = {
        WAITING: pgettext("connection", "waiting"),
        CONNECTING: pgettext("connection", "connecting"),
        CONNECTED: pgettext("connection", "connected"),
        RECONNECTING: pgettext("connection", "reconnecting..."),
        LOST: pgettext("connection", "lost"),
        CLOSED: pgettext("connection", "closed"),
    }
    return words.get(link, link)


def seat_kept_for(session: LanSession) -> int:
    """Whole seconds left of the rejoin window since the link went down (rounded up:
    the count starts at the window itself and shows 0:00 only when it is over)."""
    left = session.timers.rejoin_window - session.lost_for
    return max(0, math.ceil(left))


def clock(seconds: int) -> str:
    """Seconds as a clock reads them: 108 -> "1:48"."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def link_text(session: LanSession) -> str:
    """ "connected", "reconnecting... your seat is kept 1:48 more", "lost", "left"..."""
    link = session.link
    if link == RECONNECTING:
        time = clock(seat_kept_for(session))
        if session.role == "host":  # the host keeps the joiner's seat; then saves the game
            # TRANSLATORS: the link is down; {time} counts down ("1:48"): when it runs
            # out, the opponent's seat is given up (the game is saved)
            said = pgettext("connection", "reconnecting... the opponent's seat is kept {time} more")
        else:
            # TRANSLATORS: the link is down; {time} counts down ("1:48"): when it runs
            # out, the host gives up this player's seat and this side stops trying
            said = pgettext("connection", "reconnecting... your seat is kept {time} more")
        return said.format(time=time)
    if link == CLOSED and session.match is not None:
        return _("left the game")
    return link_word(link)


def watching_text(count: int) -> str:
    """How many spectators watch the game: "2 watching" ("" when none does)."""
    if count <= 0:
        return ""
    # TRANSLATORS: how many spectators watch the game now ("2 watching")
    return ngettext("{count} watching", "{count} watching", count).format(count=count)


class Talks(Protocol):
    """Whom a chat box talks through: a LAN game's session, or a spectator's watch
    (`isaac_game.lan.watch.LanWatch`), which speaks only to the other spectators."""

    def chat(self, text: str) -> None: ...

    @property
    def chat_lines(self) -> list[ChatLine]: ...


def typed_tail(fonts: Fonts, text: str, px: float, width: int) -> str:
    """The line being typed as one row of `width`: "> " and the text, or, once it is
    longer than the row, its end (where the typing goes on) after "> ...". A line
    that wrapped would push the chat's lines out of a small panel; a shrunk one would
    fall under the readable minimum."""
    line = "> " + text
    if fonts.size(line, px)[0] <= width:
        return line
    low, high = 1, len(text)  # the fewest characters dropped from the front that fit
    while low < high:
        mid = (low + high) // 2
        if fonts.size("> ..." + text[mid:], px)[0] <= width:
            high = mid
        else:
            low = mid + 1
    tail = text[low:]
    while tail[:1] and unicodedata.combining(tail[0]):  # never a mark without its letter
        tail = tail[1:]
    return "> ..." + tail


class ChatBox:
    """Recent chat lines and the line being typed (T opens it, Enter sends).

    A line is wrapped to the panel's width at the chat's size, never shrunk below it
    nor run out of the panel (a line may hold 200 characters, in any script): the
    newest lines are shown whole, from the bottom up, as many as fit; a newest line
    too long for the whole panel shows its beginning, ending in an ellipsis. The line
    being typed keeps to one row (`typed_tail`)."""

    LINES = 6

    def __init__(self, app, session: Talks) -> None:
        self.app = app
        self.session = session
        self.field = TextField(limit=200)
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the chat lines the last draw put on screen ("Ann: gl"), oldest first
        self.shown: list[str] = []

    @property
    def typing(self) -> bool:
        return self.field.editing

    def open(self) -> None:
        self.field.text = ""
        self.field.begin(self.app.input.presses)

    def close(self) -> None:
        """The screen goes: a line being typed is dropped, and the keys are the game's
        again (text input off, see `fields.py`)."""
        if self.field.editing:
            self.field.end(keep=False)

    def handle(self, action: Action) -> bool:
        """True when the chat used the action (T opens; everything while typing)."""
        if not self.field.editing:
            if action.button == Button.CHAT:
                self.open()
                return True
            return False
        result = self.field.handle(action)
        if result == "done":
            text = self.field.text.strip()
            self.field.end()
            if text:
                self.session.chat(text)
                self.app.audio.play("click")
        elif result == "cancel":
            self.field.end(keep=False)
        return result is not None

    def draw(self, surface: pygame.Surface, fonts: Fonts, pal: Palette, u: float) -> None:
        rect = self.rect
        self.shown = []
        if rect.height < 40 * u:
            return
        draw_panel(surface, rect, pal, radius=int(12 * u))
        pad = int(10 * u)
        px = fonts.px(22 * u)
        line_h = fonts.line_height(px)
        inner = rect.inflate(-2 * pad, -2 * pad)
        title_px, title = fit_line(fonts, _("Chat"), px, inner.width, True)
        blit_text(surface, fonts, title, title_px, pal.text_dim, inner.topleft, bold=True, box=rect)
        bottom = inner.bottom - line_h
        if self.typing:
            tail = typed_tail(fonts, self.field.shown(), px, inner.width)
            prompt = tail if self.app.time % 1.0 < 0.6 else tail.removesuffix(CURSOR)
            prompt_px, colour = px, pal.accent
        else:
            tail = ""
            prompt_px, prompt = fit_line(fonts, _("T: type a message"), px, inner.width)
            colour = pal.text_dim
        blit_text(surface, fonts, prompt, prompt_px, colour, (inner.x, bottom), box=rect)
        composing = self.field.composing
        if self.typing and tail.endswith(composing + CURSOR):
            before = tail[: len(tail) - len(composing + CURSOR)]  # the typing before it
            mark_composition(surface, fonts, colour, (inner.x, bottom), before, self.field, px)
        rows = self._rows(fonts, px, inner.width, (bottom - inner.y - line_h) // line_h)
        y = bottom - line_h * len(rows)
        for text, mine in rows:
            colour = pal.text if mine else pal.accent
            blit_text(surface, fonts, text, px, colour, (inner.x, y), box=rect)
            y += line_h

    def _rows(self, fonts: Fonts, px: int, width: int, room: int) -> list[tuple[str, bool]]:
        """The rows of the newest chat lines that fit `room` rows, oldest first, each
        with whether it was sent from here; notes the lines shown (`shown`)."""
        rows: list[tuple[str, bool]] = []
        for line in reversed(self.session.chat_lines[-self.LINES :] if room > 0 else []):
            text = f"{line.who}: {line.text}"
            wrapped = wrap(fonts, text, px, width)
            if len(wrapped) > room - len(rows):
                if rows:
                    break
                wrapped = cut_lines(fonts, wrapped, px, width, room)
            rows[:0] = [(row, line.mine) for row in wrapped]
            self.shown.insert(0, text)
        return rows


def draw_link_box(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    session: LanSession,
    u: float,
    hints: tuple[str, ...] = (
        N_("T: chat   L: moves   Esc: menu, resign"),
        N_("Undo is off in LAN games"),
    ),
) -> None:
    """Who the opponent is, the state of the link, the LAN keys (`hints`: English
    sources, translated here)."""
    if rect.height < 40 * u:
        return
    draw_panel(surface, rect, pal, radius=int(12 * u))
    pad = int(10 * u)
    px = int(22 * u)
    colour = side_name(session.remote.player) if session.match is not None else "?"
    # TRANSLATORS: the opponent's name and colour: "Opponent: Bob (Light)"
    who = _("Opponent: {name} ({colour})").format(name=session.opponent or "?", colour=colour)
    parts: list[TextPart] = [
        (who, pal.text, px, True),
        (link_text(session), link_colour(pal, session.link), int(30 * u), True),
        (watching_text(session.watchers), pal.accent, px, False),  # spectators, if any
    ]
    parts += [(_(hint), pal.text_dim, px, False) for hint in hints]
    draw_texts(surface, fonts, rect.inflate(-2 * pad, -2 * pad), parts, "left")


def notice_box(area: pygame.Rect, u: float, height: float = 190) -> pygame.Rect:
    """Where a notice goes over the board `area`: across most of it, in its middle."""
    box = pygame.Rect(0, 0, int(area.width * 0.86), int(height * u))
    box.center = area.center
    return box


def draw_notice(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    box: pygame.Rect,
    title: str,
    parts: list[TextPart],
    u: float,
    foot: int = 0,
) -> None:
    """A notice over the board in `box` (`notice_box`): its title, then `parts`
    wrapped under it, above a `foot` kept free (a button)."""
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*pal.panel, 235))
    surface.blit(shade, box)
    pygame.draw.rect(surface, pal.illegal, box, max(2, int(3 * u)), border_radius=int(12 * u))
    note_cover(surface, box)  # over the board on purpose: the numbers under it are not read
    px = fonts.fit(title, int(34 * u), box.width - int(20 * u), True)
    blit_text(
        surface, fonts, title, px, pal.text, (box.centerx, box.y + int(34 * u)), "center", True
    )
    pad = int(10 * u)
    below = pygame.Rect(box.x + pad, box.y + int(58 * u), box.width - 2 * pad, 0)
    below.height = box.bottom - pad - foot - below.y
    draw_texts(surface, fonts, below, parts)


def draw_lost_notice(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    area: pygame.Rect,
    session: LanSession,
    u: float,
) -> None:
    """Over the board while the link is down: "reconnecting...", how long the seat is
    still kept, and what then."""
    if session.opponent:
        title = _("Connection to {name} lost").format(name=session.opponent)
    else:
        title = _("Connection to the opponent lost")
    # under the title, wrapped: the state (the seat kept for how long) and what then
    # TRANSLATORS: under "reconnecting... your seat is kept 1:48 more"
    note = _(
        "The game goes on by itself when the link returns. When the time is up, you can "
        "save the game or leave."
    )
    parts: list[TextPart] = [
        (link_text(session), pal.illegal, int(34 * u), True),
        (note, pal.text_dim, int(22 * u), False),
    ]
    draw_notice(surface, fonts, pal, notice_box(area, u), title, parts, u)


def boxes_under_panels(layout: GameLayout, box_h: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Room for two boxes of a network game's screen, under the left-hand and the
    right-hand panels (the chat, and the link or the spectators' box): the panels are
    shortened for them (not below what the panel itself needs). Their rects."""
    u = layout.u
    left, right = layout.panels[layout.left_player], layout.panels[layout.right_player]
    gap = int(10 * u)
    height = max(0, min(int(box_h * u), left.height - int(380 * u)))
    bottom = left.bottom
    for panel in (left, right):
        panel.height -= height + gap if height else 0
    return (
        pygame.Rect(left.x, bottom - height, left.width, height),
        pygame.Rect(right.x, bottom - height, right.width, height),
    )
