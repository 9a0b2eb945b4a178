"""Art, sound and fonts the game ships (see assets/README.md for where each comes from).

`asset_path(name)` finds a file whether the game runs from a checkout or from a
normal, non-editable install.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """The path of a shipped asset file, e.g. asset_path("sounds", "place.wav")."""
    return Path(str(files(__name__).joinpath(*parts)))
