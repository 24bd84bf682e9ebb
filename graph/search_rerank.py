"""The search's second stage: re-order its first candidates by what each shares with the query.

The first stage (:func:`graph.search._rank`) scores every provision by BM25F over its text, its
glossary concepts and its situations, each query word through its best token. That score answers
"how much of the query does this provision hold?"; it cannot weigh *how* it holds it: the words of a
single situation phrase together, a provision's own vocabulary against its neighbour's, a part
against the whole. The second stage takes the first :data:`N` candidates and scores each with a
linear model of :data:`FEATURES` (the first stage's score, which share of the query the text and the
situations hold, the best single phrase, a naive-Bayes likelihood of the query under each candidate's
situations and text in the query's language, its place in the hierarchy, how the labelled queries of its
memory nearest to this one vote...), then sorts them by it. Candidates after the first :data:`N` keep
their order below.

The memory is the labelled queries the model was fitted on (the evaluation sets listed in its file,
read with the index): directors' questions, each with the provisions that answer it. The
:data:`MEMORY_K` nearest to a query (by the share of each one's words the other says) vote for their
targets; a provision they answered may join the candidates from below (:func:`candidates`). When the
model is fitted, a query's own set is left out of the memory, as a new query's would be; a benchmark
or test measuring a set of the memory leaves it out too (:class:`leave_out`).

The model (means, spreads and weights of the features) is data: ``graph/rerank.yaml``, fitted by
``benchmarks/fit_rerank.py`` on the project's evaluation sets (labelled director's queries), which
says there how it was fitted and measured. A broken model file is a :class:`ModelError` with its
line and fix; it never gives a traceback, and the search then says so rather than guessing.

The reranker runs only where its features exist: a query in es, nl or it (the languages of the
situations), without a citation written in it (a cited provision keeps its first place).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import yaml

from laws.corpus import CorpusError

MODEL_PATH = Path(__file__).resolve().parent / "rerank.yaml"
LANGS = ("es", "nl", "it")
N = 15              # candidates the second stage re-orders
NB_ALPHA = 0.5      # additive smoothing of the naive-Bayes likelihoods
MEMORY_K = 40       # nearest labelled queries of the memory that vote for their targets
MEMORY_ALT = 0.5    # weight of a vote for an acceptable target that is not the decisive one
MEMORY_BRING = 3    # the decisive targets of this many nearest queries may join the candidates from below
MEMORY_EXTRA = 3    # at most this many of them

FEATURES = {
    "rel": "the first stage's score over the best candidate's",
    "logrel": "its logarithm (small differences near the top count more)",
    "cov_text": "share of the query's words (by weight) the provision's text, heading and concepts hold",
    "cov_sit": "share of the query's words its situations hold",
    "ph_prec": "share of the words of its best situation phrase that the query says",
    "langmatch": "1 when its text is in the query's language",
    "depth": "how many provisions stand above it",
    "headonly": "1 for a provision with only a heading above its parts",
    "parent_of_top1": "1 when it stands above the first candidate",
    "sibling_top1": "1 when it shares the first candidate's parent (not the first itself)",
    "nb": "naive-Bayes log-likelihood of the query's words under its situations and text, minus the best candidate's",
    "nb_rank": "1 / its place by that likelihood among the candidates",
    "sit_sh": "share of its first-stage score from its situations",
    "con_sh": "share of its first-stage score from glossary concepts",
    "longq_bestph": "share of the query its best single phrase holds, times the query's length (words / 10, at most 2)",
    "eng": "1 when the ruling engine, given the query read as an auction record (graph/search_account.py), "
           "applies it and it belongs to the law governing the irregularity (30B2a for a pass out of rotation)",
    "eng_other": "1 when the engine applies it there but it belongs to another law (29B, for every call out of rotation)",
    "eng_law": "1 when it is in the law governing the irregularity the engine finds there, but not applied",
    "mem_best": "the similarity of the nearest labelled query of the memory (the evaluation sets the model was "
                "fitted on) that has it as its target (an acceptable target that is not the decisive one: times "
                "MEMORY_ALT), among the MEMORY_K nearest",
    "mem_sum": "the sum of those similarities over the MEMORY_K nearest",
    "mem_up": "the best of those votes for a provision below it (a law asked about in general words)",
    "mem_rank": "1 / its place by mem_best among the candidates (0 without a vote)",
}


class ModelError(CorpusError):
    """A problem in the reranker's model file, with the line and how to fix it."""


