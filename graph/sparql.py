"""Bounded, read-only SPARQL over the export (``rulebook sparql``).

A query is parsed and evaluated in a forked child process, so that it can be stopped for real:

* **time limit** (``timeout``, default :data:`DEFAULT_TIMEOUT` seconds): the child is killed when
  it has not answered in time (a cross join, an ``ORDER BY`` over a huge product);
* **memory limit** (:data:`MEMORY_LIMIT` bytes of address space more than the parent's): a query
  that would grow without bound fails with a clear message instead of swapping the machine;
* **result limit** (``max_rows``, default :data:`DEFAULT_MAX_ROWS`): at most that many rows
  (or triples) are read; the answer says ``truncated`` when there were more.

Updates (``INSERT``, ``DELETE``, ``LOAD``...), remote data (``SERVICE``, ``FROM``) and named
graphs (``GRAPH``: the export is one graph) are refused before evaluation. A syntax error is one
line with its position (line, column, the text found there). Every failure is a
:class:`SparqlError` (an English message id and its parameters, translated by the caller);
nothing the query does can raise anything else.

Where ``os.fork`` does not exist, the query runs in the process with the result limit only.
"""
from __future__ import annotations

import logging
import os
import pickle
import sys
import time

from i18n import N_

DEFAULT_TIMEOUT = 3.0          # seconds
MAX_TIMEOUT = 600.0
DEFAULT_MAX_ROWS = 10_000
MAX_MAX_ROWS = 1_000_000
MAX_QUERY_CHARS = 20_000
MEMORY_LIMIT = 1 << 29         # 512 MiB more address space than the parent has

MSG_UPDATE = N_("This SPARQL endpoint is read-only: updates (INSERT, DELETE, LOAD, CLEAR, DROP, CREATE, ...) are refused.")
MSG_SYNTAX = N_("Not a valid SPARQL query: {error}")
MSG_SYNTAX_AT = N_("Not a valid SPARQL query: syntax error at line {line}, column {column}, near “{near}”.")
MSG_SYNTAX_END = N_("Not a valid SPARQL query: the query ends too early (line {line}, column {column}).")
MSG_REMOTE = N_("Queries may not read remote data ({what}): only the corpus export is queried.")
MSG_GRAPH = N_("Queries may not name a graph (GRAPH): the export is a single graph; leave out GRAPH.")
MSG_TIMEOUT = N_("The query was stopped after {seconds} s (the time limit; change it with --timeout).")
MSG_MEMORY = N_("The query was stopped: it needed more than {mib} MiB of memory.")
MSG_FAILED = N_("The query could not be evaluated: {reason}")
MSG_TOO_LONG = N_("The query is too long: {n} characters, at most {most}.")
MSG_EMPTY = N_("the query is empty")
MSG_TRUNCATED = N_("(stopped at {n} results: the result limit; change it with --max-rows)")
HELP_TIMEOUT = N_("stop the query after SECONDS seconds (default {default}, at most {most})")
HELP_MAX_ROWS = N_("read at most N rows or triples of the result (default {default}, at most {most})")


class SparqlError(ValueError):
    """A query that cannot run; carries an English message id and its parameters."""

    def __init__(self, msgid: str, **params):
        self.msgid, self.params = msgid, params
        super().__init__(msgid.format(**params))

    def translate(self, gettext) -> str:
        return gettext(self.msgid).format(**self.params)


def _prefixes() -> dict:
    from .rdf import prefixes

    return prefixes()


def _walk(node, seen=None):
    from rdflib.plugins.sparql.parserutils import CompValue

    seen = seen if seen is not None else set()
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, CompValue):
        yield node
        for v in node.values():
            yield from _walk(v, seen)
    elif isinstance(node, (list, tuple)):
        for v in node:
            yield from _walk(v, seen)


def _first_line(s: str, n: int = 160) -> str:
    line = str(s).strip().splitlines()[0] if str(s).strip() else ""
    return line if len(line) <= n else line[: n - 1] + "…"


