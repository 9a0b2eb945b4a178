"""Choose a saved game to continue or to replay, or delete one (after a question). Bad
files give a message, not a crash.

Every save is listed, however many there are: the list scrolls (keys, wheel, pad;
see `Menu`), and a row's words, which load the file to say what is wrong with it,
are made only when the row comes into view. A game open in another window says so
on its row, and is neither opened for play nor deleted here.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pygame

from isaac_game.i18n import N_, _, pgettext
from isaac_game.rules import Headers, Player, RecordError, clean_text

from ..handoff import seat_words, setup_from_record
from ..input import Action, Button
from ..scene import Question
from ..storage import OPEN_ELSEWHERE, RECORD_SUFFIX, load_error, read_headers
from ..theme import mix, note_box
from ..widgets.menu import Menu, MenuItem
from ..widgets.menu_screen import MenuScreen
from ..words import side_name

_STAMP = re.compile(r"(\d{4}-\d\d-\d\d)_(\d\d)-(\d\d)-\d\d(?:_\d+)?")


def save_label(path: Path, error: RecordError | None = None) -> str:
    """`HARI  ·  Human v Level 3 (Easy)  ·  2026-11-21 14:05  ·  Dark wins`, from the
    file's header lines; `error`: why the file cannot be loaded, shown instead."""
    headers = read_headers(path)
    read = Headers(headers)
    shown_name = clean_text(path.name)  # anyone may have named a file in the folder
    name = shown_name.removesuffix(RECORD_SUFFIX)
    stamp = _STAMP.fullmatch(name)
    when = f"{stamp.group(1)} {stamp.group(2)}:{stamp.group(3)}" if stamp else ""
    when = when or read.date or name.replace("_", " ")
    game = read.game
    reason = error.reason if error else ""
    if not game:
        shown = name.replace("_", " ")
        if reason:
            # TRANSLATORS: a file in the saves folder that is no game; {reason} says why
            text = _("{name}  (not a readable game record: {reason})")
            return text.format(name=shown, reason=reason)
        return _("{name}  (not a readable game record)").format(name=shown)
    if error:
        # TRANSLATORS: a save's row: its game (ISAAC), its date, why it cannot be loaded
        text = _("{game}  ·  {when}  ·  cannot be loaded: {reason}")
        return text.format(game=game.upper(), when=when, reason=reason)
    # TRANSLATORS: a save's players: "Human v Level 3 (Easy)"
    players = _("{dark} v {light}").format(
        dark=seat_words(headers, Player.DARK, game), light=seat_words(headers, Player.LIGHT, game)
    )
    if read.result == "*":
        state = _("in progress")
    else:
        outcome = outcome_words(read)
        # TRANSLATORS: a finished save's result ("Dark wins", "a draw")
        said = _("finished: {result}").format(result=outcome)
        state = said if outcome else _("finished")
    return "  ·  ".join((game.upper(), players, when, state))


def outcome_words(headers: Headers) -> str:
    """The record's result ("dark wins", "light wins", "draw") in the player's language;
    anything else (a hand-edited file) as it is."""
    outcome, winner = headers.outcome, headers.winner
    if winner is not None:
        # TRANSLATORS: a finished game's result; {player}: Dark or Light
        return _("{player} wins").format(player=side_name(winner))
    if outcome == "draw":
        return pgettext("result", "a draw")
    return f"{outcome[:1].upper()}{outcome[1:]}"


