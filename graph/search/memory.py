"""The second stage's memory: the labelled queries it learns from (:mod:`graph.search.labelled`), read
as the search reads a query, and the nearest of them to a new query.

Directors ask the same things in the same words: the :data:`MEMORY_K` labelled queries nearest to a
query (by the share of each one's words the other says) vote for their targets, and a provision they
answered may join the candidates from below (:func:`graph.search.rerank.candidates`). How much the
votes count is the model's (``data/model.yaml``), fitted with each writer's queries left out of the
memory (``benchmarks/fit_rerank.py``), as a new query's would be.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import SearchError
from .query import analyse

MEMORY_K = 40       # nearest labelled queries of the memory that vote for their targets
MEMORY_ALT = 0.5    # weight of a vote for an acceptable target that is not the decisive one


@dataclass
class Memory:
    """The labelled queries, analysed: for each, its writer, its targets and its words' weights; and
    where each token stands (``postings``, read lazily from the store)."""
    writers: list               # per query: who wrote it (labelled.writer_of)
    targets: list               # per query: its targets (decisive first)
    weights: list               # per query: the weight of each of its words (groups)
    totals: list                # per query: the sum of those weights
    postings: object            # token -> ((query, word, the token's weight in that word), ...)


def memory_of(idx, queries: list) -> Memory | None:
    """The memory of ``queries`` (:class:`graph.search.labelled.Labelled`) read with the index ``idx``;
    None for none. Built with the index (a few seconds)."""
    if not queries:
        return None
    mem = Memory([], [], [], [], {})
    for item in queries:
        try:
            q = analyse(idx, item.q, item.lang)
        except SearchError:
            continue
        groups = [g for g in q.groups if g.tokens]
        if not groups:
            continue
        n = len(mem.targets)
        mem.writers.append(item.writer)
        mem.targets.append(item.targets)
        mem.weights.append(tuple(g.weight for g in groups))
        mem.totals.append(sum(g.weight for g in groups) or 1.0)
        for w, g in enumerate(groups):
            for t, tw in g.tokens.items():
                mem.postings.setdefault(t, []).append((n, w, tw))
    mem.postings = {t: tuple(ps) for t, ps in mem.postings.items()}
    return mem


def target_matches(target: str, qkey: str) -> bool:
    """Whether a labelled query's target is answered by the provision ``EDITION:KEY``: a qualified target
    only in its edition, a bare one in any.

    >>> target_matches("27B1a", "2007:27B1a"), target_matches("2017:16C", "2007:16C")
    (True, False)
    """
    if ":" in target:
        return target == qkey
    return qkey.split(":", 1)[1] == target


def neighbours(mem: Memory | None, q, exclude=()) -> list[tuple[float, tuple]]:
    """The :data:`MEMORY_K` queries of the memory nearest to ``q``: ``[(similarity, targets)]``, best first;
    none without a memory. ``exclude``: writers whose queries are left out (the fitting leaves out the
    writer of the query it computes). The similarity is the geometric mean of the share of ``q``'s words
    (by weight) the other query says and the share of its words ``q`` says; a word is said when one of
    its tokens is."""
    if mem is None:
        return []
    groups = [g for g in q.groups if g.tokens]
    total = sum(g.weight for g in groups) or 1.0
    skip = set(exclude)
    writers = mem.writers
    by_tok: dict = {}
    for gi, g in enumerate(groups):
        for t, tw in g.tokens.items():
            by_tok.setdefault(t, []).append((gi, tw))
    a: dict = {}     # query of the memory -> {our word: best token weight}
    b: dict = {}     # query of the memory -> {its word: best token weight}
    for t, ours in by_tok.items():
        for n, w, tw in mem.postings.get(t, ()):
            if skip and writers[n] in skip:
                continue
            an = a.get(n)
            if an is None:
                an = a[n] = {}
                b[n] = {}
            for gi, qtw in ours:
                if an.get(gi, 0.0) < qtw:
                    an[gi] = qtw
            bn = b[n]
            if bn.get(w, 0.0) < tw:
                bn[w] = tw
    out = []
    weight = [g.weight for g in groups]
    for n, an in a.items():
        sa = sum(weight[gi] * v for gi, v in an.items()) / total
        ws = mem.weights[n]
        sb = sum(ws[w] * v for w, v in b[n].items()) / mem.totals[n]
        out.append((math.sqrt(max(sa, 0.0) * max(sb, 0.0)), n))
    out.sort(key=lambda x: (-x[0], x[1]))
    return [(s, mem.targets[n]) for s, n in out[:MEMORY_K]]


def votes(near: list, keys: list, ancestors: dict | None = None) -> list[tuple[float, float, float]]:
    """For each ``EDITION:KEY`` of ``keys``: the best and the summed similarity of the ``near`` queries
    that have it as a target (an acceptable one: times :data:`MEMORY_ALT`), and the best of those votes
    for a provision below it (``ancestors``: ``EDITION:KEY`` -> the keys above it; a law asked about in
    general words, where the nearest queries answered its parts). A bare target (``30B2a``) is that key
    in any edition, a qualified one (``2017:30B1``) only in its own."""
    best: dict = {}
    tot: dict = {}
    for s, targets in near:
        seen = set()
        for n, t in enumerate(targets):
            if t in seen:
                continue
            seen.add(t)
            v = s if n == 0 else s * MEMORY_ALT
            best[t] = max(best.get(t, 0.0), v)
            tot[t] = tot.get(t, 0.0) + v
    below: dict = {}
    for t, v in best.items():
        for ed in ({t.split(":", 1)[0]} if ":" in t else {k.split(":", 1)[0] for k in keys}):
            qt = t if ":" in t else f"{ed}:{t}"
            for a in (ancestors or {}).get(qt, ()):
                below[a] = max(below.get(a, 0.0), v)
    out = []
    for k in keys:
        forms = {k, k.split(":", 1)[1]}
        out.append((max((best.get(f, 0.0) for f in forms), default=0.0), sum(tot.get(f, 0.0) for f in forms),
                    below.get(k, 0.0)))
    return out
