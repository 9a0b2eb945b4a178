"""Going on with a saved game keeps its file as it was: its headers (date, names, any
others) stay, every line ending loads, a last move without its line break is not
eaten, and a header with control characters in it (a LAN peer's name, a hand-edited
file) is shown as visible escapes: the program starts, lists and resumes it."""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isaac_game.client.registry import make_app
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.saves import SavesScene
from isaac_game.client.storage import Storage
from isaac_game.rules import load_journal, load_record, new_game
from isaac_game.rules.text import is_clean

from ..driver import key, menu_to, run

OLD = (
    "# ISAAC game record\n"
    "Game: isaac\n"
    "Date: 2020-01-02\n"
    "Dark: Ann\n"
    "Light: Bob\n"
    "Result: *\n"
    "Event: Club night\n"
    "Site: Upstairs\n"
    "\n"
    "5v04\n"
    "3h71\n"
)


def resume_from_title(app, label: str = "Resume: ISAAC, Ann vs Bob, move 3") -> MatchScene:
    app.open("title")
    assert app.top.menu.current.key == "resume0"
    assert app.top.menu.current.text() == label
    key(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, MatchScene)
    return game


def play_one(app, game: MatchScene) -> None:
    game.submit(game.match.state.legal_moves()[0])
    run(app, 1)


def test_resuming_keeps_the_date_the_names_and_every_other_header(app, storage):
    storage.saves_dir.mkdir(parents=True)
    path = storage.saves_dir / "2020-01-02_20-00-00.isaac.txt"
    path.write_text(OLD)
    game = resume_from_title(app)
    play_one(app, game)
    text = path.read_text()
    assert text.startswith(OLD)  # not a byte of it changed: the move was appended
    record = load_journal(path)
    assert record.state.moves == game.match.state.moves and len(game.match.state.moves) == 3
    assert record.headers["Date"] == "2020-01-02"
    assert (record.headers["Dark"], record.headers["Light"]) == ("Ann", "Bob")
    assert (record.headers["Event"], record.headers["Site"]) == ("Club night", "Upstairs")
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # an undo rewrites the file: still kept
    record = load_journal(path)
    assert record.state.moves == ("5v04", "3h71")
    assert record.headers["Date"] == "2020-01-02" and record.headers["Event"] == "Club night"


def test_a_last_move_without_its_line_break_is_not_eaten(app, storage):
    storage.saves_dir.mkdir(parents=True)
    path = storage.saves_dir / "2020-01-02_20-00-00.isaac.txt"
    path.write_text(OLD.removesuffix("\n"))  # an editor that adds no final newline
    assert load_record(path).state.moves == ("5v04", "3h71")
    game = resume_from_title(app)
    assert game.match.state.moves == ("5v04", "3h71")  # the client reads what the loader reads
    play_one(app, game)
    assert load_record(path).state.moves == game.match.state.moves
    assert len(game.match.state.moves) == 3


def test_a_file_with_carriage_returns_only_resumes_and_grows(app, storage):
    storage.saves_dir.mkdir(parents=True)
    path = storage.saves_dir / "2020-01-02_20-00-00.isaac.txt"
    path.write_bytes(OLD.replace("\n", "\r").encode())
    game = resume_from_title(app)
    assert game.match.state.moves == ("5v04", "3h71")
    play_one(app, game)
    assert load_journal(path).state.moves == game.match.state.moves
    assert path.read_bytes().startswith(OLD.replace("\n", "\r").encode())


def test_a_nul_in_a_peers_name_is_shown_escaped_and_the_game_resumes(app, storage):
    state = new_game("isaac").play("5v04")
    hosted = {"Lan": "host", "LanPeer": "Bob\x00", "LanToken": "ab" * 8, "LanSeat": "dark"}
    storage.save_game(storage.saves_dir / "2026-03-02_10-00-00.isaac.txt", state, hosted)
    app.open("title")
    assert app.top.menu.items[0].text() == "Host the ISAAC game with Bob\\x00 again"
    path = storage.saves_dir / "2026-03-02_10-00-00.isaac.txt"
    assert "\x00" not in path.read_text()  # what goes to disk is cleaned too


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(dark=names, light=names, extra=names)
def test_any_text_in_the_headers_starts_lists_and_resumes(tmp_path_factory, dark, light, extra):
    home = tmp_path_factory.mktemp("home")
    storage = Storage(home / "config", home / "data")
    saves = storage.saves_dir
    state = new_game("hari").play("3h00")
    headers = {"Dark": dark, "Light": light, "Event": extra}
    storage.save_game(saves / "2026-04-01_10-00-00.isaac.txt", state, headers)
    raw = f"Game: isaac\nDark: {dark}\nLight: {light}\nResult: *\n\n5v04\n"
    (saves / "2026-04-02_10-00-00.isaac.txt").write_text(raw)  # written by anyone
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        app.open("title")
        run(app, 1)
        shown = [item.text() for item in app.top.menu.items]
        menu_to(app, app.top.menu, "continue")
        key(app, pygame.K_RETURN)
        saves_scene = app.top
        assert isinstance(saves_scene, SavesScene)
        shown += [item.text() for item in saves_scene.menu.items]
        for text in shown:
            assert is_clean(text), text  # no control, bidi or line separator character
        menu_to(app, saves_scene.menu, "2026-04-01_10-00-00.isaac.txt")
        key(app, pygame.K_RETURN)  # ours always loads, whatever the names
        game = app.top
        assert isinstance(game, MatchScene) and game.match.state.moves == ("3h00",)
    finally:
        app.shutdown()
