"""The corpus as open data: RDF with the ELI ontology for the laws and SKOS for the glossary.

Model (one work per provision of an edition of the Laws, one expression per language):

- each law of an edition (and each AEB regulation) is an ``eli:LegalResource``; every part of it
  an ``eli:LegalResourceSubdivision``, linked by ``eli:is_part_of`` / ``eli:has_part``; IRIs carry
  the edition (``https://w3id.org/bridge-rulebook/law/2007/27/B/1/a``): 2007 16D and 2017 16D are
  two works. ``eli:id_local`` is the edition-qualified key (``2007:27B1a``), ``eli:number`` the
  display form (``27B1(a)``), ``rb:lawsEdition`` the edition (``"2007"^^xsd:gYear``);
- a provision that is cited but whose text the corpus does not hold in its edition (2007 Law 90,
  2007 16D) is a resource too, flagged ``rb:absent true``, with no expression;
- each (provision, language) text is an ``eli:LegalExpression`` at ``<key.iri>/expression/<lang>``
  with ``eli:realizes`` (and the inverse ``eli:is_realized_by``), ``eli:language`` (the EU
  authority table: ``.../language/SPA``, ``NLD``, ``ITA``), ``eli:title`` (the heading),
  ``eli:description`` (the verbatim text of the provision itself, without its children),
  ``rb:note`` (each note of the federation, verbatim), ``rb:sourceTitle``,
  ``eli:rightsholder_agent`` (the federation as a resource, an ``eli:Organization``:
  ``.../authority/AEB``, ``NBB``, ``FIGB``) and ``eli:rightsholder`` (its name as a literal),
  and ``eli:version_date``: the **edition year** of the publication, typed ``xsd:gYear``
  (``"2007"``, ``"2017"``), because the year is all the sources state. ELI declares the
  rights-holder properties on ``eli:Format`` and ``version_date`` with range ``xsd:date``;
  here they sit on the expression, since each language's text is a different federation's
  edition and the corpus holds no separate manifestation;
- ``eli:cites`` links the resources as the citation graph does: one triple per ``cites``
  edge of :func:`graph.build.build` (languages merged), always within one edition;
- the correspondence tables (``laws/data/editions/<older>-<newer>.yaml``, one per pair of
  consecutive editions) are exported as their own relations between works that are resources:
  ``rb:correspondsTo`` both ways, an ``rb:Correspondence`` per row (``rb:olderProvision``,
  ``rb:newerProvision``, ``rb:status``, ``rb:verified``), and, where the newer provision replaced
  a different older text (reworded, renumbered, changed), ELI's ``eli:changes`` from the newer
  work to the older one ("amendment, replacement, ..."). ELI has no term for "the same provision
  in another edition": hence ``rb:``. No term of the vocabulary names an edition;
- every provision of the Laws has ``rb:lineage``, an ``rb:Lineage`` resource at
  ``.../lineage/<edition>/<key path>`` named after the oldest provision it comes from
  (:func:`laws.editions.lineage`): 2007 16D and 2017 16C share one;
- ``eli:is_about`` links a provision to each glossary concept it uses;
- the glossary is a ``skos:ConceptScheme`` of ``skos:Concept`` s: ``skos:prefLabel`` in every
  language (en, es, nl, it) for the term to use, whatever its status; ``skos:altLabel`` for
  variants and abbreviations of the same status, ``rb:unofficialLabel`` for usual terms next to
  a federation's term, ``skos:hiddenLabel`` for the variants the termbase avoids (search only);
  each label also as a SKOS-XL label (``skosxl:prefLabel``/``skosxl:altLabel`` →
  ``skosxl:Label`` with ``skosxl:literalForm``) carrying its status ``rb:labelStatus``
  (``found``, ``federation``, ``usual``) and, for a federation's term, ``rb:termSource`` (the
  page that shows it); ``skos:definition`` in English and in each language whose catalog
  translates it.

>>> g = to_rdf()
>>> from rdflib import URIRef
>>> (URIRef("https://w3id.org/bridge-rulebook/law/2007/27/B/1/a"), ELI.cites,
...  URIRef("https://w3id.org/bridge-rulebook/law/2007/27/D")) in g
True
"""
from __future__ import annotations

