"""The first stage: every provision scored by BM25F over its text, its concepts and its situations.

A word of a heading weighs three times a word of the text; notes and the headings above a provision
weigh less. Each query word counts once, through the best of the tokens that stand for it (its stem,
a near stem, a cognate, a concept it names, a situation's word); the score is scaled by the share of
the query's words a provision holds; query words found next to each other and a heading the query
says entirely earn a bonus. A key written inside a query («voz insuficiente, ver artículo 27C») lifts
that provision.

**Headings.** A provision with parts and only a heading (or a short clause leading into them: «La
subasta termina cuando:») never stands above its best matching part: the part takes its score and it
follows at half of it (75B after 75B3, 38 after 38B). A provision whose parts match too gains a share
of their mean. Each provision is scored by its best text, whatever its language (the query's language
only chooses between equally good texts of one provision, never lowers another provision); then come
the neighbours of the best hits in the citation graph (``through`` the hit).
"""
from __future__ import annotations

import heapq
import re

from laws import citations
from laws import keys as K

from . import keys as KEYS
from .errors import NoMatch, OnlyStopWords
from .index import FIELD_WEIGHT, FIELDS
from .query import analyse
from .text import SIT_PREFIX

COVER_FLOOR = 0.3      # score = BM25F * (COVER_FLOOR + (1 - COVER_FLOOR) * share of the query's words held)
PROXIMITY = 0.5        # bonus per pair of query words found within PROXIMITY_WINDOW words
PROXIMITY_WINDOW = 3
PROXIMITY_DOCS = 30    # documents (best first) that get the proximity and heading bonuses
HEADING_MATCH = 0.5    # bonus for a heading entirely said by the query, times the query's weight
GRAPH = 0.2            # share of a hit's score passed to its citation neighbours (top GRAPH_FROM hits)
GRAPH_FROM = 5
PARENT = 0.2           # share of the mean of its three best parts added to a provision that matches
HEADING_ONLY = 0.5     # a heading-only provision gives its score to its best part and keeps at most this share of it
_BY_WEIGHT = sorted(FIELDS, key=lambda f: -FIELD_WEIGHT[f])
_SHARES = [(f, FIELD_WEIGHT[f] / FIELD_WEIGHT["heading"]) for f in _BY_WEIGHT]   # a field's proximity bonus
_NONE = float("-inf")   # below any score: a document not yet seen


def score(idx, q) -> tuple[dict, dict]:
    """Scores of the documents and each score's parts by kind (word, cognate, concept).

    BM25F, where each word of the query counts once, through the best of the tokens that stand
    for it (its stem, a near stem, a cognate, a concept it names); times the share of the
    query's words the document holds; plus a bonus for query words found next to each other.
    """
    sums: dict = {}      # doc id -> [its score, the weight of the query's words it holds, its parts by kind]
    mine = f"{q.lang}:" if q.lang else ""
    postings = idx.postings
    for g in q.groups:
        best: dict = {}      # doc id -> the best of this word's tokens in it
        kinds: dict = {}     # doc id -> that token's kind
        get = best.get
        for tok, w in g.tokens.items():
            kind = "concept" if tok[0] in "@~" else "situation" if tok.startswith(SIT_PREFIX) else (
                "word" if not mine or tok.startswith(mine) else "cognate")
            for i, c in postings[tok]:
                s = w * c
                if s > get(i, _NONE):
                    best[i] = s
                    kinds[i] = kind
        gw = g.weight
        held = sums.get
        for i, s in best.items():
            acc = held(i)
            if acc is None:
                sums[i] = [s, gw, {kinds[i]: s}]
            else:
                acc[0] += s
                acc[1] += gw
                p = acc[2]
                kind = kinds[i]
                p[kind] = p.get(kind, 0.0) + s
    parts = {i: acc[2] for i, acc in sums.items()}
    total = sum(g.weight for g in q.groups) or 1.0
    scores = {i: s * (COVER_FLOOR + (1 - COVER_FLOOR) * h / total) for i, (s, h, _) in sums.items()}
    top = sorted(scores, key=scores.__getitem__, reverse=True)[:PROXIMITY_DOCS]
    groups_of = word_groups(q) if q.pairs else None
    for i in top:
        bonus = _proximity(_positions(idx, i), q, groups_of) if q.pairs else 0.0
        bonus += _heading_match(idx.docs[i], q, total)
        if bonus:
            scores[i] += bonus
            parts[i]["word"] = parts[i].get("word", 0.0) + bonus
    return scores, parts


