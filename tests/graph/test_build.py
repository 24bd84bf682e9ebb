"""graph/build.py: the citation graph agrees with the corpus and with `rulebook list --json`."""
import json
import re

import networkx as nx
import pytest

from graph.build import CITES, CORRESPONDS, PART_OF, build, citation_pairs, kind_edges, split_node
from laws import corpus as C
from laws import keys as K
from laws.citations import for_provision


@pytest.fixture(scope="module")
def G(corpus):
    return build(corpus)


def test_cites_edges_equal_the_pairs_of_rulebook_list(G, run_cli):
    """One `cites` edge per distinct (citing key, cited key) pair of `rulebook list --json`,
    the languages merged: exactly the same set, so exactly the same number."""
    code, out, _ = run_cli("list", "--json")
    assert code == 0
    pairs = {(f"{r['laws_edition']}:{r['key']}", f"{r['laws_edition']}:{k}") for r in json.loads(out) for k in r["cites"]}
    edges = {(u, v) for u, v, _ in kind_edges(G, CITES)}
    assert edges == pairs
    assert len(kind_edges(G, CITES)) == len(pairs) == len(citation_pairs())
    # the per-language rows really are merged: some pair occurs in two languages
    code, out, _ = run_cli("list", "--json")
    per_lang = [(r["key"], k, r["lang"]) for r in json.loads(out) for k in r["cites"]]
    assert len(per_lang) > len(pairs)


def test_nodes_hold_every_provision_with_its_texts(G, corpus):
    from graph.build import iri

    for ed, key in corpus.qualified_keys():
        a = G.nodes[f"{ed}:{key}"]
        assert a["present"] and a["key"] == key and a["display"] == key.display and a["iri"] == iri(key, ed)
        assert a["laws_edition"] == ed and a["langs"] == corpus.langs_of(key, ed)
        for lang in a["langs"]:
            p = corpus.get(key, lang, ed)
            t = a["texts"][lang]
            assert (t["heading"], t["text"], t["authority"], t["edition"]) == \
                (p.heading, p.own_text, p.pub.authority, p.pub.edition)
            assert t["notes"] == [n.text for n in p.notes]


def test_absent_nodes_are_exactly_the_absent_cited(G, corpus):
    absent = {n for n, p in G.nodes(data="present") if not p}
    assert absent == {f"{e}:{k}" for e, k in corpus.absent_cited_qualified()}
    assert "2007:90" in absent and G.nodes["2007:90"]["texts"] == {} and G.nodes["2007:90"]["langs"] == []
    # the 2007 16D the AEB and FIGB texts cite is absent, whatever the NBB's 2017 text holds
    assert "2007:16D" in absent and G.nodes["2017:16D"]["present"]
    assert G.number_of_nodes() == len(corpus.qualified_keys()) + len(absent)


def test_containment_edges(G, corpus):
    expected = {(f"{p.laws_edition}:{ch}", p.qualified) for p in corpus.provisions() for ch in p.children}
    present = {(u, v) for u, v, _ in kind_edges(G, PART_OF) if G.nodes[u]["present"]}
    assert present == expected
    assert G.edges["2007:27B1a", "2007:27B1", PART_OF]["langs"] == ["es"]
    assert G.edges["2007:17D2", "2007:17D", PART_OF]["langs"] == ["es", "it"]
    # an absent provision hangs under its parent when the parent is a node
    assert G.has_edge("2017:12C2", "2017:12C", key=PART_OF)
    assert not any(k == PART_OF for *_, k in G.out_edges("2007:90", keys=True))


def test_edge_languages_and_words_come_from_the_texts(G, corpus):
    for u, v, d in kind_edges(G, CITES):
        (ed, key_u), (ed_v, key_v) = split_node(u), split_node(v)
        assert ed == ed_v, (u, v)  # citations never cross editions
        langs = [lg for lg in C.LANGS if corpus.has(key_u, lg, ed) and key_v in corpus.get(key_u, lg, ed).cites]
        assert d["langs"] == langs, (u, v)
        for lg in langs:
            p = corpus.get(key_u, lg, ed)
            body = "\n".join([p.text, p.tail] + [n.text for n in p.notes])
            for w in d["words"][lg]:
                assert w in body, (u, v, w)
    d = G.edges["2007:17E2", "2007:16D", CITES]
    assert d["words"] == {"es": ["Artículo 16D"], "it": ["Articolo 16 del Codice di Gara paragrafo D"]}
    assert {o["lang"] for o in d["occurrences"]} == {"es", "it"}


def test_note_citations_are_marked(G):
    # "según la Norma 8ª del citado Reglamento" stands in a Nota AEB of 21B1
    d = G.edges["2007:21B1", "2007:AEB-AL.A.8", CITES]
    assert d["where"]["es"] == ["note"]


def _prov(key, text, children=(), lang="es"):
    pub = C.Publication(lang, "AEB", 2007, "test", "test.txt", "2007")
    return C.Provision(key=K.from_canonical(key), pub=pub, heading=None, text=text, tail="", notes=(),
                       children=[K.from_canonical(c) for c in children])


def test_containment_and_citation_between_the_same_pair_do_not_collide():
    """27B1 is part of 27B and its text cites 27B: two edges, told apart by their key."""
    provs = [_prov("27", "", ["27B"]), _prov("27B", "", ["27B1"]), _prov("27B1", "ver el punto B anterior y Artículo 99")]
    c = C.Corpus(provs)
    for p in c.provisions():
        p.citations = for_provision(p)
    G = build(c)
    assert isinstance(G, nx.MultiDiGraph)
    assert G.has_edge("2007:27B1", "2007:27B", key=PART_OF) and G.has_edge("2007:27B1", "2007:27B", key=CITES)
    assert G.number_of_edges("2007:27B1", "2007:27B") == 2
    assert not G.nodes["2007:99"]["present"] and G.edges["2007:27B1", "2007:99", CITES]["words"] == {"es": ["Artículo 99"]}


def test_graph_records_publications(G):
    pubs = {(p["lang"], p["authority"], p["edition"], p["laws_edition"]) for p in G.graph["publications"]}
    assert pubs == {("es", "AEB", 2007, "2007"), ("nl", "NBB", 2017, "2017"), ("it", "FIGB", 2017, "2007")}


def test_kind_edges_rejects_unknown_kind(G):
    with pytest.raises(ValueError, match="unknown edge kind"):
        kind_edges(G, "cite")


def test_node_ids_are_edition_qualified_canonical_keys(G):
    for n, a in G.nodes(data=True):
        assert n == f"{a['laws_edition']}:{a['key']}" and split_node(n) == (a["laws_edition"], a["key"])
        assert re.fullmatch(r"(2007|2017):[0-9A-Za-z.\-]+", n)


def test_no_edge_crosses_editions_but_correspondences(G):
    """A property over every edge: cites and part_of stay in one edition; corresponds goes from
    a 2007 provision to a 2017 one, labelled with the table's status."""
    for u, v, k, d in G.edges(keys=True, data=True):
        eu, ev = G.nodes[u]["laws_edition"], G.nodes[v]["laws_edition"]
        if k == CORRESPONDS:
            assert (eu, ev) == ("2007", "2017") and d["status"] in ("same", "reworded", "renumbered", "changed")
        else:
            assert eu == ev, (u, v, k)
    assert G.edges["2007:16D", "2017:16C", CORRESPONDS]["status"] == "renumbered"
    assert G.edges["2007:17E", "2017:17D", CORRESPONDS]["status"] == "changed"
