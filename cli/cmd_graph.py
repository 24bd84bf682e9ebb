"""``rulebook refs``, ``path``, ``export``, ``sparql`` and ``glossary``: the knowledge graph.

Keys are accepted in any usual form (``27B1(a)``, ``Artículo 27B1(a)``, ``artikel 16B1``), with
their edition (``2007:16D``) or with ``--edition``; nodes are provisions of one edition of the
Laws and are shown with it (``2007:16D``). A bare key is read as :mod:`present.graph` says (the
edition of the ``--lang`` text, else the only edition having it, else the edition of the first
text holding it). A provision that is cited but absent from its edition (2007 Law 90, 2007 16D)
is a node of the graph too. Citations never cross editions; the correspondences of the table
(2007 16D -> 2017 16C, renumbered) are listed apart.
"""
from __future__ import annotations

import sys
import textwrap

from i18n import N_
from laws import keys as K
from laws.editions import editions

from present.graph import graph as _graph
from present.graph import resolve_node

from graph import sparql as SP

from . import safe_io
from .main import Result, UserError

VIA = {False: N_("citations"), True: N_("citations and containment")}
STEP = {"cites": N_("cites"), "part_of": N_("is part of"), "has_part": N_("contains")}


def register(sub, common, t) -> None:
    p = sub.add_parser("refs", parents=[common],
                       help=t.gettext("what a provision cites and what cites it, to a given depth"))
    p.add_argument("key", nargs="+", metavar="KEY", help=t.gettext("a provision key in any usual form, e.g. 27B1(a)"))
    p.add_argument("--depth", type=int, default=1, metavar="N",
                   help=t.gettext("how many citation steps, either way (default 1)"))
    p.add_argument("--containment", action="store_true",
                   help=t.gettext("also step from a provision to its parent and its parts"))
    p.add_argument("--edition", metavar="YEAR", help=t.gettext("the edition of the Laws, one of {editions}").format(editions=", ".join(editions())))
    p.set_defaults(func=cmd_refs)

    p = sub.add_parser("path", parents=[common],
                       help=t.gettext("the shortest chain of citations from one provision to another"))
    p.add_argument("source", metavar="A", help=t.gettext("the provision to start from"))
    p.add_argument("target", metavar="B", help=t.gettext("the provision to reach"))
    p.add_argument("--citations-only", action="store_true",
                   help=t.gettext("never step through containment (parent or part)"))
    p.add_argument("--edition", metavar="YEAR", help=t.gettext("the edition of the Laws, one of {editions}").format(editions=", ".join(editions())))
    p.set_defaults(func=cmd_path)

    p = sub.add_parser("export", parents=[common],
                       help=t.gettext("export the corpus and glossary as open data (RDF or GraphML)"))
    p.add_argument("--format", dest="fmt", choices=("ttl", "jsonld", "graphml"), default="ttl",
                   help=t.gettext("ttl (Turtle, the default), jsonld or graphml"))
    p.add_argument("-o", "--output", metavar="FILE", help=t.gettext(safe_io.HELP_OUTPUT))
    p.add_argument("--force", action="store_true", help=t.gettext(safe_io.HELP_FORCE))
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("sparql", parents=[common],
                       help=t.gettext("run a read-only SPARQL query over the export"))
    p.add_argument("query", metavar="QUERY",
                   help=t.gettext("the query (prefixes eli:, skos:, rb:, law: ... are predefined); - reads it from the standard input"))
    p.add_argument("--timeout", type=_bounded(float, 0.1, SP.MAX_TIMEOUT), default=SP.DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=t.gettext(SP.HELP_TIMEOUT).format(default=f"{SP.DEFAULT_TIMEOUT:g}", most=f"{SP.MAX_TIMEOUT:g}"))
    p.add_argument("--max-rows", type=_bounded(int, 1, SP.MAX_MAX_ROWS), default=SP.DEFAULT_MAX_ROWS, metavar="N",
                   help=t.gettext(SP.HELP_MAX_ROWS).format(default=SP.DEFAULT_MAX_ROWS, most=SP.MAX_MAX_ROWS))
    p.set_defaults(func=cmd_sparql)

    p = sub.add_parser("glossary", parents=[common],
                       help=t.gettext("the multilingual glossary: terms of each official text, definitions, provisions"))
    p.add_argument("term", nargs="*", metavar="TERM", help=t.gettext("a concept id or a term in any language (all concepts if omitted)"))
    p.set_defaults(func=cmd_glossary)


