"""The search's second stage: re-order its first candidates by what each shares with the query.

The first stage (:mod:`graph.search.rank`) scores every provision by BM25F over its text, its
glossary concepts and its situations, each query word through its best token. That score answers
"how much of the query does this provision hold?"; it cannot weigh *how* it holds it: the words of a
single situation phrase together, a provision's own vocabulary against its neighbour's, a part
against the whole. The second stage takes the first :data:`N` candidates and scores each with a
linear model of :data:`FEATURES` (the first stage's score, which share of the query the text and the
situations hold, the best single phrase, a naive-Bayes likelihood of the query under each candidate's
situations and text in the query's language, its place in the hierarchy, what the ruling engine
applies to the query read as an auction record (:mod:`graph.search.account`), how the nearest
labelled queries vote and how much likelier the query's words are among all those it answered
(:mod:`graph.search.memory`), whether its text says what excludes the query's detail (the auction had
begun or not: :data:`graph.search.lexicon.OPPOSED`)), then sorts them by it. Candidates after the
first :data:`N` keep their order below.

The model (means, spreads and weights of the features) is data: ``data/model.yaml``, fitted by
``benchmarks/fit_rerank.py`` on the package's labelled queries (:mod:`graph.search.labelled`), which
says there how it was fitted and measured. A broken model file is a :class:`ModelError` with its
line and fix; it never gives a traceback.

The second stage runs where its features exist: a query in a language with situations, without a
citation written in it (a cited provision keeps its first place).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from operator import mul, sub, truediv

from . import account as ACC
from . import lexicon as LEX
from . import memory as MEM
from .text import SIT_PREFIX

N = 15              # candidates the second stage re-orders
NB_ALPHA = 0.5      # additive smoothing of the naive-Bayes likelihoods
MEMORY_BRING = 3    # the decisive targets of this many nearest queries may join the candidates from below
MEMORY_EXTRA = 3    # at most this many of them
_ZEROS = repeat(0)  # a count's default, for map()

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
    "eng": "1 when the ruling engine, given the query read as an auction record (graph/search/account.py), "
           "applies it and it belongs to the law governing the irregularity (30B2a for a pass out of rotation)",
    "eng_other": "1 when the engine applies it there but it belongs to another law (29B, for every call out of rotation)",
    "eng_law": "1 when it is in the law governing the irregularity the engine finds there, but not applied",
    "mem_best": "the similarity of the nearest labelled query of the memory that has it as its target (an "
                "acceptable target that is not the decisive one: times MEMORY_ALT), among the MEMORY_K nearest",
    "mem_sum": "the sum of those similarities over the MEMORY_K nearest",
    "mem_up": "the best of those votes for a provision below it (a law asked about in general words)",
    "mem_rank": "1 / its place by mem_best among the candidates (0 without a vote)",
    "eng_else": "1 when the engine, reading the query as an auction record, rules under one law and it belongs to "
                "another law of an irregularity the engine knows (the engine saw that irregularity was not this one)",
    "neg": "of the query's negated words («no acepta»), the share it says negated, less the share it says only "
           "without the negation (0 for a query without one)",
    "lab": "how much likelier the query's words are among the labelled queries answered by it than among all "
           "of them (graph/search/memory.lab_scores), minus the best candidate's",
    "lab_rank": "1 / its place by that likelihood among the candidates",
    "opposed": "1 when its text holds a notion of a set that exclude each other (lexicon.OPPOSED: the auction "
               "had begun or not, whose turn it was) that the query says, -1 when it holds only another of that set",
    "prior": "the log of how many labelled queries it answered (graph/search/memory.prior): how often directors "
             "ask about it, whatever the words",
    "prior_rel": "that, minus the best candidate's",
    "contrast": "the query's words it holds, each weighted by how few of the candidates hold it (log((N + 1) / n)), over "
                "the most any candidate gets: the detail that tells the candidates apart over the cue they share",
}


@dataclass(frozen=True)
class Model:
    """The second stage's model: per feature (:data:`FEATURES`), its mean, spread and weight
    (``data/model.yaml``, read by :func:`graph.search.model.load_model`); and its hidden units, each
    ``(bias, out, weights)``: ``out`` times tanh(``bias`` + the standardised features times ``weights``),
    added to the linear score (how features weigh together: a memory's vote counts for more where the
    words agree with it)."""
    names: tuple
    mean: tuple
    sd: tuple
    weight: tuple
    hidden: tuple = ()

    def row(self) -> tuple:
        return (self.names, self.mean, self.sd, self.weight, self.hidden)


# -- what the index keeps for the naive-Bayes likelihood --------------------------------------------
def nb_tables(docs) -> dict:
    """Per language of the situations: ``(counts, totals, vocabulary size)``, where ``counts["EDITION:KEY"]``
    counts the situation tokens of that language (``s:es:stem``) of the provision, and the words of its
    text and heading in that language (as the same tokens: the model compares a query with both)."""
    langs = sorted({lg for d in docs for lg, _, _ in d.situations})
    out = {}
    for lg in langs:
        counts: dict = {}
        for d in docs:
            c = counts.setdefault(d.qkey, Counter())
            for slg, _, ts in d.situations:
                if slg == lg:
                    c.update(t for t, _, _ in ts)
            if d.lang == lg:
                c.update(SIT_PREFIX + t for f in ("text", "heading") for t, _, _ in d.toks[f])
        vocab = set()
        for c in counts.values():
            vocab |= set(c)
        out[lg] = ({k: dict(c) for k, c in counts.items()}, {k: sum(c.values()) for k, c in counts.items()},
                   len(vocab))
    return out


def nb_scores(idx, q, lang: str, keys: list) -> list[float]:
    """The naive-Bayes log-likelihood of the query's words under each provision of ``keys``: each
    word through the best of its (non-negated) situation tokens of ``lang``."""
    counts, totals, vocab = idx.nb[lang]
    pre = f"{SIT_PREFIX}{lang}:"
    toks = [[t for t in g.tokens if t.startswith(pre) and not t.startswith(pre + "!")] for g in q.groups]
    toks = [ts for ts in toks if ts]
    out = []
    for k in keys:
        c, t = counts.get(k, {}), totals.get(k, 0)
        den = t + NB_ALPHA * vocab
        get = c.get
        # the log of the best count: the best of the logs (log is increasing), one log per word
        out.append(sum(math.log((max(map(get, ts, _ZEROS)) + NB_ALPHA) / den) for ts in toks))
    return out


def account_of(idx, q, lang: str):
    """The query read as an auction record (:func:`graph.search.account.read`), or None: replayed by the
    trees of the edition of the query language's text first, then of the others."""
    mine = idx.lang_editions.get(lang)
    return ACC.read(q.text, lang, ([mine] if mine else []) + [e for e in idx.editions if e != mine])


