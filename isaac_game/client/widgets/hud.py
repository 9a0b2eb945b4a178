"""The parts of the game screen around the board: player panels, top and bottom bars."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from isaac_game.i18n import _
from isaac_game.rules import LENGTHS, GameState, Player

from ..theme import (
    Fonts,
    Palette,
    blit_text,
    cut_lines,
    draw_panel,
    draw_texts,
    draw_wrapped,
    fit_line,
    mix,
    wrap,
)
from ..words import hand_text
from .kept_drawing import draw_kept

# the screen's parts, named here too: the scenes ask the hud for them with its drawing
from .screen_layout import GameLayout as GameLayout
from .screen_layout import game_layout as game_layout


@dataclass(frozen=True)
class PanelClock:
    """A side's clock as its panel shows it: the time left in words (`clock_text`),
    whether it runs now, and whether it is short (tenths, in the warning colour)."""

    text: str
    running: bool
    short: bool


@dataclass
class PanelInfo:
    player: Player
    title: str  # "Dark"
    who: str  # "Human", "Level 3 (Easy)" (`words.kind_words`)
    score: int
    hand: dict[int, int]
    to_move: bool
    status: str = ""  # "passed", "thinking...", "out (passed)"
    selected: int | None = None  # selected length, when this player is placing
    #: the words below are shown as they are: made (translated) with each frame's panel
    hand_label: str = field(default_factory=lambda: _("In hand"))
    extra: str = ""
    score_label: str = field(default_factory=lambda: _("Score"))  # FOUNDATIONS: "In hand"
    #: the side's clock in a game played to one (drawn over the kept panel, live)
    clock: PanelClock | None = None

    def key(self) -> tuple:
        """All the panel shows, hashable (the panel's picture is kept by it): a clock
        only by being there, since it is drawn live over the picture."""
        shown = {"hand": tuple(sorted(self.hand.items())), "clock": self.clock is not None}
        return tuple((vars(self) | shown).values())

    @classmethod
    def of(cls, state: GameState, player: Player, who: str, **shown: Any) -> PanelInfo:
        """The panel of `player` in `state`: name, score, hand and turn from the state,
        the rest (`status`, `extra`, labels...) as given."""
        return cls(
            player=player,
            title=_("Dark") if player is Player.DARK else _("Light"),
            who=who,
            score=state.scores[player.index],
            hand=state.hand(player),
            to_move=state.to_move == player,
            **shown,
        )


@dataclass(frozen=True)
class PanelParts:
    """Where a player's panel puts its words (what it shows, as `PanelInfo` says, in a
    panel of that width): the status and the extra note wrapped onto as many lines as
    they need, and where the hand's rows begin. Each line is as high as its text at the
    player's text size (no lower than the layout's own step)."""

    status: tuple[str, ...]
    status_px: int
    extra: tuple[str, ...]
    extra_px: int
    status_y: int  # from the panel's top
    extra_y: int
    label_y: int  # "In hand"
    rows_y: int  # the first hand row
    name_h: int = 0  # the name's line, the colour swatch in its middle
    who_y: int = 0  # who plays
    score_y: int = 0  # the score, and its label


def name_line_height(fonts: Fonts | None, u: float) -> int:
    """The height of a panel's first line, the player's name (the swatch in its middle,
    the clock at its end); without `fonts`, the layout's own step."""
    least = int(4 * u) + int(30 * u) + int(6 * u)
    return least if fonts is None else max(least, fonts.line_height(int(40 * u), True))


