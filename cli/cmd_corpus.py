"""``rulebook list``, ``rulebook show`` and ``rulebook check``: the corpus itself."""
from __future__ import annotations

import textwrap

from i18n import language_name
from laws.corpus import LANGS, CorpusError, load
from laws.datafile import data_dir, shown
from laws.editions import editions

from present.provision import (check_edition, correspondence_text, edition_line, resolve_qualified,
                               show_data)

from .main import Result, UserError


def register(sub, common, t) -> None:
    p = sub.add_parser("list", parents=[common], help=t.gettext("list every provision of the corpus"))
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("show", parents=[common],
                       help=t.gettext("show one provision, its children, its citations and the other languages"))
    p.add_argument("key", nargs="+", metavar="KEY",
                   help=t.gettext("a provision key in any usual form, e.g. 27B1(a), or with its edition: {example}").format(
                       example=f"{editions()[0]}:27B1a"))
    p.add_argument("--edition", metavar="YEAR",
                   help=t.gettext("the edition of the Laws, one of {editions} (default: the edition of the --lang text, "
                                  "else the one that holds the key)").format(editions=", ".join(editions())))
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("check", parents=[common], help=t.gettext("validate the whole corpus; exit 1 on any problem"))
    p.add_argument("--no-catalogs", action="store_true", help=t.gettext("skip the translation catalogs"))
    p.set_defaults(func=cmd_check)


def _lang_filter(args, t) -> str | None:
    if args.lang and args.lang not in LANGS:
        if args.lang == "en":
            return "en"
        raise UserError(t.gettext("unknown language {lang}: use es, nl or it").format(lang=args.lang))
    return args.lang


def cmd_list(args, t) -> Result:
    corpus = load()
    lang = _lang_filter(args, t)
    rows = [p.to_dict(corpus) for p in corpus.provisions(lang if lang != "en" else "none")] if lang else \
        [p.to_dict(corpus) for p in corpus.provisions()]
    lines = []
    for r in rows:
        head = f" — {r['heading']}" if r["heading"] else ""
        text = (r["text"] or "").replace("\n", " ")
        lines.append(f"{r['laws_edition']}:{r['display']:<12} {r['lang']} {r['authority']} {r['edition']}{head}"
                     + (f"\n    {text[:110]}{'…' if len(text) > 110 else ''}" if text else ""))
    lines.append(t.ngettext("{n} provision", "{n} provisions", len(rows)).format(n=len(rows)))
    return Result(rows, "\n".join(lines))


def _render_children(children, indent=2) -> list[str]:
    out = []
    for c in children:
        head = f" — {c['heading']}" if c["heading"] else ""
        out.append(" " * indent + f"{c['display']}{head}")
        for para in (c["text"] or "").split("\n"):
            if para:
                out.extend(textwrap.wrap(para, 100, initial_indent=" " * (indent + 2), subsequent_indent=" " * (indent + 2)))
        for n in c["notes"]:
            out.extend(textwrap.wrap(n, 100, initial_indent=" " * (indent + 2) + "* ", subsequent_indent=" " * (indent + 4)))
        out.extend(_render_children(c["children"], indent + 2))
    return out


