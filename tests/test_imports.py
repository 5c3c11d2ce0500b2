"""The layers of docs/architecture.md hold: imports point down, and every module imports on a
platform without ``fcntl``, ``termios`` or uvloop (Windows)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Lower number = lower layer. A module may import its own layer or any below it.
LAYERS = [
    ("hearts.errors", 0),
    ("hearts.i18n", 0),
    ("hearts.resources", 0),
    ("hearts.docgen", 4),
    ("hearts.engine", 0),
    ("hearts.bots", 1),
    ("hearts.net", 2),
    ("hearts.text", 3),
    ("hearts.gui", 3),
    ("hearts.bench", 4),
    ("hearts.commands", 4),
    ("hearts.cli", 4),
    ("hearts.__main__", 5),
    ("hearts", 0),          # the package's own __init__
]


def _layer(module: str) -> int | None:
    for prefix, layer in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return layer
    return None


def _modules() -> list[tuple[str, Path]]:
    out = []
    for pkg in ("hearts", "net"):          # net/ is installed as hearts.net
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[0] == "net":
                parts.insert(0, "hearts")
            if parts[-1] == "__init__":
                parts.pop()
            out.append((".".join(parts), path))
    return out


@functools.cache
def _tree(path: Path) -> ast.Module:
    """``path`` parsed, once a worker (the graph and the class checks read every module)."""
    return ast.parse(path.read_text(), str(path))


def _imports(module: str, path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (function-level imports too)."""
    tree = _tree(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - node.level + 1]
                base = ".".join([*up, base]) if base else ".".join(up)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def test_no_module_imports_upward():
    wrong = []
    for module, path in _modules():
        mine = _layer(module)
        assert mine is not None, f"{module} is in no layer: add it to LAYERS"
        for imported in _imports(module, path):
            theirs = _layer(imported)
            if theirs is not None and theirs > mine and not imported.startswith(module):
                wrong.append(f"{module} (layer {mine}) imports {imported} (layer {theirs})")
    assert not wrong, "\n".join(wrong)


def test_the_engine_imports_nothing_of_ours_but_itself():
    """...and hearts.i18n, which marks its words for the catalogue (its reasons, its rule
    options' labels) and itself imports only the standard library."""
    for module, path in _modules():
        if module.startswith("hearts.engine"):
            ours = {m for m in _imports(module, path) if m.split(".")[0] == "hearts"}
            assert all(m.startswith(("hearts.engine", "hearts.i18n")) for m in ours), (module, ours)
        if module in ("hearts.i18n", "hearts.resources"):   # the standard library only,
            ours = {m for m in _imports(module, path) if m.split(".")[0] == "hearts"}
            assert {m.split(".")[1] for m in ours} <= {"resources"}, ours   # and where files are


BLOCKER = """
import importlib, importlib.abc, pkgutil, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("fcntl", "termios", "uvloop", "tty", "pty", "resource"):
            raise ImportError(f"no module named {name!r} on this platform")
for name in ("fcntl", "termios", "uvloop", "tty", "pty", "resource"):
    sys.modules.pop(name, None)
sys.meta_path.insert(0, Block())
failed = []
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception as e:
        failed.append(f"{name}: {type(e).__name__}: {e}")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


def test_every_module_imports_without_posix_only_modules():
    names = [m for m, _ in _modules() if not m.endswith("__main__")]
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", BLOCKER, *names], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", ["fcntl", "uvloop"])
def test_the_blocker_really_blocks(name):
    done = subprocess.run([sys.executable, "-c", BLOCKER.replace(
        "for name in sys.argv[1:]:", f"for name in [{name!r}]:")], cwd=ROOT,
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and name in done.stdout


@functools.cache
def _import_graph() -> dict[str, set[str]]:
    """Our modules and which of ours each imports (any depth, type-checking imports too; a
    ``from package import name`` counts as importing the module ``package.name`` when there
    is one, else the package)."""
    modules = dict(_modules())
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        graph[module] = {m for m in _imports(module, path) if m in modules and m != module
                         and not module.startswith(m + ".")}
    return graph


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of ``graph`` (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.add(member)
                    if member == node:
                        break
                out.append(comp)
    return out


def _largest_loop(prefix: str) -> set[str]:
    graph = {m: {i for i in imps if i.startswith(prefix)}
             for m, imps in _import_graph().items() if m.startswith(prefix)}
    return max(_components(graph), key=len, default=set())


def test_the_components_are_found():
    loops = _components({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert sorted(map(sorted, loops)) == [["a", "b", "c"], ["d"]]


@pytest.mark.parametrize("prefix", [
    "hearts.net.", "hearts.engine.", "hearts.bots.", "hearts.text.", "hearts.commands.",
    "hearts.gui.", "hearts."])
def test_no_import_loop_over_four_modules(prefix):
    """No strongly connected component of the import graph holds more than four modules."""
    loop = _largest_loop(prefix)
    assert len(loop) <= 4, f"{len(loop)} modules import each other: {sorted(loop)}"


def _big_classes(prefix: str, most: int = 40) -> list[str]:
    """The classes under ``prefix`` defining more than ``most`` methods in their body."""
    big = []
    for module, path in _modules():
        if not module.startswith(prefix):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                n = sum(isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for f in node.body)
                if n > most:
                    big.append(f"{module}.{node.name}: {n} methods")
    return big


@pytest.mark.parametrize("prefix", [
    "hearts.net.", "hearts.bots.", "hearts.text.", "hearts.gui.", "hearts.commands.",
    "hearts.engine."])
def test_no_class_over_forty_methods(prefix):
    """No class under ``prefix`` defines more than 40 methods (issue 58)."""
    big = _big_classes(prefix)
    assert not big, "\n".join(big)
