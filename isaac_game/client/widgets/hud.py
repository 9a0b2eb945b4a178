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

    def key(self) -> tuple:
        """All the panel shows, hashable (the panel's picture is kept by it)."""
        return tuple((vars(self) | {"hand": tuple(sorted(self.hand.items()))}).values())

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


@dataclass
class GameLayout:
    size: tuple[int, int]
    u: float
    top: pygame.Rect
    bottom: pygame.Rect
    board_area: pygame.Rect
    panels: dict[Player, pygame.Rect]
    #: the player whose edge of the board is at the bottom: their panel is on the left
    facing: Player = Player.DARK

    @property
    def left_player(self) -> Player:
        """Whose panel is on the left: the player the board faces."""
        return self.facing

    @property
    def right_player(self) -> Player:
        """Whose panel is on the right (where the move list and a lesson's box go)."""
        return self.facing.other


def game_layout(size: tuple[int, int], u: float, facing: Player = Player.DARK) -> GameLayout:
    """The game screen's parts for a window of `size` at ui scale `u`: the board in the
    middle, the panel of the player it faces (`facing`) on its left, as Dark's is in
    Dark's view, and the other's on its right."""
    w, h = size
    pad = int(16 * u)
    top_h = int(h * 0.085)
    bottom_h = int(h * 0.11)
    avail_h = h - top_h - bottom_h - 2 * pad
    board_side = min(avail_h, int(w * 0.56))
    panel_w = (w - board_side) // 2 - 2 * pad
    if panel_w < 240 * u:  # narrow screens: the panels take what they need
        panel_w = int(min(240 * u, w * 0.28))
        board_side = min(avail_h, w - 2 * panel_w - 4 * pad)
    board = pygame.Rect(0, 0, board_side, board_side)
    board.center = (w // 2, top_h + pad + avail_h // 2)
    panel_h = min(avail_h, int(board_side * 1.0))
    left = pygame.Rect(board.left - pad - panel_w, 0, panel_w, panel_h)
    right = pygame.Rect(board.right + pad, 0, panel_w, panel_h)
    left.centery = right.centery = board.centery
    return GameLayout(
        size=size,
        u=u,
        top=pygame.Rect(0, 0, w, top_h),
        bottom=pygame.Rect(pad, h - bottom_h - pad // 2, w - 2 * pad, bottom_h),
        board_area=board,
        panels={facing: left, facing.other: right},
        facing=facing,
    )


@dataclass(frozen=True)
class PanelParts:
    """Where a player's panel puts its words (what it shows, as `PanelInfo` says, in a
    panel of that width): the status and the extra note wrapped onto as many lines as
    they need, and where the hand's rows begin."""

    status: tuple[str, ...]
    status_px: int
    extra: tuple[str, ...]
    extra_px: int
    status_y: int  # from the panel's top
    extra_y: int
    label_y: int  # "In hand"
    rows_y: int  # the first hand row


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
    if fonts is not None:
        score_h = max(score_h, fonts.line_height(int(64 * u), True))
        status_px, extra_px = fonts.px(status_px), fonts.px(extra_px)
        status = tuple(wrap(fonts, status_text, status_px, inner_w, True)) if status_text else ()
        extra = tuple(wrap(fonts, info.extra, extra_px, inner_w)) if info.extra else ()
    top = pad + int(4 * u) + int(30 * u) + int(6 * u) + int(30 * u) + score_h

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
        return PanelParts(status, status_px, extra, extra_px, status_y, extra_y, label_y, rows_y)

    parts = place(status, extra)
    if fonts is not None and max(len(status), len(extra)) > 1:
        # words that would push the hand out of the panel are cut to a line each (the
        # bar says them whole): the hand is what the panel is for
        least = len(LENGTHS) * (fonts.line_height(0) + int(6 * u))
        if rect.height - pad - parts.rows_y < least:
            status = tuple(cut_lines(fonts, list(status), status_px, inner_w, 1, True))
            extra = tuple(cut_lines(fonts, list(extra), extra_px, inner_w, 1))
            parts = place(status, extra)
    return parts


#: A hand row is never higher than this (at ui scale 1).
ROW_MOST = 52


def hand_row_height(fonts: Fonts, layout: GameLayout, infos: dict[Player, PanelInfo]) -> int:
    """One height for the hand rows of both panels: what the one with less room below
    its words gives them (the right-hand panel shares its height with the move list)."""
    u = layout.u
    least = fonts.line_height(0) + int(6 * u)  # a row's words at the smallest size
    room = []
    for player, info in infos.items():
        rect = layout.panels[player]
        below = rect.height - int(14 * u) - panel_parts(fonts, rect, info, u).rows_y
        if below // len(LENGTHS) >= least:  # a panel with no room shows no hand
            room.append(below // len(LENGTHS))
    return max(least, min([int(ROW_MOST * u), *room]))


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
    key = ("panel", id(fonts), fonts.floor, fonts.face, pal, u, row_h, info.key())
    return draw_kept(
        surface, rect, key, lambda on, at: _draw_panel_now(on, fonts, pal, at, info, u, row_h)
    )


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
    swatch = pygame.Rect(x, y + int(4 * u), int(30 * u), int(30 * u))
    pygame.draw.rect(
        surface, pal.dark_piece if dark else pal.light_piece, swatch, border_radius=int(6 * u)
    )
    pygame.draw.rect(surface, pal.text_dim, swatch, max(1, int(2 * u)), border_radius=int(6 * u))
    name_room = inner_w - swatch.width - int(10 * u)
    name_px, name = fit_line(fonts, info.title, int(40 * u), name_room, bold=True)
    at = (swatch.right + int(10 * u), swatch.centery)
    blit_text(surface, fonts, name, name_px, pal.text, at, "midleft", True)
    y = swatch.bottom + int(6 * u)
    who_px, who = fit_line(fonts, info.who, int(24 * u), inner_w)
    blit_text(surface, fonts, who, who_px, pal.text_dim, (x, y))
    y += int(30 * u)
    score_color = pal.accent if info.to_move else pal.text
    score = blit_text(
        surface, fonts, str(info.score), int(64 * u), score_color, (rect.right - pad, y),
        "topright", True,
    )  # fmt: skip
    label_px, label = fit_line(fonts, info.score_label, 24 * u, score.left - x - int(8 * u))
    blit_text(surface, fonts, label, label_px, pal.text_dim, (x, score.centery), "midleft")
    parts = panel_parts(fonts, rect, info, u)
    y = rect.y + parts.status_y
    color = pal.accent if info.to_move else pal.text_dim
    for line in parts.status:
        y = blit_text(surface, fonts, line, parts.status_px, color, (x, y), bold=True).bottom
    y = rect.y + parts.extra_y
    for line in parts.extra:
        y = blit_text(surface, fonts, line, parts.extra_px, pal.text_dim, (x, y)).bottom
    rows = hand_rows(rect, info, u, fonts, row_h)
    if not hand_fits(rect, rows):
        return {}
    label_y = rect.y + parts.label_y
    blit_text(surface, fonts, info.hand_label, int(24 * u), pal.text_dim, (x, label_y))
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
    px = max(fonts.floor, min(int(row_h * 0.55), int(26 * u)))
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