def cmd_show(args, t) -> Result:
    qual, key = resolve_qualified(" ".join(args.key), t)
    asked = check_edition(getattr(args, "edition", None), t)
    if qual and asked and qual != asked:
        raise UserError(t.gettext("{key} names the {a} edition but --edition says {b}").format(
            key=" ".join(args.key), a=qual, b=asked), {"key": str(key)})
    if args.lang and args.lang not in LANGS + ("en",):
        raise UserError(t.gettext("unknown language {lang}: use es, nl or it").format(lang=args.lang))
    d = show_data(key, args.lang, t, edition=qual or asked)
    lines = []
    p = d["provision"]
    if p is None:
        lines.append(t.gettext("{key} is not in the {lang} text; it is in: {langs}").format(
            key=f"{d['laws_edition']} {d['display']}", lang=language_name(args.lang, t.lang, title=False), langs=", ".join(d["available_langs"])))
        lines.append(edition_line(d, t))
    else:
        crumbs = " > ".join(b["display"] for b in d["breadcrumb"])
        lines.append(f"{d['display']}  [{p['lang']} · {p['authority']} {p['edition']} · "
                     + t.gettext("{edition} Laws").format(edition=d["laws_edition"]) + "]"
                     + (f"   ({crumbs})" if crumbs else ""))
        lines.append(edition_line(d, t))
        if p["heading"]:
            lines.append(p["heading"])
        for para in (p["text"] or "").split("\n"):
            if para:
                lines.extend(textwrap.wrap(para, 100))
        for n in p["notes_detail"]:
            lines.extend(textwrap.wrap(f"{n['label']}: {n['text']}", 100, initial_indent="* ", subsequent_indent="  "))
        lines.extend(_render_children(d["children"]))
    if d["corresponds"]:
        lines.append(t.gettext("In the {edition} Laws: {list}").format(
            edition=d["other_edition"]["laws_edition"], list="; ".join(correspondence_text(c, t) for c in d["corresponds"])))
    oe = d["other_edition"]
    if not oe["present"] and oe["cited_by"]:
        lines.append(t.gettext("{edition} {key} is another provision, cited by {citing} but held by no text; it corresponds to: {list}").format(
            edition=oe["laws_edition"], key=d["display"],
            citing=", ".join(dict.fromkeys(f"{c['display']} ({c['lang']})" for c in oe["cited_by"])),
            list="; ".join(correspondence_text(c, t) for c in oe["corresponds"]) or "-"))
    if d["cites"]:
        seen = {}
        for c in d["cites"]:
            s = c["display"]
            if not c["present"]:
                s += " " + t.gettext("(absent)")
                corr = [correspondence_text(x, t) for x in c["corresponds"] if x["key"]]
                if corr:
                    s += " → " + ", ".join(corr)
            seen.setdefault(s, None)
        lines.append(t.gettext("Cites ({edition} Laws): {keys}").format(edition=d["laws_edition"], keys=", ".join(seen)))
    if d["cited_by"]:
        seen = dict.fromkeys(f"{c['display']} ({c['lang']})" for c in d["cited_by"])
        lines.append(t.gettext("Cited by: {keys}").format(keys=", ".join(seen)))
    for lg, op in d["other_languages"].items():
        if lg in d["other_edition_langs"]:
            lines.append(t.gettext("[{lang}] follows the {edition} Laws: not the same provision").format(
                lang=lg, edition=d["other_edition"]["laws_edition"]))
        elif op is None:
            lines.append(t.gettext("[{lang}] not in this language's text").format(lang=lg))
        else:
            first = (op["text"] or op["heading"] or "").split("\n")[0]
            lines.append(f"[{lg} · {op['authority']} {op['edition']}] " + (first[:100] + ("…" if len(first) > 100 else "")))
    return Result(d, "\n".join(lines))


def cmd_check(args, t) -> Result:
    from laws import check

    findings = check.run(with_catalogs=not args.no_catalogs)
    try:  # the glossary lives in graph/ (laws does not depend on graph): checked from here
        from graph import glossary

        # a corpus folder without a glossary of its own borrows the project's, checked against the project's texts
        if glossary.glossary_file().parent == data_dir():
            for problem in glossary.load().check():
                findings.append(check.Finding("error", "glossary", shown(glossary.glossary_file()), str(problem)))
    except ImportError:
        pass
    except CorpusError as e:  # the glossary (or the corpus under it) does not load: a finding
        findings.append(check.Finding("error", "glossary", f"{e.file}:{e.line}" if e.line else e.file, e.message))
    try:  # the search's data (graph/search/data/: situations, labelled queries, model): graph/search/check.py
        from graph.search import check as search_check

        findings += [check.Finding(*f) for f in search_check.findings()]
    except ImportError:
        pass
    except CorpusError:  # the corpus does not load: already a finding of check.run
        pass
    errors = [f for f in findings if f.level == "error"]
    try:
        corpus = load()
    except CorpusError:  # already a finding of check.run: reported below, exit status 1
        corpus = None
    n = sum(1 for _ in corpus.provisions()) if corpus is not None else 0
    lines = [f"{f.level.upper()}: {f.where}: {f.message}" for f in findings]
    if errors or corpus is None:
        lines.append(t.ngettext("{n} problem found", "{n} problems found", len(errors)).format(n=len(errors)))
    else:
        lines.append(t.gettext("corpus OK: {n} provisions in {p} publications; {a} cited provisions are absent from the corpus")
                     .format(n=n, p=len(corpus.publications()), a=len(corpus.absent_cited_qualified())))
    data = {"ok": not errors, "provisions": n, "findings": [f.to_dict() for f in findings]}
    return Result(data, "\n".join(lines), code=1 if errors else 0)
