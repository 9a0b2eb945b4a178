"""The pygame-ce client: the only part of the project that imports pygame."""
