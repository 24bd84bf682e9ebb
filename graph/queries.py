"""Questions asked of the citation graph: pure functions of a graph built by :func:`graph.build.build`.

Every function takes the graph first and node names in edition-qualified canonical form
(``"2007:27B1a"``, see :mod:`graph.build`); lists of nodes come back by edition, then in the order
of the Laws. Citations never cross editions: every query that follows ``cites`` or ``part_of``
edges stays in the edition it starts in; :func:`correspondences` is the one bridge.

Definitions used here:

*cites / cited by*
    A ``cites`` edge ``u -> v``: the own text or a note of ``u`` (in some language) cites ``v``.
    A provision's children are not part of its own text: Law 27 cites nothing, 27B1(a) cites 27D.
*through children*
    :func:`cited_by` with ``through_children=True`` also counts the citations of every
    provision whose key lies under the given one (by the structure of keys, so that a citation
    of the absent 12B1 counts for Law 12 although 12B is in no text). This is the definition of
    :meth:`laws.corpus.Corpus.cited_by`, which the graph agrees with.
*orphan*
    A present provision with text of its own (in some language) that no citation edge touches:
    it cites nothing and nothing cites it. Pure containers (no own text, like 27B1) are never
    orphans. With ``through_children=True`` the whole subtree must be untouched.
"""
from __future__ import annotations

from collections import deque

import networkx as nx

from .build import CITES, CORRESPONDS, PART_OF, sort_nodes

__all__ = [
    "cites", "cited_by", "descendants", "neighbourhood", "citation_path", "most_cited",
    "cites_absent", "absent", "orphans", "correspondences", "CONTAINMENT_UP", "CONTAINMENT_DOWN",
]

CONTAINMENT_UP = "part_of"    # a step from a provision to the provision it is part of
CONTAINMENT_DOWN = "has_part"  # a step from a provision to one of its parts


def _check(G, n) -> None:
    if n not in G:
        raise nx.NodeNotFound(f"provision {n!r} is not in the graph")


def _is_under(key, ancestor) -> bool:
    p = key.parent
    while p is not None:
        if p == ancestor:
            return True
        p = p.parent
    return False


def cites(G, n, *, lang=None):
    """The provisions that ``n`` cites.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A citation graph.
    n : str
        A node (canonical key).
    lang : str, optional
        Only citations that occur in the text of this language.

    Returns
    -------
    list of str

    Raises
    ------
    networkx.NodeNotFound
        If ``n`` is not in ``G``.

    Examples
    --------
    >>> from graph.build import build
    >>> G = build()
    >>> cites(G, "2007:27B1a")
    ['2007:16D', '2007:27D']
    >>> cites(G, "2007:17E2", lang="it")
    ['2007:16D']

    See also
    --------
    cited_by
    """
    _check(G, n)
    out = [v for _, v, k, d in G.out_edges(n, keys=True, data=True)
           if k == CITES and (lang is None or lang in d["langs"])]
    return sort_nodes(G, set(out))


def cited_by(G, n, *, lang=None, through_children=False):
    """The provisions that cite ``n`` (its backlinks).

    Parameters
    ----------
    G : networkx.MultiDiGraph
    n : str
    lang : str, optional
        Only citations that occur in the text of this language.
    through_children : bool, default False
        Also the provisions citing any provision whose key lies under ``n``.

    Returns
    -------
    list of str

    Examples
    --------
    >>> from graph.build import build
    >>> G = build()
    >>> cited_by(G, "2007:27D")
    ['2007:27B1a', '2007:27B1b']
    >>> "2017:16B3" in cited_by(G, "2017:12", through_children=True)
    True
    >>> cited_by(G, "2017:12")
    []

    See also
    --------
    cites, laws.corpus.Corpus.cited_by
    """
    _check(G, n)
    targets = [n]
    if through_children:
        key, ed = G.nodes[n]["key"], G.nodes[n]["laws_edition"]
        targets += [m for m, a in G.nodes(data=True) if a["laws_edition"] == ed and _is_under(a["key"], key)]
    out = set()
    for t in targets:
        for u, _, k, d in G.in_edges(t, keys=True, data=True):
            if k == CITES and (lang is None or lang in d["langs"]):
                out.add(u)
    return sort_nodes(G, out)


def descendants(G, n):
    """The provisions contained in ``n``, at any depth (following ``part_of`` edges).

    >>> from graph.build import build
    >>> descendants(build(), "2007:27B1")
    ['2007:27B1a', '2007:27B1b']
    """
    _check(G, n)
    seen, todo = set(), [n]
    while todo:
        m = todo.pop()
        for u, _, k in G.in_edges(m, keys=True):
            if k == PART_OF and u not in seen:
                seen.add(u)
                todo.append(u)
    return sort_nodes(G, seen)


