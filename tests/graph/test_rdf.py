"""graph/rdf.py and graph/shapes.ttl: the ELI/SKOS export parses, conforms to its SHACL shapes,
holds one expression per provision and language, and counts agree with the graph and the CLI."""
import json

import pytest
from rdflib import RDF, SKOS, Graph, Literal, URIRef

from graph import rdf
from graph import sparql as SP
from graph.build import CITES, build, kind_edges
from graph.glossary import load as load_glossary
from graph.namespaces import ELI, LANGUAGE_IRI, RB, SKOSXL
from laws.corpus import LANGS

BASE = "https://w3id.org/bridge-rulebook/"


@pytest.fixture(scope="module")
def G(corpus):
    return build(corpus)


@pytest.fixture(scope="module")
def glossary(corpus):
    return load_glossary(corpus=corpus)


@pytest.fixture(scope="module")
def g(G, glossary):
    return rdf.to_rdf(G, glossary)


def test_eli_cites_triples_equal_graph_edges_and_list_json(g, G, run_cli):
    code, out, _ = run_cli("list", "--json")
    # a citation is in the edition of the text it stands in
    pairs = {(f"{r['laws_edition']}:{r['key']}", f"{r['laws_edition']}:{k}") for r in json.loads(out) for k in r["cites"]}
    triples = set(g.triples((None, ELI.cites, None)))
    assert len(triples) == len(kind_edges(G, CITES)) == len(pairs)
    iri = {n: URIRef(a["iri"]) for n, a in G.nodes(data=True)}
    assert {(s, o) for s, _, o in triples} == {(iri[u], iri[v]) for u, v in pairs}


def test_export_conforms_to_the_shapes(g):
    conforms, report = rdf.validate(g)
    assert conforms, report


def test_shapes_catch_broken_exports(g):
    """The validation can fail: a missing language, a second expression in the same language,
    a text tagged with the wrong language, a concept without an English label."""
    bad = Graph()
    for t in g:
        bad.add(t)
    ex = URIRef(BASE + "law/2007/27/B/1/a/expression/es")
    bad.remove((ex, ELI.language, None))
    extra = URIRef(BASE + "law/2017/16/expression/nl-bis")
    res = URIRef(BASE + "law/2017/16")
    for p, o in g.predicate_objects(URIRef(BASE + "law/2017/16/expression/nl")):
        bad.add((extra, p, o))
    bad.add((res, ELI.is_realized_by, extra))
    bad.add((URIRef(BASE + "law/2007/17/A/expression/it"), ELI.title, Literal("Inicio", lang="es")))
    bad.remove((URIRef(BASE + "glossary/call"), SKOS.prefLabel, Literal("call", lang="en")))
    bad.remove((URIRef(BASE + "glossary/bid"), SKOS.prefLabel, Literal("bod", lang="nl")))
    fed = URIRef(BASE + "glossary/insufficient-bid/label/nl/0")
    bad.remove((fed, RB.termSource, None))
    conforms, report = rdf.validate(bad)
    assert not conforms
    assert "law/2007/27/B/1/a/expression/es" in report
    assert "two expressions in the language" in report
    assert "a text tagged es" in report
    assert "glossary/call" in report
    assert "glossary/bid" in report   # no Dutch preferred label
    assert "insufficient-bid/label/nl/0" in report   # a federation's term without its source


def test_shapes_refuse_citations_across_editions(g):
    """eli:cites from a text of one edition to a provision of the other fails validation, and
    so does a correspondence inside one edition."""
    bad = Graph()
    for t in g:
        bad.add(t)
    bad.add((URIRef(BASE + "law/2007/27/B/1/a"), ELI.cites, URIRef(BASE + "law/2017/16/D")))
    bad.add((URIRef(BASE + "law/2007/27/B/1/a"), RB.correspondsTo, URIRef(BASE + "law/2007/27/D")))
    conforms, report = rdf.validate(bad)
    assert not conforms
    assert "a provision of another edition of the Laws" in report and "law/2017/16/D" in report
    assert "a provision of the same edition" in report