def _syntax_error(query: str, e) -> SparqlError:
    """One line with the position of a pyparsing error (never its grammar dump)."""
    loc = max(0, min(int(getattr(e, "loc", 0) or 0), len(query)))
    line = query.count("\n", 0, loc) + 1
    column = loc - (query.rfind("\n", 0, loc) + 1) + 1
    near = query[loc:].strip().split("\n", 1)[0][:30]
    if not near:
        return SparqlError(MSG_SYNTAX_END, line=line, column=column)
    return SparqlError(MSG_SYNTAX_AT, line=line, column=column, near=near)


def check_length(query: str) -> None:
    if not query.strip():
        raise SparqlError(MSG_EMPTY)
    if len(query) > MAX_QUERY_CHARS:
        raise SparqlError(MSG_TOO_LONG, n=len(query), most=MAX_QUERY_CHARS)


def prepare(query: str):
    """Parse a read-only query, or raise :class:`SparqlError` (update, remote data, named graph,
    syntax). ``LIMIT`` and ``OFFSET`` beyond what a machine can count are clamped.

    >>> prepare("DELETE WHERE { ?s ?p ?o }")
    Traceback (most recent call last):
    ...
    graph.sparql.SparqlError: This SPARQL endpoint is read-only: updates (INSERT, DELETE, LOAD, CLEAR, DROP, CREATE, ...) are refused.
    """
    from pyparsing import ParseBaseException
    from rdflib.plugins.sparql import prepareQuery
    from rdflib.plugins.sparql.parser import parseUpdate

    check_length(query)
    try:
        q = prepareQuery(query, initNs=_prefixes())
    except ParseBaseException as e:
        try:
            parseUpdate(query)
        except Exception:
            raise _syntax_error(query, e) from None
        raise SparqlError(MSG_UPDATE) from None
    except RecursionError:
        raise SparqlError(MSG_SYNTAX, error="nested too deeply") from None
    except Exception as e:  # unknown prefix, bad IRI...
        raise SparqlError(MSG_SYNTAX, error=_first_line(e)) from None
    if q.algebra.get("datasetClause"):
        raise SparqlError(MSG_REMOTE, what="FROM")
    for node in _walk(q.algebra):
        if node.name == "ServiceGraphPattern":
            raise SparqlError(MSG_REMOTE, what="SERVICE")
        if node.name == "Graph":
            raise SparqlError(MSG_GRAPH)
        if node.name == "Slice":  # islice() takes no number beyond sys.maxsize
            for k in ("start", "length"):
                v = node.get(k)
                if isinstance(v, int) and v > sys.maxsize // 2:  # start + length must fit too
                    node[k] = sys.maxsize // 2
    return q


_EXPORT: tuple | None = None


def export_graph(G):
    """The RDF export of the citation graph ``G``, built once per process (per graph)."""
    global _EXPORT
    if _EXPORT is None or _EXPORT[0] is not G:
        from .rdf import to_rdf

        _EXPORT = (G, to_rdf(G))
    return _EXPORT[1]


def _value(term):
    from rdflib import BNode, Literal

    if term is None:
        return None
    if isinstance(term, Literal):
        try:
            v = term.toPython()
        except Exception:  # an ill-typed literal (STRDT("x", xsd:integer)) is its lexical form
            v = None
        return v if isinstance(v, (bool, int, float)) and not (isinstance(v, int) and abs(v) > 2**53) else str(term)
    if isinstance(term, BNode):
        return "_:" + str(term)
    return str(term)


def _quiet_rdflib() -> None:
    """rdflib logs a traceback for an ill-typed literal; the literal stays its lexical form."""
    for name in ("rdflib", "rdflib.term"):
        lg = logging.getLogger(name)
        lg.setLevel(logging.CRITICAL + 1)
        lg.propagate = False