from pathlib import Path

import networkx as nx
from rdflib import RDF, RDFS, SKOS, Graph, Literal, URIRef

from i18n import N_, translator
from laws import keys as K
from laws.corpus import LANGS, load
from laws.editions import editions, publications, qualified, registry
from laws.keys import BASE_IRI

from .build import CITES, CORRESPONDS, PART_OF, build
from .namespaces import (AUTHORITY_BASE, ELI, GLOSSARY_IRI, LANGUAGE_IRI, RB, RB_DESCRIPTIONS, RB_NS, SKOSXL)

XSD_NS = "http://www.w3.org/2001/XMLSchema#"
CORRESPONDENCE_BASE = BASE_IRI + "correspondence/"
LINEAGE_BASE = BASE_IRI + "lineage/"
XSD_GYEAR = URIRef(XSD_NS + "gYear")  # (rdflib's XSD namespace is not imported: it is an open namespace)
SHAPES = Path(__file__).resolve().parent / "shapes.ttl"
FORMATS = ("ttl", "jsonld", "graphml")
SCHEME_TITLE = N_("Glossary of the Laws of Duplicate Bridge")

PREFIXES = {
    "eli": str(ELI._NS), "rb": RB_NS, "skos": str(SKOS._NS), "skosxl": str(SKOSXL), "rdf": str(RDF._NS), "rdfs": str(RDFS._NS),
    "xsd": XSD_NS, "eulang": "http://publications.europa.eu/resource/authority/language/",
    "law": "https://w3id.org/bridge-rulebook/law/", "reg": "https://w3id.org/bridge-rulebook/reg/",
    "concept": str(GLOSSARY_IRI) + "/", "authority": AUTHORITY_BASE, "lineage": LINEAGE_BASE,
}


def prefixes() -> dict:
    """The prefixes of the export: the fixed ones and ``law<edition>:`` for each edition of the registry
    (``law2007:27`` is ``https://w3id.org/bridge-rulebook/law/2007/27``)."""
    return PREFIXES | {f"law{e}": f"{BASE_IRI}law/{e}/" for e in editions()}


def lineage_iri(qualified_key: str) -> URIRef:
    """``2007:16D`` -> ``https://w3id.org/bridge-rulebook/lineage/2007/16/D``."""
    ed, key = qualified_key.split(":", 1)
    return URIRef(LINEAGE_BASE + ed + "/" + K.from_canonical(key).iri.split("/law/", 1)[1])


def expression_iri(node_attrs: dict, lang: str) -> URIRef:
    """The IRI of the expression of a provision in a language.

    >>> from graph.build import build
    >>> str(expression_iri(build().nodes["2007:27B1a"], "es"))
    'https://w3id.org/bridge-rulebook/law/2007/27/B/1/a/expression/es'
    """
    return URIRef(f"{node_attrs['iri']}/expression/{lang}")


def concept_iri(cid: str) -> URIRef:
    return URIRef(f"{GLOSSARY_IRI}/{cid}")


def authority_iri(authority: str) -> URIRef:
    return URIRef(AUTHORITY_BASE + authority)


def new_graph() -> Graph:
    g = Graph()
    for p, ns in prefixes().items():
        g.bind(p, ns, override=True)
    return g