@dataclass(frozen=True)
class Model:
    names: tuple
    mean: tuple
    sd: tuple
    weight: tuple
    memory: tuple = ()   # the labelled query sets the model was fitted on (paths from the project's root)


ROOT = Path(__file__).resolve().parent.parent


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(path.resolve().parent.parent))
    except ValueError:
        return str(path)


def load_model(path: Path = MODEL_PATH) -> Model:
    """The model of ``path``: ``features: [{name, mean, sd, weight}, ...]``."""
    where = _rel(path)
    try:
        node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except OSError as e:
        raise ModelError(where, None, f"cannot be read ({e.strerror})",
                         "restore it from git or refit it: python benchmarks/fit_rerank.py --write") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ModelError(where, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}",
                         "refit it: python benchmarks/fit_rerank.py --write") from None
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    feats = data.get("features") if isinstance(data, dict) else None
    fnode = next((v for k, v in getattr(node, "value", []) if getattr(k, "value", None) == "features"), node)
    if not isinstance(feats, list) or not feats:
        raise ModelError(where, (node.start_mark.line + 1) if node else None, "no list of features",
                         "write features: followed by - {name: ..., mean: ..., sd: ..., weight: ...}")
    names, mean, sd, weight = [], [], [], []
    for n, (f, fn) in enumerate(zip(feats, fnode.value), 1):
        line = fn.start_mark.line + 1
        if not isinstance(f, dict) or set(f) != {"name", "mean", "sd", "weight"}:
            raise ModelError(where, line, f"feature {n}: expected the fields name, mean, sd, weight",
                             "write - {name: rel, mean: 0.5, sd: 0.3, weight: 0.7}")
        if f["name"] not in FEATURES:
            raise ModelError(where, line, f"unknown feature {f['name']!r}", "use one of " + ", ".join(FEATURES))
        if f["name"] in names:
            raise ModelError(where, line, f"feature {f['name']!r} appears twice", "keep one")
        vals = [f["mean"], f["sd"], f["weight"]]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in vals) \
                or f["sd"] <= 0:
            raise ModelError(where, line, f"feature {f['name']!r}: mean, sd and weight must be numbers, sd above 0",
                             "refit it: python benchmarks/fit_rerank.py --write")
        names.append(f["name"])
        mean.append(float(f["mean"]))
        sd.append(float(f["sd"]))
        weight.append(float(f["weight"]))
    mem = data.get("memory", [])
    mnode = next((v for k, v in getattr(node, "value", []) if getattr(k, "value", None) == "memory"), node)
    if not isinstance(mem, list) or not all(isinstance(m, str) for m in mem):
        raise ModelError(where, mnode.start_mark.line + 1, "memory: expected a list of file paths",
                         "write memory: followed by - benchmarks/search_eval.yaml ... (or refit it)")
    for m, mn in zip(mem, mnode.value):
        if not (ROOT / m).is_file():
            raise ModelError(where, mn.start_mark.line + 1, f"memory: no file {m}",
                             "restore it from git, or refit the model: python benchmarks/fit_rerank.py --write")
    if any(n.startswith("mem_") for n in names) and not mem:
        raise ModelError(where, (fnode.start_mark.line + 1), "the features mem_best, mem_sum, mem_up and mem_rank need a memory",
                         "refit it: python benchmarks/fit_rerank.py --write")
    return Model(tuple(names), tuple(mean), tuple(sd), tuple(weight), tuple(mem))


_MODEL: Model | None = None


def model() -> Model:
    """The model of :data:`MODEL_PATH`, read once per process."""
    global _MODEL
    if _MODEL is None:
        _MODEL = load_model()
    return _MODEL


# -- what the index keeps for the naive-Bayes likelihood --------------------------------------------
def nb_tables(docs, sit_prefix: str) -> dict:
    """Per language: ``(counts, totals, vocabulary size)``, where ``counts["EDITION:KEY"]`` counts the
    situation tokens of that language (``s:es:stem``) of the provision, and the words of its text and
    heading in that language (as the same tokens: the model compares a query with both)."""
    from collections import Counter

    out = {}
    for lg in LANGS:
        counts: dict = {}
        for d in docs:
            c = counts.setdefault(d.qkey, Counter())
            for slg, _, ts in d.situations:
                if slg == lg:
                    c.update(t for t, _, _ in ts)
            if d.lang == lg:
                c.update(sit_prefix + t for f in ("text", "heading") for t, _, _ in d.toks[f])
        vocab = set()
        for c in counts.values():
            vocab |= set(c)
        out[lg] = ({k: dict(c) for k, c in counts.items()}, {k: sum(c.values()) for k, c in counts.items()},
                   len(vocab))
    return out