def _bounded(kind, low, high):
    """An argparse type: a number of ``kind`` from ``low`` to ``high`` (argparse reports the rest)."""
    def convert(text: str):
        if len(text) > 30:
            raise ValueError(text)
        v = kind(text)
        if not low <= v <= high:  # also refuses nan
            raise ValueError(text)
        return v
    convert.__name__ = kind.__name__
    return convert


# -- helpers -------------------------------------------------------------------------------
def _heading(attrs, lang):
    texts = attrs["texts"]
    if lang in texts and texts[lang]["heading"]:
        return texts[lang]["heading"]
    return next((x["heading"] for x in texts.values() if x["heading"]), None)


def _node_dict(G, n, distance=None) -> dict:
    a = G.nodes[n]
    d = {"key": n, "display": a["display"], "laws_edition": a["laws_edition"], "present": a["present"],
         "langs": list(a["langs"]), "headings": {lg: x["heading"] for lg, x in a["texts"].items()}}
    if distance is not None:
        d["distance"] = distance
    return d


def _edge_dict(G, u, v, k, d) -> dict:
    return {"source": u, "target": v, "kind": k, "languages": list(d["langs"]),
            "words": {lg: list(w) for lg, w in d.get("words", {}).items()}}


def _label(G, n, t) -> str:
    a = G.nodes[n]
    return f"{a['laws_edition']}:{a['display']}" + ("" if a["present"] else " " + t.gettext("(absent)"))


def _words(d) -> str:
    parts = [f"«{w}» [{lg}]" for lg, ws in d.get("words", {}).items() for w in ws]
    return "; ".join(parts)


def _corresponds(G, n) -> list[dict]:
    """The table's correspondences of node ``n`` (also to provisions that are not nodes)."""
    from laws.corpus import load

    from present.provision import corresponds

    a = G.nodes[n]
    out = []
    for c in corresponds(load(), a["laws_edition"], a["key"]):
        node = c["qualified"]
        out.append({"key": node, "display": c["display"], "laws_edition": c["laws_edition"], "status": c["status"],
                    "verified": c["verified"], "present": c["present"], "node": node in G if node else False})
    return out


# -- refs ----------------------------------------------------------------------------------
def cmd_refs(args, t) -> Result:
    from graph import queries as Q
    from graph.build import sort_nodes

    G = _graph()
    n = resolve_node(" ".join(args.key), t, edition=args.edition, lang=args.lang)
    if args.depth < 0:
        raise UserError(t.gettext("--depth must be 0 or more, not {n}").format(n=args.depth))
    dist = Q.distances(G, n, args.depth, containment=args.containment)
    sub = G.subgraph(dist)
    nodes = [_node_dict(G, m, dist[m]) for m in sort_nodes(G, dist)]
    edges = [_edge_dict(G, u, v, k, d) for u, v, k, d in sorted(sub.edges(keys=True, data=True),
                                                                key=lambda e: (e[2], e[0], e[1])) if k != "corresponds"]
    data = {
        "key": n, "display": G.nodes[n]["display"], "laws_edition": G.nodes[n]["laws_edition"],
        "present": G.nodes[n]["present"],
        "corresponds": _corresponds(G, n),
        "depth": args.depth, "containment": args.containment,
        "cites": Q.cites(G, n), "cited_by": Q.cited_by(G, n),
        "cited_by_through_children": [m for m in Q.cited_by(G, n, through_children=True) if m not in Q.cited_by(G, n)],
        "nodes": nodes, "edges": edges,
    }
    lang = args.lang if args.lang in ("es", "nl", "it") else None
    a = G.nodes[n]
    head = _heading(a, lang)
    lines = [_label(G, n, t) + (f" — {head}" if head else "") + (f"  [{', '.join(a['langs'])}]" if a["langs"] else "")]
    if not a["present"]:
        lines.append(t.gettext("No text of the corpus holds this provision; it is known because it is cited."))
    out = [(v, d) for _, v, k, d in G.out_edges(n, keys=True, data=True) if k == "cites"]
    inc = [(u, d) for u, _, k, d in G.in_edges(n, keys=True, data=True) if k == "cites"]
    lines.append(t.gettext("Cites:") if out else t.gettext("Cites nothing."))
    for v, d in sorted(out, key=lambda x: K.sort_key(G.nodes[x[0]]["key"])):
        lines.append(f"  → {_label(G, v, t)}   {_words(d)}")
    lines.append(t.gettext("Cited by:") if inc else t.gettext("Cited by no provision."))
    for u, d in sorted(inc, key=lambda x: K.sort_key(G.nodes[x[0]]["key"])):
        lines.append(f"  ← {_label(G, u, t)}   {_words(d)}")
    if data["cited_by_through_children"]:
        lines.append(t.gettext("Cited through its parts by: {keys}").format(
            keys=", ".join(G.nodes[m]["display"] for m in data["cited_by_through_children"])))
    if data["corresponds"]:
        from present.provision import status_label

        lines.append(t.gettext("Corresponds to (correspondence tables): {list}").format(list=", ".join(
            (f"{c['key'].split(':')[0]}:{c['display']}" if c["key"] else t.gettext("none in the {edition} Laws").format(
                edition=c["laws_edition"])) + ("" if c["present"] else " " + t.gettext("(absent)"))
            + f" ({status_label(c['status'], t)})" for c in data["corresponds"])))
    if args.depth > 1 or args.containment:
        lines.append(t.ngettext("{n} provision within depth {d} (distance, key):",
                                "{n} provisions within depth {d} (distance, key):", len(nodes))
                     .format(n=len(nodes), d=args.depth))
        for nd in nodes:
            h = _heading(G.nodes[nd["key"]], lang)
            lines.append(f"  {nd['distance']}  {_label(G, nd['key'], t)}" + (f" — {h}" if h else ""))
    return Result(data, "\n".join(lines))


