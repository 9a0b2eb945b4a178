"""The house rules of DESIGN.md: which layer may import what, and packaging."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(folder: Path) -> dict[str, set[str]]:
    found = {}
    for path in folder.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_rules_are_pure():
    """DESIGN.md: rules/ imports nothing of the project, no pygame, msgpack or sockets."""
    banned = {"pygame", "msgpack", "socket", "asyncio", "net", "isaac_game", "threading"}
    for path, names in imported_modules(ROOT / "isaac_game" / "rules").items():
        assert not names & banned, f"{path} imports {names & banned}"


def test_only_the_client_imports_pygame():
    for path, names in imported_modules(ROOT / "isaac_game").items():
        if not path.startswith("isaac_game/client/"):
            assert "pygame" not in names, path


def test_net_knows_no_game():
    for path, names in imported_modules(ROOT / "net").items():
        assert not names & {"isaac_game", "pygame"}, path


@pytest.mark.timeout(300)
def test_rules_type_check():
    """DESIGN.md habits: mypy is clean on rules/, the layer everything stands on."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "isaac_game/rules"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.timeout(600)
def test_a_normal_install_ships_net_and_assets(tmp_path):
    """pyproject.toml: net/ and assets/ are in the wheel, not only in a checkout."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "-q", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("net/") for n in names)
    assert "assets/__init__.py" in names
    assert "isaac_game/rules/isaac.py" in names
    assert any(n.endswith("entry_points.txt") for n in names)
