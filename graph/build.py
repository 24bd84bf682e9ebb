"""The citation graph of the corpus, built in one pass.

The graph is a :class:`networkx.MultiDiGraph` whose nodes are provision keys in canonical
form (``"27B1a"``, ``"AEB-AL.A.8"``) and whose edges come in two kinds, told apart by the
edge *key* (and repeated in the ``kind`` attribute), so that a provision may both contain and
cite another without the two edges overwriting each other:

``part_of``
    ``u -> v`` when ``u`` is a child of ``v`` in some publication (``27B1a -> 27B1``).
    Attribute ``langs``: the languages whose text encodes that containment.
``cites``
    ``u -> v`` when the own text or a note of ``u`` cites ``v`` in at least one language.
    One edge per (citing key, cited key) pair, aggregated over languages. Attributes:
    ``langs`` (the languages in which the citation occurs), ``words`` (``{lang: [the words
    of the reference, in order of appearance]}``), ``where`` (``{lang: ["text"|"note"]}``)
    and ``occurrences`` (one mapping per citation found: ``lang``, ``words``, ``where``,
    ``relative``).

So the number of ``cites`` edges equals the number of distinct (citing key, cited key)
pairs obtained by reading the ``cites`` list of every provision of every language (what
``Provision.to_dict()`` and ``rulebook list --json`` report), with the languages merged.

Node attributes: ``key`` (the :class:`laws.keys.LawKey` or :class:`laws.keys.RegKey`),
``display``, ``eid``, ``iri``, ``present`` (False for a provision that is cited but that no
text of the corpus holds, e.g. Law 90), ``langs`` and ``texts``
(``{lang: {heading, text, notes, authority, edition, source_title}}``).

An absent provision gets a ``part_of`` edge to its parent when the parent is itself a node
(``12C2 -> 12C``); containment of present provisions is the corpus's own.

>>> G = build()
>>> G.nodes["27B1a"]["display"], G.nodes["27B1a"]["present"], G.nodes["90"]["present"]
('27B1(a)', True, False)
>>> G.has_edge("27B1a", "27D", key="cites"), G.has_edge("27B1a", "27B1", key="part_of")
(True, True)
>>> G.edges["17E2", "16D", "cites"]["langs"]
['es', 'it']
"""
from __future__ import annotations

import networkx as nx

from laws import corpus as _corpus
from laws import keys as K

CITES = "cites"
PART_OF = "part_of"
KINDS = (CITES, PART_OF)


def node_id(key) -> str:
    """The node of a key: its canonical form.

    >>> from laws.keys import parse_key
    >>> node_id(parse_key("Artículo 27B1(a)"))
    '27B1a'
    """
    return str(key)


def _order(langs) -> list[str]:
    return [lg for lg in _corpus.LANGS if lg in set(langs)]


def build(corpus: _corpus.Corpus | None = None) -> nx.MultiDiGraph:
    """Build the citation graph of ``corpus`` (default: the whole corpus).

    Parameters
    ----------
    corpus : laws.corpus.Corpus, optional
        The corpus to read; ``laws.corpus.load()`` when omitted.

    Returns
    -------
    networkx.MultiDiGraph
        Nodes keyed by canonical provision key, ``part_of`` and ``cites`` edges (edge keys).
        Graph attributes: ``publications`` (list of ``{lang, authority, edition,
        source_title}``) and ``langs``.

    Examples
    --------
    >>> G = build()
    >>> sum(1 for *_, k in G.edges(keys=True) if k == "cites") == len(citation_pairs())
    True
    """
    c = corpus if corpus is not None else _corpus.load()
    G = nx.MultiDiGraph()
    G.graph["publications"] = [
        {"lang": p.lang, "authority": p.authority, "edition": p.edition, "source_title": p.source_title}
        for p in c.publications()]
    G.graph["langs"] = list(_corpus.LANGS)

    for key in c.keys():
        texts = {}
        for lang in c.langs_of(key):
            p = c.get(key, lang)
            texts[lang] = {
                "heading": p.heading, "text": p.own_text, "notes": [n.text for n in p.notes],
                "authority": p.pub.authority, "edition": p.pub.edition, "source_title": p.pub.source_title,
            }
        G.add_node(node_id(key), **_node_attrs(key, True, texts))

    for p in c.provisions():
        u = node_id(p.key)
        for child in p.children:
            v = node_id(child)
            if G.has_edge(v, u, key=PART_OF):
                langs = G.edges[v, u, PART_OF]["langs"]
                G.edges[v, u, PART_OF]["langs"] = _order(langs + [p.lang])
            else:
                G.add_edge(v, u, key=PART_OF, kind=PART_OF, langs=[p.lang])
        for cit in p.citations:
            for k in cit.keys:
                v = node_id(k)
                if v not in G:
                    G.add_node(v, **_node_attrs(k, False, {}))
                if not G.has_edge(u, v, key=CITES):
                    G.add_edge(u, v, key=CITES, kind=CITES, langs=[], words={}, where={}, occurrences=[])
                e = G.edges[u, v, CITES]
                e["occurrences"].append({"lang": p.lang, "words": cit.words, "where": cit.where,
                                         "relative": cit.relative})
                e["langs"] = _order(e["langs"] + [p.lang])
                words = e["words"].setdefault(p.lang, [])
                if cit.words not in words:
                    words.append(cit.words)
                where = e["where"].setdefault(p.lang, [])
                if cit.where not in where:
                    where.append(cit.where)

    for n, attrs in list(G.nodes(data=True)):
        if not attrs["present"]:
            parent = attrs["key"].parent
            if parent is not None and node_id(parent) in G:
                G.add_edge(n, node_id(parent), key=PART_OF, kind=PART_OF, langs=[])
    return G


def _node_attrs(key, present: bool, texts: dict) -> dict:
    return {
        "key": key, "display": key.display, "eid": key.eid, "iri": key.iri,
        "present": present, "langs": list(texts), "texts": texts,
    }


def citation_pairs(corpus: _corpus.Corpus | None = None) -> set[tuple[str, str]]:
    """The (citing key, cited key) pairs read off the corpus, languages merged.

    This is the reference the graph is tested against: it reads the ``cites`` list that
    :meth:`laws.corpus.Provision.to_dict` gives for each provision of each language.

    >>> ("27B1a", "27D") in citation_pairs()
    True
    """
    c = corpus if corpus is not None else _corpus.load()
    return {(d["key"], k) for p in c.provisions() for d in [p.to_dict()] for k in d["cites"]}


def kind_edges(G: nx.MultiDiGraph, kind: str):
    """The ``(u, v, data)`` edges of one kind (``"cites"`` or ``"part_of"``).

    >>> G = build()
    >>> all(d["kind"] == "part_of" for _, _, d in kind_edges(G, "part_of"))
    True
    """
    if kind not in KINDS:
        raise ValueError(f"unknown edge kind {kind!r} (expected one of {KINDS})")
    return [(u, v, d) for u, v, k, d in G.edges(keys=True, data=True) if k == kind]


def sort_nodes(G: nx.MultiDiGraph, nodes) -> list[str]:
    """Nodes in the order of the Laws (17 < 17A < 17A1 < ... < 90 < AEB-AL...).

    >>> sort_nodes(build(), ["27D", "27", "18A"])
    ['18A', '27', '27D']
    """
    return sorted(nodes, key=lambda n: K.sort_key(G.nodes[n]["key"]))