# -- path ----------------------------------------------------------------------------------
def cmd_path(args, t) -> Result:
    import networkx as nx

    from graph import queries as Q

    G = _graph()
    a = resolve_node(args.source, t, edition=args.edition, lang=args.lang)
    from laws.editions import split_qualified

    same = None if split_qualified(args.target)[0] else G.nodes[a]["laws_edition"]
    b = resolve_node(args.target, t, edition=args.edition or same, lang=args.lang)
    try:
        steps = Q.citation_path(G, a, b, containment=False if args.citations_only else "auto")
    except nx.NetworkXNoPath:
        msg = t.gettext("No chain of citations leads from {a} to {b}.") if args.citations_only else \
            t.gettext("No chain of citations, even through containment, leads from {a} to {b}.")
        msg = msg.format(a=_label(G, a, t), b=_label(G, b, t))
        return Result({"from": a, "to": b, "found": False, "steps": [], "via": None, "message": msg}, msg, code=1)
    used = any(k != "cites" for *_, k in steps)
    out = []
    for u, v, k in steps:
        step = {"from": u, "from_display": G.nodes[u]["display"], "to": v, "to_display": G.nodes[v]["display"],
                "laws_edition": G.nodes[u]["laws_edition"], "kind": k, "languages": [], "words": {}}
        if k == "cites":
            d = G.edges[u, v, "cites"]
            step["languages"], step["words"] = list(d["langs"]), {lg: list(w) for lg, w in d["words"].items()}
        out.append(step)
    data = {"from": a, "to": b, "laws_edition": G.nodes[a]["laws_edition"], "found": True, "length": len(out),
            "via": "citations and containment" if used else "citations", "steps": out}
    lines = [t.ngettext("From {a} to {b} in {n} step, following {via}:",
                        "From {a} to {b} in {n} steps, following {via}:", len(out)).format(
        a=_label(G, a, t), b=_label(G, b, t), n=len(out), via=t.gettext(VIA[used]))]
    if not out:
        lines.append(t.gettext("  (the same provision)"))
    for s in out:
        words = _words({"words": s["words"]})
        lines.append(f"  {s['from_display']} {t.gettext(STEP[s['kind']])} {s['to_display']}" + (f"   {words}" if words else ""))
    return Result(data, "\n".join(lines))


# -- export --------------------------------------------------------------------------------
_SERIALIZED: dict = {}


def cmd_export(args, t) -> Result:
    from graph import rdf

    if not safe_io.is_stdout(args.output):
        safe_io.check_destination(args.output, t, force=args.force)  # before the work, not after
    G = _graph()
    g = None if args.fmt == "graphml" else SP.export_graph(G)
    key = (id(G), args.fmt)
    if key not in _SERIALIZED:  # once per process and format
        _SERIALIZED.clear()
        _SERIALIZED[key] = rdf.serialize(args.fmt, G=G, g=g)
    content = _SERIALIZED[key]
    size = len(g) if g is not None else G.number_of_nodes()
    if not safe_io.is_stdout(args.output):
        safe_io.write_text(args.output, content, t, force=args.force)
        if g is not None:
            msg = t.gettext("{n} triples written to {file} ({fmt}).").format(n=size, file=args.output, fmt=args.fmt)
        else:
            msg = t.gettext("{n} nodes and {e} edges written to {file} ({fmt}).").format(
                n=G.number_of_nodes(), e=G.number_of_edges(), file=args.output, fmt=args.fmt)
        return Result({"format": args.fmt, "file": args.output, "triples": len(g) if g is not None else None,
                       "nodes": G.number_of_nodes(), "edges": G.number_of_edges()}, msg)
    return Result({"format": args.fmt, "triples": len(g) if g is not None else None, "content": content}, content)


