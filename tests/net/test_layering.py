"""DESIGN.md: net/ is game-agnostic and never touches pygame."""

from __future__ import annotations

import ast
from pathlib import Path

NET = Path(__file__).resolve().parents[2] / "net"


def test_net_imports_neither_the_game_nor_pygame():
    for path in NET.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                assert root not in ("isaac_game", "pygame"), f"{path.name} imports {name}"
