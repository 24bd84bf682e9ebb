"""The knowledge graph of the law corpus.

- :mod:`graph.build`: the citation graph (networkx ``MultiDiGraph``; ``part_of`` and ``cites``
  edges) built from :func:`laws.corpus.load` in one pass;
- :mod:`graph.queries`: pure functions of that graph (what a provision cites, its backlinks,
  neighbourhoods, citation paths, most cited, absent, orphans);
- :mod:`graph.glossary`: the multilingual glossary (``laws/data/glossary.yaml``) and the
  provisions where each concept is used;
- :mod:`graph.rdf`: the open-data export (ELI + SKOS with rdflib, SHACL shapes in
  ``graph/shapes.ttl``, read-only SPARQL), vocabularies in :mod:`graph.namespaces`.

Nothing is imported here, so that ``import graph.glossary`` does not pull in rdflib.
"""