def panel_parts(fonts: Fonts | None, rect: pygame.Rect, info: PanelInfo, u: float) -> PanelParts:
    """The panel's words and their places: a pure function of the panel and what it shows
    (the player's name, who plays, the score, then the status and the note, wrapped).
    Without `fonts`, each of them is taken to fit one line."""
    pad = int(14 * u)
    inner_w = rect.width - 2 * pad
    status_text = info.status or (_("to move") if info.to_move else "")
    status_px, extra_px = int(28 * u), int(22 * u)
    status: tuple[str, ...] = (status_text,) if status_text else ()
    extra: tuple[str, ...] = (info.extra,) if info.extra else ()
    score_h = int(56 * u)  # the score's digits, drawn at 64 (their ink is shorter)
    name_h, who_h = name_line_height(None, u), int(30 * u)
    if fonts is not None:
        score_h = max(score_h, fonts.line_height(int(64 * u), True))
        name_h = name_line_height(fonts, u)
        who_h = max(who_h, fonts.line_height(int(24 * u)))
        status_px, extra_px = fonts.px(status_px), fonts.px(extra_px)
        status = tuple(wrap(fonts, status_text, status_px, inner_w, True)) if status_text else ()
        extra = tuple(wrap(fonts, info.extra, extra_px, inner_w)) if info.extra else ()
    who_y = pad + name_h
    top = who_y + who_h + score_h

    def place(status: tuple[str, ...], extra: tuple[str, ...]) -> PanelParts:
        status_h = extra_h = label_h = 0
        if fonts is not None:
            status_h = len(status) * fonts.line_height(status_px, True) + int(8 * u)
            extra_h = len(extra) * fonts.line_height(extra_px) + int(4 * u)
            label_h = fonts.line_height(24 * u) + int(4 * u)
        status_y = top
        extra_y = status_y + max(int(36 * u), status_h)
        label_y = extra_y + (max(int(26 * u), extra_h) if extra else 0)
        rows_y = label_y + max(int(28 * u), label_h)
        return PanelParts(
            status, status_px, extra, extra_px, status_y, extra_y, label_y, rows_y,
            name_h, who_y, who_y + who_h,
        )  # fmt: skip

    parts = place(status, extra)
    if fonts is not None and max(len(status), len(extra)) > 1:
        # words that would push the hand out of the panel are cut to a line each (the
        # bar says them whole): the hand is what the panel is for
        least = len(LENGTHS) * hand_row_least(fonts, u)
        if rect.height - pad - parts.rows_y < least:
            status = tuple(cut_lines(fonts, list(status), status_px, inner_w, 1, True))
            extra = tuple(cut_lines(fonts, list(extra), extra_px, inner_w, 1))
            parts = place(status, extra)
    return parts


#: A hand row is never higher than this (at ui scale 1)...
ROW_MOST = 52
#: ...and its words are at most this size, as large as the row holds: a hand is read
#: from the sofa too.
HAND_PX = 26


def hand_row_least(fonts: Fonts, u: float) -> int:
    """The lowest a hand row is: its words at the smallest size."""
    return fonts.line_height(0) + int(6 * u)


def hand_row_want(fonts: Fonts, u: float) -> int:
    """The height a hand row wants: its words at their full size (`HAND_PX`, grown by
    the player's text size), or `ROW_MOST` if that is higher."""
    return max(int(ROW_MOST * u), fonts.line_height(HAND_PX * u) + int(6 * u))


def usual_parts(fonts: Fonts, u: float) -> PanelParts:
    """The places of a panel's words when its status is one line and it has no note:
    what a box over the panel's foot (the move list) plans round."""
    info = PanelInfo(Player.DARK, "", "", 0, {}, to_move=True)
    return panel_parts(fonts, pygame.Rect(0, 0, 4000, 4000), info, u)


def panel_least(fonts: Fonts, u: float) -> int:
    """The height a player's panel keeps for its name, who plays, its score, a status
    line, the hand's label and the hand's rows at their full size: what a box taking
    the panel's foot (the move list) leaves it at least."""
    rows = len(LENGTHS) * (fonts.line_height(HAND_PX * u) + int(6 * u))
    return usual_parts(fonts, u).rows_y + rows + int(14 * u)