def to_rdf(G: nx.MultiDiGraph | None = None, glossary=None, *, corpus=None) -> Graph:
    """The RDF graph of the corpus (from citation graph ``G``) and of the glossary.

    Parameters
    ----------
    G : networkx.MultiDiGraph, optional
        The citation graph; built from ``corpus`` when omitted.
    glossary : graph.glossary.Glossary or False, optional
        The glossary; loaded when omitted; ``False`` leaves out SKOS and ``eli:is_about``.
    corpus : laws.corpus.Corpus, optional

    Returns
    -------
    rdflib.Graph

    Examples
    --------
    >>> g = to_rdf()
    >>> len(set(g.triples((None, ELI.cites, None)))) == sum(1 for *_, k in build().edges(keys=True) if k == "cites")
    True
    """
    if G is None:
        G = build(corpus)
    if glossary is None:
        from . import glossary as _glossary

        glossary = _glossary.load(corpus=corpus)
    g = new_graph()
    _vocabulary(g)
    authorities = set()
    for n, a in G.nodes(data=True):
        res = URIRef(a["iri"])
        key = a["key"]
        g.add((res, RDF.type, ELI.LegalResource if key.parent is None else ELI.LegalResourceSubdivision))
        g.add((res, ELI.id_local, Literal(n)))
        g.add((res, ELI.number, Literal(a["display"])))
        g.add((res, RB.lawsEdition, Literal(a["laws_edition"], datatype=XSD_GYEAR)))
        if not a["present"]:
            g.add((res, RB.absent, Literal(True)))
        if a.get("lineage"):
            lin = lineage_iri(a["lineage"])
            g.add((res, RB.lineage, lin))
            g.add((lin, RDF.type, RB.Lineage))
            g.add((lin, SKOS.notation, Literal(a["lineage"])))
        for lang, t in a["texts"].items():
            ex = expression_iri(a, lang)
            g.add((ex, RDF.type, ELI.LegalExpression))
            g.add((ex, ELI.realizes, res))
            g.add((res, ELI.is_realized_by, ex))
            g.add((ex, ELI.language, LANGUAGE_IRI[lang]))
            if t["heading"]:
                g.add((ex, ELI.title, Literal(t["heading"], lang=lang)))
            if t["text"]:
                g.add((ex, ELI.description, Literal(t["text"], lang=lang)))
            for note in t["notes"]:
                g.add((ex, RB.note, Literal(note, lang=lang)))
            g.add((ex, RB.sourceTitle, Literal(t["source_title"], lang=lang)))
            g.add((ex, ELI.rightsholder_agent, authority_iri(t["authority"])))
            g.add((ex, ELI.rightsholder, Literal(t["authority"])))
            g.add((ex, ELI.version_date, Literal(str(t["edition"]), datatype=XSD_GYEAR)))
            authorities.add(t["authority"])
    for u, v, k in G.edges(keys=True):
        su, sv = URIRef(G.nodes[u]["iri"]), URIRef(G.nodes[v]["iri"])
        if k == CITES:
            g.add((su, ELI.cites, sv))
        elif k == PART_OF:
            g.add((su, ELI.is_part_of, sv))
            g.add((sv, ELI.has_part, su))
        elif k == CORRESPONDS:
            d = G.edges[u, v, k]
            g.add((su, RB.correspondsTo, sv))
            g.add((sv, RB.correspondsTo, su))
            pair = f"{G.nodes[u]['laws_edition']}-{G.nodes[v]['laws_edition']}"
            row = URIRef(f"{CORRESPONDENCE_BASE}{pair}/{G.nodes[u]['key']}/{G.nodes[v]['key']}")
            g.add((row, RDF.type, RB.Correspondence))
            g.add((row, RB.olderProvision, su))
            g.add((row, RB.newerProvision, sv))
            g.add((row, RB.status, Literal(d["status"])))
            g.add((row, RB.verified, Literal(bool(d["verified"]))))
            if d["status"] in ("reworded", "renumbered", "changed"):
                g.add((sv, ELI.changes, su))
    known = registry().authorities
    langs = {p["authority"]: p["lang"] for p in publications().values()}
    for auth in sorted(authorities):
        a = authority_iri(auth)
        g.add((a, RDF.type, ELI.Organization))
        g.add((a, SKOS.prefLabel, Literal(auth)))
        if auth in known:
            g.add((a, RDFS.label, Literal(known[auth].name, lang=langs.get(auth))))
    if glossary is not False:
        _glossary_triples(g, G, glossary)
    return g