def neighbourhood(G, n, depth=1, *, containment=False):
    """The provisions within ``depth`` citation steps of ``n``, either way, as a subgraph.

    A step follows a ``cites`` edge forwards (what ``n`` cites) or backwards (what cites
    ``n``); with ``containment=True`` it may also go to the parent or a child. The subgraph
    holds every edge of ``G`` between the nodes reached, of both kinds.

    Parameters
    ----------
    G : networkx.MultiDiGraph
    n : str
    depth : int, default 1
        How many steps; 0 gives ``n`` alone.
    containment : bool, default False

    Returns
    -------
    networkx.MultiDiGraph
        A subgraph view of ``G``; node attribute ``distance`` is not set on ``G``: use
        :func:`distances` for the number of steps.

    Examples
    --------
    >>> from graph.build import build
    >>> G = build()
    >>> sorted(neighbourhood(G, "2007:27D"))
    ['2007:12B1', '2007:27B1', '2007:27B1a', '2007:27B1b', '2007:27D']
    >>> "2007:16D" in neighbourhood(G, "2007:27D"), "2007:16D" in neighbourhood(G, "2007:27D", depth=2)
    (False, True)
    """
    return G.subgraph(distances(G, n, depth, containment=containment))


def distances(G, n, depth=1, *, containment=False):
    """``{node: steps}`` for the nodes of :func:`neighbourhood`.

    >>> from graph.build import build
    >>> distances(build(), "2007:27D")["2007:27B1a"]
    1
    """
    _check(G, n)
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    kinds = {CITES, PART_OF} if containment else {CITES}
    dist = {n: 0}
    todo = deque([n])
    while todo:
        m = todo.popleft()
        if dist[m] >= depth:
            continue
        nbrs = [v for _, v, k in G.out_edges(m, keys=True) if k in kinds]
        nbrs += [u for u, _, k in G.in_edges(m, keys=True) if k in kinds]
        for x in nbrs:
            if x not in dist:
                dist[x] = dist[m] + 1
                todo.append(x)
    return dist


def _step_graph(G, containment: bool) -> nx.DiGraph:
    H = nx.DiGraph()
    H.add_nodes_from(G)
    for u, v, k in G.edges(keys=True):
        if k == CITES:
            H.add_edge(u, v, kind=CITES)
        elif k == PART_OF and containment:
            if not H.has_edge(u, v):
                H.add_edge(u, v, kind=CONTAINMENT_UP)
            if not H.has_edge(v, u):
                H.add_edge(v, u, kind=CONTAINMENT_DOWN)
    return H


def citation_path(G, source, target, *, containment="auto"):
    """The shortest chain of steps from ``source`` to ``target``.

    A step follows a citation (``source`` cites the next provision). With
    ``containment=True`` a step may also go from a provision to the one it is part of
    (``"part_of"``) or to one of its parts (``"has_part"``); with ``"auto"`` (the default)
    containment is used only when citations alone do not lead there. Among chains of equal
    length, one with fewer containment steps is not preferred: every step counts one.

    Parameters
    ----------
    G : networkx.MultiDiGraph
    source, target : str
    containment : bool or "auto", default "auto"

    Returns
    -------
    list of (str, str, str)
        The steps ``(from, to, kind)``, kind ``"cites"``, ``"part_of"`` or ``"has_part"``;
        empty when ``source == target``.

    Raises
    ------
    networkx.NetworkXNoPath
        If no chain leads from ``source`` to ``target``.
    networkx.NodeNotFound
        If either is not in ``G``.

    Examples
    --------
    >>> from graph.build import build
    >>> G = build()
    >>> citation_path(G, "2007:27B1a", "2007:16D")
    [('2007:27B1a', '2007:16D', 'cites')]
    >>> [k for *_, k in citation_path(G, "2007:31", "2007:31A1")]
    ['has_part', 'has_part']
    >>> citation_path(G, "2007:31", "2007:31A1", containment=False)
    Traceback (most recent call last):
    ...
    networkx.exception.NetworkXNoPath: no chain of citations from '2007:31' to '2007:31A1'
    """
    _check(G, source)
    _check(G, target)
    if containment not in (True, False, "auto"):
        raise ValueError(f"containment must be True, False or 'auto', not {containment!r}")
    tries = [False, True] if containment == "auto" else [bool(containment)]
    for use in tries:
        H = _step_graph(G, use)
        try:
            nodes = nx.shortest_path(H, source, target)
        except nx.NetworkXNoPath:
            continue
        return [(a, b, H.edges[a, b]["kind"]) for a, b in zip(nodes, nodes[1:])]
    raise nx.NetworkXNoPath(f"no chain of citations from {source!r} to {target!r}")