# -- sparql --------------------------------------------------------------------------------
def cmd_sparql(args, t) -> Result:
    query = sys.stdin.read(SP.MAX_QUERY_CHARS + 1) if args.query == "-" else args.query
    try:
        SP.check_length(query)
        res = SP.run(query, SP.export_graph(_graph()), timeout=args.timeout, max_rows=args.max_rows)
    except SP.SparqlError as e:
        raise UserError(e.translate(t.gettext), {"query": query[:1000]}) from None
    more = t.gettext(SP.MSG_TRUNCATED).format(n=args.max_rows) if res.get("truncated") else ""
    if "boolean" in res:
        text = t.gettext("yes") if res["boolean"] else t.gettext("no")
    elif "rows" in res:
        lines = ["\t".join(res["vars"])]
        lines += ["\t".join("" if r[v] is None else str(r[v]) for v in res["vars"]) for r in res["rows"]]
        lines.append(t.ngettext("{n} row", "{n} rows", len(res["rows"])).format(n=len(res["rows"])))
        text = "\n".join(lines + ([more] if more else []))
    else:
        text = "\n".join([" ".join(str(x) for x in tr) for tr in res["triples"]] + ([more] if more else []))
    return Result(res, text)


# -- glossary ------------------------------------------------------------------------------
def cmd_glossary(args, t) -> Result:
    from graph import glossary as Gl

    g = Gl.load()
    lang = args.lang if args.lang in ("es", "nl", "it") else None
    term = " ".join(args.term).strip()
    if term:
        try:
            concepts = g.find(term, lang)
        except Gl.TermNotFound as e:
            sugg = e.suggestions
            msg = t.gettext(e.msgid).format(term=e.term)
            if sugg:
                msg += " " + t.gettext("Did you mean: {names}?").format(names=", ".join(sugg))
            raise UserError(msg, {"term": term, "suggestions": sugg}) from None
    else:
        concepts = list(g)
    items = [Gl.to_dict(g, c, t, lang) for c in concepts]
    lines = []
    for c, d in zip(concepts, items):
        lines.append(f"{c.en}  [{c.id}]")
        for lg, lab in d["labels"].items():
            if lg == "en":
                if lab["alt"]:
                    lines.append("  en: " + ", ".join(lab["alt"]))
                continue
            s = f"  {lg}: {lab['label']}"
            if lab["alt"]:
                s += " (" + ", ".join(lab["alt"]) + ")"
            if not lab["official"]:
                s += " — " + t.gettext("usual term, not in the official text")
            elif lab.get("status") == "federation" and lab.get("source"):
                s += " — " + t.gettext("the federation's term, in its laws outside this corpus ({source})").format(
                    source=lab["source"]["url"])
            if lab["unofficial"]:
                s += " — " + t.gettext("also, not official: {terms}").format(terms=", ".join(lab["unofficial"]))
            lines.append(s)
        lines.extend(textwrap.wrap(d["definition"], 100, initial_indent="  ", subsequent_indent="  "))
        if d["note"]:
            lines.extend(textwrap.wrap(d["note"], 100, initial_indent="  * ", subsequent_indent="    "))
        if d["provisions"]:
            lines.extend(textwrap.wrap(t.gettext("Provisions: {keys}").format(
                keys=", ".join(_glossary_key(p) for p in d["provisions"])), 100, initial_indent="  ", subsequent_indent="    "))
        else:
            lines.append("  " + t.gettext("Not used in the texts of the corpus."))
    if not term:
        lines.append(t.ngettext("{n} concept", "{n} concepts", len(items)).format(n=len(items)))
    return Result({"count": len(items), "concepts": items}, "\n".join(lines))


def _glossary_key(p: dict) -> str:
    """A provision of a glossary concept as listed: a key added by hand (see_also) with its edition
    (``2007:50``), one found in a text as displayed (``27B1(a)``)."""
    if p.get("see_also") and p.get("qualified"):
        return ", ".join(f"{q.split(':', 1)[0]}:{p['display']}" for q in p["qualified"])
    return p["display"]
