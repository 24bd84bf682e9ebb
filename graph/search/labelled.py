"""The labelled queries the second stage learns from: directors' and players' questions, each with the
provisions that answer it (``data/labelled/*.yaml``, one file per writer's set; ``data/labelled/README.md``).

They are the second stage's training data and its memory (:mod:`graph.search.memory`): shipped with
the package, reviewed by :func:`check` (``rulebook check``), never an evaluation set. The sets that
measure the search live in ``benchmarks/`` and are never read here.

A file is ``queries:`` followed by items ``{q: "...", lang: es, targets: ["27B1a", "27B"]}``: the
query, its language (es, nl, it, en), its targets (the decisive provision first, then acceptable
ones; a bare key answers in any edition, a qualified one, ``2017:16C``, only in its own), and
optionally ``style`` (a: the laws' words, b: a director's account, c: colloquial) and ``cross``
(none of the targets is in the query's language).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import yaml

from laws.corpus import CorpusError
from laws.editions import split_qualified

from . import data as D
from .text import QUERY_LANGS

DIR = D.LABELLED
# the files written by the search's own authors (who saw the search): one writer, on one side
OWN_WRITER = "search-authors"
OWN_FILES = ("tuning", "set01", "set02")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LabelledError(CorpusError):
    """A problem in a labelled-queries file, with the line and how to fix it."""


@dataclass(frozen=True)
class Labelled:
    q: str
    lang: str
    targets: tuple      # decisive first
    writer: str         # who wrote it: the file's set, or OWN_WRITER
    style: str = ""
    cross: bool = False


def paths(directory: Path = DIR) -> list[Path]:
    """The files of labelled queries, in order."""
    return D.labelled_paths(directory)


def writer_of(path: Path) -> str:
    """The writer of a file's queries: its set (each set was written by one helper), the search's own
    authors for the tuning set and the first two sets. A set's version in another language
    (``set27-en.yaml``: the same questions translated) is its set's writer's: a query and its translation
    are left out together, never one on each side."""
    stem = path.stem.split("-", 1)[0]
    return OWN_WRITER if stem in OWN_FILES else stem


def parse(path: Path) -> list[Labelled]:
    """The queries of one file; a :class:`LabelledError` with the line for a bad one."""
    where = D.rel(path)
    try:
        node = yaml.compose(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, UnicodeDecodeError) as e:
        raise LabelledError(where, None, f"cannot be read ({e})", "restore it from git") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise LabelledError(where, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}",
                            'write each query as - {q: "...", lang: es, targets: ["27B1a"]}') from None
    items = next((v for k, v in getattr(node, "value", []) if getattr(k, "value", None) == "queries"), None)
    if not isinstance(items, yaml.SequenceNode):
        raise LabelledError(where, node.start_mark.line + 1 if node else None, "no list of queries",
                            'write queries: followed by - {q: "...", lang: es, targets: ["27B1a"]}')
    who = writer_of(path)
    out = []
    for item in items.value:
        line = item.start_mark.line + 1
        d = yaml.load(yaml.serialize(item), Loader=_LOADER) if isinstance(item, yaml.MappingNode) else None
        if not isinstance(d, dict) or not isinstance(d.get("q"), str) or not d["q"].strip():
            raise LabelledError(where, line, "a query needs q (its text), lang and targets",
                                'write - {q: "...", lang: es, targets: ["27B1a"]}')
        if d.get("lang") not in QUERY_LANGS:
            raise LabelledError(where, line, f"unknown language {d.get('lang')!r}", "use one of " + ", ".join(QUERY_LANGS))
        targets = d.get("targets")
        if not isinstance(targets, list) or not targets:
            raise LabelledError(where, line, "no targets", 'write targets: ["27B1a"] (the decisive provision first)')
        out.append(Labelled(" ".join(d["q"].split()), d["lang"], tuple(str(t) for t in targets), who,
                            str(d.get("style") or ""), bool(d.get("cross"))))
    return out


def load(directory: Path = DIR) -> list[Labelled]:
    """Every labelled query of the package's data, file by file."""
    return [x for p in paths(directory) for x in parse(p)]


def check(corpus, directory: Path = DIR) -> list[str]:
    """What the review of the labelled queries finds: targets no edition knows (with the nearest keys),
    the same query given different targets. A file that does not load raises :class:`LabelledError`; with
    another corpus than the project's (``--data``), only that."""
    if not D.for_the_project_corpus():
        load(directory)
        return []
    known_q = {f"{e}:{k}" for e, k in [*corpus.qualified_keys(), *corpus.absent_cited_qualified()]}
    known_bare = {k.split(":", 1)[1] for k in known_q}
    problems = []
    seen: dict = {}
    for p in paths(directory):
        for x in parse(p):
            for t in x.targets:
                ed, key = split_qualified(t)
                if (ed and t not in known_q) or (not ed and key not in known_bare):
                    near = difflib.get_close_matches(key, sorted(known_bare), n=3, cutoff=0.6)
                    problems.append(f"{D.rel(p)}: {x.q!r}: no edition knows the target {t}"
                                    + (f" (nearest: {', '.join(near)})" if near else ""))
            k = (x.q.casefold(), x.lang)
            if k in seen and seen[k][1] and not set(seen[k][1]) & set(x.targets):
                problems.append(f"{D.rel(p)}: {x.q!r} has the targets {list(x.targets)}; {seen[k][0]} gives it {list(seen[k][1])}")
            seen.setdefault(k, (D.rel(p), x.targets))
    return problems
