"""graph/queries.py: backlinks agree with the corpus, paths are real chains, counts and orphans
follow their definitions."""
import networkx as nx
import pytest

from graph import queries as Q
from graph.build import CITES, PART_OF, build, kind_edges, split_node


@pytest.fixture(scope="module")
def G(corpus):
    return build(corpus)


def _citing_by_scan(corpus, node, lang=None):
    """The provisions whose own text or notes cite ``node`` (``2007:16D``), by reading every
    provision: a text cites a key in its own edition."""
    ed, key = split_node(node)
    return {p.qualified for p in corpus.provisions(lang) for c in p.citations
            if key in c.keys and p.laws_edition == ed}


@pytest.mark.parametrize("key", ["2007:16D", "2007:23", "2007:26", "2007:27D", "2007:12C1", "2017:12C1", "2017:16A",
                                 "2007:90", "2007:AEB-AL.A.8", "2007:19D", "2017:41B", "2007:41C"])
def test_backlinks_of_a_sample_are_the_provisions_whose_text_cites_them(G, corpus, key):
    k = key
    expected = _citing_by_scan(corpus, k)
    assert expected, f"the sample key {key} should be cited somewhere"
    assert set(Q.cited_by(G, key)) == expected
    for lang in ("es", "nl", "it"):
        assert set(Q.cited_by(G, key, lang=lang)) == _citing_by_scan(corpus, k, lang)


def test_backlinks_agree_with_corpus_cited_by_everywhere(G, corpus):
    """The reverse index of `rulebook show` and the graph give the same backlinks, for every
    node, every language, directly and through children."""
    for n, a in G.nodes(data=True):
        key, ed = a["key"], a["laws_edition"]
        for lang in (None, "es", "nl", "it"):
            if lang and corpus.edition_of(lang) != ed:
                assert Q.cited_by(G, n, lang=lang) == []  # a text cites only its own edition
                continue
            for through in (False, True):
                ref = {p.qualified for p, _ in corpus.cited_by(key, lang=lang, through_children=through, edition=ed)}
                assert set(Q.cited_by(G, n, lang=lang, through_children=through)) == ref, (n, lang, through)


def test_cites_and_known_values(G):
    assert Q.cites(G, "2007:27B1a") == ["2007:16D", "2007:27D"]
    assert Q.cites(G, "2007:17D4") == ["2007:17D2", "2007:17D3", "2007:90"]
    assert Q.cites(G, "2007:17E2", lang="it") == ["2007:16D"]
    assert Q.cites(G, "2007:27") == []  # a law's children are not its own text
    assert Q.cited_by(G, "2007:27D") == ["2007:27B1a", "2007:27B1b"]
    assert "2017:16B3" in Q.cited_by(G, "2017:12", through_children=True) and Q.cited_by(G, "2017:12") == []
    with pytest.raises(nx.NodeNotFound):
        Q.cites(G, "2007:99Z")


def test_descendants_follow_containment(G):
    assert Q.descendants(G, "2007:27B") == ["2007:27B1", "2007:27B1a", "2007:27B1b", "2007:27B2", "2007:27B3", "2007:27B4"]
    assert Q.descendants(G, "2007:27B1a") == []


def test_neighbourhood(G):
    assert list(Q.neighbourhood(G, "2007:27D", 0)) == ["2007:27D"]
    one, two = set(Q.neighbourhood(G, "2007:27D", 1)), set(Q.neighbourhood(G, "2007:27D", 2))
    assert one == {"2007:27D", "2007:12B1", "2007:27B1", "2007:27B1a", "2007:27B1b"} and one < two
    d = Q.distances(G, "2007:27D", 2)
    assert all(d[m] <= 2 for m in d) and d["2007:16D"] == 2
    # every node at distance k has a citation edge to a node at distance k-1
    for m, k in d.items():
        if k:
            nbrs = {v for _, v, kk in G.out_edges(m, keys=True) if kk == CITES} | \
                   {u for u, _, kk in G.in_edges(m, keys=True) if kk == CITES}
            assert any(d.get(x) == k - 1 for x in nbrs)
    with_containment = set(Q.neighbourhood(G, "2007:27D", 1, containment=True))
    assert {"2007:27", "2007:27B1"} <= with_containment
    with pytest.raises(ValueError):
        Q.distances(G, "2007:27D", -1)