def _doc_sets(idx, i: int):
    """A document's text tokens, situation tokens and each phrase's tokens (cached on the index)."""
    cache = idx.__dict__.setdefault("_rerank_docs", {})
    r = cache.get(i)
    if r is None:
        d = idx.docs[i]
        phrases = [frozenset(t for t, _, _ in ts) for _, _, ts in d.situations]
        sit = frozenset().union(*phrases) if phrases else frozenset()
        r = cache[i] = (d.present - sit, sit, phrases)
    return r


def nb_scores(idx, q, lang: str, keys: list, sit_prefix: str) -> list[float]:
    """The naive-Bayes log-likelihood of the query's words under each provision of ``keys``: each
    word through the best of its (non-negated) situation tokens of ``lang``."""
    counts, totals, vocab = idx.nb[lang]
    pre = f"{sit_prefix}{lang}:"
    toks = [[t for t in g.tokens if t.startswith(pre) and not t.startswith(pre + "!")] for g in q.groups]
    toks = [ts for ts in toks if ts]
    out = []
    for k in keys:
        c, t = counts.get(k, {}), totals.get(k, 0)
        den = t + NB_ALPHA * vocab
        out.append(sum(max(math.log((c.get(x, 0) + NB_ALPHA) / den) for x in ts) for ts in toks))
    return out


# -- the memory: the labelled queries the model was fitted on ---------------------------------------
@dataclass
class Memory:
    """The labelled queries of the model's training sets, read by the index (:func:`memory_of`): for each,
    its set (the file's stem), its targets and its words' weights; and where each token stands."""
    sets: list                  # per query: the set's name ("search_heldout7")
    targets: list               # per query: its targets (decisive first), as in the set
    weights: list               # per query: the weight of each of its words (groups)
    totals: list                # per query: the sum of those weights
    postings: dict              # token -> [(query, word, the token's weight in that word)]


def memory_of(idx, mdl: Model | None = None) -> Memory | None:
    """The memory of the model ``mdl``: its training sets' queries read as the search reads a query
    (:func:`graph.search.analyse` on ``idx``); None without one. Built with the index (a few seconds)."""
    from . import search as S

    mdl = mdl or model()
    if not mdl.memory:
        return None
    mem = Memory([], [], [], [], {})
    for rel in mdl.memory:
        name = Path(rel).stem
        for item in S.load_eval(ROOT / rel):
            try:
                q = S.analyse(idx, " ".join(item["q"].split()), item["lang"])
            except S.SearchError:
                continue
            groups = [g for g in q.groups if g.tokens]
            if not groups:
                continue
            n = len(mem.sets)
            mem.sets.append(name)
            mem.targets.append(tuple(item["targets"]))
            mem.weights.append(tuple(g.weight for g in groups))
            mem.totals.append(sum(g.weight for g in groups) or 1.0)
            for w, g in enumerate(groups):
                for t, tw in g.tokens.items():
                    mem.postings.setdefault(t, []).append((n, w, tw))
    return mem


_LEFT_OUT: set = set()


class leave_out:
    """``with leave_out(path): ...``: the memory forgets the queries of the set ``path`` meanwhile, so that
    a set the model learnt from is measured as if it were new (benchmarks, tests)."""

    def __init__(self, path):
        self.name = Path(path).stem

    def __enter__(self):
        self.had = self.name in _LEFT_OUT
        _LEFT_OUT.add(self.name)
        return self

    def __exit__(self, *exc):
        if not self.had:
            _LEFT_OUT.discard(self.name)
        return False


