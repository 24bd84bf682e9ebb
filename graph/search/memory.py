"""The second stage's memory: the labelled queries it learns from (:mod:`graph.search.labelled`), read
as the search reads a query, and the nearest of them to a new query.

Directors ask the same things in the same words: the :data:`MEMORY_K` labelled queries nearest to a
query (by the share of each one's words the other says) vote for their targets, and a provision they
answered may join the candidates from below (:func:`graph.search.rerank.candidates`). How much the
votes count is the model's (``data/model.yaml``), fitted with each writer's queries left out of the
memory (``benchmarks/fit_rerank.py``), as a new query's would be.

A long-lived process (the app, :func:`graph.search.warm`) reads the memory into arrays once
(:func:`vectorise`, with numpy, which a command-line search never imports) and finds the nearest queries
with them, to the last digit as :func:`neighbours` does without them.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from .errors import SearchError
from .query import analyse
from .text import SIT_PREFIX

MEMORY_K = 40       # nearest labelled queries of the memory that vote for their targets
MEMORY_ALT = 0.5    # weight of a vote for an acceptable target that is not the decisive one


SHIFT = 10          # a query's words are numbered below 2 ** SHIFT: (query << SHIFT) | word is one number
MIN_WEIGHT = 0.5    # a word's tokens weighing less (cognates, near stems said in the situations) are not compared
COMMON = 0.11       # a feature more than this share of the memory's queries say (the auction, a call) tells none apart


@dataclass
class Memory:
    """The labelled queries, analysed: for each, its writer and its targets; and where each of their
    words' features stands (``postings``, read lazily from the store): ``feature -> ((query << SHIFT |
    word, query << SHIFT, share), ...)``, ``share`` being the word's weight in its query (its share of
    the query's weight) times the feature's weight in the word."""
    writers: list               # per query: who wrote it (labelled.writer_of)
    targets: list               # per query: its targets (decisive first)
    postings: object
    arrays: dict | None = None  # :func:`vectorise`: feature -> (its (query, word) pair's number, query, share)
    pairs: int = 0              # :func:`vectorise`: how many (query, word) pairs the postings hold
    lab_memo: dict = field(default_factory=dict)   # :func:`lab_scores`: feature (writers left out) -> targets counted
    lab_targets: dict | None = None                # :func:`lab_scores`: target -> its queries' count (_target_counts)


def feature(token: str) -> str:
    """What a token says, wherever it was found: a word's stem in the texts and in the situations are one
    feature (``es:acept`` for ``s:es:acept``); a negated word, a concept, a notion are their own."""
    return token[len(SIT_PREFIX):] if token.startswith(SIT_PREFIX) else token


def _features(groups: list, total: float) -> list[dict]:
    """Per group of a query: ``{feature: its weight in the query}`` (the group's share of the query's weight
    times the best weight of the tokens standing for that feature; none below :data:`MIN_WEIGHT`)."""
    out = []
    for g in groups:
        f: dict = {}
        for t, tw in g.tokens.items():
            if tw >= MIN_WEIGHT:
                k = feature(t)
                f[k] = max(f.get(k, 0.0), tw)
        out.append({k: g.weight / total * v for k, v in f.items()})
    return out


def memory_of(idx, queries: list) -> Memory | None:
    """The memory of ``queries`` (:class:`graph.search.labelled.Labelled`) read with the index ``idx``;
    None for none. Built with the index (a few seconds)."""
    if not queries:
        return None
    mem = Memory([], [], {})
    for item in queries:
        try:
            q = analyse(idx, item.q, item.lang)
        except SearchError:
            continue
        groups = [g for g in q.groups if g.tokens][:2 ** SHIFT - 1]
        if not groups:
            continue
        n = len(mem.targets)
        mem.writers.append(item.writer)
        mem.targets.append(item.targets)
        for w, feats in enumerate(_features(groups, sum(g.weight for g in groups) or 1.0)):
            for k, v in feats.items():
                mem.postings.setdefault(k, []).append(((n << SHIFT) | w, n << SHIFT, v))
    most = COMMON * len(mem.targets)
    mem.postings = {k: tuple(ps) for k, ps in mem.postings.items() if len(ps) <= most}
    mem.lab_targets = _target_counts(mem, frozenset())   # kept with the index: a command-line search never counts them
    return mem


def target_matches(target: str, qkey: str) -> bool:
    """Whether a labelled query's target is answered by the provision ``EDITION:KEY``: a qualified target
    only in its edition, a bare one in any.

    >>> target_matches("27B1a", "2007:27B1a"), target_matches("2017:16C", "2007:16C")
    (True, False)
    """
    return qkey in answering(target, (qkey.split(":", 1)[0],))


def answering(target: str, editions) -> tuple:
    """The provisions (``EDITION:KEY``) of ``editions`` that answer a labelled query's target: a qualified
    target only itself, a bare one its key in each of them.

    >>> answering("27B1a", ["2007", "2017"]), answering("2017:16C", ["2007", "2017"])
    (('2007:27B1a', '2017:27B1a'), ('2017:16C',))
    """
    if ":" in target:
        return (target,)
    return tuple(f"{ed}:{target}" for ed in editions)


def neighbours(mem: Memory | None, q, exclude=()) -> list[tuple[float, tuple]]:
    """The :data:`MEMORY_K` queries of the memory nearest to ``q``: ``[(similarity, targets)]``, best first;
    none without a memory. ``exclude``: writers whose queries are left out (the fitting leaves out the
    writer of the query it computes). The similarity is the geometric mean of the share of ``q``'s words
    (by weight) the other query says and the share of its words ``q`` says; a word is said when one of its
    features is (through the one the query weighs most)."""
    if mem is None:
        return []
    groups = [g for g in q.groups if g.tokens][:2 ** SHIFT - 1]
    # our words' features, the weightiest first: the first a query of the memory shares gives each word's
    # share on both sides (a stem said in both texts and situations, or a concept named, counts once)
    order = sorted(((v, gi, k) for gi, feats in enumerate(_features(groups, sum(g.weight for g in groups) or 1.0))
                    for k, v in feats.items()), key=lambda x: (-x[0], x[1], x[2]))
    if mem.arrays is not None:
        best = _nearest_arrays(mem, order, exclude)
    else:
        best = _nearest(mem, order, exclude)
    return [(math.sqrt(s), mem.targets[n]) for s, n in best]


def _nearest(mem: Memory, order: list, exclude) -> list[tuple[float, int]]:
    """The :data:`MEMORY_K` nearest queries ``[(similarity squared, query)]`` for our features ``order``
    (``(our share, our word, feature)``, the weightiest first)."""
    skip = set(exclude)
    writers = mem.writers
    ours_best: dict = {}     # (query << SHIFT) | our word -> its share (our side)
    theirs_best: dict = {}   # (query << SHIFT) | its word -> its share (their side)
    ours, theirs = ours_best.setdefault, theirs_best.setdefault
    for qv, gi, k in order:
        ps = mem.postings.get(k)
        if not ps:
            continue
        if skip:
            ps = [p for p in ps if writers[p[1] >> SHIFT] not in skip]
        for kw, base, v in ps:
            theirs(kw, v)
            ours(base | gi, qv)
    # each query's shares summed in the order they came: a tie between two queries falls the same way in
    # :func:`_nearest_arrays`
    sa: dict = {}
    for ka, v in ours_best.items():
        n = ka >> SHIFT
        sa[n] = sa.get(n, 0.0) + v
    sb: dict = {}
    for kw, v in theirs_best.items():
        n = kw >> SHIFT
        sb[n] = sb.get(n, 0.0) + v
    sims = {n: a * sb[n] for n, a in sa.items()}
    return [(sims[n], n) for n in heapq.nlargest(MEMORY_K, sims, key=lambda n: (sims[n], -n))]


def vectorise(mem: Memory | None) -> None:
    """Read the memory's postings into arrays (numpy), for a long-lived process: :func:`neighbours` then
    finds the same nearest queries several times faster. Imports numpy (a tenth of a second)."""
    if mem is None or mem.arrays is not None:
        return
    import numpy as np   # only here: a command-line search never pays for it

    postings = mem.postings.load() if hasattr(mem.postings, "load") else mem.postings
    kws = {k: np.fromiter((p[0] for p in ps), dtype=np.int64, count=len(ps)) for k, ps in postings.items()}
    pairs = np.unique(np.concatenate(list(kws.values()))) if kws else np.zeros(0, dtype=np.int64)
    mem.arrays = {k: (np.searchsorted(pairs, kw), kw >> SHIFT,
                      np.fromiter((p[2] for p in postings[k]), dtype=np.float64, count=len(kw)))
                  for k, kw in kws.items()}
    mem.pairs = len(pairs)


DENSE = 1 << 18     # _first_of: values below this many are marked in an array (2 MB), more are sorted


def _first_of(keys, size: int):
    """The places of the first occurrence of each value of ``keys`` (integers below ``size``), in order."""
    import numpy as np

    at = np.arange(len(keys))
    if size > DENSE:
        _, first = np.unique(keys, return_index=True)
        first.sort()
        return first
    pos = np.empty(size, dtype=np.int64)
    pos[keys] = len(keys)             # only the values present are read: the rest stays unset
    np.minimum.at(pos, keys, at)      # each value's first place (repeated values: the smallest place)
    return np.flatnonzero(pos[keys] == at)


def _nearest_arrays(mem: Memory, order: list, exclude) -> list[tuple[float, int]]:
    """:func:`_nearest` over the arrays of :func:`vectorise`: the first occurrence of each of our words and of
    each of theirs, in the order :func:`_nearest` meets them, and each query's shares summed in that order
    (``bincount`` adds one after the other)."""
    import numpy as np

    found = [(mem.arrays[k], qv, gi) for qv, gi, k in order if k in mem.arrays]
    if not found:
        return []
    sizes = [len(a[0]) for a, _, _ in found]
    theirs = np.concatenate([a[0] for a, _, _ in found])
    query = np.concatenate([a[1] for a, _, _ in found])
    words = 1 + max(gi for _, _, gi in found)
    first = _first_of(query * words + np.repeat(np.array([gi for _, _, gi in found]), sizes),
                      len(mem.targets) * words)
    queries = query[first]
    sa = np.bincount(queries, weights=np.repeat(np.array([qv for _, qv, _ in found]), sizes)[first])
    first = _first_of(theirs, mem.pairs)
    sb = np.bincount(query[first], weights=np.concatenate([a[2] for a, _, _ in found])[first],
                     minlength=len(sa))
    said = np.flatnonzero(np.bincount(queries))    # the queries sharing a word with ours, in order
    if exclude:
        skip = set(exclude)
        said = np.array([n for n in said.tolist() if mem.writers[n] not in skip], dtype=np.int64)
    sims = sa[said] * sb[said]
    if len(sims) > MEMORY_K:   # only those as similar as the K-th most similar can be among the K
        kth = np.partition(sims, len(sims) - MEMORY_K)[len(sims) - MEMORY_K]
        keep = np.flatnonzero(sims >= kth)
        said, sims = said[keep], sims[keep]
    top = np.lexsort((said, -sims))[:MEMORY_K]     # the most similar first; ties: the first query
    return list(zip(sims[top].tolist(), said[top].tolist()))


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
    if ancestors:
        eds = sorted({k.split(":", 1)[0] for k in keys})
        for t, v in best.items():
            for qt in ((t,) if ":" in t else [f"{ed}:{t}" for ed in eds]):
                for a in ancestors.get(qt, ()):
                    if v > below.get(a, 0.0):
                        below[a] = v
    out = []
    for k in keys:
        bare = k.split(":", 1)[1]
        out.append((max(best.get(k, 0.0), best.get(bare, 0.0)), tot.get(k, 0.0) + tot.get(bare, 0.0),
                    below.get(k, 0.0)))
    return out



LAB_M = 4.0         # how many queries' worth of the background a target's own word shares are smoothed with


def _count_targets(counts: dict, targets) -> None:
    """Count one labelled query's ``targets`` into ``counts``: the decisive one a query, an acceptable one
    :data:`MEMORY_ALT` of one."""
    for j, t in enumerate(dict.fromkeys(targets)):
        counts[t] = counts.get(t, 0.0) + (1.0 if j == 0 else MEMORY_ALT)


def _lab_counts(mem: Memory, k: str, skip: frozenset) -> tuple[int, dict] | None:
    """For a feature ``k``: how many labelled queries say it, and their targets counted
    (:func:`_count_targets`; ``skip``: writers left out); remembered (a long-lived process asks again,
    the fitting asks again for each query of the writer it leaves out)."""
    key = (skip, k) if skip else k
    memo = mem.lab_memo
    if key in memo:
        return memo[key]
    ps = mem.postings.get(k)
    if not ps:
        out = None
    else:
        writers, targets = mem.writers, mem.targets
        c: dict = {}
        seen = set()
        for _, base, _ in ps:
            n = base >> SHIFT
            if n in seen or (skip and writers[n] in skip):
                continue
            seen.add(n)
            _count_targets(c, targets[n])
        out = (len(seen), c)
    memo[key] = out
    return out


def _target_counts(mem: Memory, skip: frozenset) -> dict:
    """The labelled queries' targets counted (:func:`_count_targets`; ``skip``: writers left out)."""
    out: dict = {}
    for w, ts in zip(mem.writers, mem.targets):
        if not skip or w not in skip:
            _count_targets(out, ts)
    return out


