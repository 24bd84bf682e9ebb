"""The search's evaluation: its frozen test split, how a ranker is measured on it, and the peers it is
measured against (used by ``bench_search.py``, ``fit_rerank.py`` and the tests; never by the search).

**The frozen test split** (:data:`FROZEN`) is the four sets ``search_heldout33.yaml`` to
``search_heldout36.yaml``: 600 queries (200 per language, es, nl and it; in each, a third in the laws'
words, a third directors' accounts, a third colloquial; a third across languages), written by four
helpers, one set each, who had not seen the search, the glossary, the situations or any other set.
They were copied here after the search's last change and measured once; they were never studied,
never in the second stage's memory and never in its fitting, and they never will be: the labelled
queries the second stage learns from are other writers' (``graph/search/data/labelled/``), so that
no writer's queries are on both sides. Why these four: they are the only sets no mechanism of the
search was ever chosen, tuned or fitted on. What they cannot show: English (none of their queries is
in English), and the queries other writers also asked (157 of the 600 have a near twin in the labelled
queries, one in seven before their translations of session 5 gave every short question more wordings, as a
new director's question would): :func:`novel` tells those apart.

A query is a hit at k when one of its ``targets`` is on one of the first k lines of results (a bare
target in any edition, a qualified one only in its own; a line shows one provision, with its other
editions' texts when they are the same provision).
"""
from __future__ import annotations

import re
import sqlite3
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from graph import search as S  # noqa: E402
from graph.glossary import fold  # noqa: E402
from graph.search import labelled as LAB  # noqa: E402
from graph.search.memory import target_matches  # noqa: E402
from laws import corpus as C  # noqa: E402

HERE = Path(__file__).resolve().parent
FROZEN = {f"heldout{n}": HERE / f"search_heldout{n}.yaml" for n in range(33, 37)}
# about 150 queries, a third in English, written for issue 24 by a writer who never saw the search: measured
# once, on the final state (bench_search.py --final), never opened before
FROZEN_EN = HERE / "search_frozen_en.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_set(path: Path) -> list[dict]:
    """The queries of an evaluation set: ``q``, ``lang``, ``targets``, ``cross``, ``style``."""
    doc = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    return [{"q": " ".join(item["q"].split()), "lang": item["lang"], "targets": [str(t) for t in item["targets"]],
             "cross": bool(item.get("cross")), "style": item.get("style")} for item in doc["queries"]]


def frozen() -> list[dict]:
    """The frozen test split, each query with its ``set``."""
    return [dict(q, set=name) for name, path in FROZEN.items() for q in load_set(path)]


def _words(q: str) -> frozenset:
    s = unicodedata.normalize("NFD", q.lower())
    return frozenset(re.findall(r"\w+", "".join(c for c in s if unicodedata.category(c) != "Mn")))


def novel(queries: list[dict], threshold: float = 0.8) -> list[dict]:
    """The queries with no near twin among the labelled queries the search learns from (a twin: the
    same language and at least ``threshold`` of the words of the two in common, Jaccard)."""
    known: dict = {}
    for x in LAB.load():
        known.setdefault(x.lang, []).append(_words(x.q))
    out = []
    for q in queries:
        a = _words(q["q"])
        if not any(len(a & b) / max(1, len(a | b)) >= threshold for b in known.get(q["lang"], ())):
            out.append(q)
    return out


def hit(targets, lines: list) -> bool:
    """Whether one of ``targets`` is on one of ``lines``: each a key (qualified ``EDITION:KEY`` or bare) or a
    tuple of the keys one line shows (the same provision in several editions)."""
    for line in lines:
        for k in (line if isinstance(line, tuple) else (line,)):
            for t in targets:
                if (":" in k and target_matches(t, k)) or (":" not in k and ":" not in t and k == t):
                    return True
    return False


def evaluate(queries: list[dict], ranker, ks=(1, 3, 5)) -> dict:
    """Recall at each k of ``ranker(q, lang) -> [keys]`` over the queries, and the misses at the last k."""
    hits = {k: 0 for k in ks}
    misses = []
    for item in queries:
        try:
            keys = ranker(item["q"], item["lang"])
        except S.SearchError:
            keys = []
        for k in ks:
            hits[k] += hit(item["targets"], keys[:k])
        if not hit(item["targets"], keys[:max(ks)]):
            misses.append((item, keys[:max(ks)]))
    n = len(queries) or 1
    return {"n": len(queries), **{f"recall@{k}": hits[k] / n for k in ks}, "misses": misses}


def search_ranker(index=None, limit: int = 5):
    """The search as a ranker: its lines, best first, each the qualified keys it shows (a provision, and
    the same provision in another edition on the same line)."""
    def rank(q: str, lang: str) -> list[tuple]:
        return [(h.qualified, *(e["qualified"] for e in h.editions)) for h in S.search(q, lang, limit, index)]
    return rank


# -- the peers ----------------------------------------------------------------------------------------------
def substring_ranker(corpus=None):
    """A plain Ctrl-F of the whole query (case and accents folded) in every provision's heading, text and notes."""
    corpus = corpus if corpus is not None else C.load()
    texts = [(f"{p.laws_edition}:{p.key}", fold(" ".join(" ".join([p.heading or "", p.own_text] +
                                                                  [n.text for n in p.notes]).split())))
             for p in corpus.provisions()]

    def rank(q: str, lang: str) -> list[str]:
        f = fold(" ".join(q.split()))
        return list(dict.fromkeys(k for k, t in texts if f and f in t))
    return rank


class FTS5:
    """The peer: SQLite's own full-text search (FTS5, ``unicode61`` tokenizer without diacritics, its BM25
    ranking) over the same texts (heading, own text, notes of every provision in every language), the
    query's words joined by OR. What a plain full-text index gives, with no stemming, glossary, situations
    or second stage."""

    def __init__(self, corpus=None):
        corpus = corpus if corpus is not None else C.load()
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(key UNINDEXED, heading, body, "
                        "tokenize = 'unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO t VALUES (?, ?, ?)", [
            (f"{p.laws_edition}:{p.key}", p.heading or "", " ".join([p.own_text] + [n.text for n in p.notes]))
            for p in corpus.provisions()])

    def __call__(self, q: str, lang: str, limit: int = 5) -> list[str]:
        words = re.findall(r"\w+", q.lower())
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        rows = self.db.execute("SELECT key FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (match, limit * 3))
        return list(dict.fromkeys(k for (k,) in rows))[:limit]
