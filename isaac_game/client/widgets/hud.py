"""The parts of the game screen around the board: player panels, top and bottom bars."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from isaac_game.rules import LENGTHS, VALUE, GameState, Player

from ..theme import Fonts, Palette, blit_text, draw_panel, mix


@dataclass
class PanelInfo:
    player: Player
    title: str  # "Dark"
    who: str  # "Human", "Computer (easy)"
    score: int
    hand: dict[int, int]
    to_move: bool
    status: str = ""  # "passed", "thinking...", "out (passed)"
    selected: int | None = None  # selected length, when this player is placing
    hand_label: str = "In hand"
    extra: str = ""
    score_label: str = "Score"  # FOUNDATIONS: "In hand"

    @classmethod
    def of(cls, state: GameState, player: Player, who: str, **shown: Any) -> PanelInfo:
        """The panel of `player` in `state`: name, score, hand and turn from the state,
        the rest (`status`, `extra`, labels...) as given."""
        return cls(
            player=player,
            title=player.title,
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


def game_layout(size: tuple[int, int], u: float) -> GameLayout:
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
        panels={Player.DARK: left, Player.LIGHT: right},
    )


def hand_rows(rect: pygame.Rect, info: PanelInfo, u: float) -> dict[int, pygame.Rect]:
    """Where the panel `rect` showing `info` lists the hand, row by length.

    A pure function of what the panel shows, so input finds the rows a click hit
    without reading anything drawing wrote.
    """
    pad = int(14 * u)
    y = rect.y + pad + int(4 * u) + int(30 * u)  # the swatch
    y += int(6 * u) + int(30 * u) + int(56 * u) + int(36 * u)  # who, score, status
    if info.extra:
        y += int(26 * u)
    y += int(28 * u)  # the hand's label
    x, inner_w = rect.x + pad, rect.width - 2 * pad
    row_h = max(int(20 * u), min(int(52 * u), (rect.bottom - pad - y) // len(LENGTHS)))
    rows: dict[int, pygame.Rect] = {}
    for length in reversed(LENGTHS):
        rows[length] = pygame.Rect(x - int(6 * u), y, inner_w + int(12 * u), row_h - int(4 * u))
        y += row_h
    return rows


def hand_text(count: int, length: int, short: bool = False) -> str:
    """A hand row's words: `1 piece, value 6` (`short`: `1 of value 6`, for a narrow
    panel). Pieces go by their printed value (docs/rules.md 0); the picture shows the length."""
    if short:
        return f"{count} of value {VALUE[length]}"
    return f"{count} piece{'' if count == 1 else 's'}, value {VALUE[length]}"


def bar_button(bar: pygame.Rect, share: float, right: bool = True) -> pygame.Rect:
    """A button taking `share` of the bar's width at its right (or left) end."""
    button = bar.copy()
    button.width = int(bar.width * share)
    if right:
        button.right = bar.right
    return button


def draw_player_panel(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    rect: pygame.Rect,
    info: PanelInfo,
    u: float,
) -> dict[int, pygame.Rect]:
    """Draw one player's panel; returns the hand rows' rects by length (for clicks)."""
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
    name_px = fonts.fit(info.title, int(40 * u), inner_w - swatch.width - pad, bold=True)
    blit_text(
        surface,
        fonts,
        info.title,
        name_px,
        pal.text,
        (swatch.right + int(10 * u), swatch.centery),
        "midleft",
        True,
    )
    y = swatch.bottom + int(6 * u)
    who_px = fonts.fit(info.who, int(24 * u), inner_w)
    blit_text(surface, fonts, info.who, who_px, pal.text_dim, (x, y))
    y += int(30 * u)
    blit_text(surface, fonts, info.score_label, int(24 * u), pal.text_dim, (x, y + int(14 * u)))
    blit_text(
        surface,
        fonts,
        str(info.score),
        int(64 * u),
        pal.accent if info.to_move else pal.text,
        (rect.right - pad, y),
        "topright",
        True,
    )
    y += int(56 * u)
    status = info.status or ("to move" if info.to_move else "")
    if status:
        color = pal.accent if info.to_move else pal.text_dim
        blit_text(
            surface,
            fonts,
            status,
            fonts.fit(status, int(28 * u), inner_w, True),
            color,
            (x, y),
            bold=True,
        )
    y += int(36 * u)
    if info.extra:
        blit_text(
            surface,
            fonts,
            info.extra,
            fonts.fit(info.extra, int(22 * u), inner_w),
            pal.text_dim,
            (x, y),
        )
        y += int(26 * u)
    blit_text(surface, fonts, info.hand_label, int(24 * u), pal.text_dim, (x, y))
    rows = hand_rows(rect, info, u)
    row_h = rows[LENGTHS[0]].height + int(4 * u)
    mini = max(4, min(row_h * 5 // 10, int((inner_w * 0.45) / 7)))
    # the words after the longest piece, one size for every row; shorter words when the
    # panel is too narrow for the long ones at a readable size
    text_x = x + mini * 7 + int(10 * u)
    room = rows[LENGTHS[0]].right - int(8 * u) - text_x
    base = max(12, int(min(row_h * 0.55, 26 * u)))
    short = False
    px = min(fonts.fit(hand_text(5, n), base, room) for n in LENGTHS)
    if px < base * 0.85:
        short = True
        px = min(fonts.fit(hand_text(5, n, True), base, room) for n in LENGTHS)
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
        blit_text(surface, fonts, label, px, color, (text_x, row.centery), "midleft")
    return rows


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
    px = fonts.fit(text, px, rect.width - 20, bold)
    blit_text(surface, fonts, text, px, color or pal.text, rect.center, "center", bold)
