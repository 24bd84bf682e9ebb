"""graph/build.py: the citation graph agrees with the corpus and with `rulebook list --json`."""
import json
import re

import networkx as nx
import pytest

from graph.build import CITES, PART_OF, build, citation_pairs, kind_edges
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
    pairs = {(r["key"], k) for r in json.loads(out) for k in r["cites"]}
    edges = {(u, v) for u, v, _ in kind_edges(G, CITES)}
    assert edges == pairs
    assert len(kind_edges(G, CITES)) == len(pairs) == len(citation_pairs())
    # the per-language rows really are merged: some pair occurs in two languages
    code, out, _ = run_cli("list", "--json")
    per_lang = [(r["key"], k, r["lang"]) for r in json.loads(out) for k in r["cites"]]
    assert len(per_lang) > len(pairs)


def test_nodes_hold_every_provision_with_its_texts(G, corpus):
    for key in corpus.keys():
        a = G.nodes[str(key)]
        assert a["present"] and a["key"] == key and a["display"] == key.display and a["iri"] == key.iri
        assert a["langs"] == corpus.langs_of(key)
        for lang in a["langs"]:
            p = corpus.get(key, lang)
            t = a["texts"][lang]
            assert (t["heading"], t["text"], t["authority"], t["edition"]) == \
                (p.heading, p.own_text, p.pub.authority, p.pub.edition)
            assert t["notes"] == [n.text for n in p.notes]


def test_absent_nodes_are_exactly_the_absent_cited(G, corpus):
    absent = {n for n, p in G.nodes(data="present") if not p}
    assert absent == {str(k) for k in corpus.absent_cited()}
    assert "90" in absent and G.nodes["90"]["texts"] == {} and G.nodes["90"]["langs"] == []
    assert G.number_of_nodes() == len(corpus.keys()) + len(absent)


def test_containment_edges(G, corpus):
    expected = {(str(ch), str(p.key)) for p in corpus.provisions() for ch in p.children}
    present = {(u, v) for u, v, _ in kind_edges(G, PART_OF) if G.nodes[u]["present"]}
    assert present == expected
    assert G.edges["27B1a", "27B1", PART_OF]["langs"] == ["es"]
    assert G.edges["17D2", "17D", PART_OF]["langs"] == ["es", "it"]
    # an absent provision hangs under its parent when the parent is a node
    assert G.has_edge("12C2", "12C", key=PART_OF) and not any(k == PART_OF for *_, k in G.out_edges("90", keys=True))


def test_edge_languages_and_words_come_from_the_texts(G, corpus):
    for u, v, d in kind_edges(G, CITES):
        key_u, key_v = K.from_canonical(u), K.from_canonical(v)
        langs = [lg for lg in C.LANGS if corpus.has(key_u, lg) and key_v in corpus.get(key_u, lg).cites]
        assert d["langs"] == langs, (u, v)
        for lg in langs:
            p = corpus.get(key_u, lg)
            body = "\n".join([p.text, p.tail] + [n.text for n in p.notes])
            for w in d["words"][lg]:
                assert w in body, (u, v, w)
    d = G.edges["17E2", "16D", CITES]
    assert d["words"] == {"es": ["Artículo 16D"], "it": ["Articolo 16 del Codice di Gara paragrafo D"]}
    assert {o["lang"] for o in d["occurrences"]} == {"es", "it"}


def test_note_citations_are_marked(G):
    # "según la Norma 8ª del citado Reglamento" stands in a Nota AEB of 21B1
    d = G.edges["21B1", "AEB-AL.A.8", CITES]
    assert d["where"]["es"] == ["note"]


def _prov(key, text, children=(), lang="es"):
    pub = C.Publication(lang, "AEB", 2007, "test", "test.txt")
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
    assert G.has_edge("27B1", "27B", key=PART_OF) and G.has_edge("27B1", "27B", key=CITES)
    assert G.number_of_edges("27B1", "27B") == 2
    assert not G.nodes["99"]["present"] and G.edges["27B1", "99", CITES]["words"] == {"es": ["Artículo 99"]}


def test_graph_records_publications(G):
    pubs = {(p["lang"], p["authority"], p["edition"]) for p in G.graph["publications"]}
    assert pubs == {("es", "AEB", 2007), ("nl", "NBB", 2017), ("it", "FIGB", 2017)}


def test_kind_edges_rejects_unknown_kind(G):
    with pytest.raises(ValueError, match="unknown edge kind"):
        kind_edges(G, "cite")


def test_node_ids_are_canonical_keys(G):
    for n, key in G.nodes(data="key"):
        assert n == str(key) and K.from_canonical(n) == key
        assert re.fullmatch(r"[0-9A-Za-z.\-]+", n)