def test_correspondences_are_their_own_relations(g):
    d07, c17 = URIRef(BASE + "law/2007/16/D"), URIRef(BASE + "law/2017/16/C")
    assert (d07, RB.correspondsTo, c17) in g and (c17, RB.correspondsTo, d07) in g
    assert (c17, ELI.changes, d07) in g
    rows = [r for r in g.subjects(RB.olderProvision, d07) if (r, RB.newerProvision, c17) in g]
    assert len(rows) == 1 and (rows[0], RB.status, Literal("renumbered")) in g
    assert (URIRef(BASE + "law/2007/16/D"), ELI.cites, None) not in g
    # no eli:cites crosses editions (property over every triple)
    ed = {s: str(o) for s, o in g.subject_objects(RB.lawsEdition)}
    assert all(ed[s] == ed[o] for s, o in g.subject_objects(ELI.cites))


def test_every_provision_has_one_expression_per_language(g, G, corpus):
    for ed, key in corpus.qualified_keys():
        res = URIRef(G.nodes[f"{ed}:{key}"]["iri"])
        exprs = list(g.objects(res, ELI.is_realized_by))
        langs = sorted(str(o) for e in exprs for o in g.objects(e, ELI.language))
        assert langs == sorted(str(LANGUAGE_IRI[lg]) for lg in corpus.langs_of(key, ed)), key
        for e in exprs:
            assert list(g.objects(e, ELI.realizes)) == [res]
            lang = next(lg for lg in LANGS if (e, ELI.language, LANGUAGE_IRI[lg]) in g)
            p = corpus.get(key, lang, ed)
            texts = list(g.objects(e, ELI.description))
            assert texts == ([Literal(p.own_text, lang=lang)] if p.own_text else [])
            assert list(g.objects(e, ELI.title)) == ([Literal(p.heading, lang=lang)] if p.heading else [])
            assert list(g.objects(e, ELI.version_date))[0].toPython() is not None
            assert str(list(g.objects(e, ELI.version_date))[0]) == str(p.pub.edition)
            assert list(g.objects(e, ELI.rightsholder_agent)) == [URIRef(BASE + "authority/" + p.pub.authority)]
            assert list(g.objects(e, ELI.rightsholder)) == [Literal(p.pub.authority)]
            assert sorted(map(str, g.objects(e, RB.note))) == sorted(n.text for n in p.notes)
    n_expr = len(set(g.subjects(RDF.type, ELI.LegalExpression)))
    assert n_expr == sum(1 for _ in corpus.provisions())


def test_resources_types_and_containment(g, G, corpus):
    laws = set(g.subjects(RDF.type, ELI.LegalResource))
    subs = set(g.subjects(RDF.type, ELI.LegalResourceSubdivision))
    assert URIRef(BASE + "law/2007/27") in laws and URIRef(BASE + "law/2007/27/B/1/a") in subs
    assert URIRef(BASE + "reg/AEB/AL") in laws and URIRef(BASE + "reg/AEB/AL/A/8") in subs
    assert len(laws) + len(subs) == G.number_of_nodes() and not laws & subs
    assert (URIRef(BASE + "law/2007/27/B/1/a"), ELI.is_part_of, URIRef(BASE + "law/2007/27/B/1")) in g
    assert (URIRef(BASE + "law/2007/27/B/1"), ELI.has_part, URIRef(BASE + "law/2007/27/B/1/a")) in g
    assert (URIRef(BASE + "law/2007/27/B/1/a"), ELI.id_local, Literal("2007:27B1a")) in g
    assert (URIRef(BASE + "law/2007/27/B/1/a"), ELI.number, Literal("27B1(a)")) in g


def test_absent_provisions_are_resources_flagged_absent(g, corpus):
    from graph.build import iri

    absent = {str(s) for s in g.subjects(RB.absent, Literal(True))}
    assert absent == {iri(k, e) for e, k in corpus.absent_cited_qualified()}
    law90 = URIRef(BASE + "law/2007/90")
    assert (law90, RDF.type, ELI.LegalResource) in g and not list(g.objects(law90, ELI.is_realized_by))
    assert (URIRef(BASE + "law/2007/17/D/4"), ELI.cites, law90) in g
    # the 2007 16D cited by the Spanish and Italian texts is absent, although 2017 16D is held
    assert (URIRef(BASE + "law/2007/16/D"), RB.absent, Literal(True)) in g
    assert list(g.objects(URIRef(BASE + "law/2017/16/D"), ELI.is_realized_by))