def hand_row_height(fonts: Fonts, layout: GameLayout, infos: dict[Player, PanelInfo]) -> int:
    """One height for the hand rows of both panels: what the one with less room below
    its words gives them (the right-hand panel shares its height with the move list)."""
    u = layout.u
    least = hand_row_least(fonts, u)  # a row's words at the smallest size
    room = []
    for player, info in infos.items():
        rect = layout.panels[player]
        below = rect.height - int(14 * u) - panel_parts(fonts, rect, info, u).rows_y
        if below // len(LENGTHS) >= least:  # a panel with no room shows no hand
            room.append(below // len(LENGTHS))
    return max(least, min([hand_row_want(fonts, u), *room]))


def shown_hand_rows(
    fonts: Fonts, layout: GameLayout, infos: dict[Player, PanelInfo], player: Player
) -> dict[int, pygame.Rect]:
    """Where `player`'s panel shows the hand, as both panels are drawn (none where it
    does not fit): what a click on a hand row finds."""
    rect = layout.panels[player]
    rows = hand_rows(rect, infos[player], layout.u, fonts, hand_row_height(fonts, layout, infos))
    return rows if hand_fits(rect, rows) else {}


def hand_fits(rect: pygame.Rect, rows: dict[int, pygame.Rect]) -> bool:
    """Do the hand's rows fit in the panel? (A lesson's box may take the panel's foot:
    the panel then shows no hand, and no click lands on one.)"""
    return all(rect.contains(row) for row in rows.values())


def hand_rows(
    rect: pygame.Rect,
    info: PanelInfo,
    u: float,
    fonts: Fonts | None = None,
    row_h: int | None = None,
) -> dict[int, pygame.Rect]:
    """Where the panel `rect` showing `info` lists the hand, row by length (`fonts`: as
    drawn, its words wrapped); `row_h`: the rows' height both panels share
    (`hand_row_height`), else what this panel has room for.

    A pure function of what the panel shows, so input finds the rows a click hit
    without reading anything drawing wrote.
    """
    pad = int(14 * u)
    y = rect.y + panel_parts(fonts, rect, info, u).rows_y
    x, inner_w = rect.x + pad, rect.width - 2 * pad
    if row_h is None:
        row_h = max(int(20 * u), min(int(ROW_MOST * u), (rect.bottom - pad - y) // len(LENGTHS)))
    rows: dict[int, pygame.Rect] = {}
    for length in reversed(LENGTHS):
        rows[length] = pygame.Rect(x - int(6 * u), y, inner_w + int(12 * u), row_h - int(4 * u))
        y += row_h
    return rows


def bar_button(bar: pygame.Rect, share: float, right: bool = True) -> pygame.Rect:
    """A button taking `share` of the bar's width at its right (or left) end."""
    button = bar.copy()
    button.width = int(bar.width * share)
    if right:
        button.right = bar.right
    return button


def draw_player_panels(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    layout: GameLayout,
    infos: dict[Player, PanelInfo],
) -> dict[Player, dict[int, pygame.Rect]]:
    """Both players' panels, their hands in rows of one size; the rows by player."""
    row_h = hand_row_height(fonts, layout, infos)
    return {
        player: draw_player_panel(surface, fonts, pal, layout.panels[player], info, layout.u, row_h)
        for player, info in infos.items()
    }


def draw_player_panel(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    info: PanelInfo,
    u: float,
    row_h: int | None = None,
) -> dict[int, pygame.Rect]:
    """Draw one player's panel; returns the hand rows' rects by length (for clicks; none
    where the hand does not fit). `row_h`: the hand rows' height, shared with the other
    panel (`draw_player_panels`). Kept as a picture while it shows the same."""
    key = ("panel", id(fonts), fonts.look, pal, u, row_h, info.key())
    rows = draw_kept(
        surface, rect, key, lambda on, at: _draw_panel_now(on, fonts, pal, at, info, u, row_h)
    )
    if info.clock is not None:
        draw_clock(surface, fonts, pal, rect, info, u)
    return rows


#: The widest a clock's words get ("59:59"), so the name beside it never moves as the
#: seconds change.
CLOCK_TEMPLATE = "88:88"
CLOCK_PX = 40  # as large as the player's name (at ui scale 1)


def clock_box(fonts: Fonts, rect: pygame.Rect, u: float) -> pygame.Rect:
    """Where a panel's clock goes: the right end of the name's line, as wide as the
    widest time, in a box that marks it while it runs."""
    pad = int(14 * u)
    width, height = fonts.size(CLOCK_TEMPLATE, int(CLOCK_PX * u), True)
    box = pygame.Rect(0, 0, width + int(16 * u), max(name_line_height(fonts, u), height))
    box.topright = (rect.right - pad + int(8 * u), rect.y + pad - int(4 * u))
    return box


def draw_clock(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    info: PanelInfo,
    u: float,
) -> None:
    """The side's clock at the right of its name: marked by a box while it runs, in the
    warning colour once it is short."""
    clock = info.clock
    assert clock is not None
    box = clock_box(fonts, rect, u)
    colour = pal.illegal if clock.short else (pal.accent if clock.running else pal.text_dim)
    if clock.running:
        pygame.draw.rect(surface, colour, box, max(2, int(3 * u)), border_radius=int(8 * u))
    px, text = fit_line(fonts, clock.text, int(CLOCK_PX * u), box.width - int(12 * u), bold=True)
    blit_text(surface, fonts, text, px, colour, box.center, "center", True)


def _draw_panel_now(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    info: PanelInfo,
    u: float,
    row_h: int | None,
) -> dict[int, pygame.Rect]:
    draw_panel(surface, rect, pal, radius=int(14 * u))
    if info.to_move:
        pygame.draw.rect(surface, pal.accent, rect, max(3, int(4 * u)), border_radius=int(14 * u))
    pad = int(14 * u)
    x, y = rect.x + pad, rect.y + pad
    inner_w = rect.width - 2 * pad
    dark = info.player == Player.DARK
    parts = panel_parts(fonts, rect, info, u)
    swatch = pygame.Rect(0, 0, int(30 * u), int(30 * u))
    swatch.midleft = (x, y + (parts.name_h - int(2 * u)) // 2)  # the name's line's middle
    pygame.draw.rect(
        surface, pal.dark_piece if dark else pal.light_piece, swatch, border_radius=int(6 * u)
    )
    pygame.draw.rect(surface, pal.text_dim, swatch, max(1, int(2 * u)), border_radius=int(6 * u))
    name_room = inner_w - swatch.width - int(10 * u)
    if info.clock is not None:  # the clock takes the line's right end (`draw_clock`)
        name_room = clock_box(fonts, rect, u).left - swatch.right - int(16 * u)
    name_px, name = fit_line(fonts, info.title, int(40 * u), name_room, bold=True)
    at = (swatch.right + int(10 * u), swatch.centery)
    blit_text(surface, fonts, name, name_px, pal.text, at, "midleft", True)
    who_px, who = fit_line(fonts, info.who, int(24 * u), inner_w)
    blit_text(surface, fonts, who, who_px, pal.text_dim, (x, rect.y + parts.who_y))
    y = rect.y + parts.score_y
    score_color = pal.accent if info.to_move else pal.text
    score = blit_text(
        surface, fonts, str(info.score), int(64 * u), score_color, (rect.right - pad, y),
        "topright", True,
    )  # fmt: skip
    label_px, label = fit_line(fonts, info.score_label, 24 * u, score.left - x - int(8 * u))
    blit_text(surface, fonts, label, label_px, pal.text_dim, (x, score.centery), "midleft")
    color = pal.accent if info.to_move else pal.text_dim
    for lines, top, px, colour, bold in (
        (parts.status, parts.status_y, parts.status_px, color, True),
        (parts.extra, parts.extra_y, parts.extra_px, pal.text_dim, False),
    ):
        y = rect.y + top
        for line in lines:
            if y + fonts.line_height(px, bold) > rect.bottom:  # a box took the panel's foot
                break
            y = blit_text(surface, fonts, line, px, colour, (x, y), bold=bold).bottom
    rows = hand_rows(rect, info, u, fonts, row_h)
    if not hand_fits(rect, rows):
        return {}
    label_px, label = fit_line(fonts, info.hand_label, int(24 * u), inner_w)
    blit_text(surface, fonts, label, label_px, pal.text_dim, (x, rect.y + parts.label_y))
    _draw_hand(surface, fonts, pal, info, rows, x, u)
    return rows


def _draw_hand(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    info: PanelInfo,
    rows: dict[int, pygame.Rect],
    x: int,
    u: float,
) -> None:
    """The hand's rows: each length's piece drawn to scale and its count in words, one
    size for every row; shorter words, then shorter pieces, where the panel is narrow."""
    dark = info.player == Player.DARK
    row = rows[LENGTHS[0]]
    row_h = row.height + int(4 * u)
    px = fonts.px(HAND_PX * u)  # as large as the row holds
    while px > fonts.floor and fonts.line_height(px) > row.height:
        px = fonts.px(px * 0.92)
    end = row.right - int(8 * u)
    mini = max(4, min(row_h * 5 // 10, int(((end - x) * 0.45) / 7)))
    gap = int(10 * u)
    short = False
    for short in (False, True):
        widest = max(fonts.size(hand_text(5, n, short), px)[0] for n in LENGTHS)
        if x + mini * 7 + gap + widest <= end:
            break
    else:  # the words need the room: the pieces are drawn shorter
        mini = max(2, (end - x - gap - widest) // 7)
    text_x = x + mini * 7 + gap
    for length in reversed(LENGTHS):
        count = info.hand.get(length, 0)
        row = rows[length]
        if info.selected == length:
            pygame.draw.rect(
                surface, mix(pal.panel, pal.accent, 0.3), row, border_radius=int(8 * u)
            )
            pygame.draw.rect(surface, pal.accent, row, max(2, int(3 * u)), border_radius=int(8 * u))
        fill = pal.dark_piece if dark else pal.light_piece
        edge = pal.dark_edge if dark else pal.light_edge
        if count == 0:
            fill = mix(fill, pal.panel, 0.75)
            edge = mix(edge, pal.panel, 0.75)
        bar = pygame.Rect(x, row.centery - mini // 2, mini * length, mini)
        pygame.draw.rect(surface, fill, bar, border_radius=max(2, mini // 3))
        pygame.draw.rect(surface, edge, bar, max(1, int(2 * u)), border_radius=max(2, mini // 3))
        color = pal.text if count else pal.text_dim
        label = hand_text(count, length, short)
        blit_text(surface, fonts, label, px, color, (text_x, row.centery), "midleft", box=row)


def draw_bar_text(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    text: str,
    px: int,
    color=None,
    bold: bool = False,
) -> None:
    """`text` centred in `rect` (a bar, a button), wrapped onto more lines rather than
    shrunk below the readable minimum."""
    box = rect.inflate(-20, -4)
    draw_wrapped(surface, fonts, text, px, color or pal.text, box, bold)


def draw_bar_lines(
    surface: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    parts: list[tuple[str, tuple[int, int, int], int]],
) -> None:
    """Several texts stacked in one bar (the status, then a hint's line): (text, colour,
    size) each, wrapped and centred (`draw_texts`)."""
    draw_texts(surface, fonts, rect.inflate(-20, -4), [(t, c, px, False) for t, c, px in parts])