def evaluate(query: str, g, max_rows: int = DEFAULT_MAX_ROWS) -> dict:
    """Parse and evaluate in this process, reading at most ``max_rows`` rows (or triples)."""
    q = prepare(query)
    _quiet_rdflib()
    try:
        res = g.query(q)
        if res.type == "ASK":
            return {"boolean": bool(res.askAnswer)}
        if res.type == "SELECT":
            names = [str(v) for v in res.vars]
            rows = []
            truncated = False
            for row in res:
                if len(rows) >= max_rows:
                    truncated = True
                    break
                rows.append({n: _value(row[i]) for i, n in enumerate(names)})
            return {"vars": names, "rows": rows, **({"truncated": True} if truncated else {})}
        triples = []
        truncated = False
        for s, p, o in res.graph:
            if len(triples) >= max_rows:
                truncated = True
                break
            triples.append([_value(s), _value(p), _value(o)])
        return {"triples": triples, **({"truncated": True} if truncated else {})}
    except SparqlError:
        raise
    except MemoryError:
        raise SparqlError(MSG_MEMORY, mib=MEMORY_LIMIT >> 20) from None
    except RecursionError:
        raise SparqlError(MSG_FAILED, reason="nested too deeply") from None
    except Exception as e:
        raise SparqlError(MSG_FAILED, reason=_first_line(e) or type(e).__name__) from None


def _address_space() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _child(query: str, g, max_rows: int, w: int) -> None:
    try:
        try:
            import resource

            base = _address_space()
            if base:
                resource.setrlimit(resource.RLIMIT_AS, (base + MEMORY_LIMIT, base + MEMORY_LIMIT))
        except (ImportError, ValueError, OSError):
            pass
        try:
            out = ("ok", evaluate(query, g, max_rows))
        except SparqlError as e:
            out = ("error", (e.msgid, e.params))
        except MemoryError:
            out = ("error", (MSG_MEMORY, {"mib": MEMORY_LIMIT >> 20}))
        data = pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(w, "wb") as f:
            f.write(data)
    finally:
        os._exit(0)


def run(query: str, g=None, timeout: float = DEFAULT_TIMEOUT, max_rows: int = DEFAULT_MAX_ROWS) -> dict:
    """Run a read-only query within the limits; the result as JSON-able data.

    SELECT gives ``{"vars": [...], "rows": [{var: value}]}``, ASK ``{"boolean": b}``, CONSTRUCT
    and DESCRIBE ``{"triples": [[s, p, o], ...]}``; with ``"truncated": true`` when the result had
    more than ``max_rows`` rows (or triples) and only the first ``max_rows`` are given.

    >>> r = run("SELECT ?b WHERE { law2007:27 eli:has_part ?b } ORDER BY ?b")
    >>> r["vars"], r["rows"][0], r.get("truncated", False)
    (['b'], {'b': 'https://w3id.org/bridge-rulebook/law/2007/27/A'}, False)
    """
    check_length(query)
    if g is None:
        from .rdf import to_rdf

        g = to_rdf()
    if not hasattr(os, "fork"):
        return evaluate(query, g, max_rows)
    import select
    import signal

    r, w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(r)
        _child(query, g, max_rows, w)
    os.close(w)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    finished = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([r], [], [], left)
            if not ready:
                break
            chunk = os.read(r, 1 << 20)
            if not chunk:
                finished = True
                break
            chunks.append(chunk)
    finally:
        os.close(r)
        if not finished:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status = os.waitpid(pid, 0)
    if not finished:
        raise SparqlError(MSG_TIMEOUT, seconds=f"{timeout:g}")
    try:
        kind, value = pickle.loads(b"".join(chunks))
    except Exception:  # the child died without an answer (killed for its memory)
        raise SparqlError(MSG_MEMORY, mib=MEMORY_LIMIT >> 20) from None
    if kind == "error":
        msgid, params = value
        raise SparqlError(msgid, **params)
    return value
