"""HARI's fast core: the board as a bitboard and lists, for playouts and search
(docs/rules.md section 3).

With `lean` 0 each legal action, in the order `HariState.legal_moves` lists them, is
equally likely at every step of a playout; with probability `lean` the mover instead
follows the rule of thumb: it places its shortest piece that fits without sliding
(which keeps the longer pieces playable); if none fits, it slides one of its pieces
to make room for the most valuable piece that then fits (`slide_to_fit`), and only
if no slide gains anything does it discard its shortest. The endgame, where a HARI
game is decided, is a matter of making room; playouts that never slid on purpose
judged it wrongly (the search on these playouts beat the same search on those, 400
playouts a move each, 50.5 of 60 games: docs/strength.md, "HARI's search").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Self, cast

from ..bitboard import (
    ALL_CELLS,
    BIT_TO_CELL,
    CELL_MASK,
    S_ANCHOR,
    S_CELLS,
    S_MASK,
    S_VAL,
    SHAPES,
    fit_kinds,
    mask_cells,
    shape_id,
)
from ..common import FULL_HAND, VALUE
from ..moves import PASS, Discard, Move, Place, Slide
from .core import FastCore

if TYPE_CHECKING:
    from ..hari import HariState
    from ..state import GameState

#: What the mover may do: (how many moves, kind, detail). Kind 0-9 places a piece of
#: that kind (detail: the anchors' bitboard); -3..-7 discards that length; -10 - sid
#: slides piece sid (detail: its slides as (sign, distance or None for off the board)).
Option = tuple[int, int, object]


def _runs(sid: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cells (as bitboards) from piece `sid`'s low end to the board's edge, nearest
    first, and from its high end: where a slide goes."""
    k, anchor = divmod(sid, 100)
    if SHAPES[sid] is None:
        return (), ()
    r, c = divmod(anchor, 10)
    pos, step = (r, 10) if k & 1 else (c, 1)
    base = anchor - pos * step
    end = pos + k // 2 + 3
    low = tuple(CELL_MASK[base + i * step] for i in range(pos - 1, -1, -1))
    high = tuple(CELL_MASK[base + i * step] for i in range(end, 10))
    return low, high


_LOW_RUN, _HIGH_RUN = zip(*(_runs(sid) for sid in range(len(SHAPES))), strict=True)


def _slides(empty: int, sid: int) -> list[tuple[int, int | None]]:
    """(sign, distance or None for off the board), in `HariState` order."""
    low = 0
    lows = _LOW_RUN[sid]
    for cell in lows:
        if not empty & cell:
            break
        low += 1
    high = 0
    highs = _HIGH_RUN[sid]
    for cell in highs:
        if not empty & cell:
            break
        high += 1
    out: list[tuple[int, int | None]] = [(-1, None)] if low == len(lows) else []
    out += [(-1, d) for d in range(low, 0, -1)]
    out += [(1, d) for d in range(1, high + 1)]
    if high == len(highs):
        out.append((1, None))
    return out


