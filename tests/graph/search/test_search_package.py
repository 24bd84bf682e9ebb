"""The search package's shape (graph/search/): one topic per module, none over 900 lines, no import circle
among its modules (nor an import inside a function that would close one), no edition written in its code,
and a runtime that knows nothing of evaluation (no path into benchmarks/)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[3] / "graph" / "search"
CLI = PKG.parents[1] / "cli" / "cmd_search.py"
MODULES = sorted(PKG.glob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _docstrings(tree: ast.Module) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The package's modules ``path`` imports: ``(module, inside a function)``."""
    tree = _tree(path)
    inner = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             for n in ast.walk(f)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [a.name for a in node.names]
            out += [(n.split(".")[0], id(node) in inner) for n in names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("graph.search."):
            out.append((node.module.split(".")[2], id(node) in inner))
    return [(m, f) for m, f in out if (PKG / f"{m}.py").exists()]


def test_no_module_is_over_900_lines():
    for path in MODULES + [CLI]:
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= 900, (path.name, n)


def test_no_import_circle_among_the_modules():
    graph = {p.stem: {m for m, _ in _imports(p)} for p in MODULES}
    state: dict = {}

    def visit(m, trail):
        if state.get(m) == "done":
            return
        assert state.get(m) != "open", "import circle: " + " -> ".join(trail + [m])
        state[m] = "open"
        for n in sorted(graph.get(m, ())):
            visit(n, trail + [m])
        state[m] = "done"

    for m in sorted(graph):
        visit(m, [])


def test_an_import_inside_a_function_never_closes_a_circle():
    top = {p.stem: {m for m, inner in _imports(p) if not inner} for p in MODULES}

    def reaches(a, b, seen=()):
        return a == b or any(reaches(n, b, seen + (a,)) for n in top.get(a, ()) if n not in seen)

    for p in MODULES:
        for m, inner in _imports(p):
            if inner:
                assert not reaches(m, p.stem), f"{p.name} imports {m} inside a function: {m} imports {p.stem}"


@pytest.mark.parametrize("path", MODULES + [CLI], ids=lambda p: p.name)
def test_no_edition_is_written_in_the_code(path):
    """Editions come from laws.editions; docstrings and comments may name one."""
    from laws import editions as E

    tree = _tree(path)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)) and id(node) not in docs:
            for ed in E.editions():
                assert ed not in str(node.value), (path.name, node.lineno, node.value)
        if isinstance(node, ast.Name):
            assert not any(ed in node.id for ed in E.editions()), (path.name, node.lineno, node.id)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_the_runtime_reads_nothing_of_benchmarks(path):
    tree = _tree(path)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            assert "benchmarks" not in node.value or "fit_rerank.py" in node.value, (path.name, node.lineno)
        if isinstance(node, ast.Name):
            assert node.id not in {"EVAL", "HELDOUT", "_LEFT_OUT"}, (path.name, node.lineno)