def _all_counted(mem: Memory, skip: frozenset) -> tuple[int, dict]:
    """How many labelled queries there are and their targets counted, ``skip``'s writers left out
    (without: kept with the index)."""
    if not skip:
        if mem.lab_targets is None:
            mem.lab_targets = _target_counts(mem, skip)
        return len(mem.writers), mem.lab_targets
    key = (skip, None)
    if key not in mem.lab_memo:
        mem.lab_memo[key] = (sum(1 for w in mem.writers if w not in skip), _target_counts(mem, skip))
    return mem.lab_memo[key]


PRIOR_HALF = 0.5    # a provision no labelled query answered counts as half a query's worth in :func:`prior`


def prior(mem: Memory | None, keys: list, exclude=()) -> list[float]:
    """For each ``EDITION:KEY`` of ``keys``: the log of how many labelled queries have it as a target (the
    decisive one counts a query, an acceptable one :data:`MEMORY_ALT` of one; a bare target in any edition),
    plus :data:`PRIOR_HALF`: how often directors ask about it, whatever the words. ``exclude``: writers left
    out (the fitting leaves out the query's own)."""
    if mem is None:
        return [0.0] * len(keys)
    _, per_target = _all_counted(mem, frozenset(exclude))
    get = per_target.get
    return [math.log(get(k, 0) + get(k.split(":", 1)[1], 0) + PRIOR_HALF) for k in keys]