def test_citation_path_is_a_chain_of_real_steps(G):
    steps = Q.citation_path(G, "2007:27B1a", "2007:12B1")
    assert [s[2] for s in steps] == ["cites", "cites"] and steps[0][0] == "2007:27B1a" and steps[-1][1] == "2007:12B1"
    for u, v, kind in steps:
        assert G.has_edge(u, v, key=CITES)
    assert Q.citation_path(G, "2007:23", "2007:23") == []
    # through containment only when needed
    steps = Q.citation_path(G, "2007:31", "2007:31A1")
    assert [s[2] for s in steps] == ["has_part", "has_part"]
    for u, v, kind in steps:
        assert (kind == "has_part" and G.has_edge(v, u, key=PART_OF)) or (kind == "part_of" and G.has_edge(u, v, key=PART_OF))
    with pytest.raises(nx.NetworkXNoPath):
        Q.citation_path(G, "2007:31", "2007:31A1", containment=False)
    with pytest.raises(nx.NetworkXNoPath):
        Q.citation_path(G, "2007:90", "2007:27")  # an absent provision cites nothing, and has no parent
    with pytest.raises(ValueError):
        Q.citation_path(G, "2007:31", "2007:31A1", containment="sometimes")


def test_citation_path_is_shortest(G):
    H = nx.DiGraph((u, v) for u, v, _ in kind_edges(G, CITES))
    checked = 0
    for a in ["2007:27B1a", "2007:20F4", "2007:17E2", "2007:31A2b", "2017:41A"]:
        for b, length in nx.single_source_shortest_path_length(H, a).items():
            assert len(Q.citation_path(G, a, b, containment=False)) == length
            checked += 1
    assert checked > 10


def test_most_cited(G):
    top = Q.most_cited(G, None)
    assert top == sorted(top, key=lambda x: -x[1]) and top[0][0] == "2007:23"
    for n, count in top:
        assert count == len(Q.cited_by(G, n))
    assert Q.most_cited(G, 3) == top[:3]
    assert all(G.nodes[n]["present"] for n, _ in Q.most_cited(G, None, present_only=True))
    nl = dict(Q.most_cited(G, None, lang="nl"))
    assert nl["2017:12C1"] == len(Q.cited_by(G, "2017:12C1", lang="nl"))


def test_absent_and_cites_absent(G, corpus):
    assert Q.absent(G) == [f"{e}:{k}" for e, k in corpus.absent_cited_qualified()]
    ca = Q.cites_absent(G)
    assert ca["2007:17D4"] == ["2007:90"] and ca["2007:27D"] == ["2007:12B1"]
    assert {v for vs in ca.values() for v in vs} == set(Q.absent(G))
    for u, vs in ca.items():
        assert G.nodes[u]["present"] and set(vs) <= set(Q.cites(G, u))


def test_orphans_follow_the_definition(G):
    touched = {x for u, v, _ in kind_edges(G, CITES) for x in (u, v)}
    orph = set(Q.orphans(G))
    for n, a in G.nodes(data=True):
        has_text = a["present"] and any(t["text"] or t["notes"] for t in a["texts"].values())
        assert (n in orph) == (has_text and n not in touched), n
    assert "2007:18A" in orph and "2007:27B1" not in orph and "2007:27B1a" not in orph
    deep = set(Q.orphans(G, through_children=True))
    assert deep <= orph
    assert "2017:16A1" in orph and "2017:16A1" not in deep  # 16A1(b) cites 16C


def test_queries_stay_in_their_edition(G):
    """Neighbourhoods and paths never step into the other edition (correspondences are not
    citations): from 2007 16D (absent), nothing of 2017 is reached."""
    for n in ("2007:16D", "2017:16D", "2017:21B1a", "2007:27B1a"):
        ed = G.nodes[n]["laws_edition"]
        assert {G.nodes[m]["laws_edition"] for m in Q.distances(G, n, 5, containment=True)} == {ed}
    with pytest.raises(nx.NetworkXNoPath):
        Q.citation_path(G, "2017:21B1a", "2007:17E")
    assert Q.correspondences(G, "2007:16D") == [("2017:16C", "renumbered")]