def _heading_match(d, q, total: float) -> float:
    """A bonus for a heading that the query says entirely (every content word of the heading is
    matched, by its own word or by a concept) when it says most of the query (four words in
    five): the law headed «Declaración insuficiente» for «voz insuficiente»."""
    toks = d.toks["heading"]
    if not toks:
        return 0.0
    spans = [(a, b) for c, a, b in d.spans["heading"] if c in q.weights]
    if not all(t in q.weights or any(a <= x and y <= b for a, b in spans) for t, x, y in toks):
        return 0.0
    present = {t for t, _, _ in toks} | {c for c, _, _ in d.spans["heading"]}
    said = [g for g in q.groups if g.tokens and any(t in present for t in g.tokens)]
    if len(said) < 0.8 * sum(1 for g in q.groups if g.tokens):
        return 0.0
    return HEADING_MATCH * sum(g.weight for g in said)


def _positions(idx, i: int) -> dict:
    """Where each token stands in each field of document ``i``: ``{field: {token: [places]}}`` (remembered)."""
    memo = idx.derived.setdefault("positions", {})
    out = memo.get(i)
    if out is None:
        out = {}
        for f, toks in idx.docs[i].toks.items():
            where: dict = {}
            for n, (t, _, _) in enumerate(toks):
                where.setdefault(t, []).append(n)
            out[f] = where
        memo[i] = out
    return out


def _proximity(pos: dict, q, groups_of: dict | None = None) -> float:
    """A bonus for each pair of neighbouring query words found close together in a field (``pos``:
    the document's :func:`_positions`; ``groups_of``: :func:`word_groups` of the query)."""
    if groups_of is None:
        groups_of = word_groups(q)
    places: list = []      # per field holding two query words, weightiest first: (its share, group -> places)
    for f, share in _SHARES:
        where = pos[f]
        common = where.keys() & groups_of.keys()
        if not common:
            continue
        by_group: dict = {}
        for t in common:
            for g in groups_of[t]:
                by_group.setdefault(g, []).extend(where[t])
        if len(by_group) > 1:
            places.append((share, by_group))
    bonus = 0.0
    if not places:
        return bonus
    groups = q.groups
    for a, b in q.pairs:
        for share, by_group in places:   # the weightiest field holding the pair close gives its bonus
            pa = by_group.get(a)
            if pa is None:
                continue
            pb = by_group.get(b)
            if pb is not None and any(abs(x - y) <= PROXIMITY_WINDOW for x in pa for y in pb):
                bonus += share * PROXIMITY * min(groups[a].weight, groups[b].weight)
                break
    return bonus


def word_groups(q) -> dict:
    """Each token of the query a text may hold (not a concept, a notion or a situation's word) -> the
    groups (query words) it stands for."""
    out: dict = {}
    for n, g in enumerate(q.groups):
        for t in g.tokens:
            if t[0] not in "@~" and not t.startswith(SIT_PREFIX):
                out.setdefault(t, []).append(n)
    return out


