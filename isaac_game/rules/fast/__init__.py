"""The games' fast cores: each game's position as mutable tables, behind one interface
(`FastCore`, in `core`), and the playouts that run on them (`playout`)."""

from .core import FastCore, plain_playout, playout
from .foundations import FoundationsCore
from .hari import HariCore
from .isaac import IsaacCore

__all__ = ["FastCore", "FoundationsCore", "HariCore", "IsaacCore", "plain_playout", "playout"]
