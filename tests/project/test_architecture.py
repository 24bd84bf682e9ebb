"""The house rules of the code base, checked (issue 26): the layers and the absence of import circles
(import-linter, contracts in ``.importlinter``), one topic per module (no module over 900 lines), and
Streamlit through its public API only."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("laws", "graph", "present", "cli", "app_pages", "docs", "i18n")
MAX_LINES = 900
# the public modules of Streamlit the app may import (everything else is an internal that a release may change)
PUBLIC_STREAMLIT = {"streamlit", "streamlit.components.v1", "streamlit.testing.v1", "streamlit.column_config"}


def code_files(root: Path = ROOT) -> list[Path]:
    files = [root / "app.py", root / "run.py"]
    for pkg in PACKAGES:
        files += [f for f in (root / pkg).rglob("*.py") if "_build" not in f.parts]
    return sorted(f for f in files if f.exists())


def _lint(config: Path, cwd: Path) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(exe), "--config", str(config), "--no-cache"], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"})


def test_layers_and_no_import_circles():
    p = _lint(ROOT / ".importlinter", ROOT)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]


def test_the_contracts_can_fail(tmp_path):
    """The same contracts on a copy of the code with one upward import hidden in a function: broken."""
    for pkg in PACKAGES:
        for f in (ROOT / pkg).rglob("*.py"):
            if "_build" in f.parts:
                continue
            dest = tmp_path / f.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    keys = tmp_path / "laws" / "keys.py"
    keys.write_text(keys.read_text(encoding="utf-8") + "\n\ndef _hidden():\n    from graph import build  # noqa\n",
                    encoding="utf-8")
    p = _lint(ROOT / ".importlinter", tmp_path)
    assert p.returncode != 0 and "laws.keys -> graph.build" in p.stdout, p.stdout[-3000:]


def test_no_module_over_900_lines():
    long = [(str(f.relative_to(ROOT)), n) for f in code_files()
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, f"modules over {MAX_LINES} lines (split them by topic): {long}"


def private_streamlit_uses(files) -> list[str]:
    """Imports of Streamlit modules outside its public API, and private attributes read off ``st``."""
    out = []
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            mods = []
            if isinstance(n, ast.Import):
                mods = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom) and n.module and n.level == 0:
                mods = [n.module]
            out += [f"{f.name}:{n.lineno}: import {m}" for m in mods
                    if m.split(".")[0] == "streamlit" and m not in PUBLIC_STREAMLIT]
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "st" \
                    and n.attr.startswith("_"):
                out.append(f"{f.name}:{n.lineno}: st.{n.attr}")
    return out


def test_streamlit_through_its_public_api_only():
    assert private_streamlit_uses(code_files()) == []


def test_the_streamlit_check_sees_an_internal(tmp_path):
    f = tmp_path / "page.py"
    f.write_text("import streamlit as st\nfrom streamlit.commands import navigation\nst._main\n")
    assert private_streamlit_uses([f]) == ["page.py:2: import streamlit.commands", "page.py:3: st._main"]


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_package_is_in_the_contracts(pkg):
    assert pkg in (ROOT / ".importlinter").read_text(encoding="utf-8")


# -- the tests mirror the modules they test ------------------------------------------------------------------------
# tests/<package>/[<subpackage>/]test_<module>[_<aspect>].py (test_<package>.py for the package's __init__,
# test_<folder>[_<aspect>].py for a data folder of the package: tests/docs/test_guide_app.py); the
# app's entry module app.py has tests/app/; the tests of the project as a whole (its layers, its README, the rules
# that hold in every module, this layout) are in tests/project/.
TOP_MODULES = ("app",)
SCRIPT_FOLDERS = ("benchmarks",)   # folders of scripts, no package: tests/benchmarks/test_<script>.py
WHOLE_PROJECT = "project"
NOT_TESTS = ("artifacts", "data", "fixtures", "__pycache__")   # what the tests read or write, no test module


def layout_problems(tests: Path, root: Path = ROOT) -> list[str]:
    """Test modules out of place under ``tests``: at its top level, or in a folder that mirrors no package of the
    project (nor app.py, nor the project as a whole), or named after no module of the package its folder mirrors,
    or in a folder without ``__init__.py`` (its modules would be imported by their bare names, and two
    ``test_build.py`` would collide)."""
    out = [f"tests/{f.name}: at the top level (move it to tests/<package>/test_<module>.py)"
           for f in sorted(tests.glob("test_*.py"))]
    for d in sorted(p for p in tests.rglob("*") if p.is_dir()):
        rel = d.relative_to(tests)
        if rel.parts[0] in NOT_TESTS or not any(d.glob("test_*.py")):
            continue
        package = rel.parts[0] in PACKAGES and (root.joinpath(*rel.parts) / "__init__.py").exists()
        scripts = rel.parts in ((f,) for f in SCRIPT_FOLDERS)
        if not (package or scripts or rel.parts in ((WHOLE_PROJECT,), *((m,) for m in TOP_MODULES))):
            out.append(f"tests/{rel.as_posix()}/: names no package of the project (packages and subpackages of "
                       f"{', '.join(PACKAGES)}; {', '.join(TOP_MODULES)}/ for app.py; {', '.join(SCRIPT_FOLDERS)}/ for "
                       f"its scripts; {WHOLE_PROJECT}/ for the project as a whole)")
        if package or scripts or rel.parts[0] in TOP_MODULES:
            src = root.joinpath(*rel.parts)
            # its modules, its subpackages and data folders (docs/guide/, laws/trees/), and itself (its __init__)
            modules = ({rel.parts[-1]} | {f.stem for f in src.glob("*.py")}
                       | {f.name for f in src.iterdir() if f.is_dir() and not f.name.startswith(("_", "."))}
                       if package else {f.stem for f in src.glob("*.py")} if scripts else {rel.parts[0]}) - {"__init__",
                                                                                              "__main__"}
            out += [f"tests/{rel.as_posix()}/{f.name}: named after no module of {rel.as_posix()}/ (test_<module>.py or "
                    f"test_<module>_<aspect>.py)" for f in sorted(d.glob("test_*.py"))
                    if not any(f.stem[5:] == m or f.stem[5:].startswith(m + "_") for m in modules)]
        out += [f"tests/{(p / '__init__.py').as_posix()}: missing (every folder of tests/ is a package)"
                for p in (rel, *rel.parents) if not (tests / p / "__init__.py").exists()]
    return sorted(set(out))


def test_the_tests_mirror_the_modules():
    assert layout_problems(ROOT / "tests") == []


def test_the_layout_check_sees_a_test_out_of_place(tmp_path):
    tests = tmp_path / "tests"
    for d in ("", "laws", "hardening", "graph/search", "benchmarks"):
        (tests / d).mkdir(parents=True, exist_ok=True)
    for f in ("test_hardening_score.py", "laws/__init__.py", "laws/test_corpus.py", "hardening/__init__.py",
              "hardening/test_data.py", "graph/search/test_store.py", "graph/search/test_search_cli.py",
              "laws/test_corpus_errors.py", "laws/test_hardening.py", "benchmarks/__init__.py",
              "benchmarks/test_fit.py", "benchmarks/test_nothing.py"):
        (tests / f).write_text("")
    for f in ("laws/__init__.py", "laws/corpus.py", "graph/search/__init__.py", "graph/search/store.py",
              "benchmarks/fit.py"):
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f).write_text("")
    problems = layout_problems(tests, tmp_path)
    assert [p.split(":")[0] for p in problems] == [
        "tests/__init__.py", "tests/benchmarks/test_nothing.py", "tests/graph/__init__.py",
        "tests/graph/search/__init__.py", "tests/hardening/", "tests/laws/test_hardening.py",
        "tests/test_hardening_score.py"], problems
