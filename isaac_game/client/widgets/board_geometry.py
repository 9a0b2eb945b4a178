"""Where things are on a board: its cells on the screen, the way a step goes, the
coordinates a player reads it by.

The board faces one player (`facing`, given to `place` as python-chess's `svg.board`
is given `flipped`), as the box's board faces whoever sits at its edge: that player's
edge is the bottom of the screen, so their own row 0 is the bottom row and their own
column 0 the left column. Facing Dark, cell (r, c) is r rows up and c columns right;
facing Light, the picture is turned half round. Both coordinate sets are drawn, each on
its owner's edges: the facing player's on the bottom and left, the other's on the top
and right (docs/rules.md 0: "Light coordinates on the Light edge").

The painting is `board_view.py`'s: this is what input, words and painting agree on.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from isaac_game.rules import BoardPiece, Player

from ..theme import Fonts


def piece_cells(length: int, direction: str, anchor: int) -> tuple[int, ...]:
    step = 1 if direction == "h" else 10
    return tuple(anchor + step * i for i in range(length))


def way_word(direction: str, sign: int, facing: Player = Player.DARK) -> str:
    """The screen's word for a step along a piece's `direction` ("h": along a row, "v":
    along a column) towards higher (`sign` > 0) or lower Dark coordinates, on a board
    facing `facing`: what the player sees it do ("left", "up"). Every word that names a
    way on the board comes from here, so it turns with the board."""
    if facing == Player.LIGHT:
        sign = -sign
    if direction == "h":
        return "right" if sign > 0 else "left"
    return "up" if sign > 0 else "down"


def own_cell(cell: int, facing: Player = Player.DARK) -> tuple[int, int]:
    """(row, column) of `cell` (Dark's coordinates) in `facing`'s own coordinates, the
    numbers drawn on the edges nearest to them (docs/rules.md 0: Light's are (9 - r,
    9 - c)): what a player reading the board from that side calls the cell."""
    r, c = divmod(cell, 10)
    return (9 - r, 9 - c) if facing == Player.LIGHT else (r, c)


class Facing:
    """Which side of the board faces the screen: the side the game gives (the local
    human's, a lesson step's mover's...), turned half round by the player (F, the pause
    menu) until the side given changes (the turn passes in a hotseat turned for the
    player to move, a LAN rematch swaps the colours)."""

    def __init__(self, given: Player = Player.DARK) -> None:
        self.given = given
        self.turned = False

    def follow(self, given: Player | None) -> Player:
        """The side facing the screen, once the game gives `given` (None: as before)."""
        if given is not None and given != self.given:
            self.given, self.turned = given, False
        return self.given.other if self.turned else self.given

    def turn(self) -> None:
        self.turned = not self.turned


class BoardGeometry:
    """The geometry of a 10 x 10 board inside `rect`, facing one player."""

    def __init__(self, fonts: Fonts) -> None:
        # the margins hold a readable digit; the numbers are the board's size, which
        # grows with the window, whatever the player's text size (`Fonts.unscaled`)
        self.fonts = fonts.unscaled
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.cell = 10
        self.margin = 6
        self.grid = pygame.Rect(0, 0, 100, 100)
        #: whose edge is the bottom of the screen (see the module's docstring)
        self.facing = Player.DARK

    # ----- geometry ----------------------------------------------------------------

    @property
    def flipped(self) -> bool:
        """Is the board turned half round from Dark's view (Light's edge at the bottom)?"""
        return self.facing == Player.LIGHT

    def place(self, rect: pygame.Rect, facing: Player = Player.DARK) -> None:
        """Fit the board (with its coordinate margins) into the square inside `rect`,
        with `facing`'s edge at the bottom of the screen. The margins are at least as
        wide as the smallest readable digit is high (the cells shrink for it), so a
        small board's coordinates stay readable."""
        self.facing = facing
        side = min(rect.width, rect.height)
        cell = int(side / 11.2)
        margin = int(cell * 0.6)
        least = self.fonts.line_height(1, True)
        if margin < least:
            margin = least
            cell = max(1, (side - 2 * margin) // 10)
        total = cell * 10 + 2 * margin
        outer = pygame.Rect(0, 0, total, total)
        outer.center = rect.center
        if outer != self.rect or cell != self.cell or margin != self.margin:
            self.rect, self.cell, self.margin = outer, cell, margin
            self.grid = pygame.Rect(outer.x + margin, outer.y + margin, cell * 10, cell * 10)
            self.release()

    def release(self) -> None:
        """Let go of what was drawn at the old place (a painter keeps pictures)."""

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, 10)
        if self.flipped:
            r, c = 9 - r, 9 - c
        return pygame.Rect(
            self.grid.x + c * self.cell, self.grid.y + (9 - r) * self.cell, self.cell, self.cell
        )

    def cell_center(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def row_col_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        """(row, column) in Dark's coordinates under `pos`, on the board or beyond its
        edges (a piece dragged off the board: below 0 or above 9)."""
        c = (pos[0] - self.grid.x) // self.cell
        r = 9 - (pos[1] - self.grid.y) // self.cell
        if self.flipped:
            r, c = 9 - r, 9 - c
        return int(r), int(c)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        r, c = self.row_col_at(pos)
        return r * 10 + c

    def screen_way(self, direction: str, sign: int) -> tuple[int, int]:
        """The screen's unit step (x to the right, y down) of a step along a piece's
        `direction` towards higher (`sign` > 0) or lower Dark coordinates."""
        if self.flipped:
            sign = -sign
        return (sign, 0) if direction == "h" else (0, -sign)

    def board_step(self, right: int, up: int) -> tuple[int, int]:
        """(rows, columns) in Dark's coordinates of a step `right` and `up` on the
        screen: Right goes right on the screen whichever side faces it."""
        return (-up, -right) if self.flipped else (up, right)

    def moved(self, cell: int, right: int, up: int) -> int:
        """The cell `right` and `up` on the screen from `cell`, held at the board's edges
        (a keyboard cursor's step: Right goes right on the screen)."""
        dr, dc = self.board_step(right, up)
        r, c = divmod(cell, 10)
        return max(0, min(9, r + dr)) * 10 + max(0, min(9, c + dc))

    def way_word(self, direction: str, sign: int) -> str:
        """`way_word` on this board as it faces now."""
        return way_word(direction, sign, self.facing)

    def span_rect(self, cells: Iterable[int]) -> pygame.Rect:
        rects = [self.cell_rect(c) for c in cells]
        return rects[0].unionall(rects[1:])

    def lift(self, level: int) -> tuple[int, int]:
        """Screen offset of a piece on `level`: a flat board has one level (FOUNDATIONS'
        stacked board raises the higher ones)."""
        return 0, 0

    def counter_position(self, player: Player, score: int, both_share: bool) -> tuple[int, int]:
        """Screen centre for a counter at `score` (Dark's cell s, Light's 99 - s)."""
        score = min(score, 99)
        cell = score if player == Player.DARK else 99 - score
        x, y = self.cell_center(cell)
        if both_share:  # the facing player's counter sits towards their own corner
            shift = self.cell // 5
            x += -shift if player == self.facing else shift
            y += shift if player == self.facing else -shift
        return x, y

    def counters(
        self, scores: tuple[int, int], hidden: Iterable[Player] = ()
    ) -> list[tuple[Player, int, tuple[int, int]]]:
        """ISAAC's counters on the track (a score under 100, none of `hidden`: an
        animation draws it): each one's player, score and centre on the screen."""
        shared = sum(scores) == 99
        return [
            (player, score, self.counter_position(player, score, shared))
            for player, score in zip((Player.DARK, Player.LIGHT), scores, strict=True)
            if score < 100 and player not in hidden
        ]

    def line_cells(self, piece: BoardPiece) -> tuple[int, ...]:
        """The row (h) or column (v) a piece scores along."""
        r, c = divmod(piece.anchor, 10)
        if piece.direction == "h":
            return tuple(r * 10 + i for i in range(10))
        return tuple(i * 10 + c for i in range(10))
