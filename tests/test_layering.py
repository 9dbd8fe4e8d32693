"""Architecture checks: no import circles anywhere in the project, and each layer imports only
the layers below it: ``engine`` < ``bot`` < ``cogs`` < the entry points that assemble a whole
bot (``bot.__main__`` and the offline demo ``bot.demo``).

Every ``import`` statement counts, also those under ``if TYPE_CHECKING:`` and inside functions:
a module above may import a module below, never back. ``from package import name`` points at
``package.name`` when that is a module, else at the package itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "bot", "cogs")
LAYER = {"engine": 0, "bot": 1, "cogs": 2}
ENTRY_POINTS = ("bot.__main__", "bot.demo")  # these and their submodules: above the cogs


def layer(module: str) -> int:
    """0 engine, 1 bot, 2 cogs, 3 entry points."""
    if any(module == e or module.startswith(f"{e}.") for e in ENTRY_POINTS):
        return 3
    return LAYER[module.split(".")[0]]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _targets(node: ast.AST, module: str, is_pkg: bool, known: dict[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = module.split(".")
            keep = len(parts) - node.level + (1 if is_pkg else 0)
            base = ".".join(parts[:keep] + ([base] if base else []))
        for alias in node.names:
            full = f"{base}.{alias.name}"
            yield full if full in known else base


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    known = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        is_pkg = path.name == "__init__.py"
        graph[name] = {
            target
            for node in ast.walk(tree)
            for target in _targets(node, name, is_pkg, known)
            if target in known and target != name
        }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles() -> None:
    assert cycles(import_graph()) == []


def test_layers_import_only_downwards() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if layer(target) > layer(module)
    ]
    assert wrong == []


def test_the_checker_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
