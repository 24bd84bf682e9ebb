"""The search's own data, shipped with the package (``graph/search/data/``), and where each part is.

- ``situations/<lang>[-<pass>].yaml``: how directors and players describe each provision's case
  (:mod:`graph.search.situations`);
- ``labelled/*.yaml``: the labelled queries the second stage learns from and remembers
  (:mod:`graph.search.labelled`, ``labelled/README.md``);
- ``model.yaml``: the second stage's model, fitted on them by ``benchmarks/fit_rerank.py``
  (:mod:`graph.search.model`).

Only paths here, so that a search that finds its index stored reads none of these files.
"""
from __future__ import annotations

from pathlib import Path

from laws.datafile import PROJECT_DATA, data_dir

DATA = Path(__file__).resolve().parent / "data"
ROOT = DATA.parents[2]                        # the project's root, for messages
SITUATIONS = DATA / "situations"
LABELLED = DATA / "labelled"
MODEL = DATA / "model.yaml"
SITUATION_LANGS = ("es", "nl", "it", "en")    # the languages of the situation files, in this order


def situation_paths() -> list[Path]:
    """The situation files: ``<lang>.yaml`` and any ``<lang>-<pass>.yaml`` (a further pass, written by
    other hands: ``es-players.yaml``), by language."""
    out = []
    for lg in SITUATION_LANGS:
        out += [p for p in [SITUATIONS / f"{lg}.yaml"] if p.exists()] + sorted(SITUATIONS.glob(f"{lg}-*.yaml"))
    return out


def labelled_paths(directory: Path = LABELLED) -> list[Path]:
    """The files of labelled queries, in order."""
    return sorted(directory.glob("*.yaml"))


def for_the_project_corpus() -> bool:
    """Whether the corpus in use is the project's (``rulebook --data DIR`` may name another, a federation's
    folder): the situations and the labelled queries are written for the project's provisions."""
    return data_dir() == PROJECT_DATA


def rel(path: Path) -> str:
    """A path as a message names it: from the project's root."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)
