"""The house rules of docs/architecture.md, measured on the whole import graph.

The graph is built from the source with `ast`, so it holds what Python would run:
an import inside a function counts (a lazy import that closes a loop is still a
loop), an import under `if TYPE_CHECKING:` does not (it never runs), relative
imports are made absolute, and `from pkg import name` is an import of the module
`pkg.name` when there is one. Then: no import cycles, every import allowed by the
layer table, no module over 600 lines, no folder of more than 20 modules side by
side (the test folders counted too); mypy is clean on all of it; and a normal install
ships what it needs.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ROOTS = ("isaac_game", "net")
#: A module has one job; one past this many lines is read as two, and split along a seam
#: in the job (never to meet the number: a split that follows no seam is merged back).
MAX_LINES = 600
MAX_MODULES_SIDE_BY_SIDE = 20

# ----- the graph ---------------------------------------------------------------------


@dataclass(frozen=True)
class ImportGraph:
    paths: dict[str, Path]  # dotted module name -> its file
    internal: dict[str, set[str]]  # module -> the project modules it imports
    external: dict[str, set[str]]  # module -> top-level names it imports from outside


def module_name(relative: Path) -> str:
    """`net/session.py` -> `net.session`; `isaac_game/rules/__init__.py` -> `isaac_game.rules`."""
    parts = list(relative.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def find_modules(root: Path) -> dict[str, Path]:
    return {
        module_name(path.relative_to(root)): path
        for top in SOURCE_ROOTS
        for path in sorted((root / top).rglob("*.py"))
    }


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def is_type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def runtime_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in `node` that can run, at any depth."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    elif isinstance(node, ast.If) and is_type_checking(node.test):
        for statement in node.orelse:  # the `else:` of TYPE_CHECKING does run
            yield from runtime_imports(statement)
    else:
        for child in ast.iter_child_nodes(node):
            yield from runtime_imports(child)


def from_source(node: ast.ImportFrom, package: str) -> str:
    """The absolute name of what `from X import ...` reads from; `package` is where
    a relative import starts (the module's own package)."""
    if node.level == 0:
        return node.module or ""
    base = package.split(".")
    if node.level > 1:
        base = base[: -(node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imported_names(node: ast.Import | ast.ImportFrom, package: str, known: set[str]) -> list[str]:
    """The absolute dotted names one statement imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    source = from_source(node, package)
    return [
        f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
        for alias in node.names
    ]


def project_module(name: str, known: set[str]) -> str | None:
    """The project module a dotted name lands in (`net.events.Send` -> `net.events`),
    or None for a name outside the project."""
    if name.split(".")[0] not in SOURCE_ROOTS:
        return None
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def build_graph(root: Path) -> ImportGraph:
    paths = find_modules(root)
    known = set(paths)
    internal: dict[str, set[str]] = {name: set() for name in paths}
    external: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        package = name if is_package(path) else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in runtime_imports(tree):
            for imported in imported_names(node, package, known):
                target = project_module(imported, known)
                if target is None:
                    external[name].add(imported.split(".")[0])
                elif target != name:
                    internal[name].add(target)
    return ImportGraph(paths, internal, external)


# ----- cycles --------------------------------------------------------------------------


def loop_edges(graph: ImportGraph) -> dict[str, set[str]]:
    """The internal edges, minus a package `__init__`'s imports of its own submodules:
    that is the package showing its face, not a loop."""
    return {
        name: {
            t for t in targets if not (is_package(graph.paths[name]) and t.startswith(name + "."))
        }
        for name, targets in graph.internal.items()
    }


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def import_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, largest first:
    two modules share one when each reaches the other."""
    reach = {name: reachable(edges, name) for name in edges}
    components = {
        frozenset({name} | {other for other in reach[name] if name in reach[other]})
        for name in edges
    }
    return sorted((sorted(c) for c in components if len(c) > 1), key=lambda c: (-len(c), c))


def describe_cycle(cycle: list[str], edges: dict[str, set[str]]) -> str:
    members = set(cycle)
    lines = [f"import cycle of {len(cycle)} modules:"]
    lines += [f"  {name} -> {', '.join(sorted(edges[name] & members))}" for name in cycle]
    return "\n".join(lines)


# ----- the layer table -----------------------------------------------------------------

#: The command line's room: every command (`isaac play`, `arena`, `host`, ...) is a module
#: in it. It may import anything; nothing outside it imports it but `__main__`.
COMMANDS = "isaac_game.commands"
#: Entry points and tools: they may import anything (nothing imports them).
LEAVES = {"isaac_game.__main__", "isaac_game.client.registry"}
#: Non-scene helper modules in client/scenes/ that scenes may share.
SCENE_HELPERS: set[str] = {
    "isaac_game.client.scenes.match_bar",  # what the match scene's bars say
    "isaac_game.client.scenes.match_view",  # what it draws: layout, frame, move list
    "isaac_game.client.scenes.match_input",  # where its input goes
    "isaac_game.client.scenes.match_keeping",  # its game on disk: kept, saved, never lost
}
#: What i18n may import of the rules: their file reading, never a game.
I18N_READS = {"isaac_game.rules.disk", "isaac_game.rules.disk.files"}
CLIENT_FOLDERS = ("games", "scenes", "lan", "widgets", "tools", "learn")
GAMES_INTERFACE = "isaac_game.client.games.base"
GAMES_PACKAGE = "isaac_game.client.games"
#: client/learn (lessons, puzzles, their progress) is basics-like: scenes and games may
#: use it, and it never imports a scene or a specific game.
BASICS = {"client", "client/widgets", "client/learn", "i18n", "stats", "levels", "clock"}

#: Which parts each part may import (its own part included where it is listed). Three
#: entries are narrowed in `import_allowed`: "client/game" means the game's own folder,
#: "client/scenes" only SCENE_HELPERS, "client/games" only the games interface.
#: A part missing here (players, the isaac_game package, the commands, the leaves) is not
#: limited; nothing but a command and `__main__` may import a command.
MAY_IMPORT: dict[str, set[str]] = {
    "rules": {"rules"},
    "ai": {"ai", "i18n", "levels"},  # and the package isaac_game.rules itself: import_allowed
    "match": {"match", "rules", "i18n", "clock"},
    "lan": {"lan", "match", "rules", "players", "ai", "net", "userdirs", "i18n", "clock"},
    "net": {"net"},
    "userdirs": set(),  # where the user's files live: the standard library and platformdirs
    "levels": set(),  # the computer's levels as values and names: the standard library only
    # time controls and a game's two clocks, told the time (never reading it): the sides
    "clock": {"rules"},
    # the player's language: gettext, read by every part that words things; its
    # catalogues are read through the rules' careful reader alone (I18N_READS)
    "i18n": {"rules"},
    "stats": {"stats", "rules", "userdirs", "levels"},  # the player's stats (SQLite)
    "client": BASICS | {"rules", "match", "players", "ai", "userdirs"},
    "client/widgets": BASICS | {"rules", "match", "players", "ai"},
    "client/learn": BASICS | {"client/games", "rules", "match", "players", "ai"},
    "client/games": BASICS | {"client/games", "rules", "match", "players", "ai"},
    "client/game": BASICS | {"client/game", "client/games", "rules", "match", "ai"},
    "client/scenes": BASICS | {"client/scenes", "client/games", "rules", "match", "players"},
    "client/lan": BASICS | {"client/lan", "client/games", "lan", "rules", "match"},
}


def part(name: str) -> str:
    """The row of the layer table a module is in ("client/game" is any one game's folder)."""
    bits = name.split(".")
    if bits[0] == "net":
        return "net"
    if name == COMMANDS or name.startswith(COMMANDS + "."):
        return "commands"
    if name in LEAVES or name.startswith("isaac_game.client.tools"):
        return "leaf"
    if len(bits) == 1:
        return "isaac_game"
    if bits[1] != "client":
        return bits[1]
    if len(bits) == 2 or bits[2] not in CLIENT_FOLDERS:
        return "client"
    if bits[2] == "games" and len(bits) > 3 and bits[3] != "base":
        return "client/game"
    return f"client/{bits[2]}"


def game_folder(name: str) -> str:
    """`isaac_game.client.games.hari.view` -> `isaac_game.client.games.hari`."""
    return ".".join(name.split(".")[:4])


def import_allowed(source: str, target: str, graph: ImportGraph) -> bool:
    src, dst = part(source), part(target)
    if dst == "commands":
        return src == "commands" or source == "isaac_game.__main__"
    if src not in MAY_IMPORT:
        return True
    if src == "ai" and target == "isaac_game.rules":
        return True  # the rules' public API, never one of their modules
    if dst not in MAY_IMPORT[src]:
        return False
    if src == "i18n":
        return target in I18N_READS
    if src == dst == "client/game":
        return game_folder(source) == game_folder(target)
    if src == dst == "client/scenes":
        return target in SCENE_HELPERS
    if dst == "client/games" and src != "client/games":
        # The games interface: base.py, or the package if it only re-exports base.
        return target == GAMES_INTERFACE or (
            target == GAMES_PACKAGE and graph.internal[GAMES_PACKAGE] <= {GAMES_INTERFACE}
        )
    return True


STDLIB = set(sys.stdlib_module_names)
#: The relay transport (`net.relay`), and it alone in net/, plays through a NATS server
#: with a key exchange and sealed messages: nats-py, spake2 and PyNaCl, imported only
#: when a relay is used. Its light modules (the code, the address, its events) use none.
RELAY = "net.relay"
RELAY_PACKAGES = {"nats", "spake2", "nacl"}
#: Standard-library modules the rules must not touch either: they are pure computation.
NOT_FOR_THE_RULES = {"socket", "asyncio", "threading"}


def external_allowed(source: str, name: str) -> bool:
    src = part(source)
    if name == "pygame":
        return source == "isaac_game.client" or source.startswith("isaac_game.client.")
    if src == "rules":
        return name in STDLIB and name not in NOT_FOR_THE_RULES
    if src == "net":
        relay = source == RELAY or source.startswith(RELAY + ".")
        return name in STDLIB or name == "msgpack" or (relay and name in RELAY_PACKAGES)
    return True


def broken_rules(graph: ImportGraph) -> list[str]:
    broken = []
    for source in sorted(graph.paths):
        for target in sorted(graph.internal[source]):
            if not import_allowed(source, target, graph):
                broken.append(f"{source} ({part(source)}) imports {target} ({part(target)})")
        for name in sorted(graph.external[source]):
            if not external_allowed(source, name):
                broken.append(f"{source} ({part(source)}) imports {name}")
    return broken


# ----- the tests -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> ImportGraph:
    return build_graph(ROOT)


def test_no_import_cycles(graph):
    """Imports only point down the layers; a loop, lazy or not, ties two rooms into one."""
    edges = loop_edges(graph)
    cycles = import_cycles(edges)
    assert not cycles, "\n".join(describe_cycle(c, edges) for c in cycles)


def test_every_import_follows_the_layer_table(graph):
    """docs/architecture.md, who may import whom (pygame only in the client, the rules
    on the standard library alone, net/ on it and msgpack, net/relay/ also on nats,
    spake2 and nacl)."""
    broken = broken_rules(graph)
    assert not broken, f"{len(broken)} imports break the layer table:\n" + "\n".join(broken)


def test_no_module_over_600_lines(graph):
    """A file past 600 lines is usually two jobs."""
    long = {
        str(path.relative_to(ROOT)): n
        for path in graph.paths.values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, "\n".join(f"{path}: {n} lines" for path, n in sorted(long.items()))


def test_modules_per_folder(tmp_path):
    """The count below, on a tiny tree: a test folder's `__init__` and `conftest` are
    not test modules; a source folder's `__init__` is a module."""
    for rel in ("tests/a/__init__.py", "tests/a/conftest.py", "tests/a/test_x.py",
                "tests/a/helpers.py", "tests/a/b/test_y.py", "tests/a/data.txt"):  # fmt: skip
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    counted = modules_per_folder({"net": tmp_path / "net/__init__.py"}, tmp_path / "tests")
    assert counted == {
        tmp_path / "net": 1,
        tmp_path / "tests": 0,
        tmp_path / "tests/a": 2,
        tmp_path / "tests/a/b": 1,
    }


def modules_per_folder(paths: dict[str, Path], tests: Path) -> dict[Path, int]:
    """How many modules each folder holds side by side: the project's modules by their
    folder, and every folder of `tests` by its Python files but `__init__.py` and
    `conftest.py` (a test folder's rooms count as the code's do)."""
    per_folder: dict[Path, int] = {}
    for path in paths.values():
        per_folder[path.parent] = per_folder.get(path.parent, 0) + 1
    for folder in (tests, *sorted(p for p in tests.rglob("*") if p.is_dir())):
        if folder.name == "__pycache__":
            continue
        modules = [p for p in folder.glob("*.py") if p.name not in ("__init__.py", "conftest.py")]
        per_folder[folder] = len(modules)
    return per_folder


def test_no_folder_over_20_modules_side_by_side(graph):
    """A folder of more than 20 modules side by side is a house without rooms; the
    tests' folders too."""
    per_folder = modules_per_folder(graph.paths, ROOT / "tests")
    crowded = {f: n for f, n in per_folder.items() if n > MAX_MODULES_SIDE_BY_SIDE}
    assert not crowded, "\n".join(
        f"{folder.relative_to(ROOT)}: {n} modules" for folder, n in sorted(crowded.items())
    )


def test_the_graph_sees_what_python_runs(tmp_path):
    """The builder itself, on a tiny project: lazy imports count, TYPE_CHECKING ones do
    not, relative imports resolve, `from pkg import mod` is the submodule."""
    files = {
        "net/__init__.py": "from .a import A\n",
        "net/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from net import b\n"
        "else:\n    import json, net\nA = 1\n",
        "net/b.py": "def f():\n    from . import a\n    from net import c, A\n",
        "net/c.py": "import net.b.x\nimport isaac_game\n",
        "isaac_game/__init__.py": "",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    g = build_graph(tmp_path)
    assert g.internal == {
        "net": {"net.a"},
        "net.a": {"net"},
        "net.b": {"net.a", "net.c", "net"},
        "net.c": {"net.b", "isaac_game"},
        "isaac_game": set(),
    }
    assert g.external["net.a"] == {"typing", "json"}
    assert import_cycles(loop_edges(g)) == [["net.b", "net.c"]]
    assert part("isaac_game.client.games.hari.view") == "client/game"
    assert part("isaac_game.client.games.base") == part("isaac_game.client.games")
    assert part("isaac_game.client.app") == "client" != part("isaac_game.client.registry")
    assert part("isaac_game.commands.host") == part("isaac_game.commands") == "commands"


@pytest.mark.timeout(300)
def test_type_check():
    """mypy is clean on everything we ship: isaac_game and net."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "isaac_game", "net"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.timeout(600)
def test_a_normal_install_ships_net_and_assets(tmp_path):
    """pyproject.toml: net/, assets/ (the font among them) and the compiled catalogues
    are in the wheel, not only in a checkout; and the wheel stays small."""
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
    assert "assets/fonts/NotoSansKR-subset.otf" in names and "assets/fonts/OFL.txt" in names
    for code in ("it", "ko"):
        assert f"isaac_game/locale/{code}/LC_MESSAGES/isaac_game.mo" in names
    assert wheel.stat().st_size < 10_000_000
