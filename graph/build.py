"""The citation graph of the corpus, built in one pass.

The graph is a :class:`networkx.MultiDiGraph` whose nodes are provisions identified by (edition
of the Laws, key), written ``"2007:27B1a"``, ``"2017:16C"``, ``"2007:AEB-AL.A.8"`` (see
:mod:`laws.editions`): ``2007:16D`` and ``2017:16D`` are two different provisions. Edges come in
three kinds, told apart by the edge *key* (and repeated in the ``kind`` attribute), so that a
provision may both contain and cite another without the two edges overwriting each other:

``part_of``
    ``u -> v`` when ``u`` is a child of ``v`` in some publication (``2007:27B1a -> 2007:27B1``).
    Attribute ``langs``: the languages whose text encodes that containment.
``cites``
    ``u -> v`` when the own text or a note of ``u`` cites ``v`` in at least one language; ``v`` is
    in the edition of the citing text, so a ``cites`` edge never crosses editions. One edge per
    (citing node, cited node) pair, aggregated over languages. Attributes: ``langs`` (the
    languages in which the citation occurs), ``words`` (``{lang: [the words of the reference, in
    order of appearance]}``), ``where`` (``{lang: ["text"|"note"]}``) and ``occurrences`` (one
    mapping per citation found: ``lang``, ``words``, ``where``, ``relative``).
``corresponds``
    ``u -> v`` from a 2007 provision to a 2017 provision, one per row of the correspondence table
    (``laws/data/editions/2007-2017.yaml``) whose two keys are both nodes. Attributes: ``status``
    (same, reworded, renumbered, changed), ``verified``, ``source``, ``note``. The only edges
    between editions.

So the number of ``cites`` edges equals the number of distinct (citing, cited) pairs obtained
by reading the ``cites`` list of every provision of every language, each qualified by the edition
of its text (:func:`citation_pairs`), with the languages merged.

Node attributes: ``key`` (the :class:`laws.keys.LawKey` or :class:`laws.keys.RegKey`),
``laws_edition``, ``qualified`` (the node id), ``display``, ``eid``, ``iri`` (with the edition:
``.../law/2007/16/D``), ``present`` (False for a provision that is cited but that no text of its
edition holds, e.g. 2007 Law 90 or 2007 16D), ``langs`` and ``texts``
(``{lang: {heading, text, notes, authority, edition, laws_edition, source_title}}``).

An absent provision gets a ``part_of`` edge to its parent when the parent is itself a node
(``2017:12C2 -> 2017:12C``); containment of present provisions is the corpus's own.

>>> G = build()
>>> G.nodes["2007:27B1a"]["display"], G.nodes["2007:27B1a"]["present"], G.nodes["2007:90"]["present"]
('27B1(a)', True, False)
>>> G.has_edge("2007:27B1a", "2007:27D", key="cites"), G.has_edge("2007:27B1a", "2007:27B1", key="part_of")
(True, True)
>>> G.edges["2007:17E2", "2007:16D", "cites"]["langs"]
['es', 'it']
>>> G.nodes["2007:16D"]["present"], G.edges["2007:16D", "2017:16C", "corresponds"]["status"]
(False, 'renumbered')
"""
from __future__ import annotations

import networkx as nx

from laws import corpus as _corpus
from laws import editions as E
from laws import keys as K

CITES = "cites"
PART_OF = "part_of"
CORRESPONDS = "corresponds"
KINDS = (CITES, PART_OF, CORRESPONDS)


def node_id(key, edition: str) -> str:
    """The node of a key in an edition: its edition-qualified canonical form.

    >>> from laws.keys import parse_key
    >>> node_id(parse_key("Artículo 27B1(a)"), "2007")
    '2007:27B1a'
    """
    return E.qualified(edition, key)


def iri(key, edition: str) -> str:
    """The IRI of a provision of an edition: ``https://w3id.org/bridge-rulebook/law/2007/16/D``
    (regulations, which belong to one publication, keep theirs).

    >>> from laws.keys import parse_key
    >>> iri(parse_key("16D"), "2007")
    'https://w3id.org/bridge-rulebook/law/2007/16/D'
    """
    if isinstance(key, K.LawKey):
        return key.iri.replace(K.BASE_IRI + "law/", f"{K.BASE_IRI}law/{edition}/", 1)
    return key.iri


