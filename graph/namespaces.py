"""The RDF vocabularies of the export, as closed :class:`rdflib.namespace.DefinedNamespace` s.

Like ``rdflib/namespace/_SKOS.py``, each class lists the terms it allows and sets
``_fail = True``, so that a misspelt term is an error instead of a silent new IRI:

>>> ELI.cites
rdflib.term.URIRef('http://data.europa.eu/eli/ontology#cites')
>>> ELI.cite
Traceback (most recent call last):
...
AttributeError: term 'cite' not in namespace 'http://data.europa.eu/eli/ontology#'

Only the ELI terms this project uses are declared (ELI ontology 1.5,
http://data.europa.eu/eli/ontology). ``RB`` is the project's own small vocabulary for what
ELI and SKOS do not say; its terms are described in the export itself
(:data:`RB_DESCRIPTIONS`).
"""
from __future__ import annotations

from rdflib import namespace as _ns
from rdflib.namespace import Namespace
from rdflib.term import URIRef

from i18n import N_
from laws.keys import BASE_IRI


class ELI(_ns.DefinedNamespace):
    """European Legislation Identifier ontology: the terms used by bridge-rulebook."""

    _fail = True
    _NS = Namespace("http://data.europa.eu/eli/ontology#")

    # classes
    LegalResource: URIRef  # a work in a legislative corpus: here a Law or a regulation
    LegalResourceSubdivision: URIRef  # a component of a legal act: here a section, subsection, item...
    LegalExpression: URIRef  # the realisation of a legal resource in a language
    Organization: URIRef  # an agent that is an organisation: here a federation

    # object properties
    has_part: URIRef  # a legal resource contains another
    is_part_of: URIRef  # a legal resource is contained in another
    realizes: URIRef  # an expression realizes a legal resource
    is_realized_by: URIRef  # inverse of realizes
    language: URIRef  # the language of an expression (EU authority table "language")
    cites: URIRef  # citation in the text of the legislation
    is_about: URIRef  # a subject of the legal resource (here a glossary concept)
    rightsholder_agent: URIRef  # the agent holding rights over the resource

    # datatype properties
    id_local: URIRef  # the identifier in a local reference system: the canonical key
    number: URIRef  # the number or label by which the resource is cited: the display key
    title: URIRef  # the title (heading) of an expression
    description: URIRef  # here: the verbatim text of an expression
    rightsholder: URIRef  # the name of the rights holder, as a literal
    version_date: URIRef  # the point in time of the version: here the edition year
    changes: URIRef  # a legal resource changes another (amendment, replacement...): newer provision -> older one


RB_NS = BASE_IRI + "vocab#"


class RB(_ns.DefinedNamespace):
    """The bridge-rulebook vocabulary (https://w3id.org/bridge-rulebook/vocab#)."""

    _fail = True
    _NS = Namespace(RB_NS)

    absent: URIRef  # true for a provision that is cited but that no text of the corpus holds
    note: URIRef  # a note of the publishing federation attached to a provision (e.g. Nota AEB)
    unofficialLabel: URIRef  # a usual term of a language that is NOT the official text's term
    sourceTitle: URIRef  # the title of the publication an expression comes from
    labelStatus: URIRef  # the status of a glossary label (skosxl:Label): found, federation or usual
    termSource: URIRef  # the page that shows a federation's term outside the corpus
    lawsEdition: URIRef  # the edition of the WBF Laws a provision belongs to (its id, xsd:gYear)
    correspondsTo: URIRef  # a provision of one edition corresponds to a provision of the next (from the tables)
    Correspondence: URIRef  # one row of the correspondence table between two consecutive editions
    olderProvision: URIRef  # the provision of the older edition in a correspondence
    newerProvision: URIRef  # the provision of the newer edition in a correspondence
    status: URIRef  # same, reworded, renumbered or changed
    verified: URIRef  # false where the table's evidence is probable or inferred
    lineage: URIRef  # the lineage a provision belongs to: the same provision in every edition
    Lineage: URIRef  # a provision across the editions of the Laws (laws.editions.lineage)


RB_DESCRIPTIONS = {
    "absent": (N_("absent"), N_("True for a provision that is cited by the corpus but whose text the corpus does not hold.")),
    "note": (N_("note"), N_("A note of the publishing federation attached to a provision, verbatim (Nota AEB, Noot).")),
    "unofficialLabel": (N_("unofficial label"), N_("The usual term of a language for a concept, which is not the term of the official text held in the corpus.")),
    "sourceTitle": (N_("source title"), N_("The title of the publication an expression is taken from.")),
    "labelStatus": (N_("label status"), N_("Where a glossary label comes from: found (in the text of this corpus), "
                                          "federation (the federation's term in its laws outside this corpus) or "
                                          "usual (a usual term no federation text uses).")),
    "termSource": (N_("term source"), N_("The page that shows a federation's term outside this corpus.")),
    "lawsEdition": (N_("edition of the Laws"), N_("The edition of the WBF Laws of Duplicate Bridge a provision belongs to.")),
    "correspondsTo": (N_("corresponds to"), N_("The provision of the neighbouring edition of the Laws that this provision corresponds to, according to the correspondence table.")),
    "olderProvision": (N_("older provision"), N_("The provision of the older of the two editions in a correspondence.")),
    "newerProvision": (N_("newer provision"), N_("The provision of the newer of the two editions in a correspondence.")),
    "status": (N_("status"), N_("How the provision changed from the older edition to the newer: same, reworded, renumbered or changed.")),
    "verified": (N_("verified"), N_("False where the evidence of a correspondence is probable or inferred, not verified.")),
    "lineage": (N_("lineage"), N_("The same provision across the editions of the Laws: the provision of the oldest edition it comes from, renumbered or reworded since.")),
}

SKOSXL = Namespace("http://www.w3.org/2008/05/skos-xl#")

EU_LANGUAGE = Namespace("http://publications.europa.eu/resource/authority/language/")
LANGUAGE_IRI = {"es": EU_LANGUAGE.SPA, "nl": EU_LANGUAGE.NLD, "it": EU_LANGUAGE.ITA, "en": EU_LANGUAGE.ENG}

GLOSSARY_IRI = URIRef(BASE_IRI + "glossary")
AUTHORITY_BASE = BASE_IRI + "authority/"