def test_authorities(g):
    for auth, lang in [("AEB", "es"), ("NBB", "nl"), ("FIGB", "it")]:
        a = URIRef(BASE + "authority/" + auth)
        assert (a, RDF.type, ELI.Organization) in g and (a, SKOS.prefLabel, Literal(auth)) in g


def test_skos_glossary(g, glossary):
    scheme = URIRef(BASE + "glossary")
    concepts = set(g.subjects(RDF.type, SKOS.Concept))
    assert len(concepts) == len(glossary) >= 70
    assert all((c, SKOS.inScheme, scheme) in g for c in concepts)
    lho = URIRef(BASE + "glossary/lho")
    assert (lho, SKOS.prefLabel, Literal("LT", lang="nl")) in g
    assert (lho, SKOS.altLabel, Literal("OI", lang="es")) in g
    assert (lho, RB.unofficialLabel, Literal("linkertegenstander", lang="nl")) in g
    assert (lho, SKOS.prefLabel, Literal("linkertegenstander", lang="nl")) not in g
    ib = URIRef(BASE + "glossary/insufficient-bid")
    # the NBB's own term outside the corpus: a preferred label whose status says where it comes from
    assert (ib, SKOS.prefLabel, Literal("onvoldoende bod", lang="nl")) in g
    (xl,) = [x for x in g.objects(ib, SKOSXL.prefLabel) if g.value(x, SKOSXL.literalForm).language == "nl"]
    assert str(g.value(xl, RB.labelStatus)) == "federation" and str(g.value(xl, RB.termSource)).startswith("https://")
    den = URIRef(BASE + "glossary/denomination")
    assert (den, SKOS.hiddenLabel, Literal("denominatie", lang="nl")) in g
    for c in glossary:
        iri = URIRef(BASE + "glossary/" + c.id)
        pref = {o.language: str(o) for o in g.objects(iri, SKOS.prefLabel)}
        assert pref["en"] == c.en
        for lg in LANGS:   # every concept has a preferred label in es, nl, it and en
            assert pref.get(lg) == c.label(lg), (c.id, lg)
        statuses = {g.value(x, SKOSXL.literalForm).language: str(g.value(x, RB.labelStatus))
                    for x in g.objects(iri, SKOSXL.prefLabel)}
        assert statuses == {"en": "found", **{lg: c.status(lg) for lg in LANGS}}
        defs = {o.language for o in g.objects(iri, SKOS.definition)}
        assert defs == {"en", "es", "nl", "it"}, c.id


def test_is_about_links_provisions_to_concepts(g, glossary, G):
    for c in list(glossary)[:20]:
        iri = URIRef(BASE + "glossary/" + c.id)
        subjects = {str(s) for s in g.subjects(ELI.is_about, iri)}
        assert subjects == {G.nodes[n]["iri"] for n in rdf._concept_nodes(G, glossary, c)}
        assert {G.nodes[n]["key"] for n in rdf._concept_nodes(G, glossary, c)} <= set(glossary.provisions(c.id))
    assert (URIRef(BASE + "law/2007/27/B/1/a"), ELI.is_about, URIRef(BASE + "glossary/insufficient-bid")) in g


@pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")  # rdflib's own JSON-LD parser
def test_turtle_and_jsonld_round_trip(g, G):
    ttl = rdf.serialize("ttl", G=G, g=g)
    back = Graph().parse(data=ttl, format="turtle")
    assert len(back) == len(g)
    js = rdf.serialize("jsonld", G=G, g=g)
    assert json.loads(js)["@context"]["eli"] == "http://data.europa.eu/eli/ontology#"
    assert len(Graph().parse(data=js, format="json-ld")) == len(g)
    with pytest.raises(ValueError):
        rdf.serialize("rdfxml", G=G, g=g)