def split_node(n: str) -> tuple:
    """``(edition, key)`` of a node id.

    >>> split_node("2017:16C")
    ('2017', LawKey(law=16, sec='C', sub=0, item='', rom=''))
    """
    ed, k = E.split_qualified(n)
    return ed, K.from_canonical(k)


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
        Nodes keyed by edition-qualified key (``2007:27B1a``), ``part_of``, ``cites`` and
        ``corresponds`` edges (edge keys).
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
        {"lang": p.lang, "authority": p.authority, "edition": p.edition, "laws_edition": p.laws_edition,
         "source_title": p.source_title}
        for p in c.publications()]
    G.graph["langs"] = list(_corpus.LANGS)
    G.graph["editions"] = c.editions()

    for ed, key in c.qualified_keys():
        texts = {}
        for lang in c.langs_of(key, ed):
            p = c.get(key, lang, ed)
            texts[lang] = {
                "heading": p.heading, "text": p.own_text, "notes": [n.text for n in p.notes],
                "authority": p.pub.authority, "edition": p.pub.edition, "laws_edition": ed,
                "source_title": p.pub.source_title,
            }
        G.add_node(node_id(key, ed), **_node_attrs(key, ed, True, texts))

    for p in c.provisions():
        ed = p.laws_edition
        u = node_id(p.key, ed)
        for child in p.children:
            v = node_id(child, ed)
            if G.has_edge(v, u, key=PART_OF):
                langs = G.edges[v, u, PART_OF]["langs"]
                G.edges[v, u, PART_OF]["langs"] = _order(langs + [p.lang])
            else:
                G.add_edge(v, u, key=PART_OF, kind=PART_OF, langs=[p.lang])
        for cit in p.citations:
            for k in cit.keys:
                v = node_id(k, ed)  # a citation resolves in the edition of the text it stands in
                if v not in G:
                    G.add_node(v, **_node_attrs(k, ed, False, {}))
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
            if parent is not None and node_id(parent, attrs["laws_edition"]) in G:
                G.add_edge(n, node_id(parent, attrs["laws_edition"]), key=PART_OF, kind=PART_OF, langs=[])
    add_correspondences(G)
    return G


def add_correspondences(G: nx.MultiDiGraph, table=None) -> None:
    """Add a ``corresponds`` edge older -> newer for each row of each table (consecutive editions)
    whose two keys are nodes."""
    for t in ([table] if table is not None else E.tables().values()):
        for r in t.rows:
            if r.older is None or r.newer is None:
                continue
            u, v = E.qualified(t.older, r.older), E.qualified(t.newer, r.newer)
            if u in G and v in G:
                G.add_edge(u, v, key=CORRESPONDS, kind=CORRESPONDS, status=r.status, verified=r.verified,
                           source=list(r.source), note=r.note, langs=[])


def _node_attrs(key, edition: str, present: bool, texts: dict) -> dict:
    return {
        "key": key, "laws_edition": edition, "qualified": node_id(key, edition), "display": key.display,
        "eid": key.eid, "iri": iri(key, edition), "present": present, "langs": list(texts), "texts": texts,
        # the same provision in every edition (laws.editions.lineage); regulations have no edition's lineage
        "lineage": E.lineage(edition, key) if isinstance(key, K.LawKey) else None,
    }


def citation_pairs(corpus: _corpus.Corpus | None = None) -> set[tuple[str, str]]:
    """The (citing, cited) node pairs read off the corpus, languages merged, both qualified by the
    edition of the citing text.

    This is the reference the graph is tested against: it reads the ``cites`` list that
    :meth:`laws.corpus.Provision.to_dict` gives for each provision of each language.

    >>> ("2007:27B1a", "2007:27D") in citation_pairs()
    True
    """
    c = corpus if corpus is not None else _corpus.load()
    return {(f"{d['laws_edition']}:{d['key']}", f"{d['laws_edition']}:{k}")
            for p in c.provisions() for d in [p.to_dict()] for k in d["cites"]}


def kind_edges(G: nx.MultiDiGraph, kind: str):
    """The ``(u, v, data)`` edges of one kind (``"cites"``, ``"part_of"`` or ``"corresponds"``).

    >>> G = build()
    >>> all(d["kind"] == "part_of" for _, _, d in kind_edges(G, "part_of"))
    True
    """
    if kind not in KINDS:
        raise ValueError(f"unknown edge kind {kind!r} (expected one of {KINDS})")
    return [(u, v, d) for u, v, k, d in G.edges(keys=True, data=True) if k == kind]


def sort_nodes(G: nx.MultiDiGraph, nodes) -> list[str]:
    """Nodes by edition, then in the order of the Laws (17 < 17A < 17A1 < ... < 90 < AEB-AL...).

    >>> sort_nodes(build(), ["2017:16C", "2007:27D", "2007:27", "2007:18A"])
    ['2007:18A', '2007:27', '2007:27D', '2017:16C']
    """
    return sorted(nodes, key=lambda n: (G.nodes[n]["laws_edition"], K.sort_key(G.nodes[n]["key"])))