def _vocabulary(g: Graph) -> None:
    """Describe the project's own terms in the export, so that it is self-explaining."""
    for term, (label, comment) in RB_DESCRIPTIONS.items():
        iri = RB[term]
        g.add((iri, RDF.type, RDF.Property))
        for lang, s in _translations(label).items():
            g.add((iri, RDFS.label, Literal(s, lang=lang)))
        for lang, s in _translations(comment).items():
            g.add((iri, RDFS.comment, Literal(s, lang=lang)))
    g.add((RB.unofficialLabel, RDFS.subPropertyOf, RDFS.label))


def _translations(msgid: str) -> dict:
    out = {"en": msgid}
    for lang in LANGS:
        s = translator(lang).gettext(msgid)
        if s and s != msgid:
            out[lang] = s
    return out


def _xl_label(g: Graph, concept: URIRef, lang: str, n: int, text: str, status: str, source, prop) -> None:
    """A SKOS-XL label of ``concept`` with its status (and source) as properties of its own."""
    label = URIRef(f"{concept}/label/{lang}/{n}")
    g.add((label, RDF.type, SKOSXL.Label))
    g.add((label, SKOSXL.literalForm, Literal(text, lang=lang)))
    g.add((label, RB.labelStatus, Literal(status)))
    if source:
        g.add((label, RB.termSource, URIRef(source["url"])))
    g.add((concept, prop, label))


def _glossary_triples(g: Graph, G: nx.MultiDiGraph, glossary) -> None:
    from .glossary import sources

    srcs = sources()
    scheme = GLOSSARY_IRI
    g.add((scheme, RDF.type, SKOS.ConceptScheme))
    for lang, s in _translations(SCHEME_TITLE).items():
        g.add((scheme, SKOS.prefLabel, Literal(s, lang=lang)))
    for c in glossary:
        iri = concept_iri(c.id)
        g.add((iri, RDF.type, SKOS.Concept))
        g.add((iri, SKOS.inScheme, scheme))
        g.add((iri, SKOS.topConceptOf, scheme))
        g.add((scheme, SKOS.hasTopConcept, iri))
        g.add((iri, SKOS.notation, Literal(c.id)))
        g.add((iri, SKOS.prefLabel, Literal(c.en, lang="en")))
        for alt in c.en_alt:
            g.add((iri, SKOS.altLabel, Literal(alt, lang="en")))
        _xl_label(g, iri, "en", 0, c.en, "found", None, SKOSXL.prefLabel)
        for n, alt in enumerate(c.en_alt, 1):
            _xl_label(g, iri, "en", n, alt, "found", None, SKOSXL.altLabel)
        for lang, terms in c.terms.items():
            # every language has a preferred label, whatever its status; the status is a
            # property of the SKOS-XL label (rb:labelStatus), with the source of a federation's term
            head = terms[0]
            for n, t in enumerate(terms):
                if t.preferred:
                    prop, xl = SKOS.prefLabel, SKOSXL.prefLabel
                elif t.status == head.status:
                    prop, xl = SKOS.altLabel, SKOSXL.altLabel
                else:
                    prop, xl = RB.unofficialLabel, SKOSXL.altLabel
                g.add((iri, prop, Literal(t.text, lang=lang)))
                _xl_label(g, iri, lang, n, t.text, t.status, srcs.get(t.source) if t.source else None, xl)
            for n, v in enumerate(c.avoided(lang)):   # variants no translation may use: for search only
                g.add((iri, SKOS.hiddenLabel, Literal(v.lstrip("="), lang=lang)))
        for lang, s in _translations(c.definition).items():
            g.add((iri, SKOS.definition, Literal(s, lang=lang)))
        if c.note:
            for lang, s in _translations(c.note).items():
                g.add((iri, SKOS.scopeNote, Literal(s, lang=lang)))
        for n in _concept_nodes(G, glossary, c):
            g.add((URIRef(G.nodes[n]["iri"]), ELI.is_about, iri))