def test_graphml_export(G, tmp_path):
    import networkx as nx

    f = tmp_path / "laws.graphml"
    f.write_text(rdf.serialize("graphml", G=G), encoding="utf-8")
    H = nx.read_graphml(f, force_multigraph=True)
    assert H.number_of_nodes() == G.number_of_nodes() and H.number_of_edges() == G.number_of_edges()
    assert H.nodes["2007:27B1a"]["display"] == "27B1(a)" and H.nodes["2007:90"]["present"] is False
    assert H.edges["2007:17E2", "2007:16D", "cites"]["words_it"] == "Articolo 16 del Codice di Gara paragrafo D"
    assert H.edges["2007:16D", "2017:16C", "corresponds"]["status"] == "renumbered"


def test_defined_namespaces_fail_on_misspelt_terms():
    assert ELI.cites == URIRef("http://data.europa.eu/eli/ontology#cites")
    for ns, bad in [(ELI, "cite"), (ELI, "LegalResourceSubDivision"), (ELI, "isPartOf"), (RB, "absnt")]:
        with pytest.raises(AttributeError, match="not in namespace"):
            getattr(ns, bad)
        with pytest.raises(AttributeError, match="not in namespace"):
            ns[bad]


def test_every_eli_and_rb_term_of_the_export_is_declared(g):
    used = {t for triple in g for t in triple if isinstance(t, URIRef)}
    for ns in (ELI, RB):
        base = str(ns._NS)
        for t in used:
            if str(t).startswith(base):
                assert t in ns, t


@pytest.mark.parametrize("update", [
    "INSERT DATA { <http://a/b> <http://a/c> <http://a/d> }",
    "DELETE WHERE { ?s ?p ?o }",
    "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
    "LOAD <http://example.org/x.ttl>",
    "CLEAR DEFAULT", "DROP ALL", "CREATE GRAPH <http://a/g>",
    "ADD DEFAULT TO <http://a/g>", "MOVE DEFAULT TO <http://a/g>", "COPY DEFAULT TO <http://a/g>",
    "WITH <http://a/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
])
def test_sparql_rejects_updates(g, update):
    n = len(g)
    with pytest.raises(SP.SparqlError) as e:
        SP.evaluate(update, g)
    assert e.value.msgid == SP.MSG_UPDATE and len(g) == n


@pytest.mark.parametrize("query,what", [
    ("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", "SERVICE"),
    ("SELECT * FROM <http://example.org/x.ttl> WHERE { ?s ?p ?o }", "FROM"),
])
def test_sparql_refuses_remote_data(g, query, what):
    with pytest.raises(SP.SparqlError) as e:
        SP.evaluate(query, g)
    assert e.value.msgid == SP.MSG_REMOTE and e.value.params == {"what": what}


def test_sparql_results(g, G):
    r = SP.evaluate("SELECT (COUNT(*) AS ?n) WHERE { ?a eli:cites ?b }", g)
    assert r == {"vars": ["n"], "rows": [{"n": len(kind_edges(G, CITES))}]}
    assert SP.evaluate("ASK { law2007:90 rb:absent true }", g) == {"boolean": True}
    r = SP.evaluate("CONSTRUCT { ?a eli:cites law2007:90 } WHERE { ?a eli:cites law2007:90 }", g)
    assert r == {"triples": [[BASE + "law/2007/17/D/4", "http://data.europa.eu/eli/ontology#cites", BASE + "law/2007/90"]]}
    r = SP.evaluate("""SELECT ?t WHERE { ?e eli:realizes law2007:17 ; eli:language eulang:ITA ; eli:title ?t }""", g)
    assert r["rows"] == [{"t": "IL PERIODO LICITATIVO"}]
    with pytest.raises(SP.SparqlError) as e:
        SP.evaluate("SELEC ?x", g)
    assert e.value.msgid in (SP.MSG_SYNTAX, SP.MSG_SYNTAX_AT, SP.MSG_SYNTAX_END)
