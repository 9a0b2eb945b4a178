"""What the game reads from its own install folder (the font, the catalogues) is read as
carefully as the user's files: anything but a usable regular file of a sane size (a
truncated or empty file, garbage, a folder, a pipe, a link to /dev/zero) is refused in
one line on stderr, at once and without reading without end, and the game goes on with
pygame's default font or in English. Every case works on a broken copy in a temporary
folder, never on the real install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from isaac_game import i18n
from isaac_game.client import fonts as fonts_module
from isaac_game.client.fonts import FACE_PATH, Fonts
from isaac_game.client.registry import make_app
from isaac_game.client.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
WHITE = (255, 255, 255)
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")


def broken(path: Path, kind: str, good: Path) -> Path:
    """Put a broken file of `kind` at `path`, where the game looks for `good`'s like."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "truncated":
        path.write_bytes(good.read_bytes()[: good.stat().st_size // 3])
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "garbage":
        path.write_bytes(b"\xde\x12\x04\x95 not what it says " * 300)
    elif kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind != "missing":
        raise AssertionError(kind)
    return path


def said(capsys) -> list[str]:
    return capsys.readouterr().err.strip().splitlines()


# ----- the font --------------------------------------------------------------------------

FONT_KINDS = ["truncated", "empty", "garbage", "folder", "pipe", "device", "missing"]


@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", FONT_KINDS)
def test_a_font_that_cannot_be_used_is_replaced_and_said_in_one_line(
    kind, tmp_path, monkeypatch, capsys
):
    """A truncated font opens and fails only at its first word (`Passed a NULL pointer`),
    an empty one raises ValueError, a pipe made every start wait: each is caught when
    the fonts are made, and every size then draws with pygame's default font."""
    face = broken(tmp_path / "face.otf", kind, FACE_PATH)
    monkeypatch.setattr(fonts_module, "FACE_PATH", face)
    pygame.font.init()
    fonts = Fonts()
    for px in (12, 20, 33):
        assert fonts.render("Settings 설정", px, WHITE).get_width() > 0
        assert fonts.size("Settings", px)[0] > 0
        assert fonts.line_height(px) > 0
    lines = said(capsys)
    assert len(lines) == 1 and lines[0].startswith(f"isaac: the font {face}: "), lines
    Fonts().render("again", 20, WHITE)
    assert said(capsys) == []  # said once, not for every set of fonts


@pytest.mark.timeout(20)
def test_the_font_is_read_once_at_start(tmp_path, monkeypatch, capsys):
    """The font is checked and read when the fonts are made: a size asked later is made
    from what was read then, not by opening the file again (which, swapped for a pipe
    since, would wait for ever)."""
    face = tmp_path / "face.otf"
    shutil.copyfile(FACE_PATH, face)
    monkeypatch.setattr(fonts_module, "FACE_PATH", face)
    pygame.font.init()
    fonts = Fonts()
    first = fonts.render("가", 20, WHITE)
    face.unlink()
    os.mkfifo(face)

    def picture(text: str) -> bytes:
        return pygame.image.tobytes(fonts.render(text, 47, WHITE), "RGBA")

    assert picture("가") != picture("각")  # Hangul: still the shipped font, at a new size
    assert first.get_width() > 0 and said(capsys) == []


@pytest.mark.timeout(60)
def test_the_game_starts_and_draws_with_a_broken_font_and_catalogue(tmp_path, monkeypatch, capsys):
    """The whole window, headless: a truncated font and a catalogue that is a pipe, and
    the title screen still draws, in English, each trouble said in one line."""
    face = broken(tmp_path / "face.otf", "truncated", FACE_PATH)
    monkeypatch.setattr(fonts_module, "FACE_PATH", face)
    mo = broken(tmp_path / "locale" / "it" / "LC_MESSAGES" / "isaac_game.mo", "pipe", FACE_PATH)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    storage = Storage(tmp_path / "c", tmp_path / "d")
    app = make_app(size=(800, 600), fullscreen=False, storage=storage, sound=False,
                   language="it")  # fmt: skip
    try:
        app.open("title")
        for _ in range(3):
            app.frame()
        assert i18n.language() == "en"
        note = app.top  # the window says why too, in one line, as the title opens
        assert note is not None and note.name == "message", note
        assert note.text.startswith("Italiano: the translation cannot be read (")
    finally:
        app.shutdown()
    lines = said(capsys)
    assert len(lines) == 2, lines
    assert any(line.startswith(f"isaac: the font {face}: ") for line in lines)
    assert any(line.startswith("isaac: the catalogue ") and str(mo) in line for line in lines)


# ----- the catalogues ----------------------------------------------------------------------

GOOD_MO = i18n.catalogue_path("it")


@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["truncated", "empty", "garbage", "folder", "pipe", "missing"])
def test_a_catalogue_that_cannot_be_used_is_english_said_in_one_line(
    kind, tmp_path, monkeypatch, capsys
):
    """A pipe made the game wait before any window (and SIGTERM did not end it); a missing
    or torn catalogue fell back to English without a word. Now: English at once, and the
    reason in one line."""
    mo = broken(tmp_path / "it" / "LC_MESSAGES" / "isaac_game.mo", kind, GOOD_MO)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("it") == "en"
    assert i18n._("Settings") == "Settings"
    lines = said(capsys)
    assert len(lines) == 1 and lines[0].startswith(f"isaac: the catalogue {mo}: "), lines
    assert i18n.set_language("it") == "en"
    assert said(capsys) == []  # once a run, not at every switch


CHILD = """
import resource, sys, time
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a safety net: 1 GB at most
from isaac_game import i18n
i18n.LOCALE_DIR = Path(sys.argv[1])
start = time.monotonic()
spoken = i18n.set_language("it")
took = time.monotonic() - start

def peak_kb():  # this program's own peak: VmHWM (ru_maxrss keeps the forking parent's)
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


print(spoken, took, peak_kb())
"""


@pytest.mark.timeout(60)
def test_a_catalogue_linked_to_dev_zero_is_refused_at_once(tmp_path):
    """It was read until the kernel killed the game at 24 GB. In a child process (with
    1 GB at most, should it ever be read again): English in well under a second, with
    the child no bigger than a program that read nothing."""
    broken(tmp_path / "it" / "LC_MESSAGES" / "isaac_game.mo", "device", GOOD_MO)
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=50)  # fmt: skip
    assert done.returncode == 0, done.stderr
    spoken, took, peak_kb = done.stdout.split()
    assert spoken == "en" and float(took) < 1.0
    assert int(peak_kb) < 200_000  # kilobytes (Linux): the program alone is about 30 MB
    assert done.stderr.startswith("isaac: the catalogue ") and "device" in done.stderr


def test_a_good_catalogue_is_read_and_nothing_is_said(capsys):
    assert i18n.set_language("it") == "it"
    assert i18n._("Settings") != "Settings"
    assert said(capsys) == []