def candidates(idx, ranked: list, account, near=()) -> list:
    """The first :data:`N` of ``ranked``; a provision the engine applies to the account that ranks
    below them takes the place of the last (the engine saw what the words could not), and so does the
    decisive target of one of the :data:`MEMORY_BRING` nearest labelled queries ``near`` (at most
    :data:`MEMORY_EXTRA`: directors asked this in these words, and this answered them)."""
    cand = list(ranked[:N])
    rest = ranked[N:]
    taken = 0
    if account is not None:
        want = account.qualified(idx.corresponds)
        extra = [c for c in rest if c[0] in want][:max(0, N // 3)]
        for c in extra:
            taken += 1
            cand[-taken] = c
    if near:
        inside = {c[0] for c in cand}
        wanted: list = []
        for _, targets in near[:MEMORY_BRING]:
            if targets[0] not in wanted:
                wanted.append(targets[0])
        brought = 0
        place = {c[0]: j for j, c in enumerate(rest)}    # each provision below the first N -> its place
        for t in wanted:
            if brought >= MEMORY_EXTRA or taken >= len(cand) - 1:
                break
            # the first provision below them answering t (memory.target_matches) not already in
            at = [place[k] for k in MEM.answering(t, idx.editions) if k in place and k not in inside]
            c = rest[min(at)] if at else None
            if c is not None:
                taken, brought = taken + 1, brought + 1
                cand[-taken] = c
                inside.add(c[0])
    return cand


def features(idx, q, cand: list, parts: dict, lang: str, account=None, near=(), exclude=()) -> list[dict]:
    """The :data:`FEATURES` of each candidate ``(EDITION:KEY, (score, doc id))`` of ``cand``; ``account``:
    the query read as an auction record (:func:`account_of`); ``near``: its nearest labelled queries
    (:func:`graph.search.memory.neighbours`)."""
    if not cand:
        return []
    keys = [k for k, _ in cand]
    votes = MEM.votes(near, keys, idx.ancestors)
    by_vote = sorted(range(len(votes)), key=lambda j: -votes[j][0])
    vote_place = {j: n for n, j in enumerate(by_vote, 1)}
    decisive = account.qualified(idx.corresponds, account.decisive()) if account is not None else set()
    applied = account.qualified(idx.corresponds) if account is not None else set()
    laws = account.law_numbers() if account is not None else set()
    top = cand[0][1][0] or 1.0
    groups = [g for g in q.groups if g.tokens]
    total = sum(g.weight for g in groups) or 1.0
    longq = min(len(groups), 20) / 10
    up1 = idx.ancestors.get(cand[0][0], [])
    nb = nb_scores(idx, q, lang, keys)
    lab = MEM.lab_scores(idx.memory, q, keys, exclude)
    best_lab = max(lab)
    prior = MEM.prior(idx.memory, keys, exclude)
    best_prior = max(prior)
    lab_place = {j: n for n, j in enumerate(sorted(range(len(lab)), key=lambda j: -lab[j]), 1)}
    best_nb = max(nb)
    by_nb = sorted(range(len(nb)), key=lambda j: -nb[j])
    nb_place = {j: n for n, j in enumerate(by_nb, 1)}
    in_groups: dict = {}     # token -> the groups it stands in
    for gi, g in enumerate(groups):
        for t in g.tokens:
            in_groups.setdefault(t, []).append(gi)
    said = frozenset(in_groups)
    bits = {t: sum(1 << gi for gi in gis) for t, gis in in_groups.items()}   # token -> its groups, as bits
    weights = [g.weight for g in groups]
    shares: dict = {}        # groups as bits -> their share of the query's weight

    def held_by(toks) -> int:   # the groups whose words ``toks`` hold, as bits
        m = 0
        for t in toks & said:
            m |= bits[t]
        return m

    def cover(m: int) -> float:   # the share of the query's weight of the groups ``m`` (bits)
        v = shares.get(m)
        if v is None:
            # in the groups' order, whatever the hash seed: a sum's rounding never decides a tie
            v = shares[m] = sum(weights[gi] for gi in range(len(weights)) if m >> gi & 1) / total
        return v

    negs = [g for g in groups if g.word in q.negated]

    def negation(text, sit) -> float:   # negated words said negated, less those said only plainly
        said_neg = said_plain = 0
        for g in negs:
            if any(_is_negated(t) and (t in text or t in sit) for t in g.tokens):
                said_neg += 1
            elif any(t in text or t in sit for t in g.tokens):
                said_plain += 1
        return (said_neg - said_plain) / len(negs)

    stage = [(ns & said, ns - said) for ns in LEX.OPPOSED if ns & said and not ns <= said]

    def opposed(toks) -> float:   # its text says what the query says (1), or only what excludes it (-1)
        v = 0.0
        for mine, other in stage:
            if not mine.isdisjoint(toks):
                v += 1.0
            elif not other.isdisjoint(toks):
                v -= 1.0
        return v

    sets = [idx.doc_sets[i] for _, (_, i) in cand]
    masks = [(held_by(text), held_by(sit)) for text, sit, _ in sets]
    held = [[gi for gi in range(len(weights)) if (mt | ms) >> gi & 1] for mt, ms in masks]
    contrast = _contrast(held, weights)

    rows = []
    for r, (qk, (s, i)) in enumerate(cand, 1):
        text, sit, phrases = sets[r - 1]
        p = parts.get(i, {})
        share = sum(p.values()) or 1.0
        best_ph, prec = 0.0, 0.0
        hit = sit & said
        if hit:   # only the phrases holding a word of the query can cover some of it, in their order
            where = _phrases_of(idx, i, phrases)
            pm: dict = {}    # phrase place -> the groups it holds (bits)
            pn: dict = {}    # phrase place -> how many of the query's tokens it holds
            for t in hit:
                b = bits[t]
                for k in where[t]:
                    pm[k] = pm.get(k, 0) | b
                    pn[k] = pn.get(k, 0) + 1
            for k in sorted(pm):
                m = cover(pm[k])
                if m > best_ph:
                    best_ph = m
                    prec = pn[k] / max(1, len(phrases[k]))
        up = idx.ancestors.get(qk, [])
        mt, ms = masks[r - 1]
        rows.append({
            "rel": s / top,
            "logrel": math.log(max(s, 1e-6) / top + 1e-3),
            "cov_text": cover(mt),
            "cov_sit": cover(ms),
            "ph_prec": prec,
            "langmatch": float(idx.meta[i][1] == lang),
            "depth": float(len(up)),
            "headonly": float(qk in idx.heading_only),
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
            "eng_else": float(bool(laws) and _law(qk) in ACC.ENGINE_LAWS and _law(qk) not in laws),
            "mem_best": votes[r - 1][0],
            "mem_sum": votes[r - 1][1],
            "mem_up": votes[r - 1][2],
            "mem_rank": 1 / vote_place[r - 1] if votes[r - 1][0] > 0 else 0.0,
            "neg": negation(text, sit) if negs else 0.0,
            "contrast": contrast[r - 1],
            "opposed": opposed(text) if stage else 0.0,
            "lab": lab[r - 1] - best_lab,
            "lab_rank": 1 / lab_place[r - 1],
            "prior": prior[r - 1],
            "prior_rel": prior[r - 1] - best_prior,
        })
    return rows


def _phrases_of(idx, i: int, phrases: tuple) -> dict:
    """Each token of document ``i``'s situation ``phrases`` -> the places of the phrases holding it
    (remembered per document)."""
    memo = idx.derived.setdefault("phrases_of", {})
    out = memo.get(i)
    if out is None:
        out = {}
        for k, ph in enumerate(phrases):
            for t in ph:
                out.setdefault(t, []).append(k)
        memo[i] = out     # whole: another thread never reads it half made
    return out


def _contrast(held: list, weights: list) -> list[float]:
    """Per candidate (``held``: the query's word groups it holds), the weight of those words, each times
    log(N / the number of candidates holding it), over the best candidate's (0 to 1)."""
    n = len(held)
    df: dict = {}
    for h in held:
        for gi in h:
            df[gi] = df.get(gi, 0) + 1
    raw = [sum(weights[gi] * math.log((n + 1) / df[gi]) for gi in sorted(h)) for h in held]
    top = max(raw, default=0.0) or 1.0
    return [v / top for v in raw]


def _is_negated(token: str) -> bool:
    """Whether an index token is a negated word, concept or notion (``es:!acept``, ``s:es:!acept``, ``~!accept``)."""
    return "!" in token


def _law(qk: str) -> str:
    """The law number of an ``EDITION:KEY`` (``'2007:30B2a'`` -> ``'30'``; a regulation: ``''``)."""
    key = qk.split(":", 1)[-1]
    n = 0
    while n < len(key) and key[n].isdigit():
        n += 1
    return key[:n]


def applies(idx, lang: str | None, cited: bool) -> bool:
    """Whether the second stage runs for a query: its language has situations, and it cites nothing."""
    return lang in idx.nb and not cited and idx.model is not None


def arrange(idx, keys: list, lin: list) -> list[int]:
    """The places of ``keys`` by the model's score ``lin``, best first, where a provision that is only a
    heading never stands above a part of it among them: it follows its best part, as in the first
    stage (75B after 75B3)."""
    ho = idx.heading_only
    order = sorted(range(len(keys)), key=lambda j: -lin[j])
    for j in [j for j in order if keys[j] in ho]:
        parts = [n for n, m in enumerate(order) if keys[j] in idx.ancestors.get(keys[m], ()) and keys[m] not in ho]
        at = order.index(j)
        if parts and parts[0] > at:
            order.remove(j)
            order.insert(parts[0], j)   # right after that part (it moved up one place when j left)
    return order


def score_rows(mdl: Model, rows: list[dict]) -> list[float]:
    """The model's score of each row of features: linear in the standardised features, plus its hidden units."""
    out = []
    names, mean, sd, weight, hidden = mdl.names, mdl.mean, mdl.sd, mdl.weight, mdl.hidden
    for row in rows:
        z = list(map(truediv, map(sub, map(row.__getitem__, names), mean), sd))
        v = sum(map(mul, weight, z))
        for bias, o, ws in hidden:
            v += o * math.tanh(bias + sum(map(mul, ws, z)))
        out.append(v)
    return out


def rerank(idx, q, ranked: list, parts: dict, lang: str, mdl: Model | None = None, near=None):
    """``ranked`` (``[(EDITION:KEY, (score, doc id))]``, best first) with its first :data:`N` re-ordered by
    the model (default: the index's); their scores become the model's share (softmax, 0 to 1) among them,
    and the candidates below keep their order, scored under the last of those. ``near``: the nearest
    labelled queries (default: the index's memory's)."""
    mdl = mdl or idx.model
    account = account_of(idx, q, lang) if any(n.startswith("eng") for n in mdl.names) else None
    near = MEM.neighbours(idx.memory, q) if near is None else near
    cand = candidates(idx, ranked, account, near)
    if len(cand) < 2:
        return ranked
    lin = score_rows(mdl, features(idx, q, cand, parts, lang, account, near))
    hi = max(lin)
    ex = [math.exp(v - hi) for v in lin]
    z = sum(ex)
    order = arrange(idx, [k for k, _ in cand], lin)
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
