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

import pytest  # noqa: E402

from isaac_game import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language leaves the next one in English."""
    yield
    i18n.set_language(i18n.ENGLISH)