def _concept_nodes(G: nx.MultiDiGraph, glossary, c) -> list:
    """The nodes (provisions of an edition) that use concept ``c``: each key where a text uses
    it, in the edition of that text; a ``see_also`` key in the edition it is written in (a bare
    one in every edition that has it)."""
    corpus = load()
    found = glossary.found().get(c.id, {})
    out = []
    for key in glossary.provisions(c.id):
        eds = {corpus.edition_of(lg) for lg in found.get(key, {})}
        if key in c.see_also:
            eds |= {q.split(":", 1)[0] for q in c.see_also_qualified(corpus) if q.split(":", 1)[1] == str(key)}
        out += [qualified(e, key) for e in editions() if e in eds and qualified(e, key) in G]
    return out


# -- validation ----------------------------------------------------------------------------
def shapes() -> Graph:
    """The SHACL shapes of the export (``graph/shapes.ttl``)."""
    return Graph().parse(SHAPES, format="turtle")


def validate(g: Graph) -> tuple[bool, str]:
    """Validate an export against the shapes with pySHACL: (conforms, report text)."""
    from pyshacl import validate as _validate

    conforms, _, text = _validate(g, shacl_graph=shapes(), inference="none")
    return bool(conforms), text


# -- serialisations ------------------------------------------------------------------------
def to_graphml_graph(G: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy of ``G`` whose attributes are all scalars, as GraphML requires.

    Node attributes: ``display``, ``laws_edition``, ``iri``, ``present``, ``langs`` (space-separated) and per
    language ``heading_<lang>``, ``text_<lang>``, ``authority_<lang>``, ``edition_<lang>``;
    edge attributes: ``kind``, ``langs``, ``status`` (``corresponds`` edges) and per language
    ``words_<lang>`` (`` | ``-separated).
    """
    H = nx.MultiDiGraph()
    for n, a in G.nodes(data=True):
        attrs = {"display": a["display"], "laws_edition": a["laws_edition"], "iri": a["iri"], "present": a["present"],
                 "langs": " ".join(a["langs"])}
        for lang, t in a["texts"].items():
            attrs[f"heading_{lang}"] = t["heading"] or ""
            attrs[f"text_{lang}"] = t["text"]
            attrs[f"authority_{lang}"] = t["authority"]
            attrs[f"edition_{lang}"] = t["edition"]
        H.add_node(n, **attrs)
    for u, v, k, d in G.edges(keys=True, data=True):
        attrs = {"kind": d["kind"], "langs": " ".join(d["langs"])}
        if "status" in d:
            attrs["status"] = d["status"]
        for lang, words in d.get("words", {}).items():
            attrs[f"words_{lang}"] = " | ".join(words)
        H.add_edge(u, v, key=k, **attrs)
    return H


def serialize(fmt: str, G: nx.MultiDiGraph | None = None, g: Graph | None = None) -> str:
    """The export in ``fmt``: ``ttl`` (Turtle), ``jsonld`` (JSON-LD, compacted with the
    prefixes as context) or ``graphml`` (the citation graph itself, for Gephi, yEd...)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (expected one of {FORMATS})")
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(to_graphml_graph(G if G is not None else build())))
    if g is None:
        g = to_rdf(G)
    if fmt == "ttl":
        return g.serialize(format="turtle")
    return g.serialize(format="json-ld", context=dict(PREFIXES), auto_compact=True)


# -- SPARQL --------------------------------------------------------------------------------