class HariCore(FastCore):
    """A position as mutable lists."""

    __slots__ = ("turn", "passes", "empty", "hands", "owned", "least", "slid", "slid_value")

    def __init__(self) -> None:
        self.turn = 0
        self.passes = 0  # passes in a row
        self.empty = ALL_CELLS
        self.hands = [list(FULL_HAND), list(FULL_HAND)]
        self.owned: list[list[int]] = [[], []]  # shape ids, per side
        self.least = [0, 0]  # each side's last length played (plays never get shorter)
        self.slid: list[int] = []  # this turn's slid pieces, as they lie now
        self.slid_value = 0  # value slid this turn

    @classmethod
    def of(cls, state: GameState) -> Self:
        s = cast("HariState", state)  # its fields are read directly, as the rules' own
        core = cls.__new__(cls)
        core.turn, core.passes, core.empty = s._turn, s._passes, s._empty
        core.hands = [list(s._hands[0]), list(s._hands[1])]
        core.owned = [list(s._owned[0]), list(s._owned[1])]
        core.least = list(s._min_len)
        core.slid, core.slid_value = list(s._slid), s._slid_value
        return core

    def copy(self) -> Self:
        new = type(self)()
        new.turn, new.passes, new.empty = self.turn, self.passes, self.empty
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.owned = [list(self.owned[0]), list(self.owned[1])]
        new.least = list(self.least)
        new.slid, new.slid_value = list(self.slid), self.slid_value
        return new

    # ----- the interface ------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.passes >= 2 else self.turn

    @property
    def scores(self) -> tuple[int, int]:
        """Value of each side's pieces on the board (docs/rules.md 3.7)."""
        return sum(S_VAL[s] for s in self.owned[0]), sum(S_VAL[s] for s in self.owned[1])

    def legal_moves(self) -> list[Move]:
        if self.passes >= 2:
            return []
        moves: list[Move] = []
        for _count, kind, detail in self.options(self.turn):
            if kind >= 0:
                length, direction = kind // 2 + 3, "hv"[kind & 1]
                moves.extend(Place(length, direction, a) for a in mask_cells(detail))  # type: ignore[arg-type]
            elif kind > -10:
                moves.append(Discard(-kind))
            else:
                anchor = (-10 - kind) % 100
                moves.extend(Slide(anchor, sign, d) for sign, d in detail)  # type: ignore[attr-defined]
        return moves or [PASS]

    def play(self, move: Move) -> None:
        me = self.turn
        if isinstance(move, Slide):
            sid = next(s for s in self.owned[me] if move.cell in S_CELLS[s])
            self._slide(me, sid, move.sign, move.distance)
            return
        if isinstance(move, Place | Discard):
            self.hands[me][move.length - 3] -= 1
            self.least[me] = move.length
            if isinstance(move, Place):
                sid = shape_id(move.length, move.direction, move.cell)
                self.owned[me].append(sid)
                self.empty &= ~S_MASK[sid]
            self.passes = 0
        else:
            self.passes += 1
        self.slid, self.slid_value, self.turn = [], 0, 1 - me

    def outcome(self) -> float:
        dark, light = self.scores
        return 1.0 if dark > light else 0.0 if dark < light else 0.5

    # ----- moves ----------------------------------------------------------------

    def options(
        self, me: int, lean: float = 0.0, rand: Callable[[], float] | None = None
    ) -> list[Option]:
        """What `me` may do now, in engine order: placements, then discards, then
        slides; [] when `me` must pass. With probability `lean` (a draw from `rand`,
        made only when there is a choice) the rule of thumb's choice only."""
        hand, slid_value = self.hands[me], self.slid_value
        # lengths in hand, never shorter than the last play, worth what was slid (3.4, 3.5)
        lengths = [
            n for n in range(self.least[me] or 3, 8) if hand[n - 3] and VALUE[n] >= slid_value
        ]
        if not lengths:
            return []
        fits = fit_kinds(self.empty)
        options: list[Option] = []
        for n in lengths:
            k = (n - 3) * 2
            if fits[k]:
                options.append((fits[k].bit_count(), k, fits[k]))
            if fits[k + 1]:
                options.append((fits[k + 1].bit_count(), k + 1, fits[k + 1]))
        if lean and rand is not None and rand() < lean:
            if options:
                first = options[0][1] >> 1
                return [o for o in options if o[1] >> 1 == first]
            room_made = self.slide_to_fit(me, lengths)
            return [room_made] if room_made is not None else [(1, -lengths[0], None)]
        for n in lengths:
            options.append((1, -n, None))
        room = VALUE[lengths[-1]] - slid_value
        empty, slid = self.empty, self.slid
        for sid in sorted(self.owned[me], key=S_ANCHOR.__getitem__):
            if S_VAL[sid] <= room and sid not in slid:
                slides = _slides(empty, sid)
                if slides:
                    options.append((len(slides), -10 - sid, slides))
        return options

    def slide_to_fit(self, me: int, lengths: list[int]) -> Option | None:
        """The rule of thumb when no piece `me` may play fits: the one slide of an own
        piece after which the most valuable piece fits, net of the value a slide off
        the board loses (docs/rules.md 3.3, 3.5); None if no slide gains anything.
        A playout without it discards where a player would make room, and judges the
        endgame, where HARI is decided, as if nobody ever slid."""
        slid_value, empty, slid = self.slid_value, self.empty, self.slid
        best: Option | None = None
        best_gain = 0
        for sid in self.owned[me]:
            value = S_VAL[sid]
            if sid in slid or VALUE[lengths[-1]] < slid_value + value:
                continue
            freed = empty | S_MASK[sid]
            wanted = [n for n in lengths if VALUE[n] >= slid_value + value and VALUE[n] > best_gain]
            room = fit_kinds(freed)  # every slide of the piece leaves at most this room
            if not any(room[(n - 3) * 2] or room[(n - 3) * 2 + 1] for n in wanted):
                continue
            vertical = (sid // 100) & 1
            for sign, distance in _slides(empty, sid):
                if distance is None:
                    after, lost = freed, value
                else:
                    after = freed & ~S_MASK[sid + sign * distance * (10 if vertical else 1)]
                    lost = 0
                fits = fit_kinds(after)
                for n in reversed(lengths):
                    if VALUE[n] - lost <= best_gain or VALUE[n] < slid_value + value:
                        break
                    k = (n - 3) * 2
                    if fits[k] or fits[k + 1]:
                        best, best_gain = (1, -10 - sid, [(sign, distance)]), VALUE[n] - lost
                        break
        return best

    def _slide(self, me: int, sid: int, sign: int, distance: int | None) -> None:
        mine = self.owned[me]
        at = mine.index(sid)
        self.empty |= S_MASK[sid]
        self.slid_value += S_VAL[sid]
        if distance is None:
            del mine[at]
        else:
            moved = sid + sign * distance * (10 if (sid // 100) & 1 else 1)
            mine[at] = moved
            self.empty &= ~S_MASK[moved]
            self.slid.append(moved)

    def playout(self, rng: random.Random, lean: float = 0.0, record: bool = False) -> list[str]:
        rand = rng.random
        moves: list[str] = []
        hands, owned, least = self.hands, self.owned, self.least
        options_of, slide = self.options, self._slide
        passes, turn = self.passes, self.turn
        while passes < 2:
            me = turn
            options = options_of(me, lean, rand)
            if not options:  # at the start of a turn: nothing was slid
                passes += 1
                turn = 1 - me
                if record:
                    moves.append("pass")
                continue
            total = sum(o[0] for o in options)
            pick = int(rand() * total)
            for option in options:
                if pick < option[0]:
                    break
                pick -= option[0]
            _, kind, detail = option
            if kind >= 0:  # place
                mask = detail
                for _ in range(pick):
                    mask &= mask - 1  # type: ignore[operator]
                anchor = BIT_TO_CELL[(mask & -mask).bit_length() - 1]  # type: ignore[operator]
                sid = kind * 100 + anchor
                n = kind // 2 + 3
                self.empty &= ~S_MASK[sid]
                owned[me].append(sid)
                if record:
                    moves.append(f"{n}{'hv'[kind & 1]}{anchor:02d}")
            elif kind > -10:  # discard
                n = -kind
                if record:
                    moves.append(f"d{n}")
            else:  # slide: the turn goes on
                sid = -10 - kind
                sign, distance = detail[pick]  # type: ignore[index]
                slide(me, sid, sign, distance)
                if record:
                    moves.append(f"s{sid % 100:02d}{'+' if sign > 0 else '-'}{distance or 'x'}")
                continue
            hands[me][n - 3] -= 1
            least[me] = n
            passes = 0
            self.slid, self.slid_value = [], 0
            turn = 1 - me
        self.passes, self.turn = passes, turn
        return moves