def lab_scores(mem: Memory | None, q, keys: list, exclude=()) -> list[float]:
    """For each ``EDITION:KEY`` of ``keys``: how much likelier the query's words are among the labelled queries
    that have it as a target than among all of them: per word, the log-ratio of its share among them (the
    decisive target counts a query, an acceptable one :data:`MEMORY_ALT` of one; smoothed toward the whole
    memory's share by :data:`LAB_M` queries) to its share among all, through its best feature, weighted by
    the word's share of the query; 0 for a provision no labelled query has as a target. ``exclude``: writers
    left out (the fitting leaves out the query's own)."""
    if mem is None or not keys:
        return [0.0] * len(keys)
    skip = frozenset(exclude)
    n_all, per_target = _all_counted(mem, skip)
    forms = [(k, k.split(":", 1)[1]) for k in keys]
    sizes = [per_target.get(qk, 0) + per_target.get(bare, 0) for qk, bare in forms]
    groups = [g for g in q.groups if g.tokens][:2 ** SHIFT - 1]
    out = [0.0] * len(keys)
    for f in _features(groups, sum(g.weight for g in groups) or 1.0):
        best = None
        for k in sorted(f):
            got = _lab_counts(mem, k, skip)
            if got is None:
                continue
            seen, c = got
            p = (seen + 1) / (n_all + 2)
            row = [math.log((c.get(qk, 0) + c.get(bare, 0) + LAB_M * p) / ((nt + LAB_M) * p)) if nt else 0.0
                   for (qk, bare), nt in zip(forms, sizes)]
            best = row if best is None else list(map(max, best, row))
        if best is not None:
            share = max(f.values())
            out = [o + share * b for o, b in zip(out, best)]
    return out