def most_cited(G, n=10, *, lang=None, present_only=False):
    """The provisions cited by the most other provisions.

    The count of a provision is the number of distinct provisions citing it (in ``lang``
    if given); ties are listed in the order of the Laws.

    Parameters
    ----------
    G : networkx.MultiDiGraph
    n : int or None, default 10
        How many; ``None`` for all that are cited at least once.
    lang : str, optional
    present_only : bool, default False
        Leave out cited provisions that are absent from the corpus.

    Returns
    -------
    list of (str, int)

    Examples
    --------
    >>> from graph.build import build
    >>> [key for key, count in most_cited(build(), 2)]
    ['2007:23', '2007:26']
    """
    from laws.keys import sort_key

    counts = {}
    for u, v, k, d in G.edges(keys=True, data=True):
        if k == CITES and (lang is None or lang in d["langs"]):
            if present_only and not G.nodes[v]["present"]:
                continue
            counts.setdefault(v, set()).add(u)
    ranked = sorted(counts, key=lambda v: (-len(counts[v]), G.nodes[v]["laws_edition"], sort_key(G.nodes[v]["key"])))
    if n is not None:
        ranked = ranked[:n]
    return [(v, len(counts[v])) for v in ranked]


def absent(G):
    """The provisions cited somewhere but held by no text of the corpus.

    >>> from graph.build import build
    >>> absent(build())[:3]
    ['2007:12B1', '2007:12C1', '2007:16']
    """
    return sort_nodes(G, [m for m, p in G.nodes(data="present") if not p])


def cites_absent(G):
    """``{citing provision: [absent provisions it cites]}``.

    >>> from graph.build import build
    >>> cites_absent(build())["2007:17D4"]
    ['2007:90']
    """
    out = {}
    for u, v, k in G.edges(keys=True):
        if k == CITES and not G.nodes[v]["present"]:
            out.setdefault(u, []).append(v)
    return {u: sort_nodes(G, out[u]) for u in sort_nodes(G, out)}


def _has_own_text(attrs) -> bool:
    return any(t["text"] or t["notes"] for t in attrs["texts"].values())


def orphans(G, *, through_children=False):
    """Present provisions that neither cite nor are cited.

    Parameters
    ----------
    G : networkx.MultiDiGraph
    through_children : bool, default False
        Require the whole subtree (the provision and everything under it) to be untouched by
        citations; then a law whose parts are cited is not an orphan.

    Returns
    -------
    list of str
        Present provisions with own text (or notes) in at least one language such that no
        ``cites`` edge starts or ends at them (or, with ``through_children``, at any of
        their descendants).

    Examples
    --------
    >>> from graph.build import build
    >>> G = build()
    >>> "2007:18A" in orphans(G), "2007:27B1a" in orphans(G), "2007:27B1" in orphans(G)
    (True, False, False)
    """
    touched = set()
    for u, v, k in G.edges(keys=True):
        if k == CITES:
            touched.update((u, v))
    out = []
    for m, attrs in G.nodes(data=True):
        if not attrs["present"] or not _has_own_text(attrs):
            continue
        group = [m] + (descendants(G, m) if through_children else [])
        if not any(x in touched for x in group):
            out.append(m)
    return sort_nodes(G, out)


def correspondences(G, n):
    """The provisions of the other edition that ``n`` corresponds to (``corresponds`` edges,
    either way), as ``(node, status)`` pairs; only those that are nodes of ``G``.

    >>> from graph.build import build
    >>> correspondences(build(), "2007:16D")
    [('2017:16C', 'renumbered')]
    >>> correspondences(build(), "2017:40B3")
    [('2007:40B4', 'renumbered')]
    """
    _check(G, n)
    out = [(v, d["status"]) for _, v, k, d in G.out_edges(n, keys=True, data=True) if k == CORRESPONDS]
    out += [(u, d["status"]) for u, _, k, d in G.in_edges(n, keys=True, data=True) if k == CORRESPONDS]
    order = {m: i for i, m in enumerate(sort_nodes(G, {m for m, _ in out}))}
    return sorted(set(out), key=lambda x: (order[x[0]], x[1]))
