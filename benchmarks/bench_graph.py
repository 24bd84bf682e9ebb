"""How long the knowledge graph of the whole corpus takes: the citation graph, the glossary's
provisions, the RDF export, its serialisations and its SHACL validation.

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_graph.py [--repeat N]

The corpus is loaded (and parsed) once before timing. Prints figures only; nothing here
asserts a speed.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph import rdf, sparql  # noqa: E402
from graph.build import build  # noqa: E402
from graph.glossary import Glossary, load  # noqa: E402
from graph.queries import cited_by, most_cited, orphans  # noqa: E402
from laws import corpus as C  # noqa: E402


def timed(fn, repeat: int) -> tuple[float, float]:
    """(best, median) wall time of ``fn()`` in seconds over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)
    repeat = max(1, args.repeat)

    corpus = C.load()
    G = build(corpus)
    concepts = load(corpus=corpus).concepts
    g = rdf.to_rdf(G, Glossary(concepts, corpus))
    n_cites = sum(1 for *_, k in G.edges(keys=True) if k == "cites")
    print(f"corpus: {sum(1 for _ in corpus.provisions())} provisions, {len(corpus.keys())} keys; "
          f"graph: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges ({n_cites} citations); "
          f"glossary: {len(concepts)} concepts; RDF: {len(g)} triples")

    def glossary_found():
        Glossary(concepts, corpus).found()

    def rdf_export():
        rdf.to_rdf(G, Glossary(concepts, corpus))

    rows = [
        ("build the citation graph", lambda: build(corpus)),
        ("backlinks of every node (through children)", lambda: [cited_by(G, n, through_children=True) for n in G]),
        ("most cited + orphans", lambda: (most_cited(G, None), orphans(G, through_children=True))),
        ("glossary: find the provisions of every concept", glossary_found),
        ("RDF export (ELI + SKOS, glossary included)", rdf_export),
        ("serialise Turtle", lambda: rdf.serialize("ttl", G=G, g=g)),
        ("serialise JSON-LD", lambda: rdf.serialize("jsonld", G=G, g=g)),
        ("serialise GraphML", lambda: rdf.serialize("graphml", G=G)),
        ("SPARQL: count eli:cites", lambda: sparql.evaluate("SELECT (COUNT(*) AS ?n) WHERE { ?a eli:cites ?b }", g)),
        ("SHACL validation (pySHACL)", lambda: rdf.validate(g)),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'':{width}}  {'best':>9}  {'median':>9}   ({repeat} runs)")
    for name, fn in rows:
        best, med = timed(fn, repeat if "SHACL" not in name else max(1, min(repeat, 3)))
        print(f"{name:{width}}  {best * 1000:8.1f}ms  {med * 1000:8.1f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
