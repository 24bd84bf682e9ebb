"""The front door: README.md stays short, and what README.md and CONTRIBUTING.md point at exists.

The README is a front door (issue 26: at most 220 lines); the reference and the contributors' guide are in
docs/guide/. A link of either file to a file of the repository must name a file or folder that exists, and
every page of the contributors' guide must be reachable from CONTRIBUTING.md, so that renaming a page cannot
leave a newcomer at a dead end.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.main import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
MAX_README_LINES = 220


def links(text: str) -> list[str]:
    """The relative targets of the Markdown links of a text (not URLs).

    >>> links("[a](docs/x.rst) [b](https://e.org) ![c](s.png#top)")
    ['docs/x.rst', 's.png']
    """
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_readme_is_a_front_door():
    n = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert n <= MAX_README_LINES, f"README.md has {n} lines: move the reference into docs/guide/"


@pytest.mark.parametrize("name", ["README.md", "CONTRIBUTING.md"])
def test_every_link_of_the_front_door_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    targets = links(text)
    assert targets, f"{name} links nothing"
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert not missing, f"{name} links files that do not exist: {missing}"


# a path of the repository written as code (`tests/laws/test_corpus.py`, a command's argument in a code block):
# placeholders (<...>, *, {...}) and what a build writes (docs/_build/) aside
FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
INLINE = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[A-Za-z0-9_.\-]+(?:/[A-Za-z0-9_.\-]+)+/?")
TOP = ("laws", "graph", "present", "cli", "app_pages", "i18n", "docs", "tests", "benchmarks", "screenshots", ".ci")


def code_paths(text: str) -> list[str]:
    r"""The repository paths a Markdown text names in code (inline or fenced), placeholders aside.

    >>> code_paths("run `pytest tests/laws/test_corpus.py::test_x -q` on `laws/trees/<edition>/` and `docs/guide/`")
    ['tests/laws/test_corpus.py', 'docs/guide/']
    >>> code_paths("```sh\n.venv/bin/python -m pytest tests/cli -q   # `x`\n```\n")
    ['tests/cli']
    """
    code = FENCED.findall(text) + INLINE.findall(FENCED.sub("", text))
    return [t for span in code for word in span.split() if (m := PATH.fullmatch(word.split("::")[0]))
            and (t := m.group()).split("/")[0] in TOP and not t.startswith("docs/_build/")]


@pytest.mark.parametrize("name", ["README.md", "CONTRIBUTING.md"])
def test_every_path_the_front_door_names_exists(name):
    """A file renamed or moved (a test module among them) cannot leave the front door pointing at nothing."""
    missing = [t for t in code_paths((ROOT / name).read_text(encoding="utf-8")) if not (ROOT / t).exists()]
    assert not missing, f"{name} names paths that do not exist: {missing}"


def test_a_dead_link_is_caught(tmp_path):
    assert not (tmp_path / links("see [the guide](docs/guide/gone.rst)")[0]).exists()
    assert [t for t in code_paths("run `tests/test_rulings.py -q`, `tests/laws/`") if not (ROOT / t).exists()] \
        == ["tests/test_rulings.py"]


def test_contributing_reaches_every_page_of_the_guide():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    linked = {Path(t).as_posix() for t in links(text)}
    pages = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs/guide/contributing").glob("*.rst"))
    assert pages
    assert not [p for p in pages if p not in linked], "a page of the contributors' guide CONTRIBUTING.md does not link"


def test_the_commands_the_readme_names_exist():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## The command line at a glance"):text.index("## The data at a glance")]
    named = set(re.findall(r"`([a-z]+)(?: [^`]*)?`", "\n".join(x.split("|")[1] for x in table.splitlines()
                                                              if x.startswith("| `"))))
    assert named and named <= set(COMMANDS), sorted(named - set(COMMANDS))
    assert set(COMMANDS) <= named, f"commands the README does not name: {sorted(set(COMMANDS) - named)}"
