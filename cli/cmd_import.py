"""``rulebook import [FILE...] --publication ID [--out DIR] [--force] [--json]``: a federation's pages into
law files of the corpus (see :mod:`laws.importer`), with a report of what was made and left out."""
from __future__ import annotations

from i18n import N_
from laws import corpus as C
from laws import importer
from laws.datafile import DataError, shown
from laws.editions import publications
from laws.importer import lines_text
from laws.importer.pages import PageError

from .main import Result, UserError


def register(sub, common, t) -> None:
    p = sub.add_parser("import", parents=[common],
                       help=t.gettext("import a federation's pages (HTML or text) as law files of a publication"))
    p.add_argument("files", nargs="*", metavar="FILE",
                   help=t.gettext("the pages, as saved from the federation's site (none: the publication's own "
                                  "sources, as publications.yaml lists them, to regenerate it)"))
    p.add_argument("--publication", required=True, metavar="ID",
                   help=t.gettext("the publication they belong to, e.g. {example} (see publications.yaml)").format(
                       example=next(iter(publications()), "")))
    p.add_argument("--out", metavar="DIR",
                   help=t.gettext("the corpus folder to write into (default: the corpus in use); "
                                  "the files go to DIR/ID/<law>.yaml"))
    p.add_argument("--force", action="store_true",
                   help=t.gettext("write over law files that exist with other contents"))
    p.add_argument("--no-corrections", action="store_true",
                   help=t.gettext("do not apply the publication's reviewed corrections"))
    p.set_defaults(func=cmd_import)


WHY = {"chrome": N_("page chrome (menus, title bar, footer)"), "title": N_("page titles"),
       "chapter": N_("chapter headings"), "contents": N_("table of contents entries"),
       "duplicate": N_("repeated on the page of a part (encoded once)"),
       "label": N_("labels of the pages of parts (encoded as their keys)"),
       "notes heading": N_("headings of lists of notes (each note is encoded with its label)"),
       "definitions": N_("definitions (terms of the Laws, not provisions)"),
       "introduction": N_("introductory matter (no article's text)")}


def cmd_import(args, t) -> Result:
    try:
        res = importer.run(args.files, args.publication, out=args.out, force=args.force,
                           use_corrections=not args.no_corrections)
    except (PageError, DataError) as e:
        where = f"{shown(e.file)}:{e.line}" if getattr(e, "line", None) else shown(e.file)
        msg = t.gettext("cannot import {where}: {message}").format(where=where, message=e.message)
        if e.fix:
            msg += " (" + e.fix + ")"
        raise UserError(msg, {"file": e.file, "line": getattr(e, "line", None), "fix": e.fix or None}) from None
    held = {p.key for p in res.provisions}
    try:
        held |= set(C.load().keys(res.facts["laws_edition"]))
    except C.CorpusError:
        pass
    data = res.to_dict(held)
    rep = data["report"]
    lines = [t.ngettext("{pub} ({lang}, {authority}, the {edition} Laws): {n} page read",
                        "{pub} ({lang}, {authority}, the {edition} Laws): {n} pages read", len(res.files)).format(
        pub=res.publication, lang=res.facts["lang"], authority=res.facts["authority"],
        edition=res.facts["laws_edition"], n=len(res.files))]
    if rep["also_read"]:
        lines.append("  " + t.gettext("also read, the publication's other sources: {files}").format(
            files=", ".join(shown(f) for f in rep["also_read"])))
    lines.append("  " + t.ngettext("provisions: {n} in {laws} law: {keys}",
                                      "provisions: {n} in {laws} laws: {keys}", len(rep["laws"])).format(
        n=rep["provisions"], laws=len(rep["laws"]), keys=", ".join(rep["laws"])))
    rec = rep["labels_reconstructed"]
    lines.append("  " + t.gettext("labels reconstructed: {n}").format(n=len(rec)) + (f" ({', '.join(rec)})" if rec else ""))
    if rep["lone_parts_folded"]:
        lines.append("  " + t.gettext("lone paragraphs read as their provision's own text (a list of one item): "
                                      "{keys}").format(keys=", ".join(rep["lone_parts_folded"])))
    lines.append("  " + t.gettext("notes: {n}").format(n=rep["notes"]))
    cit = rep["citations"]
    lines.append("  " + t.gettext("citations resolved: {n}; of provisions no text of the {edition} Laws holds: {absent}").format(
        n=cit["resolved"], edition=res.facts["laws_edition"], absent=", ".join(cit["absent"]) or "-"))
    if cit["unresolved"]:
        lines.append("  " + t.gettext("citations not resolved: {list}").format(
            list="; ".join(f"{u['in']}: «{u['words']}»" for u in cit["unresolved"])))
    corr = rep["corrections"]
    if corr["file"]:
        lines.append("  " + t.gettext("corrections applied: {n} ({file}); not applicable to these pages: {m}").format(
            n=len(corr["applied"]), file=corr["file"], m=len(corr["not_applicable"])))
    groups: dict = {}
    for s in rep["left_out"]:
        if s["why"] != "not encoded":
            groups.setdefault((s["why"], s["file"]), []).append(s["line"])
    for (why, f), nums in sorted(groups.items()):
        lines.append("  " + t.gettext("left out, {what}: {file} lines {lines}").format(
            what=t.gettext(WHY.get(why, why)), file=shown(f), lines=lines_text(sorted(nums))))
    if rep["dropped_elements"]:
        lines.append("  " + t.gettext("left out, HTML elements: {list}").format(
            list=", ".join(f"{k} ×{v}" for k, v in sorted(rep["dropped_elements"].items()))))
    ne = rep["not_encoded"]
    lines.append("  " + t.gettext("paragraphs of the source not encoded: {n}").format(n=len(ne)))
    for s in ne:
        lines.append(f"    {shown(s['file'])}:{s['line']}: {s['text'][:100]}")
    if res.clashes and not args.force:
        lines.append(t.ngettext(
            "Nothing written: {n} clash with existing data (use --force to write over it):",
            "Nothing written: {n} clashes with existing data (use --force to write over them):", len(res.clashes)).format(
            n=len(res.clashes)))
        lines.extend(f"  {w}: {y}" for w, y in res.clashes)
        return Result(data, "\n".join(lines), 1)
    lines.append(t.ngettext("Written: {n} file in {folder}; unchanged: {m}",
                             "Written: {n} files in {folder}; unchanged: {m}", len(res.written)).format(
        n=len(res.written), folder=shown(res.out) + "/" + res.publication + "/", m=len(res.unchanged)))
    return Result(data, "\n".join(lines))
