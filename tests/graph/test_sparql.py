"""Bounded, read-only SPARQL (graph/sparql.py, through `rulebook sparql`): refused forms (updates, GRAPH,
FROM, SERVICE, over-long queries), one translated line for a syntax error, ill-typed literals without a
traceback, and the limits: time (a query stopped in its child process, memory flat), rows, huge LIMIT and
OFFSET, validated options."""
from __future__ import annotations

import json
import time

import pytest

HUGE = "9" * 5000


def _clean(code, err, expected=2):
    assert code == expected, err
    assert "Traceback" not in err


def test_graph_is_refused_not_a_traceback(run_cli):
    code, out, err = run_cli("sparql", "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }")
    _clean(code, err)
    assert "GRAPH" in err and out == ""


@pytest.mark.parametrize("slice_", ["LIMIT 99999999999999999999999999", "OFFSET 99999999999999999999999 LIMIT 2"])
def test_enormous_limit_and_offset(run_cli, slice_):
    code, out, err = run_cli("sparql", f"SELECT ?s WHERE {{ ?s eli:cites law:90 }} {slice_}", "--json")
    assert code == 0 and err == ""
    assert "rows" in json.loads(out)


@pytest.mark.parametrize("expr", ['STRDT("x", xsd:integer)', 'STRDT("abc", xsd:date)', 'xsd:dateTime("nope")'])
def test_ill_typed_literal_prints_no_traceback(run_cli, expr):
    code, out, err = run_cli("sparql", f"SELECT ?x WHERE {{ BIND({expr} AS ?x) }}", "--json")
    assert code == 0 and err == ""
    assert json.loads(out)["vars"] == ["x"]


def test_syntax_error_is_one_translated_line_with_the_position(run_cli):
    code, out, err = run_cli("sparql", "SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(?s = ) }")
    _clean(code, err)
    assert err.count("\n") == 1 and "line 3" in err and "Expected" not in err
    code, _, err = run_cli("--lang", "es", "sparql", "SELEC * WHERE { ?s ?p ?o }")
    assert code == 2 and "error de sintaxis en la línea 1, columna 1" in err
    code, _, err = run_cli("--lang", "nl", "sparql", "SELECT * WHERE { ?s ?p ?o")
    assert code == 2 and "houdt te vroeg op" in err and err.count("\n") == 1


@pytest.mark.parametrize("query, word", [
    ("DROP ALL", "read-only"), ("INSERT DATA { <a> <b> <c> }", "read-only"),
    ("SELECT * FROM <http://example.org/g> WHERE { ?s ?p ?o }", "FROM"),
    ("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", "SERVICE"),
    ("SELECT * WHERE { ?s ?p ?o " + "x" * 30000 + " }", "too long"),
])
def test_refused_queries(run_cli, query, word):
    code, _, err = run_cli("sparql", query)
    _clean(code, err)
    assert word in err


def test_a_cross_join_stops_at_the_time_limit(run_cli):
    from graph import sparql as SP
    from present.graph import graph

    g = SP.export_graph(graph())
    start = time.monotonic()
    with pytest.raises(SP.SparqlError) as e:
        SP.run("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", g, timeout=1)
    assert e.value.msgid == SP.MSG_TIMEOUT
    assert time.monotonic() - start < 4  # killed at 1 s (the margin is for a loaded machine), not run 60 s
    code, out, err = run_cli("sparql", "--timeout", "0.5", "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }")
    _clean(code, err)
    assert "stopped after 0.5 s" in err and "--timeout" in err
    code, out, err = run_cli("--lang", "it", "sparql", "--timeout", "0.5", "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a")
    assert code == 2 and "interrotta dopo 0.5 s" in err


def test_order_by_over_a_huge_product_stops_and_memory_stays_flat(run_cli):
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.monotonic()
    code, _, err = run_cli("sparql", "--timeout", "2",
                           "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f")
    _clean(code, err)
    assert time.monotonic() - start < 10
    assert "stopped" in err
    # the query grew in the child, which is gone: this process did not grow by the product
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KiB


def test_the_result_limit(run_cli):
    code, out, err = run_cli("sparql", "--max-rows", "3", "SELECT * WHERE { ?s ?p ?o }", "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert len(d["rows"]) == 3 and d["truncated"] is True
    code, out, _ = run_cli("sparql", "--max-rows", "3", "SELECT * WHERE { ?s ?p ?o }")
    assert "--max-rows" in out.splitlines()[-1]
    code, out, _ = run_cli("sparql", "--max-rows", "2", "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", "--json")
    assert len(json.loads(out)["triples"]) == 2


@pytest.mark.parametrize("opt", [["--timeout", "0"], ["--timeout", "nan"], ["--timeout", "1e999"],
                                 ["--max-rows", "0"], ["--max-rows", HUGE], ["--timeout", HUGE]])
def test_limits_are_validated(run_cli, opt):
    code, _, err = run_cli("sparql", *opt, "ASK {}")
    _clean(code, err)
