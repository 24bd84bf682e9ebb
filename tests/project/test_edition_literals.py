"""Editions are data: the code names an edition of the Laws ("2007", "2017", ...) in at most five string
constants or identifiers (docstrings and comments aside; tests and benchmarks are not the code base).
The editions are read from laws/data/editions/editions.yaml; a message or a help text that names them
formats them from there."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 5
SKIP = {".venv", "tests", "benchmarks", "_build", "node_modules", "build"}


def edition_literals(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """``(file, line, what)`` for each string constant or identifier of the code naming an edition."""
    import yaml

    ids = [str(e["id"]) for e in yaml.safe_load((root / "laws/data/editions/editions.yaml").read_text())["editions"]]
    pat = re.compile(r"(?<![0-9])(?:" + "|".join(map(re.escape, ids)) + r")(?![0-9])")
    out = []
    for f in sorted(root.rglob("*.py")):
        rel = f.relative_to(root)
        if any(p in SKIP or p.startswith(".") for p in rel.parts[:-1]):
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        docs |= {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for n in ast.walk(tree):
            names = []
            if isinstance(n, ast.Constant) and isinstance(n.value, (str, int)) and id(n) not in docs:
                names.append(str(n.value))
            elif isinstance(n, ast.Name):
                names.append(n.id)
            elif isinstance(n, ast.Attribute):
                names.append(n.attr)
            elif isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                names.append(n.name)
            elif isinstance(n, ast.arg):
                names.append(n.arg)
            elif isinstance(n, ast.keyword) and n.arg:
                names.append(n.arg)
            out += [(str(rel), n.lineno, s[:60]) for s in names if pat.search(s)]
    return out


def test_editions_named_in_code_are_few():
    found = edition_literals()
    assert len(found) <= LIMIT, "\n".join(f"{f}:{n}: {s!r}" for f, n, s in found)


def test_the_count_sees_a_literal(tmp_path):
    """The counter can fail: a constant naming an edition is counted, a docstring is not."""
    (tmp_path / "laws/data/editions").mkdir(parents=True)
    (tmp_path / "laws/data/editions/editions.yaml").write_text('editions:\n  - id: "2007"\n  - id: "2017"\n')
    (tmp_path / "m.py").write_text('"""The 2007 Laws."""\nX = "2007"\nk2017 = 1\nY = 20071\n')
    assert [(n, s) for _, n, s in edition_literals(tmp_path)] == [(2, "2007"), (3, "k2017")]