def neighbours(mem: Memory, q, exclude=()) -> list[tuple[float, tuple]]:
    """The :data:`MEMORY_K` queries of the memory nearest to ``q``: ``[(similarity, targets)]``, best first.
    The similarity is the geometric mean of the share of ``q``'s words (by weight) the other query says and
    the share of its words ``q`` says; a word is said when one of its tokens is."""
    groups = [g for g in q.groups if g.tokens]
    total = sum(g.weight for g in groups) or 1.0
    skip = set(exclude) | _LEFT_OUT
    by_tok: dict = {}
    for gi, g in enumerate(groups):
        for t, tw in g.tokens.items():
            by_tok.setdefault(t, []).append((gi, tw))
    a: dict = {}     # query of the memory -> {our word: best token weight}
    b: dict = {}     # query of the memory -> {its word: best token weight}
    for t, ours in by_tok.items():
        for n, w, tw in mem.postings.get(t, ()):
            if mem.sets[n] in skip:
                continue
            an = a.setdefault(n, {})
            for gi, qtw in ours:
                if an.get(gi, 0.0) < qtw:
                    an[gi] = qtw
            bn = b.setdefault(n, {})
            if bn.get(w, 0.0) < tw:
                bn[w] = tw
    out = []
    for n, an in a.items():
        sa = sum(groups[gi].weight * v for gi, v in an.items()) / total
        ws = mem.weights[n]
        sb = sum(ws[w] * v for w, v in b[n].items()) / mem.totals[n]
        out.append((math.sqrt(max(sa, 0.0) * max(sb, 0.0)), n))
    out.sort(key=lambda x: (-x[0], x[1]))
    return [(s, mem.targets[n]) for s, n in out[:MEMORY_K]]


def memory_votes(near: list, keys: list, ancestors: dict | None = None) -> list[tuple[float, float, float]]:
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


def account_of(q, lang: str):
    """The query read as an auction record (:func:`graph.search_account.read`), or None."""
    from . import search_account as SA

    return SA.read(q.text, lang)


def near_of(idx, q, exclude=()) -> list[tuple[float, tuple]]:
    """The nearest labelled queries of the index's memory (:func:`neighbours`); none without a memory."""
    mem = getattr(idx, "memory", None)
    return neighbours(mem, q, exclude) if mem else []


