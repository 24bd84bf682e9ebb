"""Search: the right provision from a director's words, in Spanish, Dutch, Italian or English.

One index over every provision of the corpus (its heading, its own text, its notes, and the
headings of the sections above it), every concept of the glossary and the project's situations
(how directors and players describe each case), built once (:mod:`graph.search.index`) and kept on
disk (:mod:`graph.search.store`)::

    >>> hits = search("doblo fuera de turno", "es")
    >>> hits[0].key, hits[0].lang, hits[0].heading
    ('32', 'es', 'Doblo o redoblo fuera de turno')
    >>> hits[0].snippet[:32]
    '«Doblo o redoblo fuera de turno»'

A query is read (:mod:`graph.search.query`: words, typos, compounds, the glossary's concepts in
every language), every provision scored (:mod:`graph.search.rank`, the first stage: BM25F over texts,
concepts and situations), and the first candidates re-ordered by a linear model of what each shares
with the query (:mod:`graph.search.rerank`, the second stage: its situations, its place in the
hierarchy, what the ruling engine applies to the query read as an auction record
(:mod:`graph.search.account`), how the nearest labelled queries vote (:mod:`graph.search.memory`)).
A query that is a key goes straight to it, per edition (:mod:`graph.search.keys`):

    >>> [(h.key, h.lang, h.via) for h in search("Articolo 17 D 2", "it")][:2]
    [('17D2', 'it', 'citation'), ('17D2', 'es', 'citation')]

``lang`` is the language of the *query*, never a filter; each provision is shown once, in the
query's language when its text is there (a Dutch query finds a law only the Spanish text holds).
Without ``lang`` the language is guessed from the words. No query is refused for having unknown
words: what matches ranks.

**Editions.** A provision is (WBF edition, key): every hit carries ``laws_edition`` and
``qualified`` (``2007:27B1a``). The citation graph is per edition, so no hit is reached across
editions except through the correspondence table (``via == "correspondence"``, with its
``status``). The same provision found in both editions takes one place, its other edition's text
shown with it (:attr:`Hit.editions`).

    >>> [(h.qualified, h.via, h.status) for h in search("2007:16D")][:1]
    [('2017:16C', 'correspondence', 'renumbered')]

The runtime knows nothing of evaluation: the sets that measure it, the harness and the fitting live
in ``benchmarks/`` (``bench_search.py``, ``fit_rerank.py``, ``search_harness.py``).
"""
from __future__ import annotations

from i18n import language_name as i18n_language_name
from laws.editions import split_qualified

from ..glossary import fold
from . import keys as KEYS
from . import rank as RANK
from . import rerank as RR
from . import store
from .errors import (AbsentInEdition, AbsentKey, EmptyQuery, NoMatch, NoWords, OnlyStopWords, SearchError,
                     TooLong)
from .index import FIELDS, Index
from .query import analyse, detect_lang
from .results import VIAS, Hit, Results, same_provision, situation_of, snippet
from .text import QUERY_LANGS, TOKEN_RE

__all__ = ["search", "run", "warm", "load_index", "reset", "concept_label", "language_name", "Hit", "Results", "Index", "VIAS",
           "QUERY_LANGS", "MAX_CHARS", "SearchError", "EmptyQuery", "OnlyStopWords", "TooLong", "NoWords",
           "NoMatch", "AbsentKey", "AbsentInEdition", "analyse"]

MAX_CHARS = 1000       # longer queries are refused


def load_index() -> Index:
    """The index, opened once per process (:func:`graph.search.store.open_index`)."""
    return store.open_index()


def reset() -> None:
    """Forget the index of this process (the next search opens the store again)."""
    store.reset()


def warm(progress=None) -> Index:
    """Make the next searches instant, for a long-lived process such as the app: open the index
    (building it first if no current one is stored: ``progress(fraction, stage)`` is then called as it
    goes, ``fraction`` from 0 to 1, ``stage`` one of ``graph.search.index.STAGES``' names) and read it
    whole into memory. Returns the index."""
    idx = store.open_index(progress)
    store.materialize(idx)
    if progress is not None:
        progress(1.0, "ready")
    return idx


def search(query: str, lang: str | None = None, limit: int = 10, index: Index | None = None) -> list[Hit]:
    """The provisions that answer ``query`` (written in ``lang``), best first.

    Raises a :class:`SearchError` subclass for a query that cannot be searched: empty, only
    stop words or punctuation, too long, nothing in it matching, or a key that no text holds or
    cites. Unknown words never refuse a query: what matches ranks.

    >>> search("   ")
    Traceback (most recent call last):
    ...
    graph.search.errors.EmptyQuery: The query is empty: write what happened at the table (e.g. «doblo fuera de turno») or a provision key (e.g. 27B1(a)).
    """
    return run(query, lang, limit, index).hits


