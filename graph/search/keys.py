"""A query that is a provision key (``27B1(a)``, ``artikel 75C``, ``2007:16D``), read per edition.

The provision where an edition's texts hold it, in every language (the query's first), then what it
cites and what cites it (same edition: a citation resolves in the edition of the text it stands in);
for an edition whose texts only cite it, the provision of the other edition it corresponds to (from
the correspondence table of :mod:`laws.editions`, ``via == "correspondence"``, with the table's
``status``) and the provisions citing it.
"""
from __future__ import annotations

import re

from laws import corpus as _corpus
from laws import keys as K

from .errors import AbsentInEdition, AbsentKey
from .results import plain_hit

CITATION_SCORE = 100.0
GRAPH = 0.2            # share of the key's score given to its neighbours


def key_of_query(query: str):
    """The provision key a query consists of, if it is one (``27b1a``, ``artikel 75C``)."""
    q = query.strip()
    if not re.search(r"\d", q) or len(q) > 40 or re.fullmatch(r"\d{3,}", q):
        return None
    try:
        return K.parse_key(q)
    except K.KeyError_:
        return None


def bare(qkey: str | None) -> str | None:
    return qkey.split(":", 1)[1] if qkey else None


def _edition_order(idx, lang: str | None) -> list[str]:
    """The editions in the order a bare key is read: the query language's text's edition first,
    then those of the texts, then the others."""
    eds = idx.lang_editions
    order = [eds[lang]] if lang in eds else []
    order += list(eds.values())
    order += idx.editions
    return list(dict.fromkeys(order))


def qualify(idx, key: str, lang: str | None) -> list[str]:
    """The provisions a bare key written in a query names: in the edition of the query
    language's text when that text's edition holds it, else in every edition holding it."""
    eds = idx.lang_editions
    if lang in eds and f"{eds[lang]}:{key}" in idx.by_key:
        return [f"{eds[lang]}:{key}"]
    return [f"{e}:{key}" for e in idx.editions if f"{e}:{key}" in idx.by_key]


def _edition_info(idx, edition: str, key: str) -> dict:
    """What ``edition`` has of ``key``: the languages holding it, the provisions of that edition
    citing it, and its correspondences in the neighbouring editions (laws.editions' tables, read with the
    index: ``idx.corresponds``)."""
    qk = f"{edition}:{key}"
    return {"laws_edition": edition, "key": key, "present": [lg for lg in idx.lang_editions if lg in idx.held.get(qk, ())],
            "cited_by": [bare(x) for x in idx.cited_absent.get(qk, [])],
            "corresponds": [{"key": ck, "laws_edition": ced, "status": status, "verified": verified,
                             "present": idx.doc_langs(f"{ced}:{ck}") if ck else []}
                            for ck, ced, status, verified in idx.corresponds.get(qk, ())]}


def citation_hits(idx, key, lang: str | None, limit: int, edition: str | None = None):
    """The provision a key names, per edition: in every language of the edition (the query's
    first), then its neighbours (same edition); for an edition whose texts only cite it, the
    provisions of the other edition it corresponds to (``via == "correspondence"``, with the
    table's status) and the provisions citing it. Returns ``(hits, editions)``, ``editions``
    telling for each edition what it has of the key; None when the key is nowhere (a bare law
    number is then searched as text). Raises :class:`AbsentKey` for a key nothing holds or
    cites, :class:`AbsentInEdition` for one the edition asked has not."""
    k = str(key)
    info = {e: _edition_info(idx, e, k) for e in idx.editions}
    known = [e for e in idx.editions if info[e]["present"] or info[e]["cited_by"]]
    if not known:
        if isinstance(key, K.LawKey) and not key.sec and not key.sub and edition is None:
            return None  # a bare number: maybe a level or a count, search it as text
        raise AbsentKey(key=key.display, near=", ".join(x.display for x in _corpus.load().nearest(k)) or "-")
    order = [edition] if edition else sorted((e for e in _edition_order(idx, lang) if e in known),
                                             key=lambda e: not info[e]["present"])
    hits: list = []
    neighbours: list = []
    for ed in order:
        qk, inf = f"{ed}:{k}", info[ed]
        if inf["present"]:
            # a provision without words of its own (a list's head) is shown by its parts
            shown = [qk] if qk in idx.by_key else [c for c, up in idx.ancestors.items()
                                                    if up and up[0] == qk and c in idx.by_key]
            for sq in shown:
                langs = idx.doc_langs(sq)
                for lg in ([lang] if lang in langs else []) + [lg for lg in langs if lg != lang]:
                    hits.append(plain_hit(idx, idx.docs[idx.by_key[sq][lg]], CITATION_SCORE, "citation"))
            neighbours += [(n, qk) for n in idx.neighbours.get(qk, [])]
            continue
        # absent from this edition: its correspondences (labelled), then who cites it
        for c in inf["corresponds"]:
            cq = f"{c['laws_edition']}:{c['key']}"
            if c["key"] and cq in idx.by_key and (edition or not any(info[e]["present"] for e in order)):
                langs = idx.by_key[cq]
                i = langs.get(lang) if lang in langs else next(iter(langs.values()))
                hits.append(plain_hit(idx, idx.docs[i], CITATION_SCORE * 0.5, "correspondence",
                                       through=k, status=c["status"]))
        neighbours += [(n, qk) for n in idx.cited_absent.get(qk, [])]
    if edition and not info[edition]["present"] and not info[edition]["cited_by"]:
        other = [e for e in idx.editions if e != edition and info[e]["present"]]
        raise AbsentInEdition(key=key.display, edition=edition,
                              other=", ".join(f"{e}:{k} ({', '.join(info[e]['present'])})" for e in other) or "-",
                              statuses=[(f"{c['laws_edition']}:{c['key']}", c["status"])
                                        for c in info[edition]["corresponds"] if c["key"]])
    seen = {h.qualified for h in hits}
    for n, via_k in neighbours:
        langs = idx.by_key.get(n, {})
        if not langs or n in seen:
            continue
        seen.add(n)
        i = langs.get(lang) if lang in langs else next(iter(langs.values()))
        hits.append(plain_hit(idx, idx.docs[i], CITATION_SCORE * GRAPH, "graph", through=bare(via_k)))
    return hits[:limit], info