def first_stage(idx, query: str, lang: str | None):
    """The candidates of a (non-key) query, best first: ``(query read, [(EDITION:KEY, (score, doc id))],
    score parts by doc id, doc id -> "citation", EDITION:KEY -> the hit it was reached through)``."""
    q = analyse(idx, query, lang)
    if q.content == 0:
        raise OnlyStopWords(query=short(query))
    if q.known == 0:
        raise NoMatch(query=short(query))
    scores, parts = score(idx, q)

    # citations written inside the query ("ver artículo 16D ...", "16B1")
    cited = cited_in(query, lang)
    top = max(scores.values(), default=1.0)
    via: dict = {}
    for k in cited:
        for qk in KEYS.qualify(idx, k, lang):
            for lg, i in idx.by_key.get(qk, {}).items():
                scores[i] = scores.get(i, 0.0) + top
                via[i] = "citation"
    if not scores:
        raise NoMatch(query=short(query))

    # per provision key: its best language (the query's when equally good); the query's language never
    # lowers a provision another language's text holds
    best: dict = {}
    meta, held = idx.meta, best.get
    for i, s in scores.items():
        qk, dl = meta[i]
        b = held(qk)
        if b is None or s > b[0] or (s == b[0] and dl == lang):
            best[qk] = (s, i)
    # the provisions above each one that matches (and, of those only a heading, which of their parts match)
    below: dict = {}
    parts_of: dict = {}
    ho, ancestors = idx.heading_only, idx.ancestors
    for k, (s, i) in best.items():
        for a in ancestors.get(k, ()):
            if a in best:
                below.setdefault(a, []).append(s)
                if a in ho:
                    parts_of.setdefault(a, []).append(k)
    # a provision whose parts match too is the law that governs the case
    if PARENT:
        for a, ss in below.items():
            if len(ss) >= 2:
                top3 = sorted(ss, reverse=True)[:3]
                s, i = best[a]
                best[a] = (s + PARENT * sum(top3) / 3, i)
    # a provision that is only a heading (no text of its own in any language) never takes a
    # place above its parts: its best part that matches stands for it, with its score
    _fold_heading_only(idx, best, parts_of)
    # the citation graph: neighbours of the best hits
    ranked = heapq.nlargest(GRAPH_FROM, best.items(), key=lambda kv: kv[1][0])
    through: dict = {}
    for k, (s, i) in ranked:
        for n in idx.neighbours.get(k, ()):
            g = GRAPH * s
            if n not in best or best[n][0] < g:
                langs = idx.by_key.get(n, {})
                j = langs.get(lang) if lang in langs else next(iter(langs.values()), None)
                if j is None:
                    continue
                best[n] = (g, j)
                through[n] = k
    ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], idx.meta[kv[1][1]][1] != lang))
    return q, ranked, parts, via, through


def _fold_heading_only(idx, best: dict, below: dict | None = None) -> None:
    """In ``best`` ("EDITION:KEY" -> (score, doc id)), let the best matching part of each
    heading-only provision (``idx.heading_only``) stand first for it: the part takes the heading's
    score when that is higher, and the heading keeps at most ``HEADING_ONLY`` of the better of the
    two, so that it follows its part and does not push the other candidates out of the first places.
    ``below``: each heading-only provision of ``best`` -> its parts in ``best`` (found here if not given)."""
    ho = idx.heading_only
    if below is None:
        below = {}
        for k in best:
            for a in idx.ancestors.get(k, ()):
                if a in ho and a in best:
                    below.setdefault(a, []).append(k)
    # deepest first, so that a chain of headings hands its score down to the text
    for a in sorted(below, key=lambda x: -len(idx.ancestors.get(x, ()))):
        if a not in best:
            continue
        kids = [k for k in below[a] if k in best and k not in ho]
        if not kids:
            continue
        s, i = best[a]
        c = max(kids, key=lambda k: best[k][0])
        top = max(s, best[c][0])
        best[c] = (top, best[c][1])
        best[a] = (min(s, top * HEADING_ONLY), i)


def short(query: str, n: int = 60) -> str:
    """A query as an error message quotes it: its first ``n`` characters."""
    return query if len(query) <= n else query[:n].rstrip() + "…"


def cited_in(query: str, lang: str | None) -> list[str]:
    """The provision keys written inside a query («voz insuficiente, ver artículo 27C»)."""
    out = []
    for c in citations.find(query, lang or "en"):
        out += [str(k) for k in c.keys]
    for m in re.finditer(r"(?<![\w(])(\d{1,2}[A-H](?:\d{1,2}(?:\([a-z]\)|[a-z])?)?)(?![\w(])", query):
        try:
            out.append(str(K.parse_key(m[1])))
        except K.KeyError_:
            pass
    return list(dict.fromkeys(out))