def ranked(idx: Index, query: str, lang: str | None, second_stage: bool = True):
    """Both stages on a query that is not a key: ``(query read, [(EDITION:KEY, (score, doc id))] best first,
    score parts by doc id, doc id -> "citation", EDITION:KEY -> the hit it was reached through)``."""
    q, cands, parts, via, through = RANK.first_stage(idx, query, lang)
    if second_stage and RR.applies(idx, lang, bool(via)):
        cands = RR.rerank(idx, q, cands, parts, lang)
    return q, cands, parts, via, through


def run(query: str, lang: str | None = None, limit: int = 10, index: Index | None = None) -> Results:
    """Like :func:`search`, with how the query was read (language, corrections, key)."""
    idx = index if index is not None else load_index()
    if not isinstance(query, str) or not query.strip():
        raise EmptyQuery()
    query = " ".join(query.split())
    if len(query) > MAX_CHARS:
        raise TooLong(n=len(query), max=MAX_CHARS)
    if lang is not None and lang not in QUERY_LANGS:
        raise ValueError(f"unknown query language {lang!r}: use one of {QUERY_LANGS}")
    limit = max(1, int(limit))

    asked, bare = split_qualified(query)
    key = KEYS.key_of_query(bare)
    if key is not None:
        found = KEYS.citation_hits(idx, key, lang, limit, asked)
        if found is not None:
            hits, editions = found
            return Results(query, lang, hits, key=str(key),
                           absent=not any(e["present"] for e in editions.values() if asked in (None, e["laws_edition"])),
                           edition=asked, editions=editions)
    if not TOKEN_RE.search(fold(query)):
        raise NoWords(query=RANK.short(query))
    if lang is None:
        lang = detect_lang(idx, query)
    q, cands, parts, via, through = ranked(idx, query, lang)
    hits: list = []
    line: dict = {}      # lineage -> the hit standing for it: the same provision in two editions takes one line
    matched = set(q.weights)
    for qk, (s, i) in cands:
        if len(hits) >= limit and idx.lineage.get(qk, qk) not in line:
            continue
        d = idx.docs[i]
        if qk in through:
            v = "graph"
        elif via.get(i) == "citation":
            v = "citation"
        else:
            p = parts.get(i, {})
            own = p.get("word", 0.0) + p.get("cognate", 0.0)
            v = ("situation" if p.get("situation", 0.0) > max(own, p.get("concept", 0.0))
                 else "glossary" if p.get("concept", 0.0) > own else "text")
        hit_concepts = sorted({c for f in FIELDS for c, _, _ in d.spans[f] if c in q.weights and c[0] == "@"})
        hit = Hit(d.key, d.display, d.lang, idx.doc_langs(qk), s, snippet(d, matched), v, d.heading,
                  d.section, d.authority, d.edition, [c[1:] for c in hit_concepts],
                  KEYS.bare(through.get(qk)), d.laws_edition,
                  situation=situation_of(idx.sits[i], matched, lang, idx.doc_sets[i][2]) if v == "situation" else None)
        first = line.get(idx.lineage.get(qk, qk))
        if first is not None:
            first.editions.append(same_provision(hit))
        else:
            line[idx.lineage.get(qk, qk)] = hit
            hits.append(hit)
    return Results(query, lang, hits, dict(q.corrections))


def language_name(code: str, in_lang: str, index: Index | None = None) -> str:
    """The name of query language ``code`` in the interface language ``in_lang``, as inside a sentence
    (``nl`` in ``es``: neerlandés), from the index (``i18n.language_name`` read once, when it was built).

    >>> language_name("nl", "es")
    'neerlandés'
    """
    idx = index or load_index()
    return idx.lang_names.get(f"{code}:{in_lang}") or i18n_language_name(code, in_lang, title=False)


def concept_label(cid: str, lang: str, index: Index | None = None) -> str:
    """The label of a glossary concept in ``lang`` (English when it has none there).

    >>> concept_label("insufficient-bid", "nl"), concept_label("legal-call", "it")
    ('onvoldoende bod', 'chiamata legale')
    """
    labels = (index or load_index()).concept_labels.get("@" + cid, {})
    return labels.get(lang) or labels.get("en") or cid