def candidates(ranked: list, account, near=()) -> list:
    """The first :data:`N` of ``ranked``; a provision the engine applies to the account that ranks
    below them takes the place of the last (the engine saw what the words could not), and so does the
    decisive target of one of the :data:`MEMORY_BRING` nearest labelled queries ``near`` (at most
    :data:`MEMORY_EXTRA`: directors asked this in these words, and this answered them)."""
    cand = list(ranked[:N])
    taken = 0
    if account is not None:
        want = account.qualified()
        extra = [c for c in ranked[N:] if c[0] in want][:max(0, N // 3)]
        for c in extra:
            taken += 1
            cand[-taken] = c
    if near:
        from . import search as S

        inside = {c[0] for c in cand}
        wanted: list = []
        for _, targets in near[:MEMORY_BRING]:
            if targets[0] not in wanted:
                wanted.append(targets[0])
        brought = 0
        for t in wanted:
            if brought >= MEMORY_EXTRA or taken >= len(cand) - 1:
                break
            c = next((c for c in ranked[N:] if c[0] not in inside and S._target_in(t, [c[0], c[0].split(":", 1)[1]])),
                     None)
            if c is not None:
                taken, brought = taken + 1, brought + 1
                cand[-taken] = c
                inside.add(c[0])
    return cand


def features(idx, q, cand: list, parts: dict, lang: str, sit_prefix: str, heading_only, account=None,
             near=()) -> list[dict]:
    """The :data:`FEATURES` of each candidate ``(EDITION:KEY, (score, doc id))`` of ``cand``; ``account``:
    the query read as an auction record (:func:`account_of`); ``near``: its nearest labelled queries
    (:func:`near_of`)."""
    if not cand:
        return []
    votes = memory_votes(near, [k for k, _ in cand], idx.ancestors)
    by_vote = sorted(range(len(votes)), key=lambda j: -votes[j][0])
    vote_place = {j: n for n, j in enumerate(by_vote, 1)}
    decisive = account.qualified(account.decisive()) if account is not None else set()
    applied = account.qualified() if account is not None else set()
    laws = account.law_numbers() if account is not None else set()
    top = cand[0][1][0] or 1.0
    groups = [g for g in q.groups if g.tokens]
    total = sum(g.weight for g in groups) or 1.0
    longq = min(len(groups), 20) / 10
    up1 = idx.ancestors.get(cand[0][0], [])
    nb = nb_scores(idx, q, lang, [k for k, _ in cand], sit_prefix)
    best_nb = max(nb)
    by_nb = sorted(range(len(nb)), key=lambda j: -nb[j])
    nb_place = {j: n for n, j in enumerate(by_nb, 1)}
    rows = []
    for r, (qk, (s, i)) in enumerate(cand, 1):
        d = idx.docs[i]
        text, sit, phrases = _doc_sets(idx, i)
        p = parts.get(i, {})
        share = sum(p.values()) or 1.0
        best_ph, prec = 0.0, 0.0
        for ph in phrases:
            m = sum(g.weight for g in groups if any(t in ph for t in g.tokens)) / total
            if m > best_ph:
                best_ph = m
                prec = len({t for g in groups for t in g.tokens if t in ph}) / max(1, len(ph))
        up = idx.ancestors.get(qk, [])
        rows.append({
            "rel": s / top,
            "logrel": math.log(max(s, 1e-6) / top + 1e-3),
            "cov_text": sum(g.weight for g in groups if any(t in text for t in g.tokens)) / total,
            "cov_sit": sum(g.weight for g in groups if any(t in sit for t in g.tokens)) / total,
            "ph_prec": prec,
            "langmatch": float(d.lang == lang),
            "depth": float(len(up)),
            "headonly": float(qk in heading_only),
            "parent_of_top1": float(qk in up1),
            "sibling_top1": float(r > 1 and up[:1] == up1[:1]),
            "nb": nb[r - 1] - best_nb,
            "nb_rank": 1 / nb_place[r - 1],
            "sit_sh": p.get("situation", 0.0) / share,
            "con_sh": p.get("concept", 0.0) / share,
            "longq_bestph": longq * best_ph,
            "eng": float(qk in decisive),
            "eng_other": float(qk in applied and qk not in decisive),
            "eng_law": float(qk not in applied and _law(qk) in laws),
            "mem_best": votes[r - 1][0],
            "mem_sum": votes[r - 1][1],
            "mem_up": votes[r - 1][2],
            "mem_rank": 1 / vote_place[r - 1] if votes[r - 1][0] > 0 else 0.0,
        })
    return rows


def _law(qk: str) -> str:
    """The law number of an ``EDITION:KEY`` (``'2007:30B2a'`` -> ``'30'``; a regulation: ``''``)."""
    key = qk.split(":", 1)[-1]
    n = 0
    while n < len(key) and key[n].isdigit():
        n += 1
    return key[:n]


def applies(idx, lang: str | None, cited: bool) -> bool:
    """Whether the second stage runs for a query: its language has situations, and it cites nothing."""
    return lang in LANGS and not cited and lang in getattr(idx, "nb", {})


def arrange(idx, keys: list, lin: list, heading_only) -> list[int]:
    """The places of ``keys`` by the model's score ``lin``, best first, where a provision that is only a
    heading (``heading_only``) never stands above a part of it among them: it follows its best part, as
    in the first stage (75B after 75B3)."""
    order = sorted(range(len(keys)), key=lambda j: -lin[j])
    for j in [j for j in order if keys[j] in heading_only]:
        parts = [n for n, m in enumerate(order) if keys[j] in idx.ancestors.get(keys[m], ()) and keys[m] not in heading_only]
        at = order.index(j)
        if parts and parts[0] > at:
            order.remove(j)
            order.insert(parts[0], j)   # right after that part (it moved up one place when j left)
    return order


def rerank(idx, q, ranked: list, parts: dict, lang: str, sit_prefix: str, heading_only, mdl: Model | None = None):
    """``ranked`` (``[(EDITION:KEY, (score, doc id))]``, best first) with its first :data:`N` re-ordered by
    the model; their scores become the model's share (softmax, 0 to 1) among them, and the candidates
    below keep their order, scored under the last of those."""
    mdl = mdl or model()
    account = account_of(q, lang) if any(n.startswith("eng") for n in mdl.names) else None
    near = near_of(idx, q)
    cand = candidates(ranked, account, near)
    if len(cand) < 2:
        return ranked
    rows = features(idx, q, cand, parts, lang, sit_prefix, heading_only, account, near)
    lin = [sum(w * (row[nm] - mu) / sd for nm, mu, sd, w in zip(mdl.names, mdl.mean, mdl.sd, mdl.weight))
           for row in rows]
    hi = max(lin)
    ex = [math.exp(v - hi) for v in lin]
    z = sum(ex)
    order = arrange(idx, [k for k, _ in cand], lin, heading_only)
    out, last = [], None
    for j in order:
        sc = ex[j] / z if last is None else min(ex[j] / z, last)   # a heading moved down takes its part's score
        out.append((cand[j][0], (sc, cand[j][1][1])))
        last = sc
    inside = {k for k, _ in cand}
    rest = [c for c in ranked if c[0] not in inside]
    if rest:
        floor = min(ex) / z
        first = rest[0][1][0] or 1.0
        out += [(k, (floor * 0.99 * s / first, i)) for k, (s, i) in rest]
    return out
