"""Every test runs headless: SDL's dummy video and audio drivers, set before pygame
starts anywhere, so the suite behaves the same on a desktop and on CI."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A computer player whose move the rules refuse raises in the tests (in a player's game
# it plays the first legal move instead, so the game goes on).
os.environ["ISAAC_GAME_STRICT_BOTS"] = "1"
# The window speaks the system's language when none is chosen: the tests read English
# words, so the system's language is English here whatever the machine's.
os.environ["LANGUAGE"] = "en"

import socket  # noqa: E402

import pytest  # noqa: E402

from isaac_game import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language leaves the next one in English."""
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def udp_port():
    """A UDP port kept bound for the whole test, so no test running beside it (a
    parallel worker's port 0 included) can be given the same port and beacon into it.
    SO_REUSEADDR is set after the bind: the kernel gave the port to this socket alone,
    and a discovery browser (which sets it too) may still bind it alongside."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as holder:
        holder.bind(("", 0))
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        yield holder.getsockname()[1]


@pytest.fixture
def refused_port():
    """A loopback TCP port where a connection is refused: bound for the whole test but
    never listening, so no test beside it can be given the port and answer there."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield holder.getsockname()[1]