def delete_rect(row: pygame.Rect) -> pygame.Rect:
    """The small delete button at the right end of a save's row (beside it, not on it)."""
    side = row.height
    return pygame.Rect(row.right + max(4, side // 5), row.y, side, side)


def report_rect(row: pygame.Rect) -> pygame.Rect:
    """The Replay list's report button (a small chart), right of the delete button."""
    button = delete_rect(row)
    return button.move(button.width + max(4, row.height // 5), 0)


class SavesScene(MenuScreen):
    """The saved games, newest first: Continue opens one in the match scene, Replay in
    the replay scene (both by name). `games` are the games this client can play.

    A save is deleted only after a question (the generic question scene, "No, keep it"
    first): asked by its row's delete button, a right-click on the row, the Delete key
    or a pad's X on the chosen row."""

    name = "saves"
    panel_size = (0.9, 1000, 0.72)
    row_px = 30
    footer = N_(
        "Enter / A: open    Delete, pad X, right-click or the red X: delete    Esc / B: back"
    )
    #: said under the list while some rows are out of view
    scroll_footer = N_(
        "Page Up/Down, shoulders or the wheel: more games    "
        "Enter / A: open    Delete, pad X, right-click or the red X: delete    Esc / B: back"
    )

    #: the Replay list says how to open a save's report too
    replay_footer = N_(
        "Enter / A: replay    R, pad Y or the chart: report    "
        "Delete, pad X, right-click or the red X: delete    Esc / B: back"
    )

    def __init__(self, app, purpose: str, games: tuple[str, ...]) -> None:
        self.purpose = purpose  # "continue" or "replay"
        self.games = games
        super().__init__(app)
        continuing = purpose == "continue"
        self.heading = N_("Continue a saved game") if continuing else N_("Replay a saved game")
        self.refresh()

    def make_menu(self, items: list[MenuItem]) -> Menu:
        return Menu(items, on_change=lambda: self.app.audio.play("click"), scroll=True)

    def refresh(self, keep: int = 0) -> None:
        """Every save (Continue: the unfinished ones), newest first, each to be checked
        by loading it as its row comes into view, so a corrupt file is listed with what
        is wrong and can never be written over; the row at `keep` (or the last) chosen."""
        items = []
        self.paths: dict[str, Path] = {}
        self.labels: dict[Path, str] = {}
        for path in self.app.storage.list_saves():
            finished = Headers(read_headers(path)).result != "*"
            if self.purpose == "continue" and finished:
                continue  # finished games go under Replay only
            label = functools.partial(self.row_label, path)
            items.append(MenuItem(label, functools.partial(self.open, path), key=path.name))
            self.paths[path.name] = path
        items.append(MenuItem(N_("Back"), lambda: self.app.pop(self), key="back"))
        self.menu = self.make_menu(items)
        self.menu.index = min(keep, len(items) - 1)

    def row_label(self, path: Path) -> str:
        """A save's row: its label (made once, when first shown), and whether another
        window has it open now."""
        if path not in self.labels:
            _record, error = self.app.storage.load_game(path)
            self.labels[path] = save_label(path, error)
        if self.app.storage.open_elsewhere(path):
            # TRANSLATORS: a save's row, then that another window has it open
            return _("{row}  ·  open in another window").format(row=self.labels[path])
        return self.labels[path]

    def footer_text(self) -> str:
        if self.purpose == "replay" and not self.menu.scrolls:
            return _(self.replay_footer)
        return _(self.scroll_footer) if self.menu.scrolls else _(self.footer)

    # ----- deleting ---------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        b, pos = action.button, action.pos
        if b in (Button.CLICK, Button.ALT_CLICK) and pos is not None:
            for item in self.menu.items:
                path = self.paths.get(item.key)
                on_button = b == Button.CLICK and delete_rect(item.rect).collidepoint(pos)
                on_row = b == Button.ALT_CLICK and item.rect.collidepoint(pos)
                if path is not None and (on_button or on_row):
                    self.menu.select(item.key)
                    self.ask_delete(path)
                    return
                on_chart = b == Button.CLICK and report_rect(item.rect).collidepoint(pos)
                if path is not None and on_chart and self.purpose == "replay":
                    self.open_report(path)
                    return
        chart = (b == Button.ROTATE and action.device == "keyboard") or b == Button.HINT
        if chart and self.purpose == "replay":  # R, pad Y: the chosen save's report
            path = self.paths.get(self.menu.current.key)
            if path is not None:
                self.open_report(path)
            return
        delete_key = b == Button.ANY and action.key == pygame.K_DELETE
        if delete_key or (b == Button.ROTATE and action.device == "pad"):
            path = self.paths.get(self.menu.current.key)
            if path is not None:
                self.ask_delete(path)
            return
        super().handle(action)

    def ask_delete(self, path: Path) -> None:
        """Ask before anything is deleted; "No, keep it" is the answer chosen first. A
        game open in another window cannot be deleted: that is said at once, not after
        the question."""
        if self.app.storage.open_elsewhere(path):
            self.tell(
                _("Cannot delete"), _("This game is open in another window: close it there first.")
            )
            return
        # TRANSLATORS: {game} is the save's row: its game, players, date and state
        text = _("{game}. A deleted game cannot be brought back.").format(game=save_label(path))
        question = Question(
            _("Delete this saved game?"),
            text,
            [
                MenuItem(N_("No, keep it"), None, key="keep"),
                MenuItem(N_("Delete it"), functools.partial(self.delete, path), key="delete"),
            ],
        )
        self.app.open("question", question, None)

    def delete(self, path: Path) -> None:
        error = self.app.storage.delete_save(path)
        if error is not None:
            self.tell(_("Cannot delete"), error)
        else:
            self.app.audio.play("remove")
        self.refresh(self.menu.index)

    # ----- drawing ------------------------------------------------------------------------

    def menu_rect(self, panel: pygame.Rect, u: float) -> pygame.Rect:
        """The rows, leaving room at their right for the delete buttons."""
        area = super().menu_rect(panel, u)
        row = int(self.menu_px(area, u) * 1.7) - 4
        area.width -= (row + max(4, row // 5)) * (2 if self.purpose == "replay" else 1)
        return area

    def draw_extra(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        pal = self.app.palette
        for item in self.menu.items:
            if item.key not in self.paths or not item.rect.width:
                continue  # Back, or scrolled out of view
            rect = delete_rect(item.rect)
            chosen = item is self.menu.current
            back = mix(pal.panel, pal.illegal, 0.35 if chosen else 0.12)
            radius = rect.height // 4
            pygame.draw.rect(surface, back, rect, border_radius=radius)
            edge = pal.illegal if chosen else pal.panel_edge
            pygame.draw.rect(surface, edge, rect, max(1, int(2 * u)), border_radius=radius)
            note_box(surface, rect)
            mark = rect.inflate(-rect.width * 2 // 3, -rect.height * 2 // 3)
            width = max(2, int(3 * u))
            color = pal.illegal if chosen else pal.text_dim
            pygame.draw.line(surface, color, mark.topleft, mark.bottomright, width)
            pygame.draw.line(surface, color, mark.bottomleft, mark.topright, width)
            if self.purpose == "replay":
                self.draw_chart(surface, report_rect(item.rect), chosen, u)

    def draw_chart(
        self, surface: pygame.Surface, rect: pygame.Rect, chosen: bool, u: float
    ) -> None:
        """The report button: a small rising line over an axis."""
        pal = self.app.palette
        radius = rect.height // 4
        pygame.draw.rect(
            surface, mix(pal.panel, pal.accent, 0.3 if chosen else 0.1), rect, border_radius=radius
        )
        edge = pal.accent if chosen else pal.panel_edge
        pygame.draw.rect(surface, edge, rect, max(1, int(2 * u)), border_radius=radius)
        note_box(surface, rect)
        box, width = rect.inflate(-rect.width // 2, -rect.height // 2), max(2, int(3 * u))
        color = pal.accent if chosen else pal.text_dim
        pygame.draw.lines(
            surface, color, False, [box.topleft, box.bottomleft, box.bottomright], width
        )
        rise = [
            (box.x, box.bottom - box.height // 4),
            (box.centerx, box.centery),
            (box.right, box.y),
        ]
        pygame.draw.lines(surface, color, False, rise, width)

    def tell(self, title: str, text: str) -> None:
        self.app.open("message", title, text)

    def open_report(self, path: Path) -> None:
        """The report of a save (any: one not finished yet reports its moves so far)."""
        record, error = self.app.storage.load_game(path)
        if record is None:
            self.tell(_("Cannot load"), load_error(error) if error else _("unknown error"))
        elif record.game not in self.games:
            text = _("{game} is not playable yet.").format(game=record.game.upper())
            self.tell(_("Not yet"), text)
        else:
            self.app.open("report", record, path)

    def open(self, path: Path) -> None:
        record, error = self.app.storage.load_game(path)
        if record is None:
            self.tell(_("Cannot load"), load_error(error) if error else _("unknown error"))
            return
        if record.game not in self.games:
            text = _("{game} is not playable yet.").format(game=record.game.upper())
            self.tell(_("Not yet"), text)
            return
        if self.purpose == "replay":
            self.app.switch("replay", record, path)
            return
        if record.finished:
            self.tell(_("Finished game"), _("That game is over: choose Replay to watch it."))
            return
        if self.app.storage.open_elsewhere(path):
            text = _("This game is open in another window: play it there, or close it there first.")
            self.tell(_(OPEN_ELSEWHERE), text)
            return
        lan = Headers(record.headers)
        if lan.lan_role == "host" and lan.lan_token:
            # a LAN game hosted here: host it again (its screen also offers playing it here)
            self.app.open("lan_host_again", path)
            return
        self.app.switch("match", setup_from_record(record, path))
