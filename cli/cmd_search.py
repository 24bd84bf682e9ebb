"""``rulebook search QUERY``: the provisions that answer a director's words, best first.

``--lang`` is the language of the query (and of the messages), never a filter: a Dutch query
finds a law that only the Spanish text holds. Without ``--lang`` the language is guessed from
the words. ``--json`` prints a list of objects with ``key``, ``display``, ``lang``, ``langs``,
``score``, ``snippet`` (the matched words «marked»), ``via`` (``citation``, ``text``,
``glossary``, ``situation``, ``graph`` or ``correspondence``), ``heading``, ``section``, ``authority``, ``edition``
(the publication's year), ``laws_edition`` (the WBF edition the provision belongs to, "2007" or
"2017"), ``qualified`` (``2007:27B1a``), ``concepts`` and, for a provision found through the citation
graph or the correspondence table, ``through`` (and ``status``, the table's status); for one found
through the project's index of situations (graph/search/data/situations/), ``situation``: the phrase that matched.

A query that is a key (``16C``, ``2007:16D``) is read per edition: the provision in every edition
whose texts hold it, and for an edition whose texts only cite it, the provision of the other
edition it corresponds to (from laws/data/editions/2007-2017.yaml), labelled with its status.
"""
from __future__ import annotations

import gc

from i18n import N_

from .main import Result, UserError

MAX_LIMIT = 100
DEFAULT_LIMIT = 10

VIA_LABEL = {
    "citation": N_("the key"),
    "text": N_("its words"),
    "glossary": N_("a glossary concept"),
    "situation": N_("a situation of the project's index"),
    "graph": N_("the citation graph"),
    "correspondence": N_("the correspondence table"),
}


def register(sub, common, t) -> None:
    p = sub.add_parser(
        "search", parents=[common],
        help=t.gettext("find the provisions that answer a director's words, in any language"),
        description=t.gettext("Find the provisions that answer a director's words, best first. --lang is the "
                              "language of the query (guessed when omitted), not a filter: results "
                              "come from every text."))
    p.add_argument("query", nargs="*", metavar="QUERY",
                   help=t.gettext("what happened at the table (e.g. «doblo fuera de turno») or a provision key"))
    p.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                   help=t.gettext("how many results at most (default 10)"))
    p.set_defaults(func=cmd_search)


def _message(e, t) -> str:
    return e.message(t)


def cmd_search(args, t) -> Result:
    # one search opens the index and frees almost nothing: the cyclic collector would only walk what the
    # imports and the index just made (about 8 ms of a command's 150)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(args, t)
    finally:
        if collecting:
            gc.enable()


def _search(args, t) -> Result:
    from graph import search as S

    if not 1 <= args.limit <= MAX_LIMIT:
        raise UserError(t.gettext("--limit must be between 1 and {max}, not {n}").format(max=MAX_LIMIT, n=args.limit))
    query = " ".join(args.query)
    try:
        res = S.run(query, args.lang, args.limit)
    except S.SearchError as e:
        raise UserError(_message(e, t), {"query": query}) from None
    data = [h.to_dict() for h in res.hits]
    return Result(data, _text(res, t))


def _text(res, t) -> str:
    from graph import search as S

    lines = []
    for ed, inf in (res.editions or {}).items():
        if res.edition not in (None, ed) or not (inf["present"] or inf["cited_by"] or res.edition == ed):
            continue
        corr = ", ".join(f"{c['laws_edition']}:{c['key']} ({t.gettext(c['status'])})"
                         for c in inf["corresponds"] if c["key"]) or "-"
        if inf["present"]:
            lines.append(t.gettext("In the {edition} Laws: {key} ({langs}); corresponds to {corr}.").format(
                edition=ed, key=f"{ed}:{res.key}", langs=", ".join(inf["present"]), corr=corr))
        else:
            lines.append(t.gettext("In the {edition} Laws: {key} is absent from the corpus (cited by {cited}); "
                                   "corresponds to {corr}.").format(
                edition=ed, key=f"{ed}:{res.key}", cited=", ".join(inf["cited_by"]) or "-", corr=corr))
    if res.key and res.absent:
        lines.append(t.gettext("{key} is not in the corpus: the provisions that cite it.").format(key=res.key))
    elif res.key:
        lines.append(t.gettext("Provision {key} in every text that holds it, then the provisions it cites "
                               "and those citing it.").format(key=res.hits[0].display if res.hits else res.key))
    elif res.lang:
        lines.append(t.gettext("Query in {language}: {query}").format(
            language=S.language_name(res.lang, t.lang), query=res.query))
    else:
        lines.append(t.gettext("Query (in any language): {query}").format(query=res.query))
    if res.corrections:
        fixed = ", ".join(f"{a} → {b}" for a, b in res.corrections.items())
        lines.append(t.gettext("Read as: {corrections}").format(corrections=fixed))
    for n, h in enumerate(res.hits, 1):
        where = f"{h.lang} · {h.authority} · " + t.gettext("{edition} Laws").format(edition=h.laws_edition)
        title = h.heading or (f"({h.section})" if h.section else "")
        lines.append(f"{n:>2}. {h.display:<12} [{where}]  {title}".rstrip())
        how = t.gettext(VIA_LABEL[h.via])
        if h.via == "graph" and h.through:
            how = t.gettext("the citation graph, from {key}").format(key=h.through)
        elif h.via == "correspondence" and h.through:
            how = t.gettext("the correspondence table: {key} of the other edition ({status})").format(
                key=h.through, status=t.gettext(h.status) if h.status else "-")
        elif h.via == "situation" and h.situation:
            how = t.gettext("the situation “{phrase}” (the project's index, not the law's text)").format(
                phrase=h.situation)
        elif h.via == "glossary" and h.concepts:
            how += " (" + ", ".join(S.concept_label(c, t.lang) for c in h.concepts) + ")"
        lines.append("    " + h.snippet)
        for e in h.editions:   # the same provision in another edition: on this line, with its own text
            where = f"{e['lang']} · {e['authority']} · " + t.gettext("{edition} Laws").format(edition=e["laws_edition"])
            lines.append("    " + t.gettext("the same provision in the {edition} Laws: {key} [{where}]").format(
                edition=e["laws_edition"], key=e["display"], where=where))
            lines.append("      " + e["snippet"])
        lines.append("    " + t.gettext("found through {how}; score {score:.2f}").format(how=how, score=h.score))
    if not res.hits:
        lines.append(t.gettext("No provision found."))
    return "\n".join(lines)
