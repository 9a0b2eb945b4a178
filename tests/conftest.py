"""Every test runs headless: SDL's dummy video and audio drivers, set before pygame
starts anywhere, so the suite behaves the same on a desktop and on CI."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A computer player whose move the rules refuse raises in the tests (in a player's game
# it plays the first legal move instead, so the game goes on).
os.environ["ISAAC_GAME_STRICT_BOTS"] = "1"
