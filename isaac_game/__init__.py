"""isaac_game: ISAAC, FOUNDATIONS and HARI for two players, on one screen or a LAN."""

__version__ = "0.1.0"
